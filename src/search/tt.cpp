#include "search/tt.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#ifdef _WIN32
#define NOMINMAX
#define WIN32_LEAN_AND_MEAN
#include <malloc.h>
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace sente {

namespace {

std::size_t physical_memory_bytes() {
#ifdef _WIN32
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    return GlobalMemoryStatusEx(&status) ? std::size_t(status.ullTotalPhys) : 0;
#else
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page_size > 0 ? std::size_t(pages) * std::size_t(page_size) : 0;
#endif
}

// A table larger than half the machine's memory would only swap: such requests get less.
std::size_t memory_cap_mb() {
    const std::size_t bytes = physical_memory_bytes();
    if (bytes == 0) return std::size_t(-1);
    return std::max<std::size_t>(1, bytes / 2 / (1024 * 1024));
}

// Memory aligned to `alignment` (a power of two that divides `bytes`); Windows' C library has no
// aligned_alloc, and memory from its _aligned_malloc must go back through _aligned_free.
void* allocate_aligned(std::size_t alignment, std::size_t bytes) {
#ifdef _WIN32
    return _aligned_malloc(bytes, alignment);
#else
    return std::aligned_alloc(alignment, bytes);
#endif
}
void free_aligned(void* memory) {
#ifdef _WIN32
    _aligned_free(memory);
#else
    std::free(memory);
#endif
}

std::uint64_t load(const std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
}
void save(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
}

struct Unpacked {
    Move move;
    Value score, eval;
    int depth;
    Bound bound;
    std::uint8_t generation;
};

std::uint64_t pack(Move move, Value score, Value eval, int stored_depth, Bound bound, std::uint8_t generation) {
    return std::uint64_t(move.raw()) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16
         | std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32 | std::uint64_t(std::uint8_t(stored_depth)) << 48
         | std::uint64_t(bound) << 56 | std::uint64_t(generation) << 58;
}

Unpacked unpack(std::uint64_t data) {
    return {Move::from_raw(std::uint16_t(data)), Value(std::int16_t(data >> 16)), Value(std::int16_t(data >> 32)),
            int(std::uint8_t(data >> 48)), Bound((data >> 56) & 3), std::uint8_t(data >> 58)};
}

}  // namespace

TranspositionTable::~TranspositionTable() { free_aligned(buckets_); }

std::size_t TranspositionTable::resize(std::size_t megabytes, int threads) {
    free_aligned(buckets_);
    buckets_ = nullptr;
    // Tables of whole 2 MB pages, aligned to them, so that the kernel can back them with huge pages:
    // far fewer page faults while clearing, and fewer TLB misses while searching.
    constexpr std::size_t HugePage = 2 * 1024 * 1024;
    for (std::size_t mb = std::max<std::size_t>(megabytes, 1); mb >= 1; mb /= 2) {
        if (mb > memory_cap_mb()) continue;
        const std::size_t bytes = mb * 1024 * 1024;
        const bool huge = bytes % HugePage == 0;
        buckets_ = static_cast<Bucket*>(allocate_aligned(huge ? HugePage : alignof(Bucket), bytes));
        if (buckets_) {
#ifdef MADV_HUGEPAGE
            if (huge) madvise(buckets_, bytes, MADV_HUGEPAGE);  // advice only: ignored where unsupported
#endif
            bucket_count_ = bytes / sizeof(Bucket);
            megabytes_ = mb;
            clear(threads);
            return mb;
        }
    }
    bucket_count_ = megabytes_ = 0;
    return 0;
}

void TranspositionTable::clear(int threads) {
    if (!buckets_) return;
    threads = std::max(1, threads);
    std::size_t per_thread = (bucket_count_ + std::size_t(threads) - 1) / std::size_t(threads);
    auto zero = [&](std::size_t t) {
        std::size_t first = t * per_thread, last = std::min(bucket_count_, first + per_thread);
        if (first < last) std::memset(static_cast<void*>(buckets_ + first), 0, (last - first) * sizeof(Bucket));
    };
    std::vector<std::jthread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back(zero, std::size_t(t));
    zero(0);
    generation_ = 0;
}

std::optional<TTData> TranspositionTable::probe(Key key, int ply) const {
    if (!buckets_) return std::nullopt;
    const Bucket& bucket = buckets_[index(key)];
    for (const Entry& e : bucket.entries) {
        std::uint64_t data = load(e.data);
        if ((load(e.key_xor_data) ^ data) != key) continue;
        Unpacked u = unpack(data);
        if (u.bound == BoundNone) continue;
        return TTData{u.move, u.score == VALUE_NONE ? VALUE_NONE : score_from_tt(u.score, ply), u.eval,
                      u.depth - DepthOffset, u.bound};
    }
    return std::nullopt;
}

void TranspositionTable::store(Key key, int ply, Value score, Value eval, Bound bound, int depth, Move move) {
    if (!buckets_) return;
    Bucket& bucket = buckets_[index(key)];

    // The entry for the same position if there is one; otherwise the least valuable entry:
    // shallow, and written by an older search.
    Entry* target = nullptr;
    int worst = 1 << 30;
    for (Entry& e : bucket.entries) {
        std::uint64_t data = load(e.data);
        if ((load(e.key_xor_data) ^ data) == key) {
            target = &e;
            break;
        }
        Unpacked u = unpack(data);
        int age = (generation_ - u.generation) & GenerationMask;
        int value = u.bound == BoundNone ? -(1 << 20) : u.depth - 8 * age;
        if (value < worst) {
            worst = value;
            target = &e;
        }
    }

    std::uint64_t old = load(target->data);
    Unpacked previous = unpack(old);
    bool same = (load(target->key_xor_data) ^ old) == key;
    if (same) {
        // Keep a deeper result for the same position unless the new one is exact.
        if (bound != BoundExact && depth + DepthOffset + 3 < previous.depth && previous.generation == generation_)
            return;
        if (move == Move::none()) move = previous.move;  // keep the best move we knew
    }
    int stored_depth = std::clamp(depth + DepthOffset, 0, 255);
    Value stored_score = score == VALUE_NONE ? VALUE_NONE : score_to_tt(score, ply);
    std::uint64_t data = pack(move, stored_score, eval, stored_depth, bound, generation_);
    save(target->key_xor_data, key ^ data);
    save(target->data, data);
}

int TranspositionTable::hashfull() const {
    if (!buckets_) return 0;
    constexpr std::size_t SampleBuckets = 250;
    std::size_t sampled = std::min(SampleBuckets, bucket_count_);
    int used = 0;
    for (std::size_t i = 0; i < sampled; ++i)
        for (const Entry& e : buckets_[i].entries) {
            Unpacked u = unpack(load(e.data));
            if (u.bound != BoundNone && u.generation == generation_) ++used;
        }
    return int(used * 1000 / (sampled * EntriesPerBucket));
}

}  // namespace sente
