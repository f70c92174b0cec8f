// FEN reading and writing, make/unmake, Zobrist keys and move notation.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <functional>
#include <sstream>

#include "core/movegen.hpp"
#include "core/perft.hpp"
#include "core/zobrist.hpp"
#include "epd.hpp"

using namespace sente;
using sente::test::read_perft_suite;

namespace {

struct Suite {
    const char* file;
    bool chess960;
    std::size_t positions;
};
constexpr Suite AllSuites[] = {{"standard.epd", false, 128},
                               {"tricky.epd", false, 13},
                               {"chess960.epd", true, 960},
                               {"tricky960.epd", true, 6}};

std::vector<std::string> fields_of(const std::string& fen) {
    std::vector<std::string> out;
    std::stringstream in(fen);
    for (std::string f; in >> f;) out.push_back(f);
    return out;
}

// Walks the legal move tree to the given depth, calling check() at every node.
void walk(Position& pos, int depth, const std::function<void(const Position&)>& check) {
    check(pos);
    if (depth == 0) return;
    MoveList moves;
    generate<GenType::All>(pos, moves);
    for (Move m : moves) {
        Position before = pos;
        pos.make_move(m);
        walk(pos, depth - 1, check);
        pos.unmake_move(m);
        REQUIRE(pos == before);
    }
}

// Walks, `depth` plies deep, every standard and tricky suite position and every 8th Chess960 one
// (every 8th and 64th standard and Chess960 one under a sanitizer: SuiteThinning), calling check()
// at every node; returns the number of roots walked.
std::size_t walk_suites(int depth, const std::function<void(const Position&)>& check) {
    std::size_t roots = 0;
    for (const Suite& s : AllSuites) {
        auto cases = read_perft_suite(s.file);
        REQUIRE(cases.size() == s.positions);
        const std::size_t stride = (s.positions > 500 ? 8 : 1) * test::thinned_stride(s.positions);
        for (std::size_t i = 0; i < cases.size(); i += stride) {
            Position pos;
            INFO(cases[i].fen);
            REQUIRE_FALSE(pos.set_fen(cases[i].fen, s.chess960));
            walk(pos, depth, check);
            ++roots;
        }
    }
    return roots;
}

// The side to move's pinned pieces, by brute force: a piece is pinned exactly when lifting it off
// the board lets an enemy slider attack the king, along the line through the piece.
Bitboard pinned_by_lifting(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square king = pos.king_square(us);
    const Bitboard sliders = pos.pieces(them, Rook, Queen) | pos.pieces(them, Bishop, Queen);
    const Bitboard attackers = pos.attackers_by(them, king, pos.pieces()) & sliders;
    Bitboard pinned = 0;
    for (Bitboard ours = pos.pieces(us) ^ square_bb(king); ours;) {
        const Square s = pop_lsb(ours);
        const Bitboard exposed =
            pos.attackers_by(them, king, pos.pieces() ^ square_bb(s)) & sliders & ~attackers;
        if (exposed) pinned |= square_bb(s);
    }
    return pinned;
}

// The en-passant square the legal move m should leave behind, found by trying every capture
// there: the square a double pawn push skipped, if some pawn of the side to move can take on it
// without leaving its own king attacked (Position keeps the square only then).
Square ep_square_by_trying(const Position& before, Move m) {
    const bool double_push =
        type_of(before.moved_piece(m)) == Pawn && std::abs(int(m.to()) - int(m.from())) == 16;
    if (!double_push) return NoSquare;
    Position made = before;
    made.make_move(m);
    const Square ep = Square((int(m.from()) + int(m.to())) / 2);
    const Color us = made.side_to_move();
    for (Bitboard capturers = pawn_attacks(~us, ep) & made.pieces(us, Pawn); capturers;) {
        Position captured = made;
        captured.make_move(Move(pop_lsb(capturers), ep, Move::EnPassant));
        if (!captured.attackers_by(~us, captured.king_square(us), captured.pieces())) return ep;
    }
    return NoSquare;
}

// The castling rights left after the move m: those of the position before it, but for each one
// whose king or rook the move lifts or captures.
unsigned castling_rights_by_squares(const Position& before, Move m) {
    unsigned rights = 0;
    for (int index = 0; index < 4; ++index) {
        if (!(before.castling_rights() & (1u << index))) continue;
        const Square king = before.king_square(Color(index / 2));
        const Square rook = before.castling_rook(index);
        const bool touched = m.from() == king || m.from() == rook || m.to() == king || m.to() == rook;
        if (!touched) rights |= 1u << index;
    }
    return rights;
}

}  // namespace

TEST_CASE("FEN: every suite position reads back to the same position", "[fen]") {
    std::size_t total = 0;
    for (const Suite& s : AllSuites) {
        auto cases = read_perft_suite(s.file);
        CHECK(cases.size() == s.positions);
        for (const auto& c : cases) {
            INFO(s.file << ':' << c.line << ' ' << c.fen);
            Position a, b;
            REQUIRE_FALSE(a.set_fen(c.fen, s.chess960));
            REQUIRE_FALSE(b.set_fen(a.fen(), s.chess960));
            CHECK(a == b);
            CHECK(a.fen() == b.fen());

            // The text itself comes back too, where the suite writes castling the way Sente does
            // (Shredder letters in Chess960, KQkq otherwise). An en-passant square is written only
            // when a capture there is legal; the perft counts check that none is lost wrongly.
            auto in = fields_of(c.fen), out = fields_of(a.fen());
            REQUIRE(out.size() == 6);
            CHECK(out[0] == in[0]);
            CHECK(out[1] == in[1]);
            if (std::string(s.file) != "tricky960.epd") CHECK(out[2] == in[2]);
            CHECK((out[3] == in[3] || out[3] == "-"));
            if (in.size() == 6) {
                CHECK(out[4] == in[4]);
                CHECK(out[5] == in[5]);
            }
            ++total;
        }
    }
    CHECK(total == 128 + 13 + 960 + 6);
}

TEST_CASE("FEN: a position turned over has the suite's counts, and turns back to itself", "[fen]") {
    std::size_t total = 0;
    for (const Suite& s : AllSuites) {
        for (const auto& c : read_perft_suite(s.file)) {
            INFO(s.file << ':' << c.line << ' ' << c.fen);
            Position pos, turned, back;
            REQUIRE_FALSE(pos.set_fen(c.fen, s.chess960));
            const std::string fen = pos.mirrored_fen();
            INFO("turned over: " << fen);
            REQUIRE_FALSE(turned.set_fen(fen, s.chess960));
            CHECK(turned.fen() == fen);
            REQUIRE_FALSE(back.set_fen(turned.mirrored_fen(), s.chess960));
            CHECK(back == pos);
            CHECK(back.fen() == pos.fen());
            // Where castling is written KQkq, the suite's text turned over by hand is the same position.
            if (!s.chess960) {
                Position by_hand;
                REQUIRE_FALSE(by_hand.set_fen(test::mirrored_fen(c.fen)));
                CHECK(by_hand == turned);
            }
            // The same game with the colours swapped: the published counts of its first plies.
            for (const auto& [depth, count] : c.depths)
                if (depth <= 2) CHECK(perft(turned, depth) == count);
            ++total;
        }
    }
    CHECK(total == 128 + 13 + 960 + 6);
}

TEST_CASE("FEN: clocks may be left out", "[fen]") {
    Position pos;
    REQUIRE_FALSE(pos.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"));
    CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // The move number alone.
    REQUIRE_FALSE(pos.set_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1"));
    CHECK(pos.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 1");
    CHECK(pos.rule50() == 1);
    // The most a side can have: every pawn promoted, or two queens beside seven pawns.
    REQUIRE_FALSE(pos.set_fen("QQQQQQQQ/QRRBBNNK/8/8/8/8/pppppppp/rnbqkbnr b - - 0 1"));
    REQUIRE_FALSE(pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/QPPPPPPP/RNBQKBNR w - - 0 1"));
}

TEST_CASE("FEN: an en-passant square is kept only when the capture is legal", "[fen]") {
    Position pos, same;
    // The c5 pawn cannot take on d6: both pawns would leave the fifth rank and expose the king.
    REQUIRE_FALSE(pos.set_fen("1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1"));
    REQUIRE_FALSE(same.set_fen("1b1k4/8/8/1rPpK3/8/8/8/8 w - - 0 1"));
    CHECK(pos.ep_square() == NoSquare);
    CHECK(pos.key() == same.key());
    // Here exf6 is legal, so the square and its key stay.
    REQUIRE_FALSE(pos.set_fen("rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"));
    REQUIRE_FALSE(same.set_fen("rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"));
    CHECK(pos.ep_square() == F6);
    CHECK(pos.key() != same.key());
    CHECK(pos.key() == pos.compute_key());
}

TEST_CASE("FEN: castling notations", "[fen]") {
    Position standard, shredder, xfen;
    REQUIRE_FALSE(standard.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    REQUIRE_FALSE(shredder.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"));
    CHECK(standard == shredder);
    CHECK(shredder.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    REQUIRE_FALSE(shredder.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", true));
    CHECK(shredder.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    // X-FEN: an inner rook is named by its file when another rook stands further out.
    REQUIRE_FALSE(xfen.set_fen("4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1"));
    CHECK(xfen.castling_rook(castling_index(WhiteQueenside)) == B1);
    CHECK(xfen.castling_rook(castling_index(WhiteKingside)) == G1);
    CHECK(xfen.fen() == "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1");
}

TEST_CASE("UCI notation: castling outside Chess960 is the king's two steps only where chess has it",
          "[fen]") {
    // Each position, read in standard chess; its castling move, written; a plain king move that
    // the two-step form would have been confused with.
    struct Case {
        const char* fen;
        const char* castling;
        const char* king_step;
    };
    const Case cases[] = {
        {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "e1f1"},
        // A Chess960 start read as standard chess (a book without UCI_Chess960): the king on g1
        // would castle "g1g1", the king on f1 castle and step both as "f1g1".
        {"4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "g1f1"},
        {"4k3/8/8/8/8/8/8/5K1R w K - 0 1", "f1h1", "f1g1"},
        {"4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "b1c1"},
    };
    for (const Case& c : cases) {
        INFO(c.fen);
        Position pos;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        MoveList moves;
        generate<GenType::All>(pos, moves);
        int castlings = 0;
        for (Move m : moves) {
            if (m.kind() != Move::Castling) continue;
            ++castlings;
            CHECK(pos.move_to_uci(m) == c.castling);
            CHECK(pos.parse_uci_move(c.castling) == m);
        }
        CHECK(castlings == 1);
        const Move step = pos.parse_uci_move(c.king_step);
        REQUIRE(step != Move::none());
        CHECK(step.kind() == Move::Normal);
        CHECK(pos.move_to_uci(step) == c.king_step);
    }
}

TEST_CASE("FEN: castling rights the board cannot have are left out and named", "[fen]") {
    struct Stale {
        const char* fen;
        const char* read_as;  // the same position with only the rights it can have
        const char* note;
    };
    const Stale stale[] = {
        // Black's h8 rook has gone: k names no rook.
        {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "k (no matching rook)"},
        // White's king has left its first rank: neither of its rights can stand.
        {"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1",
         "K (the king is not on its first rank), Q (the king is not on its first rank)"},
        // A right named twice, the second time by its rook's file.
        {"r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
         "H (a right named twice)"},
        // Only a queenside rook: K has none.
        {"4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "K (no matching rook)"},
    };
    for (const Stale& s : stale) {
        INFO(s.fen);
        Position pos, clean;
        std::string note = "left from before";
        REQUIRE_FALSE(pos.set_fen(s.fen, false, &note));
        CHECK(note == std::string("FEN castling rights ignored: ") + s.note);
        REQUIRE_FALSE(clean.set_fen(s.read_as, false, &note));
        CHECK(note.empty());
        CHECK(pos == clean);
        CHECK(pos.fen() == s.read_as);
        CHECK(pos.key() == pos.compute_key());
        CHECK(pos.key() == clean.key());
    }
    // Chess960, Shredder-FEN: A names a rook that is not on a1 (a bishop stands there).
    Position fischer;
    std::string fischer_note;
    REQUIRE_FALSE(fischer.set_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFAhf - 2 9", true,
                                  &fischer_note));
    CHECK(fischer.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    CHECK(fischer_note == "FEN castling rights ignored: A (no matching rook)");
    // An en-passant square no pawn has just skipped: left out and named, beside stale rights.
    struct Passed {
        const char* fen;
        const char* read_as;
        const char* note;
    };
    const Passed passed[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "FEN en-passant square ignored: e3 (no pawn has just skipped it)"},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
         "FEN en-passant square ignored: e6 (no pawn has just skipped it)"},
        {"r3k2r/8/8/8/8/8/4K3/R6R w KQkq e6 0 1", "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1",
         "FEN castling rights ignored: K (the king is not on its first rank), Q (the king is not on its "
         "first rank); FEN en-passant square ignored: e6 (no pawn has just skipped it)"},
    };
    for (const Passed& p : passed) {
        INFO(p.fen);
        Position pos, clean;
        std::string note;
        REQUIRE_FALSE(pos.set_fen(p.fen, false, &note));
        CHECK(note == p.note);
        REQUIRE_FALSE(clean.set_fen(p.read_as));
        CHECK(pos == clean);
        CHECK(pos.key() == clean.key());
    }
    // A field of many letters gets a short note.
    Position many;
    std::string note;
    REQUIRE_FALSE(
        many.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w " + std::string(100000, 'K') + " - 0 1", false, &note));
    CHECK(many.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1");
    CHECK(note.size() < 200);
    CHECK(note.ends_with(", ..."));
    // Without a place for the note the rights are left out all the same.
    Position quiet;
    REQUIRE_FALSE(quiet.set_fen("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1"));
    CHECK(quiet.fen() == "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
}

TEST_CASE("FEN: malformed or impossible positions are rejected with a reason", "[fen]") {
    struct Bad {
        const char* fen;
        const char* reason;  // a word the message must contain
    };
    const Bad bad[] = {
        {"", "fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "after"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1 1", "after"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "character"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "character"},
        {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "digits"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "ranks"},
        {"8/8/8/8/8/8/8/8 w - - 0 1", "king"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "king"},
        {"rnbqkbnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQ - 0 1", "king"},
        {"k7/8/8/8/8/8/8/K6p w - - 0 1", "pawn"},
        {"kP6/8/8/8/8/8/8/K7 w - - 0 1", "pawn"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", "castling"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w K - 0 1", "king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "square"},
        // Material no game reaches: nine pawns; more promoted pieces than missing pawns (with 25
        // queens this one has 263 legal moves, more than a move list holds).
        {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 white pawns"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w Qkq - 0 1", "promotions"},
        {"rrrqkbnr/pppppppp/8/8/8/8/8/4K3 w - - 0 1", "more black pieces"},
        {"QQQQQQnk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", "promotions"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", "move number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999", "move number"},
        {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "check"},
        {"4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", "check"},
    };
    Position pos;
    const std::string start = pos.fen();
    for (const Bad& b : bad) {
        INFO(b.fen);
        auto error = pos.set_fen(b.fen);
        REQUIRE(error);
        CHECK_THAT(*error, Catch::Contains(b.reason, Catch::CaseSensitive::No));
        CHECK(pos.fen() == start);  // unchanged
    }
}

TEST_CASE("FEN: arbitrary bytes never break the parser", "[fen]") {
    std::uint64_t seed = 12345;
    auto next = [&] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; };
    const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefghAH0123456789\t\x01\xff";
    Position pos;
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string fen(Position::StartFen);
        int edits = int(next() >> 60) + 1;
        for (int e = 0; e < edits; ++e) {
            std::size_t at = std::size_t(next() >> 33) % (fen.size() + 1);
            char ch = alphabet[std::size_t(next() >> 40) % alphabet.size()];
            switch (next() >> 62) {
                case 0:
                    fen.insert(at, 1, ch);
                    break;
                case 1:
                    if (at < fen.size()) fen.erase(at, 1);
                    break;
                default:
                    if (at < fen.size()) fen[at] = ch;
                    break;
            }
        }
        if (!pos.set_fen(fen)) {
            ++accepted;
            INFO(fen);
            // What was accepted is a position the engine can write out and read back...
            Position again;
            REQUIRE_FALSE(again.set_fen(pos.fen()));
            CHECK(again == pos);
            // ...and play in: its key and every child's are right, and each move unmakes cleanly.
            walk(pos, 1, [](const Position& p) { CHECK(p.key() == p.compute_key()); });
        }
    }
    CHECK(accepted > 0);
}

TEST_CASE(
    "Zobrist: incremental keys (whole and pawn) and material equal those from scratch, and unmake restores "
    "the position",
    "[zobrist]") {
    std::uint64_t nodes = 0;
    const std::size_t roots = walk_suites(3, [&](const Position& p) {
        ++nodes;
        REQUIRE(p.key() == p.compute_key());
        REQUIRE(p.pawn_key() == p.compute_pawn_key());
        REQUIRE(p.material() == p.compute_material());
    });
    constexpr std::size_t t = test::SuiteThinning;
    CHECK(roots == (t == 1 ? 128 + 13 + 120 + 6 : (128 + t - 1) / t + 13 + (960 + 8 * t - 1) / (8 * t) + 6));
    CHECK(nodes > 1'000'000 / test::SuiteThinning);
}

TEST_CASE("Zobrist: the key after a move, known before it is made", "[zobrist]") {
    std::uint64_t moves_checked = 0, castles = 0, promotions = 0, en_passant = 0;
    walk_suites(2, [&](const Position& p) {
        MoveList moves;
        generate<GenType::All>(p, moves);
        for (Move m : moves) {
            Position after = p;
            const Key predicted = p.key_after(m);
            after.make_move(m);
            // The one part it leaves out: an en-passant square the move creates.
            const Key ep =
                after.ep_square() == NoSquare ? 0 : zobrist::EnPassantFile[file_of(after.ep_square())];
            REQUIRE((predicted ^ ep) == after.key());
            ++moves_checked;
            castles += m.kind() == Move::Castling;
            promotions += m.kind() == Move::Promotion;
            en_passant += m.kind() == Move::EnPassant;
        }
    });
    CHECK(moves_checked > 1'000'000 / test::SuiteThinning);
    CHECK(castles > 0);
    CHECK(promotions > 0);
    CHECK(en_passant > 0);
}

TEST_CASE("gives_check agrees with making the move, for every kind of move", "[position]") {
    std::uint64_t checks = 0, quiet = 0;
    std::uint64_t kinds[4] = {};
    const auto check_moves = [&](const Position& p) {
        const Position::CheckInfo info = p.check_info();
        MoveList moves;
        generate<GenType::All>(p, moves);
        for (Move m : moves) {
            Position after = p;
            after.make_move(m);
            // The message only on a mismatch: built for every move, it cost more than the checks.
            if (p.gives_check(m, info) != after.in_check() || p.gives_check(m) != after.in_check())
                FAIL(p.fen() << " " << p.move_to_uci(m) << ": gives_check says " << p.gives_check(m, info)
                             << " (" << p.gives_check(m) << " without CheckInfo)");
            if (after.in_check()) {
                ++checks;
                ++kinds[m.kind()];
            } else {
                ++quiet;
            }
        }
    };
    walk_suites(2, check_moves);
    // En-passant captures that give check, directly and by the two pawns leaving a rank: the suites
    // hold few, and none in the roots a sanitizer's thinned walk visits.
    for (const char* fen : {"8/8/8/2k5/3Pp3/8/4K3/8 b - d3 0 1", "8/8/8/8/r2Pp2K/8/8/k7 b - d3 0 1"}) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen));
        walk(pos, 1, check_moves);
    }
    CHECK(checks > 10'000 / test::SuiteThinning);
    CHECK(quiet > checks);
    // Checks by every kind of move: plain, promotion, en passant and castling.
    for (std::uint64_t k : kinds) CHECK(k > 0);
}

TEST_CASE(
    "Position: a successor is what make_move makes, and its checks, pins, en passant and castling rights are "
    "found again another way",
    "[position]") {
    // Over a million moves: a mismatch is recorded (the first one, with its position and move)
    // rather than asserted move by move, which would cost more than the checks themselves.
    std::uint64_t moves_checked = 0, pinned = 0, ep_squares = 0;
    std::uint64_t kinds[4] = {};
    std::string first_mismatch;
    walk_suites(2, [&](const Position& p) {
        MoveList moves;
        generate<GenType::All>(p, moves);
        for (Move m : moves) {
            auto expect = [&](bool agrees, const char* what) {
                if (!agrees && first_mismatch.empty())
                    first_mismatch = p.fen() + " " + p.move_to_uci(m) + ": " + what;
            };
            const Successor next = p.after(m);
            Position made = p;
            made.make_move(m);
            // Read from made's FEN: the pieces and the checkers are worked out afresh.
            Position fresh;
            expect(!fresh.set_fen(made.fen(), made.chess960()), "the FEN of the made position reads back");
            expect(next.side_to_move() == made.side_to_move(), "side to move");
            for (Color c : {White, Black}) {
                expect(next.pieces(c) == made.pieces(c), "a side's pieces");
                for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
                    expect(next.pieces(c, pt) == made.pieces(c, pt), "pieces of a kind");
            }
            // The pins, the en-passant square and the castling rights would only come back through
            // the same helpers or the FEN, so they are checked against slower ways of finding them.
            const Bitboard expected_pinned = pinned_by_lifting(made);
            const Square expected_ep = ep_square_by_trying(p, m);
            const unsigned expected_castling = castling_rights_by_squares(p, m);
            expect(next.pinned() == expected_pinned, "the successor's pins");
            expect(next.ep_square() == expected_ep, "the successor's en-passant square");
            expect(next.castling_rights() == expected_castling, "the successor's castling rights");
            for (const Position* q : {&made, &fresh}) {
                expect(next.checkers() == q->checkers(), "checkers");
                expect(q->pinned() == expected_pinned, "pins");
                expect(q->ep_square() == expected_ep, "en-passant square");
                expect(q->castling_rights() == expected_castling, "castling rights");
            }
            expect(count_replies(p, m) == count_legal_moves(made), "the count of replies");
            ++moves_checked;
            ++kinds[m.kind()];
            pinned += expected_pinned != 0;
            ep_squares += expected_ep != NoSquare;
        }
    });
    CHECK(first_mismatch == "");
    CHECK(moves_checked > 1'000'000 / test::SuiteThinning);
    for (std::uint64_t k : kinds) CHECK(k > 0);
    CHECK(pinned > 100'000 / test::SuiteThinning);
    CHECK(ep_squares > 10'000 / test::SuiteThinning);
}

TEST_CASE("Material: a nibble per kind of piece, white pawns first", "[position]") {
    CHECK(Position().material() == 0x8222182221ULL);
    Position pos;
    REQUIRE_FALSE(pos.set_fen("4k3/8/8/8/8/8/8/NNNNKNNN w - - 0 1"));
    CHECK(pos.material() == 0x0700000000ULL);
    REQUIRE_FALSE(pos.set_fen("4k3/1P6/8/8/8/8/7q/4K3 w - - 0 1"));
    CHECK(pos.material() == 0x1000000001ULL);
    const Move promotion = pos.parse_uci_move("b7b8q");
    REQUIRE(promotion != Move::none());
    pos.make_move(promotion);
    CHECK(pos.material() == 0x0000100001ULL);
}

TEST_CASE("Zobrist: 781 distinct keys", "[zobrist]") {
    std::vector<Key> keys;
    for (auto& piece : zobrist::PieceSquare)
        for (Key k : piece) keys.push_back(k);
    keys.push_back(zobrist::SideToMove);
    for (Key k : zobrist::Castling) keys.push_back(k);
    for (Key k : zobrist::EnPassantFile) keys.push_back(k);
    REQUIRE(keys.size() == 781);
    std::sort(keys.begin(), keys.end());
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
}

TEST_CASE("Null move: flips the side, clears en passant, and unmakes exactly", "[position]") {
    Position pos;
    REQUIRE_FALSE(pos.set_fen("rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"));
    Position before = pos;
    pos.make_null_move();
    CHECK(pos.side_to_move() == Black);
    CHECK(pos.ep_square() == NoSquare);
    CHECK(pos.key() == pos.compute_key());
    pos.unmake_null_move();
    CHECK(pos == before);
}

TEST_CASE("Repetition: twofold inside the search, threefold across the game", "[position]") {
    Position pos;
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (const char* m : cycle) {
        CHECK_FALSE(pos.is_repetition(0));
        pos.make_move(pos.parse_uci_move(m));
    }
    // The start position is back once: a draw only if the first occurrence is inside the search.
    CHECK_FALSE(pos.is_repetition(0));
    CHECK_FALSE(pos.is_repetition(3));
    CHECK(pos.is_repetition(4));
    for (const char* m : cycle) pos.make_move(pos.parse_uci_move(m));
    CHECK(pos.is_repetition(0));                // the third occurrence is a draw wherever the others are
    pos.make_move(pos.parse_uci_move("e2e4"));  // a pawn move ends the chain
    CHECK_FALSE(pos.is_repetition(100));
}

TEST_CASE("is_legal agrees with the generator on every move it is offered", "[position]") {
    int checked = 0;
    for (const auto& c : read_perft_suite("standard.epd")) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        MoveList legal;
        generate<GenType::All>(pos, legal);
        // Every from-to pair with every kind, legal or not.
        for (int from = 0; from < 64; ++from)
            for (int to = 0; to < 64; ++to)
                for (auto kind : {Move::Normal, Move::Promotion, Move::EnPassant, Move::Castling})
                    for (PieceType promo : {Knight, Bishop, Rook, Queen}) {
                        Move m(Square(from), Square(to), kind, promo);
                        REQUIRE(pos.is_legal(m) == legal.contains(m));
                        ++checked;
                    }
    }
    CHECK(checked == 128 * 64 * 64 * 16);
}

TEST_CASE("State stack: a 1,200-ply game fits", "[position]") {
    Position pos;
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int ply = 0; ply < 1200; ++ply) {
        Move m = pos.parse_uci_move(cycle[ply % 4]);
        REQUIRE(m != Move::none());
        pos.make_move(m);
    }
    CHECK(pos.game_ply() == 1200);
    CHECK(pos.key() == Position().key());
    CHECK(pos.rule50() == 1200);
}

TEST_CASE("FEN: clocks past what a FEN may hold are written at the most it may, and read back", "[fen]") {
    // 10,004 plies of knights out and back: a halfmove clock of 10,004, above the 10,000 a FEN
    // may give.
    Position pos;
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int ply = 0; ply < 10004; ++ply) pos.make_move(pos.parse_uci_move(cycle[ply % 4]));
    REQUIRE(pos.rule50() == 10004);
    const std::string fen = pos.fen();
    CHECK(fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10000 5003");
    Position back;
    CHECK_FALSE(back.set_fen(fen));
    CHECK(back.fen() == fen);
    // Any white space separates the fields, a line's end too.
    CHECK_FALSE(back.set_fen("8/8/8/8/8/8/8/K6k w - - 3 9\r\n"));
    CHECK(back.fen() == "8/8/8/8/8/8/8/K6k w - - 3 9");
}

TEST_CASE("UCI notation: castling, promotion, en passant", "[notation]") {
    Position pos;
    REQUIRE_FALSE(pos.set_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"));
    Move castle = pos.parse_uci_move("e1g1");
    REQUIRE(castle.kind() == Move::Castling);
    CHECK(pos.move_to_uci(castle) == "e1g1");
    CHECK(pos.parse_uci_move("e1h1") == castle);  // king takes rook is accepted in standard mode
    CHECK(pos.parse_uci_move("e1c1").kind() == Move::Castling);
    Move promo = pos.parse_uci_move("b7a8n");
    REQUIRE(promo.kind() == Move::Promotion);
    CHECK(promo.promotion() == Knight);
    CHECK(pos.parse_uci_move("b7a8Q").promotion() == Queen);
    CHECK(pos.parse_uci_move("b7a8") == Move::none());  // a promotion needs its piece
    CHECK(pos.parse_uci_move("e5d6").kind() == Move::EnPassant);
    CHECK(pos.parse_uci_move("e1e3") == Move::none());
    CHECK(pos.parse_uci_move("z9z9") == Move::none());
    CHECK(pos.parse_uci_move("") == Move::none());
    CHECK(pos.parse_uci_move("e1g1qq") == Move::none());

    Position frc;
    REQUIRE_FALSE(frc.set_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", true));
    Move frc_castle = frc.parse_uci_move("e1h1");
    REQUIRE(frc_castle.kind() == Move::Castling);
    CHECK(frc.move_to_uci(frc_castle) == "e1h1");
    CHECK(frc.parse_uci_move("e1g1") == Move::none());
}

TEST_CASE("Chess960 castling: king and rook may already stand on their destinations", "[position]") {
    // Castles kingside in `fen` by `uci` (king takes rook): the king ends on g1, the rook on f1,
    // `vacated` is empty, and unmaking the move restores the position.
    auto castle = [](const char* fen, const char* uci, Square vacated) {
        INFO(fen << " " << uci);
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen, true));
        const Move m = pos.parse_uci_move(uci);
        REQUIRE(m.kind() == Move::Castling);
        const Position before = pos;
        pos.make_move(m);
        CHECK(pos.piece_on(G1) == WKing);
        CHECK(pos.piece_on(F1) == WRook);
        CHECK(pos.piece_on(vacated) == NoPiece);
        CHECK(pos.key() == pos.compute_key());
        pos.unmake_move(m);
        CHECK(pos == before);
    };
    castle("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", H1);    // the king is home: only the rook moves
    castle("4k3/8/8/8/8/8/8/1K3R2 w F - 0 1", "b1f1", B1);  // the rook is home: only the king moves
}

TEST_CASE("SAN: pieces, captures, disambiguation, castling, promotion, check and mate", "[notation]") {
    auto san = [](const char* fen, const char* uci) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen));
        Move m = pos.parse_uci_move(uci);
        REQUIRE(m != Move::none());
        return pos.move_to_san(m);
    };
    CHECK(san(Position::StartFen.data(), "g1f3") == "Nf3");
    CHECK(san(Position::StartFen.data(), "e2e4") == "e4");
    CHECK(san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5") == "exd5");
    CHECK(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1") == "O-O");
    CHECK(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1") == "O-O-O");
    CHECK(san("7k/8/8/8/8/8/8/R5RK w - - 0 1", "a1b1") == "Rab1");
    CHECK(san("7k/8/8/8/8/R7/8/R6K w - - 0 1", "a1a2") == "R1a2");
    CHECK(san("k7/8/8/8/8/2Q1Q3/8/2Q4K w - - 0 1", "c3d2") == "Qc3d2");
    CHECK(san("7k/1P6/8/8/8/8/8/7K w - - 0 1", "b7b8q") == "b8=Q+");
    CHECK(san("6k1/5ppp/8/8/8/8/8/R6K w - - 0 1", "a1a8") == "Ra8#");
    CHECK(san("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3", "d4e3") == "dxe3");
}

TEST_CASE("SAN read: moves of every kind parse to the one legal move they name", "[notation]") {
    Position pos;
    REQUIRE_FALSE(pos.set_fen("r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PPP/RN2K2R w KQkq e6 0 1"));
    auto uci = [&](std::string_view san) {
        const Move m = pos.parse_san_move(san);
        return m != Move::none() ? pos.move_to_uci(m) : std::string("none");
    };
    CHECK(uci("dxe6") == "d5e6");  // en passant
    CHECK(uci("dxe6+!?") == "d5e6");
    CHECK(uci("bxa8=Q+") == "b7a8q");
    CHECK(uci("bxa8N") == "b7a8n");
    CHECK(uci("b8=R") == "b7b8r");
    CHECK(uci("O-O") == "e1g1");
    CHECK(uci("0-0") == "e1g1");
    CHECK(uci("Nc3") == "b1c3");
    CHECK(uci("Rf1") == "h1f1");
    CHECK(uci("O-O-O") == "none");  // a knight stands between
    CHECK(uci("Ke3") == "none");
    CHECK(uci("e4") == "none");
    CHECK(uci("Qd1") == "none");
    CHECK(uci("b8") == "none");  // a promotion must name its piece
    // Two rooks reach d1: the file or rank must say which.
    REQUIRE_FALSE(pos.set_fen("4k3/8/8/8/8/8/8/R2NK2R w - - 0 1"));
    CHECK(uci("Rb1") == "a1b1");
    REQUIRE_FALSE(pos.set_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"));
    CHECK(uci("Rd1") == "none");
    CHECK(uci("Rad1") == "a1d1");
    CHECK(uci("Rhd1") == "h1d1");
    // More of the origin than the move needs, as some EPD suites write it, and long algebraic.
    CHECK(uci("Ra1d1") == "a1d1");
    CHECK(uci("Rhxd1") == "h1d1");  // a capture mark on a quiet move is read past
    REQUIRE_FALSE(pos.set_fen(Position::StartFen.data()));
    CHECK(uci("Ng1f3") == "g1f3");
    CHECK(uci("e2e4") == "e2e4");
    CHECK(uci("e2-e4") == "none");
    CHECK(uci("") == "none");
    CHECK(uci("+") == "none");
    CHECK(uci("Zz9") == "none");

    // Every legal move of some busy positions reads back from its own SAN, Chess960 castling too.
    for (const auto& [fen, chess960] :
         {std::pair{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
          std::pair{"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
          std::pair{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true}}) {
        REQUIRE_FALSE(pos.set_fen(fen, chess960));
        MoveList moves;
        generate<GenType::All>(pos, moves);
        REQUIRE(moves.size() > 0);
        for (Move m : moves) {
            INFO(fen << " " << pos.move_to_uci(m) << " " << pos.move_to_san(m));
            CHECK(pos.parse_san_move(pos.move_to_san(m)) == m);
        }
    }
}
