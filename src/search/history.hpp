// Move-ordering statistics kept by each search thread: what caused cut-offs before, by move, by
// the moves that led here, and by capture.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/position.hpp"
#include "search/params.hpp"

namespace sente {

// Every history entry moves toward +-HistoryMax with "gravity": a bonus counts for less the closer
// the entry already is to the bound in its direction, so values stay bounded and old results fade.
inline void apply_gravity(std::int16_t& entry, int bonus) {
    bonus = std::clamp(bonus, -search::HistoryMax, search::HistoryMax);
    entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / search::HistoryMax);
}

// Butterfly history: quiet moves by colour, origin and destination.
struct ButterflyHistory {
    std::int16_t table[2][64][64];

    void clear() { std::memset(table, 0, sizeof table); }
    int get(Color c, Move m) const { return table[c][m.from()][m.to()]; }
    void update(Color c, Move m, int bonus) { apply_gravity(table[c][m.from()][m.to()], bonus); }
};

// Quiet moves by moved piece and destination, for one earlier move. NoPiece rows are a sink for
// plies without a real move before them (the root, a null move), which keeps lookups branch-free.
struct PieceToHistory {
    std::int16_t table[NoPiece + 1][64];

    int get(Piece p, Square to) const { return table[p][to]; }
    void update(Piece p, Square to, int bonus) { apply_gravity(table[p][to], bonus); }
};

// Continuation history: a PieceToHistory for every (piece, destination) of an earlier move, so that
// a reply is judged in the context of the move it answers (one ply back) or follows up (two, four).
struct ContinuationHistory {
    PieceToHistory table[NoPiece + 1][64];

    void clear() { std::memset(table, 0, sizeof table); }
    PieceToHistory* at(Piece p, Square to) { return &table[p][to]; }
};

// Captures by moving piece, destination and captured piece type.
struct CaptureHistory {
    std::int16_t table[NoPiece][64][6];

    void clear() { std::memset(table, 0, sizeof table); }
    static PieceType victim(const Position& pos, Move m) {
        return m.kind() == Move::EnPassant       ? Pawn
               : pos.piece_on(m.to()) == NoPiece ? Pawn  // a quiet promotion: filed with pawn captures
                                                 : type_of(pos.piece_on(m.to()));
    }
    int get(const Position& pos, Move m) const { return table[pos.moved_piece(m)][m.to()][victim(pos, m)]; }
    void update(const Position& pos, Move m, int bonus) {
        apply_gravity(table[pos.moved_piece(m)][m.to()][victim(pos, m)], bonus);
    }
};

// Static-evaluation correction: how far searches of positions with the same key (pawn structure,
// or material) ended from their static evaluation, by side to move. Entries are centipawns times
// CorrectionGrain, an average that leans toward deeper searches.
struct CorrectionHistory {
    static constexpr std::size_t Size = 16384;
    std::int16_t table[2][Size];

    void clear() { std::memset(table, 0, sizeof table); }
    int get(Color c, Key k) const { return table[c][k & (Size - 1)]; }
    void update(Color c, Key k, int difference, int depth) {
        using namespace search;
        std::int16_t& e = table[c][k & (Size - 1)];
        const int weight = std::min(depth + 1, CorrectionMaxWeight);
        const int target = std::clamp(difference, -CorrectionMax, CorrectionMax) * CorrectionGrain;
        e = std::int16_t((e * (CorrectionWeightScale - weight) + target * weight) / CorrectionWeightScale);
    }
};

// A key of the material on the board: the number of each piece, hashed.
inline Key material_key(const Position& pos) { return pos.material() * 0x9E3779B97F4A7C15ULL >> 20; }

// The reply that refuted a move last time, indexed by the moved piece and its destination.
struct CounterMoves {
    Move table[12][64];

    void clear() { std::fill(&table[0][0], &table[0][0] + 12 * 64, Move::none()); }
    Move get(Piece p, Square to) const { return table[p][to]; }
    void set(Piece p, Square to, Move m) { table[p][to] = m; }
};

// The continuation histories a node reads: of the moves 1, 2 and 4 plies back.
constexpr int ContinuationPlies[] = {1, 2, 4};
constexpr int ContinuationCount = 3;
using ContinuationView = const PieceToHistory* [ContinuationCount];

inline int history_bonus(int depth) {
    using namespace search;
    return std::min(HistoryBonusMax, HistoryBonusPerDepth * depth - HistoryBonusOffset);
}
inline int history_malus(int depth) {
    using namespace search;
    return std::min(HistoryMalusMax, HistoryMalusPerDepth * depth - HistoryMalusOffset);
}

}  // namespace sente
