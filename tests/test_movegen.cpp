// Move generation by kind, and positions at the edges of the rules.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/movegen.hpp"
#include "epd.hpp"

using namespace sente;

namespace {

std::vector<std::uint16_t> sorted(const MoveList& list) {
    std::vector<std::uint16_t> raw;
    for (Move m : list) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    return raw;
}

void check_kinds(Position& pos, int depth, std::uint64_t& nodes) {
    MoveList all, captures, quiets;
    generate<GenType::All>(pos, all);
    generate<GenType::Captures>(pos, captures);
    generate<GenType::Quiets>(pos, quiets);
    ++nodes;
    REQUIRE(count_legal_moves(pos) == all.size());
    REQUIRE(captures.size() + quiets.size() == all.size());
    std::vector<std::uint16_t> both = sorted(captures), q = sorted(quiets);
    both.insert(both.end(), q.begin(), q.end());
    std::sort(both.begin(), both.end());
    REQUIRE(both == sorted(all));
    for (Move m : captures)
        REQUIRE(
            (pos.piece_on(m.to()) != NoPiece || m.kind() == Move::EnPassant || m.kind() == Move::Promotion));
    for (Move m : quiets) {
        REQUIRE(m.kind() != Move::Promotion);
        REQUIRE(m.kind() != Move::EnPassant);
        REQUIRE((pos.piece_on(m.to()) == NoPiece || m.kind() == Move::Castling));
    }
    if (depth == 0) return;
    for (Move m : all) {
        pos.make_move(m);
        check_kinds(pos, depth - 1, nodes);
        pos.unmake_move(m);
    }
}

}  // namespace

TEST_CASE("Movegen: captures and quiets split all moves exactly", "[movegen]") {
    std::uint64_t nodes = 0;
    int positions = 0;
    for (const char* file : {"standard.epd", "tricky.epd"}) {
        const auto cases = test::read_perft_suite(file);
        const std::size_t stride = test::thinned_stride(cases.size());
        for (std::size_t i = 0; i < cases.size(); i += stride) {
            const auto& c = cases[i];
            Position pos;
            INFO(c.fen);
            REQUIRE_FALSE(pos.set_fen(c.fen));
            check_kinds(pos, 3, nodes);
            ++positions;
        }
    }
    CHECK(positions == (128 + test::SuiteThinning - 1) / test::SuiteThinning + 13);
    CHECK(nodes > 500'000 / test::SuiteThinning);  // guards against a walk that stopped early
}

TEST_CASE("Movegen: the position with 218 legal moves", "[movegen]") {
    Position pos;
    REQUIRE_FALSE(pos.set_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"));
    MoveList moves;
    generate<GenType::All>(pos, moves);
    CHECK(moves.size() == 218);
    CHECK(count_legal_moves(pos) == 218);
}

TEST_CASE("Movegen: checkmate and stalemate have no moves", "[movegen]") {
    Position mate, stalemate;
    REQUIRE_FALSE(mate.set_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    CHECK(mate.in_check());
    CHECK(count_legal_moves(mate) == 0);
    REQUIRE_FALSE(stalemate.set_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    CHECK_FALSE(stalemate.in_check());
    CHECK(count_legal_moves(stalemate) == 0);
}

TEST_CASE("Movegen: castling is refused out of, through and into check", "[movegen]") {
    auto has = [](const char* fen, const char* move) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen));
        return pos.parse_uci_move(move) != Move::none();
    };
    CHECK(has("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
    CHECK_FALSE(has("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1"));    // no right
    CHECK_FALSE(has("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));  // out of check
    CHECK_FALSE(has("5rk1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));   // through check
    CHECK_FALSE(has("k5r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));   // into check
    CHECK(has("7k/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"));
    CHECK(has("1r5k/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"));       // b1 may be attacked
    CHECK_FALSE(has("7k/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1"));  // b1 must be empty
}
