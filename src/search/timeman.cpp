#include "search/timeman.hpp"

#include <algorithm>

namespace sente {

using namespace search;

namespace {

// Clocks may arrive negative (a GUI over its own margin): treat them as almost nothing left.
// Absurdly large clocks (a 20-digit wtime) are cut to decades, so the arithmetic cannot overflow.
constexpr std::int64_t MaxClockMs = std::int64_t(1) << 40;
std::int64_t time_left(std::int64_t clock_ms, std::int64_t overhead_ms) {
    return std::clamp<std::int64_t>(clock_ms - overhead_ms, 0, MaxClockMs);
}
// The most one move may take of what is left, whatever else limits it.
std::int64_t move_cap(std::int64_t left) { return left * MaxTimeUsePercent / 100; }

}  // namespace

void TimeManager::start(const SearchLimits& limits, Color us, std::int64_t overhead_ms) {
    restart(limits.received.value_or(Clock::now()));
    go_ticks_ = start_.ticks.load(std::memory_order_relaxed);
    limited_ = fixed_ = false;
    if (limits.infinite) return;

    if (limits.movetime > 0) {
        limited_ = fixed_ = true;
        std::int64_t budget = limits.movetime - overhead_ms;
        // A clock given beside it still holds: no move takes more of it than any other move may.
        if (limits.time[us] >= 0)
            budget = std::min(budget, move_cap(time_left(limits.time[us], overhead_ms)));
        soft_ = hard_ = std::max<std::int64_t>(MinimumThinkMs, budget);
        return;
    }
    if (limits.time[us] < 0) {
        // Only the other side's clock (or none): think briefly rather than forever, unless the
        // search has another limit (depth, nodes, mate).
        if (limits.time[~us] >= 0 && !limits.depth && !limits.nodes && !limits.mate) {
            limited_ = true;
            soft_ = hard_ = 1000;
        }
        return;
    }

    limited_ = true;
    std::int64_t left = time_left(limits.time[us], overhead_ms);
    std::int64_t inc = std::clamp<std::int64_t>(limits.inc[us], 0, MaxClockMs);
    int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, MaxMovesToGo) : DefaultMovesToGo;

    std::int64_t cap = move_cap(left);
    soft_ = left / mtg + inc * IncrementUsePercent / 100;
    // With a time control ahead, the last move before it plans half the cap and may take all of
    // it; no earlier move plans more than that (with two to go, an even share is half of what is
    // left, more than the last move's own plan).
    if (limits.movestogo > 0) soft_ = std::min(soft_, cap / 2);
    hard_ = std::min(cap, soft_ * HardLimitMultiplier);
    soft_ = std::clamp<std::int64_t>(std::min(soft_, hard_), MinimumThinkMs,
                                     std::max<std::int64_t>(MinimumThinkMs, cap));
    hard_ = std::max(hard_, soft_);
}

bool TimeManager::should_not_start_iteration(int percent) const {
    return limited_ && !fixed_ && elapsed_ms() >= soft_ * percent / 100 * IterationStartPercent / 100;
}

int TimeManager::scale_percent(const Iteration& it) {
    const int falling =
        is_mate_score(it.score) || is_mate_score(it.previous_score)
            ? 100
            : std::clamp(100 + (it.previous_score - it.score) / FallingDivisor, FallingMin, FallingMax);
    int percent = StabilityScale[std::min(it.stable_iterations, 5)];
    percent = percent * falling / 100;
    percent = percent * std::clamp(NodeShareBase - it.best_move_node_share, NodeShareMin, NodeShareMax) / 100;
    if (it.failed_low) percent = percent * FailLowScale / 100;
    return percent;
}

}  // namespace sente
