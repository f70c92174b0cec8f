// The move picker: every legal move exactly once, and leaving out the quiet moves that give no
// check changes nothing else in the order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <vector>

#include "core/splitmix.hpp"
#include "epd.hpp"
#include "search/movepick.hpp"

using namespace sente;

namespace {

// Ordering statistics filled with random values, a few of them equal, so that the order is
// neither the generator's nor free of ties.
struct RandomStats {
    std::unique_ptr<ButterflyHistory> main = std::make_unique<ButterflyHistory>();
    std::unique_ptr<CaptureHistory> captures = std::make_unique<CaptureHistory>();
    std::unique_ptr<PieceToHistory> continuation[ContinuationCount];

    explicit RandomStats(std::uint64_t seed) {
        SplitMix64 rng{seed};
        auto value = [&] { return std::int16_t(int(rng.below(41)) * 100 - 2000); };
        for (auto& side : main->table)
            for (auto& from : side)
                for (auto& e : from) e = value();
        for (auto& piece : captures->table)
            for (auto& to : piece)
                for (auto& e : to) e = value();
        for (auto& c : continuation) {
            c = std::make_unique<PieceToHistory>();
            for (auto& piece : c->table)
                for (auto& e : piece) e = value();
        }
    }
    OrderingStats view() const {
        return {*main, *captures, {continuation[0].get(), continuation[1].get(), continuation[2].get()}};
    }
};

struct Setup {
    Move tt_move = Move::none();
    Move killers[2] = {Move::none(), Move::none()};
    Move counter = Move::none();
};

// The picker's moves; with skip_after >= 0, skip_quiets is called once that many have come out.
std::vector<Move> picked(const Position& pos, const Setup& s, const OrderingStats& stats,
                         int skip_after = -1) {
    const Position::CheckInfo check_info = pos.check_info();
    MovePicker picker(pos, s.tt_move, s.killers, s.counter, stats);
    std::vector<Move> out;
    for (Move m;;) {
        if (int(out.size()) == skip_after) picker.skip_quiets(check_info);
        if ((m = picker.next()) == Move::none()) break;
        out.push_back(m);
    }
    return out;
}

}  // namespace

TEST_CASE(
    "MovePicker: every legal move once, quiets by history, and skip_quiets leaves out only quiets without "
    "check",
    "[movepick]") {
    const RandomStats random_stats(19);
    const OrderingStats stats = random_stats.view();
    SplitMix64 rng{7};
    int positions = 0, skipped = 0, kept_checks = 0, long_lists = 0;
    for (auto [file, chess960] : {std::pair{"standard.epd", false}, std::pair{"tricky.epd", false},
                                  std::pair{"chess960.epd", true}}) {
        for (const auto& c : test::read_perft_suite(file)) {
            Position pos;
            REQUIRE_FALSE(pos.set_fen(c.fen, chess960));
            MoveList legal;
            generate<GenType::All>(pos, legal);
            std::vector<Move> all(legal.begin(), legal.end()), quiets;
            for (Move m : all)
                if (!pos.is_capture_or_promotion(m)) quiets.push_back(m);

            // The hash move, killers and counter move drawn from the position's own moves, and
            // sometimes a move that is not legal here at all.
            Setup s;
            if (!all.empty() && rng.below(4)) s.tt_move = all[rng.below(all.size())];
            for (Move& k : s.killers)
                if (!quiets.empty() && rng.below(4)) k = quiets[rng.below(quiets.size())];
            if (!quiets.empty() && rng.below(2)) s.counter = quiets[rng.below(quiets.size())];
            if (rng.below(8) == 0) s.killers[1] = Move(A1, H8);

            INFO(c.fen);
            const std::vector<Move> order = picked(pos, s, stats);
            auto by_raw = [](Move a, Move b) { return a.raw() < b.raw(); };
            std::vector<Move> sorted_order = order, sorted_all = all;
            std::sort(sorted_order.begin(), sorted_order.end(), by_raw);
            std::sort(sorted_all.begin(), sorted_all.end(), by_raw);
            REQUIRE(sorted_order == sorted_all);

            // The quiet moves other than the hash move, killers and counter move come out by
            // their history, best first, ties in the order generated.
            auto special = [&](Move m) {
                return m == s.tt_move || m == s.killers[0] || m == s.killers[1] || m == s.counter;
            };
            MoveList generated;
            generate<GenType::Quiets>(pos, generated);
            std::vector<Move> by_history, quiet_order;
            for (Move m : generated)
                if (!special(m)) by_history.push_back(m);
            std::stable_sort(by_history.begin(), by_history.end(),
                             [&](Move a, Move b) { return stats.quiet(pos, a) > stats.quiet(pos, b); });
            for (Move m : order)
                if (!pos.is_capture_or_promotion(m) && !special(m)) quiet_order.push_back(m);
            CHECK(quiet_order == by_history);
            long_lists += by_history.size() > 12;

            // Skipping from any point on: the moves before it as they were, then the same order
            // with the quiet moves that give no check taken out.
            for (int k = 0; k <= int(order.size()); ++k) {
                std::vector<Move> expected(order.begin(), order.begin() + k);
                for (auto it = order.begin() + k; it != order.end(); ++it) {
                    if (pos.is_capture_or_promotion(*it) || pos.gives_check(*it)) {
                        expected.push_back(*it);
                        kept_checks += !pos.is_capture_or_promotion(*it);
                    } else {
                        ++skipped;
                    }
                }
                CHECK(picked(pos, s, stats, k) == expected);
            }
            ++positions;
        }
    }
    CHECK(positions == 128 + 13 + 960);
    CHECK(skipped > 10000);
    CHECK(kept_checks > 100);
    CHECK(long_lists > 500);  // longer than the moves found one at a time before the sort
}
