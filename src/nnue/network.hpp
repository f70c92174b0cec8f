// The network's public face: the forward pass and the net built into the binary. What a net is
// (its shape, weights and accumulators) is nnue/architecture.hpp; its file, nnue/file_format.hpp.
#pragma once

#include <string>

#include "core/position.hpp"
#include "nnue/architecture.hpp"
#include "nnue/file_format.hpp"

namespace sente::nnue {

// The integer forward pass of pos's accumulators: centipawns for the side to move, before tempo.
Value output(const Network& net, const Accumulator& acc, const Position& pos);

// The net built into the binary, and the file name it was built from.
const Network& embedded();
const std::string& embedded_name();

}  // namespace sente::nnue
