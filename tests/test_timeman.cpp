// The time manager alone, on a table of clocks: its limits must fit inside what the GUI's clock
// leaves once Move Overhead is set aside, and never be zero.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "search/timeman.hpp"

using namespace sente;

namespace {

struct Clock {
    std::int64_t time, inc;
    int movestogo;
    std::int64_t overhead;
};

std::string describe(const Clock& c) {
    std::ostringstream s;
    s << "time " << c.time << " inc " << c.inc << " movestogo " << c.movestogo << " overhead " << c.overhead;
    return s.str();
}

TimeManager started(const Clock& c, Color us = White) {
    SearchLimits limits;
    limits.time[us] = c.time;
    limits.inc[us] = c.inc;
    limits.time[~us] = c.time;  // the other side's clock changes nothing
    limits.inc[~us] = c.inc;
    limits.movestogo = c.movestogo;
    TimeManager tm;
    tm.start(limits, us, c.overhead);
    return tm;
}

// The least a search may be given: 1 ms, which lets depth 1 finish. Stated here, not read from the
// engine's constant (search::MinimumThinkMs): a floor raised there, to 100 ms say, loses on
// a clock of 50 ms, and must fail this test rather than move its bounds.
constexpr std::int64_t LeastMs = 1;

// What the engine may spend: the clock less the overhead, and at least LeastMs (a clock already
// below the overhead leaves nothing better).
std::int64_t allowance(const Clock& c) { return std::max<std::int64_t>(LeastMs, c.time - c.overhead); }

std::vector<Clock> clock_table() {
    std::vector<Clock> table;
    const std::int64_t times[] = {1,
                                  2,
                                  5,
                                  10,
                                  20,
                                  30,
                                  50,
                                  100,
                                  250,
                                  1000,
                                  3000,
                                  10'000,
                                  60'000,
                                  600'000,
                                  3'600'000,
                                  std::int64_t(1) << 40,
                                  std::int64_t(1) << 62};
    const std::int64_t incs[] = {0, 1, 10, 100, 1000, 30'000};
    const std::int64_t overheads[] = {0, 20, 100, 1000, 5000};
    for (std::int64_t t : times)
        for (std::int64_t inc : incs)
            for (std::int64_t o : overheads) {
                table.push_back({t, inc, 0, o});  // sudden death
                for (int mtg : {1, 2, 3, 5, 10, 20, 30, 40}) table.push_back({t, inc, mtg, o});
            }
    return table;
}

}  // namespace

TEST_CASE(
    "Time manager: on every clock both limits fit inside the clock less Move Overhead, and neither is zero",
    "[timeman]") {
    int checked = 0;
    for (const Clock& c : clock_table()) {
        for (Color us : {White, Black}) {
            INFO(describe(c) << (us == White ? ", White" : ", Black"));
            const TimeManager tm = started(c, us);
            REQUIRE(tm.limited());
            CHECK_FALSE(tm.fixed());
            CHECK(tm.soft_ms() >= LeastMs);
            CHECK(tm.soft_ms() <= tm.hard_ms());
            CHECK(tm.hard_ms() <= allowance(c));
            // With N moves to the time control, one move takes no more than its share and the increment.
            if (c.movestogo > 1)
                CHECK(tm.soft_ms() <= std::max<std::int64_t>(LeastMs, allowance(c) / c.movestogo) + c.inc);
            ++checked;
        }
    }
    CHECK(checked == 17 * 6 * 5 * 9 * 2);
}

// Repeating time controls (40 moves in 15 minutes, as some rating lists play): a move further
// from the control never plans more time than one nearer to it, on the same clock. An even share
// of two moves (half of what is left) above the last move's own plan broke this.
TEST_CASE("Time manager: more moves to the time control never plan more time for this move", "[timeman]") {
    int checked = 0;
    for (std::int64_t t : {50, 1000, 10'000, 60'000, 900'000})
        for (std::int64_t inc : {0, 10, 1000})
            for (std::int64_t overhead : {0, 20}) {
                std::int64_t nearer = started({t, inc, 1, overhead}).soft_ms();
                for (int mtg = 2; mtg <= 60; ++mtg) {
                    const Clock c{t, inc, mtg, overhead};
                    INFO(describe(c));
                    const std::int64_t soft = started(c).soft_ms();
                    CHECK(soft <= nearer);
                    nearer = soft;
                    ++checked;
                }
            }
    CHECK(checked == 5 * 3 * 2 * 59);
    // Far from the control the share is spread: with 40 to go a move plans well under a tenth.
    CHECK(started({900'000, 0, 40, 0}).soft_ms() <= 900'000 / 10);
}

// (The UCI layer reads a negative clock as 0; test_timing.cpp sends them through the protocol.)
TEST_CASE(
    "Time manager: a clock at zero or below the overhead leaves 1 ms, and movetime its budget less the "
    "overhead",
    "[timeman]") {
    for (const Clock& c :
         {Clock{0, 0, 0, 20}, Clock{0, 0, 1, 20}, Clock{20, 0, 0, 20}, Clock{15, 0, 5, 20}}) {
        INFO(describe(c));
        const TimeManager tm = started(c);
        CHECK(tm.soft_ms() == LeastMs);
        CHECK(tm.hard_ms() == LeastMs);
    }
    for (std::int64_t movetime : {1, 15, 300, 5000}) {
        SearchLimits limits;
        limits.movetime = movetime;
        TimeManager tm;
        tm.start(limits, White, 20);
        INFO("movetime " << movetime);
        CHECK(tm.fixed());
        CHECK(tm.hard_ms() == std::max<std::int64_t>(LeastMs, movetime - 20));
        CHECK(tm.soft_ms() == tm.hard_ms());
    }
    // Only the opponent's clock: a short think, not an endless one.
    SearchLimits only_theirs;
    only_theirs.time[Black] = 100;
    TimeManager tm;
    tm.start(only_theirs, White, 20);
    CHECK(tm.limited());
    CHECK(tm.hard_ms() <= 1000);
    // An increment is spent, not hoarded: on a long clock it adds to the move's time.
    CHECK(started({60'000, 1000, 0, 20}).soft_ms() > started({60'000, 0, 0, 20}).soft_ms());
    // No clock at all: infinite until stop.
    tm.start(SearchLimits{}, White, 20);
    CHECK_FALSE(tm.limited());
}

TEST_CASE("Time manager: movetime beside a clock spends no more than the clock allows", "[timeman]") {
    // A GUI may send both (`go wtime 300 btime 300 movetime 1000`): the move must fit the clock.
    int checked = 0;
    for (const Clock& c : clock_table()) {
        if (c.movestogo != 0 && c.movestogo != 1) continue;
        for (std::int64_t movetime :
             {std::int64_t(1), std::int64_t(300), std::int64_t(5000), std::int64_t(1) << 40}) {
            INFO(describe(c) << ", movetime " << movetime);
            SearchLimits limits;
            limits.time[White] = limits.time[Black] = c.time;
            limits.inc[White] = limits.inc[Black] = c.inc;
            limits.movestogo = c.movestogo;
            limits.movetime = movetime;
            TimeManager tm;
            tm.start(limits, White, c.overhead);
            CHECK(tm.fixed());
            CHECK(tm.soft_ms() == tm.hard_ms());
            CHECK(tm.hard_ms() >= LeastMs);
            CHECK(tm.hard_ms() <= allowance(c));
            CHECK(tm.hard_ms() <= std::max<std::int64_t>(LeastMs, movetime - c.overhead));
            ++checked;
        }
    }
    CHECK(checked == 17 * 6 * 5 * 2 * 4);
    // Nor all of what is left: the clock must last beyond this move.
    SearchLimits tight;
    tight.time[White] = tight.time[Black] = 300;
    tight.movetime = 1000;
    TimeManager tight_tm;
    tight_tm.start(tight, White, 20);
    CHECK(tight_tm.hard_ms() < 280);
    // With time to spare on the clock, movetime is the budget.
    SearchLimits ample;
    ample.time[White] = ample.time[Black] = 600'000;
    ample.movetime = 1000;
    TimeManager tm;
    tm.start(ample, White, 20);
    CHECK(tm.hard_ms() == 980);
}

TEST_CASE("Time manager: the limits count from the moment the go arrived", "[timeman]") {
    using namespace std::chrono_literals;
    SearchLimits limits;
    limits.movetime = 1000;
    limits.received = std::chrono::steady_clock::now() - 400ms;  // the engine was busy meanwhile
    TimeManager tm;
    tm.start(limits, White, 0);
    CHECK(tm.elapsed_ms() >= 400);
    CHECK(tm.searched_ms() >= 400);
    // Without it, from the start.
    limits.received.reset();
    tm.start(limits, White, 0);
    CHECK(tm.elapsed_ms() < 400);
}
