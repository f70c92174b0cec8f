// Evaluation symmetry and the tempo identity, the WDL model, limited strength's choice, and the
// transposition table's mate conversion and replacement.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <random>
#include <sstream>

#include "core/movegen.hpp"
#include "epd.hpp"
#include "eval/eval.hpp"
#include "eval/wdl.hpp"
#include "search/params.hpp"
#include "search/search.hpp"
#include "search/strength.hpp"
#include "search/tt.hpp"

using namespace sente;

TEST_CASE("Eval: a position and its colour-flipped mirror score the same", "[eval]") {
    int checked = 0;
    for (const char* file : {"standard.epd", "tricky.epd"}) {
        for (const auto& c : test::read_perft_suite(file)) {
            Position pos, mirror;
            REQUIRE_FALSE(pos.set_fen(c.fen));
            std::string m = test::mirrored_fen(c.fen);
            INFO(c.fen << "  /  " << m);
            REQUIRE_FALSE(mirror.set_fen(m));
            CHECK(eval::evaluate(pos) == eval::evaluate(mirror));
            ++checked;
        }
    }
    CHECK(checked == 128 + 13);
}

TEST_CASE("Eval: after a null move the score is minus the score before plus two tempi", "[eval]") {
    int checked = 0;
    for (const auto& c : test::read_perft_suite("standard.epd")) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        if (pos.in_check()) continue;  // no null move in check
        Value before = eval::evaluate(pos);
        Value tempo = eval::tempo_bonus(pos);
        pos.make_null_move();
        INFO(c.fen);
        CHECK(eval::evaluate(pos) == -before + 2 * tempo);
        CHECK(eval::evaluate(pos, 0) == -(before - tempo));
        ++checked;
    }
    CHECK(checked > 100);
}

TEST_CASE("Eval: the tempo bonus is largest in the opening and shrinks toward the endgame", "[eval]") {
    Position opening, endgame;
    REQUIRE_FALSE(endgame.set_fen("8/5pk1/6p1/7p/7P/6P1/5PK1/8 w - - 0 1"));
    CHECK(eval::tempo_bonus(opening) == eval::Tempo.mg);
    CHECK(eval::tempo_bonus(endgame) == eval::Tempo.eg);
    CHECK(eval::Tempo.mg > eval::Tempo.eg);
    CHECK(eval::evaluate(opening) - eval::evaluate(opening, 0) == eval::Tempo.mg);
    CHECK(eval::tempo_bonus(opening, 50) == eval::Tempo.mg / 2);
}

TEST_CASE("Eval: material and placement kept move by move equal the sum over the board", "[eval]") {
    // Every move two plies deep from the perft suites' positions, Chess960 castling among them;
    // each move also checks the evaluation the search makes from the running sum.
    int kinds[4] = {}, captures = 0, checked = 0;
    eval::PawnCache cache;
    for (auto [file, chess960] : {std::pair{"standard.epd", false}, std::pair{"tricky.epd", false},
                                  std::pair{"chess960.epd", true}, std::pair{"tricky960.epd", true}}) {
        for (const auto& c : test::read_perft_suite(file)) {
            Position pos;
            REQUIRE_FALSE(pos.set_fen(c.fen, chess960));
            const eval::Score root = eval::piece_square(pos);
            MoveList moves;
            generate<GenType::All>(pos, moves);
            for (Move m : moves) {
                const eval::Score child = eval::piece_square_after(pos, m, root);
                ++kinds[m.kind() == Move::Normal      ? 0
                        : m.kind() == Move::Promotion ? 1
                        : m.kind() == Move::EnPassant ? 2
                                                      : 3];
                captures += pos.is_capture(m);
                INFO(c.fen << " " << pos.move_to_uci(m));
                pos.make_move(m);
                REQUIRE(child == eval::piece_square(pos));
                CHECK(eval::evaluate(pos, child, 100, &cache) == eval::evaluate(pos));
                MoveList replies;
                generate<GenType::All>(pos, replies);
                for (Move r : replies) {
                    const eval::Score grandchild = eval::piece_square_after(pos, r, child);
                    pos.make_move(r);
                    REQUIRE(grandchild == eval::piece_square(pos));
                    pos.unmake_move(r);
                    ++checked;
                }
                pos.unmake_move(m);
            }
        }
    }
    INFO("normal " << kinds[0] << ", promotions " << kinds[1] << ", en passant " << kinds[2] << ", castling "
                   << kinds[3] << ", captures " << captures);
    CHECK(kinds[1] > 0);
    CHECK(kinds[2] > 0);
    CHECK(kinds[3] > 0);
    CHECK(captures > 0);
    CHECK(checked > 100000);
}

TEST_CASE("Eval: the breakdown the eval command prints sums to the evaluation", "[eval]") {
    int checked = 0;
    for (const char* file : {"standard.epd", "tricky.epd"}) {
        for (const auto& c : test::read_perft_suite(file)) {
            Position pos;
            REQUIRE_FALSE(pos.set_fen(c.fen));
            const eval::Breakdown b = eval::breakdown(pos);
            eval::Score total = b.mop_up;
            for (int t = 0; t < eval::TermCount; ++t) total += b.terms[t][White] - b.terms[t][Black];
            INFO(c.fen);
            CHECK(b.total == eval::evaluate(pos));
            // The terms are the ones behind the total: blended, they give White's view.
            CHECK(b.white_view
                  == (total.mg * b.phase + total.eg * b.scale / 64 * (eval::MaxPhase - b.phase))
                         / eval::MaxPhase);
            ++checked;
        }
    }
    CHECK(checked == 128 + 13);
}

TEST_CASE("TT: mate scores are stored relative to the node and read back relative to the root", "[tt]") {
    TranspositionTable tt;
    tt.resize(1);
    const Key key = 0x123456789ABCDEFULL;
    // Found at ply 3: mate in 5 plies from the root, so 2 plies from this node.
    tt.store(key, 3, mate_in(5), 0, BoundExact, 7, Move(E2, E4));
    auto same_ply = tt.probe(key, 3);
    REQUIRE(same_ply);
    CHECK(same_ply->score == mate_in(5));
    // The same node reached at ply 7 is mate in 9 plies from that root.
    auto later = tt.probe(key, 7);
    REQUIRE(later);
    CHECK(later->score == mate_in(9));
    CHECK(later->move == Move(E2, E4));
    CHECK(later->depth == 7);
    CHECK(later->bound == BoundExact);

    tt.store(key + 1, 2, mated_in(6), 0, BoundUpper, 3, Move::none());
    const auto mated = tt.probe(key + 1, 4);
    REQUIRE(mated);
    CHECK(mated->score == mated_in(8));
    CHECK(score_from_tt(score_to_tt(123, 9), 2, 0) == 123);  // ordinary scores are not moved
}

TEST_CASE("TT: a mate or table win beyond the fifty-move count left at the node is no score there", "[tt]") {
    TranspositionTable tt;
    tt.resize(1);
    const Key key = 0xFEDCBA9876543210ULL;
    // Mate in 9 plies from the node, stored at ply 0 of a search.
    tt.store(key, 0, mate_in(9), 0, BoundLower, 12, Move(A1, A8));
    // With 9 half-moves left the mate is played on the 100th, which still counts: read back as usual.
    REQUIRE(tt.probe(key, 4, 91));
    CHECK(tt.probe(key, 4, 91)->score == mate_in(13));
    // With 8 left the game is drawn first: no score, but the move is still the entry's.
    const auto drawn_first = tt.probe(key, 4, 92);
    REQUIRE(drawn_first);
    CHECK(drawn_first->score == VALUE_NONE);
    CHECK(drawn_first->move == Move(A1, A8));
    CHECK(drawn_first->depth == 12);
    // Being mated, and a table's win, alike; scores that decide nothing are never touched.
    tt.store(key + 1, 0, mated_in(30), 0, BoundUpper, 12, Move::none());
    CHECK(tt.probe(key + 1, 0, 70)->score == mated_in(30));
    CHECK(tt.probe(key + 1, 0, 71)->score == VALUE_NONE);
    tt.store(key + 2, 0, VALUE_TB_WIN - 20, 0, BoundLower, 12, Move::none());
    CHECK(tt.probe(key + 2, 0, 80)->score == VALUE_TB_WIN - 20);
    CHECK(tt.probe(key + 2, 0, 81)->score == VALUE_NONE);
    CHECK(score_from_tt(-VALUE_TB_WIN + 5, 3, 99) == VALUE_NONE);
    CHECK(score_from_tt(-VALUE_TB_WIN + 1, 3, 99) == -VALUE_TB_WIN + 4);
    CHECK(score_from_tt(2500, 7, 99) == 2500);
}

TEST_CASE("TT: a probe for another key misses, and a deeper entry survives a shallow one", "[tt]") {
    TranspositionTable tt;
    tt.resize(1);
    tt.store(42, 0, 50, 10, BoundLower, 9, Move(G1, F3));
    CHECK_FALSE(tt.probe(43, 0));
    tt.store(42, 0, 20, 10, BoundUpper, 2, Move::none());
    auto e = tt.probe(42, 0);
    REQUIRE(e);
    CHECK(e->depth == 9);
    CHECK(e->move == Move(G1, F3));
    tt.clear();
    CHECK_FALSE(tt.probe(42, 0));
}

TEST_CASE("WDL: odds sum to 1000, grow with the score, and mates are certain", "[eval][wdl]") {
    for (const wdl::Model* model : {&wdl::HandCraftedModel, &wdl::NetModel}) {
        INFO((model == &wdl::NetModel ? "the net's model" : "the hand-crafted evaluation's model"));
        for (int material : {0, 20, 40, 78}) {
            int previous_win = -1, previous_loss = 1001;
            for (Value v = -1500; v <= 1500; v += 25) {
                wdl::Odds o = wdl::odds(v, material, *model);
                INFO("score " << v << " material " << material);
                CHECK(o.win >= 0);
                CHECK(o.draw >= 0);
                CHECK(o.loss >= 0);
                CHECK(o.win + o.draw + o.loss == 1000);
                CHECK(o.win >= previous_win);
                CHECK(o.loss <= previous_loss);
                previous_win = o.win, previous_loss = o.loss;
            }
            wdl::Odds even = wdl::odds(0, material, *model);
            CHECK(even.win == even.loss);  // symmetric
            // An even position is most likely drawn in Sente's games (with a full board more than
            // half of them are: 61.1% of the 4,350 positions within 25 cp and with 70 or more of
            // material in r7's fitting games).
            CHECK(even.draw > even.win);
            CHECK(wdl::odds(1000, material, *model).win > 500);  // ten pawns up wins more often than not
        }
        CHECK(wdl::odds(mate_in(3), 40, *model).win == 1000);
        CHECK(wdl::odds(mated_in(4), 40, *model).loss == 1000);
    }
    CHECK(wdl::material(Position()) == 78);
}

TEST_CASE("Limited strength: budgets grow with the level, strong levels and mates take the best line",
          "[search][strength]") {
    StrengthLimit weak{true, StrengthLimit::MinElo}, mid{true, 2000}, strong{true, 2200},
        top{true, StrengthLimit::MaxElo};
    // The budget grows with every step of the level, but for the step to the first level that
    // searches one line, which takes a third of the curve.
    for (int elo = StrengthLimit::MinElo; elo < StrengthLimit::MaxElo; elo += 10) {
        StrengthLimit here{true, elo}, next{true, elo + 10};
        INFO("UCI_Elo " << elo);
        if (here.candidate_lines() == next.candidate_lines())
            CHECK(here.node_budget() < next.node_budget());
        else
            CHECK(here.node_budget() > next.node_budget());
    }
    // The curve's fixed points: 525 nodes at the lowest level, where four lines share them, and
    // at 2200, eight doublings of 110 above 1320, one line on a third of 525 * 256 nodes.
    CHECK(weak.candidate_lines() == 4);
    CHECK(weak.node_budget() == 525);
    CHECK(strong.candidate_lines() == 1);
    CHECK(strong.node_budget() == 44800);
    CHECK(weak.node_budget() < mid.node_budget());
    CHECK(strong.node_budget() < top.node_budget());
    CHECK(weak.margin_cp() > mid.margin_cp());
    CHECK(mid.margin_cp() > strong.margin_cp());
    CHECK(top.margin_cp() == 0);
    CHECK(top.candidate_lines() == 1);
    // The choice among lines ends below the top: the upper levels differ by their budget alone.
    StrengthLimit below_zero{true, StrengthLimit::MarginZeroElo - 20};
    StrengthLimit at_zero{true, StrengthLimit::MarginZeroElo};
    CHECK(StrengthLimit::MarginZeroElo < StrengthLimit::MaxElo);
    CHECK(below_zero.margin_cp() > 0);
    CHECK(below_zero.candidate_lines() > 1);
    CHECK(at_zero.margin_cp() == 0);
    CHECK(at_zero.candidate_lines() == 1);
    CHECK(at_zero.node_budget() < top.node_budget());

    auto line = [](Value score) {
        return RootMove{
            .move = Move::none(), .score = score, .previous_score = score, .seldepth = 0, .pv = {}};
    };
    std::mt19937_64 rng(7);
    std::vector<RootMove> close = {line(50), line(45), line(40), line(-400)};
    std::vector<int> picked(4, 0);
    for (int i = 0; i < 2000; ++i) ++picked[choose_line(weak, close, 4, rng)];
    CHECK(picked[0] > picked[1]);  // the best is the most likely
    CHECK(picked[1] > 0);          // but not the only choice at the lowest level
    CHECK(picked[3] == 0);         // a move 450 cp worse is never chosen
    for (int i = 0; i < 200; ++i) CHECK(choose_line(top, close, 4, rng) == 0);

    std::vector<RootMove> mating = {line(mate_in(5)), line(mate_in(7)), line(300)};
    std::vector<RootMove> mated = {line(mated_in(6)), line(mated_in(4)), line(mated_in(2))};
    std::vector<RootMove> one_safe = {line(0), line(mated_in(2)), line(mated_in(2))};
    for (int i = 0; i < 200; ++i) {
        CHECK(choose_line(weak, mating, 3, rng) == 0);
        CHECK(choose_line(weak, mated, 3, rng) == 0);
        CHECK(choose_line(weak, one_safe, 3, rng) == 0);
    }
}
