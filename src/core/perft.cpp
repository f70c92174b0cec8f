// Perft with bulk counting (the last two plies counted from successors, without making moves), an
// optional lockless table of subtree counts and root-split threads.
#include "core/perft.hpp"

#include <atomic>
#include <memory>
#include <new>
#include <thread>

#include "core/movegen.hpp"

namespace sente {

namespace {

// A table of subtree counts shared by all perft threads without locks. Each entry stores
// (key ^ data, data), so a write torn by another thread fails the key check and reads as a miss.
// data packs the count above the depth: count << 8 | depth.
class PerftTable {
public:
    // As large as `megabytes` allows, halved until the system gives it.
    explicit PerftTable(std::size_t megabytes) {
        std::size_t entries = 1;
        while (entries * 2 * sizeof(Entry) <= megabytes * 1024 * 1024) entries *= 2;
        while (!(entries_ = std::unique_ptr<Entry[]>(new (std::nothrow) Entry[entries])) && entries > 1)
            entries /= 2;
        if (!entries_) throw std::bad_alloc();  // not one entry
        mask_ = entries - 1;
    }

    bool probe(Key key, int depth, std::uint64_t& count) const {
        const Entry& e = entries_[key & mask_];
        std::uint64_t data = e.data.load(std::memory_order_relaxed);
        std::uint64_t check = e.key_xor_data.load(std::memory_order_relaxed);
        if ((check ^ data) != key || int(data & 0xFF) != depth) return false;
        count = data >> 8;
        return true;
    }

    void store(Key key, int depth, std::uint64_t count) {
        Entry& e = entries_[key & mask_];
        std::uint64_t data = count << 8 | std::uint64_t(depth);
        e.key_xor_data.store(key ^ data, std::memory_order_relaxed);
        e.data.store(data, std::memory_order_relaxed);
    }

private:
    struct Entry {
        std::atomic<std::uint64_t> key_xor_data{0};
        std::atomic<std::uint64_t> data{0};
    };
    std::unique_ptr<Entry[]> entries_;
    std::size_t mask_ = 0;
};

std::uint64_t perft_node(Position& pos, int depth, PerftTable* table, const std::atomic<bool>* stop) {
    if (depth <= 1) return depth == 1 ? count_legal_moves(pos) : 1;
    // Looked at above the last two plies only: one load for hundreds of leaves.
    if (stop && depth >= 3 && stop->load(std::memory_order_relaxed)) return 0;

    std::uint64_t nodes = 0;
    if (table && table->probe(pos.key(), depth, nodes)) return nodes;

    MoveList moves;
    generate<GenType::All>(pos, moves);
    if (depth == 2) {
        // The replies are counted from each move's successor, without making the move.
        for (Move m : moves) nodes += count_replies(pos, m);
    } else {
        for (Move m : moves) {
            pos.make_move(m);
            nodes += perft_node(pos, depth - 1, table, stop);
            pos.unmake_move(m);
        }
    }
    // A count cut short by a stop is not stored.
    if (table && !(stop && stop->load(std::memory_order_relaxed))) table->store(pos.key(), depth, nodes);
    return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) { return perft_node(pos, depth, nullptr, nullptr); }

PerftResult perft_divide(const Position& root, const PerftOptions& options) {
    PerftResult result;
    if (options.depth <= 0) {
        result.nodes = 1;
        return result;
    }

    MoveList moves;
    generate<GenType::All>(root, moves);
    for (Move m : moves) result.divide.emplace_back(m, 0);

    std::unique_ptr<PerftTable> table;
    if (options.hash_mb > 0) table = std::make_unique<PerftTable>(options.hash_mb);

    // Threads take root moves one at a time from a shared counter, each on its own copy.
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        Position pos = root;
        for (std::size_t i; (i = next.fetch_add(1)) < result.divide.size();) {
            Move m = result.divide[i].first;
            pos.make_move(m);
            result.divide[i].second = perft_node(pos, options.depth - 1, table.get(), options.stop);
            pos.unmake_move(m);
        }
    };
    int threads = std::max(1, options.threads);
    {
        std::vector<std::jthread> helpers;
        for (int t = 1; t < threads; ++t) helpers.emplace_back(worker);
        worker();
    }
    for (const auto& [move, count] : result.divide) result.nodes += count;
    result.stopped = options.stop && options.stop->load();
    return result;
}

}  // namespace sente
