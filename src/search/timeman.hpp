// Time management: how long to think about one move, from the clocks the GUI sends.
#pragma once

#include <chrono>
#include <cstdint>

#include "core/types.hpp"

namespace sente {

struct SearchLimits {
    std::int64_t time[2] = {-1, -1};  // milliseconds left per colour; -1 = not given
    std::int64_t inc[2] = {0, 0};
    int movestogo = 0;
    std::int64_t movetime = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    std::uint64_t soft_nodes = 0;  // no new iteration once this many nodes are searched (datagen)
    int mate = 0;                  // in moves
    bool infinite = false;
    bool ponder = false;

    bool uses_clock(Color c) const { return time[c] >= 0 || movetime > 0; }
};

class TimeManager {
public:
    using Clock = std::chrono::steady_clock;

    // Sets the soft and hard limits for the side to move; `overhead` is the GUI's Move Overhead.
    void start(const SearchLimits& limits, Color us, std::int64_t overhead_ms);
    // Restarts the clock (on ponderhit, when our own time starts running).
    void restart() { start_ = Clock::now(); }

    std::int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    }
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
    Clock::time_point start_ = Clock::now();
    bool limited_ = false;
    bool fixed_ = false;
    std::int64_t soft_ = 0, hard_ = 0;
};

}  // namespace sente
