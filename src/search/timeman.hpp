// Time management: how long to think about one move, from the clocks the GUI sends.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "core/tunable.hpp"
#include "core/types.hpp"

// The clock's constants, in milliseconds or percent. SENTE_TUNABLE as in search/params.hpp.
namespace sente::search {

SENTE_TUNABLE(DefaultMovesToGo, 32, 15, 60)  // sudden death: plan as if this many moves remain
constexpr int MaxMovesToGo = 50;
SENTE_TUNABLE(IncrementUsePercent, 80, 40, 100)   // of the increment spent on each move
SENTE_TUNABLE(HardLimitMultiplier, 4, 2, 8)       // hard limit = soft limit x this, capped below
SENTE_TUNABLE(MaxTimeUsePercent, 70, 40, 90)      // never plan to use more of the remaining time
SENTE_TUNABLE(IterationStartPercent, 55, 30, 90)  // no new iteration once this much of the soft limit is gone
// The soft limit is scaled after every iteration (percent): by how many iterations in a row kept
// the best move (0, 1, 2, ... 5 or more) ...
constexpr int StabilityScale[6] = {135, 115, 100, 90, 82, 76};
// ... by the score's fall since the previous iteration (1% more per FallingDivisor cp), ...
SENTE_TUNABLE(FallingDivisor, 2, 1, 6)
constexpr int FallingMin = 85, FallingMax = 150;
// ... by the share of the iteration's nodes the best move took (less time when it took most) ...
constexpr int NodeShareBase = 160;  // minus the share in percent
constexpr int NodeShareMin = 60, NodeShareMax = 130;
// ... and up after the root failed low in the iteration.
SENTE_TUNABLE(FailLowScale, 130, 100, 180)
constexpr int MinimumThinkMs = 1;
// How many nodes pass between looks at the clock.
constexpr int NodesBetweenTimeChecks = 1024;

}  // namespace sente::search

namespace sente {

struct SearchLimits {
    std::int64_t time[2] = {-1, -1};  // milliseconds left per colour; -1 = not given
    std::int64_t inc[2] = {0, 0};
    int movestogo = 0;
    std::int64_t movetime = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    std::uint64_t soft_nodes = 0;  // no new iteration once this many nodes are searched, nor one
                                   // expected to pass `nodes` (datagen, genfens)
    int mate = 0;                  // in moves
    bool infinite = false;
    bool ponder = false;
    // When the engine read the `go`: the limits count from there, as the GUI's clock does, whatever
    // the engine does before it searches (ends the last search, applies options that waited for
    // it). None: from the search's start.
    std::optional<std::chrono::steady_clock::time_point> received;

    bool uses_clock(Color c) const { return time[c] >= 0 || movetime > 0; }
};

class TimeManager {
public:
    using Clock = std::chrono::steady_clock;

    // Sets the soft and hard limits for the side to move; `overhead` is the GUI's Move Overhead.
    void start(const SearchLimits& limits, Color us, std::int64_t overhead_ms);
    // Restarts the clock of the limits (on ponderhit, when our own time starts running); the time
    // the search reports still counts from its `go`.
    void restart(Clock::time_point from = Clock::now()) {
        start_.ticks.store(from.time_since_epoch().count(), std::memory_order_relaxed);
    }

    // Since the start of the limits' clock: what the limits are held to.
    std::int64_t elapsed_ms() const { return ms_since(start_.ticks.load(std::memory_order_relaxed)); }
    // Since the `go`, pondering included: the `time` of the search's info lines, which never goes
    // back, and the clock of their pace.
    std::int64_t searched_ms() const { return ms_since(go_ticks_); }
    bool limited() const { return limited_; }
    // `go movetime`: the whole budget is to be used, so no iteration is skipped to save time.
    bool fixed() const { return fixed_; }
    std::int64_t soft_ms() const { return soft_; }
    std::int64_t hard_ms() const { return hard_; }
    // Past the hard limit: stop at once.
    bool out_of_time() const { return limited_ && elapsed_ms() >= hard_; }
    // Too little of the soft limit, scaled by `percent`, left to finish another iteration.
    bool should_not_start_iteration(int percent = 100) const;

    // What a finished iteration tells the clock.
    struct Iteration {
        int stable_iterations = 0;  // how many iterations in a row kept the best move
        Value score = 0, previous_score = 0;
        int best_move_node_share = 50;  // percent of the iteration's nodes spent below the best move
        bool failed_low = false;        // the root failed low
    };
    // How much of the soft limit to use after such an iteration, in percent.
    static int scale_percent(const Iteration& it);

private:
    // The start, read by the searching thread while `ponderhit` restarts it from the UCI thread: an
    // atomic count of clock ticks, copied by value with the rest of the manager.
    struct Start {
        std::atomic<Clock::rep> ticks{Clock::now().time_since_epoch().count()};
        Start() = default;
        Start(const Start& other) : ticks(other.ticks.load(std::memory_order_relaxed)) {}
        Start& operator=(const Start& other) {
            ticks.store(other.ticks.load(std::memory_order_relaxed), std::memory_order_relaxed);
            return *this;
        }
    } start_;
    Clock::rep go_ticks_ = start_.ticks.load(std::memory_order_relaxed);  // set by start() alone
    static std::int64_t ms_since(Clock::rep ticks) {
        const Clock::time_point then{Clock::duration{ticks}};
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - then).count();
    }
    bool limited_ = false;
    bool fixed_ = false;
    std::int64_t soft_ = 0, hard_ = 0;
};

}  // namespace sente
