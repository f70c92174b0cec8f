// The net file: what travels between sente-train, the repository and the engine.
//
// File format (little-endian):
//   offset  size        field
//   0       4           magic "SNNU"
//   4       4           format version (1)
//   8       4           architecture: 1 = (768 -> N) x 2 -> 1, squared clipped ReLU;
//                       2 = the same with each view mirrored across the d/e files by its king's
//                           file, and output buckets by the number of pieces
//   12      4           N, the hidden size
//   16      4           QA
//   20      4           QB (the activation's shift, 8, is part of the architecture)
//   24      4           OutputScale
//   28      4           architecture 1: 0; architecture 2: B, the output buckets (1 to 8)
//   32      768 * N * 2 feature weights, int16, feature by feature (a feature's N weights together)
//   ...     N * 2       feature biases, int16
//   ...     B 2N * 2    output weights, int16, bucket by bucket: N for the side to move, then N for
//                       the other side
//   ...     B * 4       output biases, int32
//   ...     8           FNV-1a 64-bit checksum of every byte before it
// (Architecture 1 has one bucket.) The constants of nnue/architecture.hpp must match the header's.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "nnue/architecture.hpp"

namespace sente::nnue {

constexpr std::uint32_t FormatVersion = 1;
constexpr std::uint32_t ArchitecturePlain = 1;
constexpr std::uint32_t ArchitectureMirroredBuckets = 2;
constexpr std::size_t HeaderBytes = 32;

// The size of the file of a net of this shape.
constexpr std::size_t file_bytes(Shape s) {
    const std::size_t n = std::size_t(s.hidden), b = std::size_t(s.output_buckets);
    return HeaderBytes + 2 * std::size_t(Inputs) * n + 2 * n + 2 * 2 * n * b + 4 * b + 8;
}
// The largest file any net this build reads can have.
constexpr std::size_t MaxFileBytes = file_bytes({true, MaxHidden, MaxOutputBuckets});

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

// A net's shape in words, for messages: "768 -> 256 mirrored, 8 output buckets".
std::string describe(Shape s);

}  // namespace sente::nnue
