// Legal move generation with check and pin masks: every generated move is legal, so callers never
// make a move just to see whether it leaves the king in check.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/position.hpp"

namespace sente {

enum class GenType {
    All,       // every legal move
    Captures,  // captures (en passant included) and every promotion, capturing or not
    Quiets     // the rest: non-capturing, non-promoting moves, castling included
};

class MoveList {
public:
    Move* begin() { return moves_; }
    Move* end() { return last_; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return last_; }
    std::size_t size() const { return std::size_t(last_ - moves_); }
    bool empty() const { return last_ == moves_; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

    // For the generator: where the next move goes.
    Move*& cursor() { return last_; }

private:
    Move moves_[MAX_MOVES];
    Move* last_ = moves_;
};

// Appends the legal moves of the given kind to the list.
template <GenType Type>
void generate(const Position& pos, MoveList& list);

// The number of legal moves, counted without writing them down (for perft's last ply).
std::uint64_t count_legal_moves(const Position& pos);
// The number of legal replies to the legal move m, without making it (perft's last two plies).
std::uint64_t count_replies(const Position& pos, Move m);

}  // namespace sente
