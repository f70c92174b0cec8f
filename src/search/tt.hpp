// The transposition table: lockless in Hyatt's sense, so search threads share it without locks.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

#include "core/types.hpp"

namespace sente {

enum Bound : std::uint8_t { BoundNone = 0, BoundUpper = 1, BoundLower = 2, BoundExact = 3 };

// Whether an entry's score, with its bound, may stand for the true score where the question is
// how it compares with `value` (beta for a cutoff, the static evaluation for a better guess): a
// lower bound at or above the value, or an upper bound below it, says on which side it lies.
constexpr bool bound_decides(Bound bound, Value tt_score, Value value) {
    return bound & (tt_score >= value ? BoundLower : BoundUpper);
}

// What a probe returns: a copy, never a pointer into the table.
struct TTData {
    Move move;
    Value score;  // already converted back to "mate from the root" by the caller
    Value eval;
    int depth;
    Bound bound;
};

// Mate and tablebase scores are stored relative to the node (a mate in 3 from here is the same
// fact wherever the node sits in the tree) and converted back to relative-to-root on probe.
constexpr Value score_to_tt(Value v, int ply) {
    return v >= VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v <= -VALUE_TB_WIN_IN_MAX_PLY ? v - ply : v;
}
// The key holds no fifty-move count, so a mate (or a table's win) stored where the count was low may
// lie beyond the half-moves left here, where the game is drawn first (a mate on the 100th half-move
// still counts). Such a score says nothing of this node: it comes back as VALUE_NONE, which no
// cutoff or bound takes, and the search finds what the count allows.
constexpr Value score_from_tt(Value v, int ply, int rule50) {
    if (v == VALUE_NONE || !is_decisive(v)) return v;
    const int distance = v > 0 ? (v >= VALUE_MATE_IN_MAX_PLY ? VALUE_MATE : VALUE_TB_WIN) - v
                               : v - (v <= -VALUE_MATE_IN_MAX_PLY ? -VALUE_MATE : -VALUE_TB_WIN);
    if (distance > 100 - rule50) return VALUE_NONE;
    return v > 0 ? v - ply : v + ply;
}

class TranspositionTable {
public:
    // Depths are stored with this offset so that quiescence entries (depth 0 and below) fit a byte.
    static constexpr int DepthOffset = 8;

    // Memory. Tables up to this size are written through when allocated and when cleared, as all
    // tables were: quick at this size, and the search never finds a page unbacked.
    static constexpr int EagerTableMaxMb = 256;
    // A larger table is backed by memory in the background, one part per thread; resize and clear
    // wait at most this long for it before the engine answers again. Backing is quick when the
    // system has free memory at hand and can take tens of seconds when it has not (a virtual machine
    // whose host must back the memory first); the search then simply starts beside it.
    static constexpr int TableBackingWaitMs = 1000;
    // The backing threads look for a stop request after each chunk of this size: one huge page, so
    // that a pause (a change of Threads) waits for one page fault, not for dozens.
    static constexpr int TableBackingChunkMb = 2;

    // How a large table's pages are backed (table_memory::populate; a test may refuse memory).
    using Populate = bool (*)(void* memory, std::size_t bytes);

    explicit TranspositionTable(Populate populate = nullptr);
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Allocates megabytes of table, or less (halving) where that much cannot be had or exceeds
    // half of what the process may use; returns the size in MB allocated. The table is empty: the
    // system's memory is zero when new. A table of up to EagerTableMaxMb is backed at once; a larger
    // one is backed by `threads` background threads, waited for at most TableBackingWaitMs.
    std::size_t resize(std::size_t megabytes, int threads = 1);
    // Zeroes the table, split over `threads` threads; a large table zeroes only what is backed (the
    // rest is still zero), one thread a part, and goes on backing.
    void clear(int threads = 1);
    // Starts a new search: entries from older searches become preferred victims.
    void new_search() { generation_ = std::uint8_t((generation_ + 1) & GenerationMask); }

    // The entry of `key` at a node `ply` from the root whose fifty-move count is `rule50`.
    std::optional<TTData> probe(Key key, int ply, int rule50 = 0) const;
    void store(Key key, int ply, Value score, Value eval, Bound bound, int depth, Move move);
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }

    // Permille of a sample of entries written during the current search.
    int hashfull() const;
    std::size_t megabytes() const { return megabytes_; }
    // Whether every page of the table is backed; until then the search uses only the backed part.
    bool backed() const { return all_backed_.load(std::memory_order_relaxed); }
    // Holds the backing of a large table between a pause and a resume, for work that maps memory
    // (starting threads): each backing thread holds the process's memory map for reading while it
    // backs a chunk, and every mapping waits for it, so hundreds of them queue up for seconds.
    // No search may run meanwhile. A resume goes on where the pause left off, without waiting.
    void pause_backing() { stop_backing(); }
    void resume_backing();
    // When the system has refused memory to back the table since the last call (the search then
    // uses the part backed before, until a resize, a clear or a resume tries again): the MB
    // backed, once for each refusal, when every backing thread has ended.
    std::optional<std::size_t> take_refusal();

private:
    // One entry is two 64-bit words, key ^ data and data, read and written as relaxed atomics.
    // A probe accepts an entry only when word0 ^ word1 == key, so a write torn by another thread
    // reads as a miss rather than as another position's move. data, bit by bit:
    //   0-15  move          16-31 score (int16)   32-47 static eval (int16)
    //   48-55 depth + DepthOffset                 56-57 bound        58-63 generation
    struct Entry {
        std::uint64_t key_xor_data;
        std::uint64_t data;
    };
    static constexpr int EntriesPerBucket = 4;
    struct alignas(64) Bucket {
        Entry entries[EntriesPerBucket];
    };
    static_assert(sizeof(Entry) == 16);
    static_assert(sizeof(Bucket) == 64, "a bucket is one cache line");
    static constexpr std::uint8_t GenerationMask = 63;

    // The high half of key * bucket_count: a uniform bucket without a division.
    std::size_t index(Key key) const {
        __extension__ using Wide = unsigned __int128;
        return std::size_t((Wide(key) * bucket_count_) >> 64);
    }

    void release();
    bool eager() const;
    std::size_t bytes() const { return megabytes_ * 1024 * 1024; }
    // Zeroes the buckets in [first, last), split over `threads` threads.
    void zero(std::size_t first, std::size_t last, int threads);

    // A large table is backed in parts, one thread each, from the start of each part on; a search
    // may run meanwhile, since backing changes no entry.
    struct Range {
        std::size_t first, last;  // bytes
    };
    Range part(std::size_t index) const;
    // Whether a bucket's memory is backed: the search leaves the rest alone while backing goes on,
    // so that it never waits on a page fault, however slow the system is to find memory.
    bool usable(std::size_t bucket) const {
        if (all_backed_.load(std::memory_order_relaxed)) [[likely]]
            return true;
        const std::size_t offset = bucket * sizeof(Bucket), p = offset / part_bytes_;
        return offset - p * part_bytes_ < backed_[p].load(std::memory_order_acquire);
    }
    void start_backing(bool wait = true);  // waits at most TableBackingWaitMs
    void stop_backing();
    void back_part(const std::stop_token& stop, std::size_t index);

    Populate populate_;
    Bucket* buckets_ = nullptr;
    std::size_t bucket_count_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
    std::atomic<bool> all_backed_{false};
    std::size_t part_bytes_ = 0;
    std::vector<std::atomic<std::size_t>> backed_;  // per part: bytes backed from its start
    std::vector<std::jthread> backers_;
    std::mutex backing_mutex_;
    std::condition_variable backing_done_;
    std::size_t backers_running_ = 0;
    std::atomic<bool> refused_{false};
};

}  // namespace sente
