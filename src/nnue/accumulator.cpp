#include "nnue/accumulator.hpp"

#include <algorithm>

#include "nnue/simd.hpp"

namespace sente::nnue {

namespace {

const std::int16_t* column(const Network& net, Color view, bool flip, Piece p, Square s) {
    return net.column(feature_index(view, p, s, flip));
}

// One view's accumulator from the board.
void refresh_view(const Network& net, const Position& pos, Color view, Accumulator& acc) {
    const bool flip = net.shape.flips(pos.king_square(view));
    acc.flipped[view] = flip;
    with_hidden_size(net.shape.hidden, [&](auto n) {
        // Columns in groups, so that each pass over the accumulator adds several at once.
        const std::int16_t* cols[2];
        int count = 0;
        bool first = true;
        auto flush = [&] {
            simd::update<n>(acc.values[view], first ? net.feature_bias.data() : acc.values[view], cols, count,
                            cols, 0);
            first = false;
            count = 0;
        };
        for (Bitboard b = pos.pieces(); b;) {
            const Square s = pop_lsb(b);
            cols[count++] = column(net, view, flip, pos.piece_on(s), s);
            if (count == 2) flush();
        }
        if (count || first) flush();
    });
}

// The views in `views` (bit c: colour c's view) of the child's accumulator: the parent's with the
// move's changes.
template <int N>
void apply_views(const Network& net, const Accumulator& parent, const Delta& delta, unsigned views,
                 Accumulator& child) {
    for (Color view : {White, Black}) {
        if (!(views & (1u << view))) continue;
        const bool flip = parent.flipped[view];
        child.flipped[view] = flip;
        const std::int16_t* add[2];
        const std::int16_t* sub[2];
        auto col = [&](const Delta::Change& c) {
            return net.feature_weights.data() + std::size_t(feature_index(view, c.piece, c.square, flip)) * N;
        };
        for (int i = 0; i < delta.adds; ++i) add[i] = col(delta.added[i]);
        for (int i = 0; i < delta.removes; ++i) sub[i] = col(delta.removed[i]);
        simd::update<N>(child.values[view], parent.values[view], add, delta.adds, sub, delta.removes);
    }
}

}  // namespace

Delta delta_of(const Position& pos, Move m) {
    Delta d;
    auto remove = [&](Piece p, Square s) { d.removed[d.removes++] = {p, s}; };
    auto add = [&](Piece p, Square s) { d.added[d.adds++] = {p, s}; };
    for_each_piece_change(pos, m, remove, add);
    const Piece king = make_piece(pos.side_to_move(), King);
    if (pos.moved_piece(m) == king) {
        // The king's new square is among the pieces placed (castling places the rook too).
        for (int i = 0; i < d.adds; ++i)
            if (d.added[i].piece == king && (file_of(d.added[i].square) >= 4) != (file_of(m.from()) >= 4))
                d.king_crossed = std::uint8_t(1 << pos.side_to_move());
    }
    return d;
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color view : {White, Black}) refresh_view(net, pos, view, acc);
}

Value evaluate(const Network& net, const Position& pos) {
    Accumulator acc;
    refresh(net, pos, acc);
    return output(net, acc, pos);
}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
    top_ = 0;
    // The slots start as the empty board of this net (which may not be the last search's): the
    // first rebuild on each side then adds every piece, as a rebuild from the board does.
    for (auto& view_slots : refresh_slots_)
        for (RefreshSlot& slot : view_slots) {
            std::copy_n(net.feature_bias.data(), net.shape.hidden, slot.values);
            for (auto& by_type : slot.pieces) std::fill(std::begin(by_type), std::end(by_type), Bitboard(0));
        }
    refresh(net, pos, entries_[0].acc);
    entries_[0].computed[White] = entries_[0].computed[Black] = true;
}

void AccumulatorStack::refresh_view_cached(const Network& net, const Position& pos, Color view,
                                           Accumulator& acc) {
    const bool flip = net.shape.flips(pos.king_square(view));
    RefreshSlot& slot = refresh_slots_[view][flip];
    with_hidden_size(net.shape.hidden, [&](auto n) {
        // Bring the slot to this board, two columns at a time (int16 sums wrap, so the order of the
        // updates cannot change the result).
        const std::int16_t* add[2];
        const std::int16_t* sub[2];
        int adds = 0, subs = 0;
        auto flush = [&] {
            simd::update<n>(slot.values, slot.values, add, adds, sub, subs);
            adds = subs = 0;
        };
        for (Color c : {White, Black})
            for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King}) {
                const Bitboard now = pos.pieces(c, pt), then = slot.pieces[c][pt];
                const Piece piece = make_piece(c, pt);
                for (Bitboard b = now & ~then; b;) {
                    add[adds++] = column(net, view, flip, piece, pop_lsb(b));
                    if (adds == 2) flush();
                }
                for (Bitboard b = then & ~now; b;) {
                    sub[subs++] = column(net, view, flip, piece, pop_lsb(b));
                    if (subs == 2) flush();
                }
                slot.pieces[c][pt] = now;
            }
        if (adds || subs) flush();
        std::copy_n(slot.values, int(n), acc.values[view]);
    });
    acc.flipped[view] = flip;
}

const Accumulator& AccumulatorStack::current(const Network& net, const Position& pos) {
    Entry& top = entries_[top_];
    // For each view not yet computed, walk back to the nearest ply where it is, counting the
    // columns the updates would touch; a refresh touches one column per piece. A move that mirrors
    // the view (its king crossing the d/e line in a mirrored net) cannot be bridged: the view is
    // rebuilt from the board.
    int base[2] = {top_, top_};
    const int refresh_cost = popcount(pos.pieces());
    for (Color view : {White, Black}) {
        if (top.computed[view]) continue;
        const int crossing = net.shape.mirrored ? 1 << view : 0;
        int b = top_, cost = 0;
        while (b > 0 && !entries_[b].computed[view] && cost < refresh_cost) {
            if (entries_[b].delta.king_crossed & crossing) {
                cost = refresh_cost;
                break;
            }
            cost += entries_[b].delta.adds + entries_[b].delta.removes;
            --b;
        }
        if (!entries_[b].computed[view] || cost >= refresh_cost) {
            refresh_view_cached(net, pos, view, top.acc);
            top.computed[view] = true;
        } else {
            base[view] = b;
        }
    }
    // The updates, both views in one pass where both need one.
    const int from = std::min(base[White], base[Black]);
    if (from < top_) {
        with_hidden_size(net.shape.hidden, [&](auto n) {
            for (int i = from + 1; i <= top_; ++i) {
                const unsigned views = (i > base[White] ? 1u : 0u) | (i > base[Black] ? 2u : 0u);
                apply_views<n>(net, entries_[i - 1].acc, entries_[i].delta, views, entries_[i].acc);
                for (Color view : {White, Black})
                    if (views & (1u << view)) entries_[i].computed[view] = true;
            }
        });
    }
    return top.acc;
}

Value AccumulatorStack::evaluate(const Network& net, const Position& pos) {
    return output(net, current(net, pos), pos);
}

}  // namespace sente::nnue
