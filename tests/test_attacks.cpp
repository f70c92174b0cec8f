// Attack tables: both slider back ends against plain ray walking, and the leaper and line tables.
#include <catch2/catch.hpp>

#include "core/attacks.hpp"
#include "skip.hpp"

using namespace sente;
using namespace sente::attacks_detail;

namespace {

// Random boards, sparse, medium and dense, on every square for every slider: the back end against
// plain ray walking, and the attacks the engine uses (piece_attacks) against it too.
int check_against_ray_walking(Bitboard (*back_end)(PieceType, Square, Bitboard)) {
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    int checked = 0;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        for (int i = 0; i < 3000; ++i) {
            Bitboard occ = i % 3 == 0   ? next() & next() & next()
                           : i % 3 == 1 ? next() & next()
                                        : next() | next();
            for (PieceType pt : {Bishop, Rook, Queen}) {
                Bitboard expected = reference_attacks(pt, s, occ);
                REQUIRE(back_end(pt, s, occ) == expected);
                REQUIRE(piece_attacks(pt, s, occ) == expected);
                ++checked;
            }
        }
        for (PieceType pt : {Bishop, Rook}) {
            REQUIRE(back_end(pt, s, 0) == reference_attacks(pt, s, 0));
            REQUIRE(back_end(pt, s, ~Bitboard(0)) == reference_attacks(pt, s, ~Bitboard(0)));
        }
    }
    return checked;
}

}  // namespace

TEST_CASE("Slider attacks: the magic back end agrees with ray walking", "[attacks]") {
    CHECK(check_against_ray_walking(magic_attacks) == 64 * 3000 * 3);
}

// A build without PEXT (a CPU where it is slow or missing) has no PEXT tables to check: its
// pext_attacks is the magic lookup, and comparing that with itself would prove nothing.
TEST_CASE("Slider attacks: the PEXT back end agrees with ray walking", "[attacks]") {
    if (!uses_pext())
        return test::skip_test("this build reads slider attacks through magic bitboards, not PEXT");
    CHECK(check_against_ray_walking(pext_attacks) == 64 * 3000 * 3);
}

TEST_CASE("Slider attacks: known squares", "[attacks]") {
    CHECK(popcount(rook_attacks(D4, 0)) == 14);
    CHECK(popcount(bishop_attacks(D4, 0)) == 13);
    CHECK(popcount(bishop_attacks(A1, 0)) == 7);
    // A rook on a1 blocked by pieces on a3 and c1 sees a2, a3, b1, c1.
    CHECK(rook_attacks(A1, square_bb(A3) | square_bb(C1))
          == (square_bb(A2) | square_bb(A3) | square_bb(B1) | square_bb(C1)));
}

TEST_CASE("Leaper attacks: known squares", "[attacks]") {
    CHECK(knight_attacks(A1) == (square_bb(B3) | square_bb(C2)));
    CHECK(popcount(knight_attacks(E4)) == 8);
    CHECK(popcount(knight_attacks(H8)) == 2);
    CHECK(king_attacks(A1) == (square_bb(A2) | square_bb(B1) | square_bb(B2)));
    CHECK(popcount(king_attacks(E4)) == 8);
    CHECK(pawn_attacks(White, E4) == (square_bb(D5) | square_bb(F5)));
    CHECK(pawn_attacks(Black, E4) == (square_bb(D3) | square_bb(F3)));
    CHECK(pawn_attacks(White, A2) == square_bb(B3));
    CHECK(pawn_attacks(Black, H7) == square_bb(G6));
}

TEST_CASE("Between and line tables", "[attacks]") {
    CHECK(between_bb(A1, D4) == (square_bb(B2) | square_bb(C3)));
    CHECK(between_bb(A1, A2) == 0);
    CHECK(between_bb(A1, B3) == 0);  // not aligned
    CHECK(between_bb(H8, E8) == (square_bb(F8) | square_bb(G8)));
    CHECK(line_bb(A1, C3)
          == (square_bb(A1) | square_bb(B2) | square_bb(C3) | square_bb(D4) | square_bb(E5) | square_bb(F6)
              | square_bb(G7) | square_bb(H8)));
    CHECK(line_bb(B1, C3) == 0);
    CHECK(line_bb(E1, E5) == file_bb(4));
    CHECK(aligned(A1, H8, D4));
    CHECK_FALSE(aligned(A1, H8, D5));
}

TEST_CASE("Slider attacks: the recorded magic multipliers are the ones the search finds", "[attacks]") {
    for (PieceType pt : {Rook, Bishop}) {
        auto found = find_magics(pt);
        REQUIRE(found.size() == 64);
        for (int sq = 0; sq < 64; ++sq) CHECK(found[std::size_t(sq)] == recorded_magic(pt, Square(sq)));
    }
}
