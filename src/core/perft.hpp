// Perft: counts the leaf nodes of the legal move tree, to check and time move generation.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/position.hpp"

namespace sente {

// Single-threaded perft. The last two plies are counted in bulk from successors, without making
// the moves.
std::uint64_t perft(Position& pos, int depth);

struct PerftOptions {
    int depth = 1;
    int threads = 1;          // root moves are shared out among this many threads
    std::size_t hash_mb = 0;  // 0: no table; otherwise a shared table of subtree counts
    // Set by another thread to end the count early (UCI's stop); then the result is incomplete.
    const std::atomic<bool>* stop = nullptr;
};

struct PerftResult {
    std::uint64_t nodes = 0;
    // Each root move with its subtree count, in generation order.
    std::vector<std::pair<Move, std::uint64_t>> divide;
    bool stopped = false;  // ended by options.stop: the counts are short
};

PerftResult perft_divide(const Position& pos, const PerftOptions& options);

}  // namespace sente
