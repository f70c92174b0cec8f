#include "nnue/network.hpp"

#include "nnue/simd.hpp"

namespace sente::nnue {

Value output(const Network& net, const Accumulator& acc, const Position& pos) {
    const Shape& s = net.shape;
    const Color us = pos.side_to_move();
    const std::size_t bucket =
        s.output_buckets == 1 ? 0 : std::size_t(s.output_bucket(popcount(pos.pieces())));
    const std::int16_t* weights = net.output_weights.data() + bucket * 2 * std::size_t(s.hidden);
    const std::int64_t sum = with_hidden_size(s.hidden, [&](auto n) {
        return std::int64_t(simd::screlu_dot<n>(acc.values[us], weights, QA))
               + simd::screlu_dot<n>(acc.values[~us], weights + s.hidden, QA);
    });
    return Value((sum + net.output_bias[bucket]) * OutputScale / OutputUnit);
}

}  // namespace sente::nnue
