// splitmix64: a small random generator of our own, so that a seed gives the same numbers with
// every compiler and library. It fills the Zobrist keys and picks datagen's and genfens' openings.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sente {

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return std::size_t(next() % n); }
};

}  // namespace sente
