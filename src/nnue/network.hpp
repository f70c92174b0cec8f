// The network: (768 -> N) x 2 -> 1 with a squared clipped ReLU, its quantised weights, the file
// format they travel in, and the integer forward pass.
//
// Inputs are the 768 piece-square features (2 colours x 6 piece types x 64 squares) seen from each
// side: from Black's side the board is mirrored vertically and the colours swap, so both views
// describe "my pieces" and "their pieces". Each view sums the columns of its active features into
// an accumulator of N values; the side to move's accumulator comes first into the output layer.
//
// Quantisation (float weight w, integer weight q):
//   feature weights and biases   q = round(w * QA), int16, so a hidden value h is in units of 1/QA
//   output weights               q = round(w * QB), int16
//   output bias                  q = round(w * OutputUnit), int32
// The activation of h is clamp(h, 0, QA)^2 / 256, rounded: the float activation clamp(x, 0, 1)^2
// in units of 256 / QA^2, to 8 bits. Then
//   eval = (sum of activation * output weight + output bias) * OutputScale / OutputUnit
// with OutputUnit = QA^2 * QB / 256 is the float network's output times OutputScale: centipawns.
// Every product and sum is exact in 32 bits. Float weights are held to +-WeightLimit in training,
// so that 32 features plus the bias stay far inside int16.
//
// File format (little-endian):
//   offset  size        field
//   0       4           magic "SNNU"
//   4       4           format version (1)
//   8       4           architecture (1: 768 -> N x 2 -> 1, squared clipped ReLU)
//   12      4           N, the hidden size
//   16      4           QA
//   20      4           QB (the activation's shift, 8, is part of the architecture)
//   24      4           OutputScale
//   28      4           reserved, 0
//   32      768 * N * 2 feature weights, int16, feature by feature (a feature's N weights together)
//   ...     N * 2       feature biases, int16
//   ...     2 N * 2     output weights, int16: N for the side to move, then N for the other side
//   ...     4           output bias, int32
//   ...     8           FNV-1a 64-bit checksum of every byte before it
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace sente::nnue {

constexpr int Inputs = 768;
constexpr int HiddenSize = 128;
constexpr int QA = 255;
constexpr int QB = 1024;
constexpr int ActivationShift = 8;
constexpr std::int64_t OutputUnit = std::int64_t(QA) * QA * QB >> ActivationShift;
static_assert(QB % (1 << ActivationShift) == 0, "OutputUnit must be a whole number");
constexpr int OutputScale = 400;
// The float limit of every weight.
constexpr double WeightLimit = 1.98;

constexpr std::uint32_t FormatVersion = 1;
constexpr std::uint32_t ArchitectureScrelu = 1;
constexpr std::size_t HeaderBytes = 32;
constexpr std::size_t FileBytes =
    HeaderBytes + 2 * std::size_t(Inputs) * HiddenSize + 2 * HiddenSize + 2 * 2 * HiddenSize + 4 + 8;

// The feature of piece p on square s as seen by `view`: own pieces first, squares from the
// viewer's side of the board.
constexpr int feature_index(Color view, Piece p, Square s) {
    const int own = color_of(p) == view ? 0 : 1;
    const int sq = view == White ? int(s) : int(s) ^ 56;
    return (own * 6 + int(type_of(p))) * 64 + sq;
}

struct alignas(64) Network {
    std::int16_t feature_weights[Inputs * HiddenSize];
    std::int16_t feature_bias[HiddenSize];
    std::int16_t output_weights[2 * HiddenSize];
    std::int32_t output_bias;

    // Columns of the weights are read all over at every evaluation: on a huge page where the
    // system has them, so that they cost fewer TLB misses.
    static void* operator new(std::size_t bytes);
    static void operator delete(void* memory, std::size_t bytes);
};

// The hidden values of both views, in units of 1/QA.
struct alignas(64) Accumulator {
    std::int16_t values[2][HiddenSize];  // indexed by view (White, Black)
};

// Reads a net file; on any problem (size, magic, version, architecture, constants, checksum) says
// what, and gives nothing.
struct LoadResult {
    std::unique_ptr<Network> net;
    std::string error;
};
LoadResult load(std::span<const unsigned char> bytes);
LoadResult load_file(const std::string& path);
// The bytes of a net file for these weights.
std::vector<unsigned char> encode(const Network& net);

// The FNV-1a 64-bit checksum the file format uses.
std::uint64_t fnv1a64(std::span<const unsigned char> bytes);

// The integer forward pass: centipawns for the side to move, before tempo.
Value output(const Network& net, const Accumulator& acc, Color side_to_move);

// The net built into the binary, and the file name it was built from.
const Network& embedded();
const std::string& embedded_name();

}  // namespace sente::nnue
