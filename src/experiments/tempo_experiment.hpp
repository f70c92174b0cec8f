// The tempo experiment: how the side-to-move bonus changes scores, tree size and branching factor
// from one iteration to the next (the odd/even effect of searching to odd and even depths).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine.hpp"

namespace sente {

struct TempoRow {
    int depth = 0;
    int positions = 0;             // positions that reached this depth without a mate score
    double mean_score = 0;         // side to move's view, centipawns
    double mean_score_change = 0;  // mean |score(depth) - score(depth - 1)|
    std::uint64_t nodes = 0;       // cumulative nodes to finish this depth, summed over positions
    double branching = 0;          // nodes(depth) / nodes(depth - 1)
};

// Searches each position to max_depth from a fresh table, one thread, with the tempo bonus at
// tempo_percent of its value, and summarises every depth.
std::vector<TempoRow> tempo_experiment(Engine& engine, const std::vector<std::string>& fens, int max_depth,
                                       int tempo_percent);

}  // namespace sente
