// A move at the root as the search ranks it: its score, its line and the effort it took. Shared by
// the search, the thread pool and the limited-strength choice.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "search/tt.hpp"

namespace sente {

struct RootMove {
    Move move;
    Value score = -VALUE_INFINITE;  // -VALUE_INFINITE: only known to be worse than the best
    Value previous_score = -VALUE_INFINITE;
    Bound bound = BoundExact;  // of `score`, from the aspiration window it was searched in
    int seldepth = 0;
    std::uint64_t nodes = 0;  // spent below this move in the current iteration
    std::vector<Move> pv;
    // With the root in the tables: the move's rank there (higher is better) and the result it
    // keeps, which the lines show unless the search finds a mate.
    int tb_rank = 0;
    Value tb_value = VALUE_NONE;
    // For a win: its score while no mate is found in it, by its distance to zeroing
    // (syzygy::RankedMove::progress); VALUE_NONE otherwise.
    Value tb_progress = VALUE_NONE;
};

}  // namespace sente
