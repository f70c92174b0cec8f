#include "nnue/accumulator.hpp"

#include "nnue/simd.hpp"

namespace sente::nnue {

namespace {

const std::int16_t* column(const Network& net, Color view, Piece p, Square s) {
    return net.feature_weights + std::size_t(feature_index(view, p, s)) * HiddenSize;
}

}  // namespace

Delta delta_of(const Position& pos, Move m) {
    Delta d;
    auto remove = [&](Piece p, Square s) { d.removed[d.removes++] = {p, s}; };
    auto add = [&](Piece p, Square s) { d.added[d.adds++] = {p, s}; };
    for_each_piece_change(pos, m, remove, add);
    return d;
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color view : {White, Black}) {
        // Columns in groups, so that each pass over the accumulator adds several at once.
        const std::int16_t* cols[2];
        int count = 0;
        bool first = true;
        auto flush = [&] {
            simd::update<HiddenSize>(acc.values[view], first ? net.feature_bias : acc.values[view], cols,
                                     count, nullptr, 0);
            first = false;
            count = 0;
        };
        for (Bitboard b = pos.pieces(); b;) {
            const Square s = pop_lsb(b);
            cols[count++] = column(net, view, pos.piece_on(s), s);
            if (count == 2) flush();
        }
        if (count || first) flush();
    }
}

void apply(const Network& net, const Accumulator& parent, const Delta& delta, Accumulator& child) {
    for (Color view : {White, Black}) {
        const std::int16_t* add[2];
        const std::int16_t* sub[2];
        for (int i = 0; i < delta.adds; ++i)
            add[i] = column(net, view, delta.added[i].piece, delta.added[i].square);
        for (int i = 0; i < delta.removes; ++i)
            sub[i] = column(net, view, delta.removed[i].piece, delta.removed[i].square);
        simd::update<HiddenSize>(child.values[view], parent.values[view], add, delta.adds, sub,
                                 delta.removes);
    }
}

Value evaluate(const Network& net, const Position& pos) {
    Accumulator acc;
    refresh(net, pos, acc);
    return output(net, acc, pos.side_to_move());
}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
    top_ = 0;
    refresh(net, pos, entries_[0].acc);
    entries_[0].computed = true;
}

const Accumulator& AccumulatorStack::current(const Network& net, const Position& pos) {
    Entry& top = entries_[top_];
    if (top.computed) return top.acc;
    // Walk back to the nearest computed ply, counting the columns the updates would touch; a
    // refresh touches one column per piece.
    int base = top_, cost = 0;
    const int refresh_cost = popcount(pos.pieces());
    while (base > 0 && !entries_[base].computed && cost < refresh_cost) {
        cost += entries_[base].delta.adds + entries_[base].delta.removes;
        --base;
    }
    if (!entries_[base].computed || cost >= refresh_cost) {
        refresh(net, pos, top.acc);
    } else {
        for (int i = base + 1; i <= top_; ++i) {
            apply(net, entries_[i - 1].acc, entries_[i].delta, entries_[i].acc);
            entries_[i].computed = true;
        }
    }
    top.computed = true;
    return top.acc;
}

Value AccumulatorStack::evaluate(const Network& net, const Position& pos) {
    return output(net, current(net, pos), pos.side_to_move());
}

}  // namespace sente::nnue
