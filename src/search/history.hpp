// Move-ordering statistics kept by each search thread.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/types.hpp"
#include "search/params.hpp"

namespace sente {

// Butterfly history: how often a quiet move from-to of a colour caused a cutoff, with "gravity"
// so that values stay within +-HistoryMax and old results fade.
struct ButterflyHistory {
    int table[2][64][64];

    void clear() { std::memset(table, 0, sizeof table); }
    int get(Color c, Move m) const { return table[c][m.from()][m.to()]; }
    void update(Color c, Move m, int bonus) {
        int& h = table[c][m.from()][m.to()];
        h += bonus - h * std::abs(bonus) / search_params::HistoryMax;
    }
};

// The reply that refuted a move last time, indexed by the moved piece and its destination.
struct CounterMoves {
    Move table[12][64];

    void clear() { std::fill(&table[0][0], &table[0][0] + 12 * 64, Move::none()); }
    Move get(Piece p, Square to) const { return table[p][to]; }
    void set(Piece p, Square to, Move m) { table[p][to] = m; }
};

inline int history_bonus(int depth) {
    using namespace search_params;
    return std::min(HistoryBonusMax, HistoryBonusPerDepth * depth - HistoryBonusOffset);
}

}  // namespace sente
