// The accumulators of a line of play: one per ply, each made from its parent by the pieces the
// move moved, and only when a node asks for an evaluation (most nodes never do).
#pragma once

#include <array>
#include <cassert>

#include "core/position.hpp"
#include "nnue/network.hpp"

namespace sente::nnue {

// What a move changes on the board: pieces leaving squares and pieces arriving on them. At most
// two of each (a capture-promotion removes two and adds one, castling moves two pieces).
struct Delta {
    struct Change {
        Piece piece;
        Square square;
    };
    Change added[2], removed[2];
    int adds = 0, removes = 0;
    // Bit c: colour c's king crossed between files a-d and e-h, so a mirrored net must rebuild
    // that view (every one of its features moves).
    std::uint8_t king_crossed = 0;
};
// The changes the legal move m makes to pos (pos before the move).
Delta delta_of(const Position& pos, Move m);

// Both views' accumulators computed from the board alone.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The evaluation of a position by the net from scratch: for tests, tools and the `eval` command.
Value evaluate(const Network& net, const Position& pos);

// One search thread's line: push a move's delta when making it (an empty one for a null move),
// pop when taking it back; evaluate() brings the top up to date from the nearest computed ply,
// or from the board when that is cheaper, view by view.
class AccumulatorStack {
public:
    void reset(const Network& net, const Position& pos);
    void push(const Delta& delta) {
        assert(top_ + 1 < int(entries_.size()));
        Entry& e = entries_[++top_];
        e.delta = delta;
        e.computed[White] = e.computed[Black] = false;
    }
    void pop() {
        assert(top_ > 0);
        --top_;
    }
    // The evaluation of pos, which must be the position the pushed moves led to.
    Value evaluate(const Network& net, const Position& pos);
    const Accumulator& current(const Network& net, const Position& pos);
    int depth() const { return top_; }

private:
    struct Entry {
        Accumulator acc;
        Delta delta;
        bool computed[2] = {false, false};
    };
    // The last view rebuilt from the board, for each view and side of the mirror, with the board it
    // was built from: the next rebuild on that side starts from it and adds and removes only the
    // pieces that differ, usually a few, rather than summing every piece again. reset() sets each
    // to the empty board.
    struct alignas(64) RefreshSlot {
        std::int16_t values[MaxHidden];
        Bitboard pieces[2][6];  // by colour and piece type
    };
    void refresh_view_cached(const Network& net, const Position& pos, Color view, Accumulator& acc);
    RefreshSlot refresh_slots_[2][2];  // [view][mirrored]
    // Held in place rather than on the heap: a search thread's stack then lies in the memory of its
    // worker, with the statistics tables.
    std::array<Entry, MAX_PLY + 8> entries_;
    int top_ = 0;
};

}  // namespace sente::nnue
