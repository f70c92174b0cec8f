#include "search/tt.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "search/table_memory.hpp"

namespace sente {

namespace {

constexpr std::size_t Megabyte = 1024 * 1024;

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

std::uint64_t pack(Move move, Value score, Value eval, int stored_depth, Bound bound,
                   std::uint8_t generation) {
    return std::uint64_t(move.raw()) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16
           | std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32
           | std::uint64_t(std::uint8_t(stored_depth)) << 48 | std::uint64_t(bound) << 56
           | std::uint64_t(generation) << 58;
}

Unpacked unpack(std::uint64_t data) {
    return {
        Move::from_raw(std::uint16_t(data)), Value(std::int16_t(data >> 16)), Value(std::int16_t(data >> 32)),
        int(std::uint8_t(data >> 48)),       Bound((data >> 56) & 3),         std::uint8_t(data >> 58)};
}

}  // namespace

TranspositionTable::TranspositionTable(Populate populate)
    : populate_(populate ? populate : table_memory::populate) {}

TranspositionTable::~TranspositionTable() { release(); }

void TranspositionTable::release() {
    stop_backing();
    table_memory::unmap(buckets_, bytes());
    buckets_ = nullptr;
    bucket_count_ = megabytes_ = 0;
    all_backed_ = false;
    backed_.clear();
    refused_ = false;
}

bool TranspositionTable::eager() const { return megabytes_ <= std::size_t(EagerTableMaxMb); }

std::size_t TranspositionTable::resize(std::size_t megabytes, int threads) {
    release();
    generation_ = 0;
    // Memory that cannot be had is refused by the system before a page of it is touched, so each
    // halving costs next to nothing.
    const std::size_t usable = table_memory::usable_mb();
    for (std::size_t mb = std::max<std::size_t>(megabytes, 1); mb >= 1; mb /= 2) {
        if (mb > usable) continue;
        void* memory = table_memory::map_zeroed(mb * Megabyte);
        if (!memory) continue;
        buckets_ = static_cast<Bucket*>(memory);
        bucket_count_ = mb * Megabyte / sizeof(Bucket);
        megabytes_ = mb;
        // Huge pages: fewer TLB misses while searching, and far fewer page faults to back.
        table_memory::advise_huge_pages(memory, bytes());
        if (eager()) {
            zero(0, bucket_count_, threads);  // zero already: writing it backs every page now
            all_backed_ = true;
        } else {
            const std::size_t parts = std::size_t(std::max(1, threads)), huge = table_memory::HugePage;
            part_bytes_ = (bytes() / parts + huge - 1) / huge * huge;
            backed_ = std::vector<std::atomic<std::size_t>>(parts);
            start_backing();
        }
        return mb;
    }
    return 0;
}

TranspositionTable::Range TranspositionTable::part(std::size_t index) const {
    const std::size_t first = std::min(index * part_bytes_, bytes());
    return {first, std::min(first + part_bytes_, bytes())};
}

void TranspositionTable::start_backing(bool wait) {
    std::unique_lock lock(backing_mutex_);
    backers_running_ = backed_.size();
    refused_ = false;
    for (std::size_t i = 0; i < backed_.size(); ++i)
        backers_.emplace_back([this, i](std::stop_token stop) { back_part(stop, i); });
    if (!wait) return;
    // Backing is usually done well within the wait; when the system is slow to find memory the
    // engine answers anyway and the search starts beside the backing threads.
    backing_done_.wait_for(lock, std::chrono::milliseconds(TableBackingWaitMs),
                           [this] { return backers_running_ == 0; });
}

void TranspositionTable::resume_backing() {
    if (buckets_ && !eager() && backers_.empty() && !all_backed_.load(std::memory_order_relaxed))
        start_backing(false);
}

// Every backing thread is asked to stop before any is joined, so that they finish their chunks
// side by side rather than one after another.
void TranspositionTable::stop_backing() {
    for (std::jthread& backer : backers_) backer.request_stop();
    backers_.clear();  // joins each
}

void TranspositionTable::back_part(const std::stop_token& stop, std::size_t index) {
    constexpr std::size_t Chunk = std::size_t(TableBackingChunkMb) * Megabyte;
    const Range range = part(index);
    auto* base = reinterpret_cast<unsigned char*>(buckets_);
    for (std::size_t at = range.first + backed_[index]; at < range.last && !stop.stop_requested();
         at += Chunk) {
        const std::size_t length = std::min(Chunk, range.last - at);
        if (!populate_(base + at, length)) {  // the search makes do with less, and the user is told
            refused_ = true;
            break;
        }
        backed_[index].store(at + length - range.first, std::memory_order_release);
    }
    std::lock_guard lock(backing_mutex_);
    if (--backers_running_ > 0) return;
    bool all = true;
    for (std::size_t i = 0; i < backed_.size(); ++i) all = all && backed_[i] == part(i).last - part(i).first;
    all_backed_ = all;
    backing_done_.notify_all();
}

std::optional<std::size_t> TranspositionTable::take_refusal() {
    // Once every backing thread has ended: one figure for the whole refusal, not one a thread.
    std::lock_guard lock(backing_mutex_);
    if (backers_running_ > 0 || !refused_.exchange(false)) return std::nullopt;
    std::size_t bytes = 0;
    for (const auto& backed : backed_) bytes += backed.load(std::memory_order_relaxed);
    return bytes / Megabyte;
}

void TranspositionTable::clear(int threads) {
    if (!buckets_) return;
    generation_ = 0;
    if (eager()) {
        zero(0, bucket_count_, threads);
        return;
    }
    // Only the backed part of each part can hold entries: the search never writes beyond it, and
    // backing changes no byte, so the rest is still the system's zero.
    stop_backing();
    all_backed_ = false;
    auto* base = reinterpret_cast<unsigned char*>(buckets_);
    auto clear_part = [&](std::size_t i) {
        std::memset(base + part(i).first, 0, backed_[i].load(std::memory_order_relaxed));
    };
    {
        std::vector<std::jthread> helpers;
        for (std::size_t i = 1; i < backed_.size(); ++i) helpers.emplace_back(clear_part, i);
        clear_part(0);
    }
    start_backing();
}

void TranspositionTable::zero(std::size_t first, std::size_t last, int threads) {
    if (first >= last) return;
    threads = std::max(1, threads);
    const std::size_t per_thread = (last - first + std::size_t(threads) - 1) / std::size_t(threads);
    auto zero_part = [&](std::size_t t) {
        std::size_t from = first + t * per_thread, to = std::min(last, from + per_thread);
        if (from < to) std::memset(static_cast<void*>(buckets_ + from), 0, (to - from) * sizeof(Bucket));
    };
    std::vector<std::jthread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back(zero_part, std::size_t(t));
    zero_part(0);
}

std::optional<TTData> TranspositionTable::probe(Key key, int ply, int rule50) const {
    if (!buckets_) return std::nullopt;
    const std::size_t i = index(key);
    if (!usable(i)) return std::nullopt;
    const Bucket& bucket = buckets_[i];
    for (const Entry& e : bucket.entries) {
        std::uint64_t data = load(e.data);
        if ((load(e.key_xor_data) ^ data) != key) continue;
        Unpacked u = unpack(data);
        if (u.bound == BoundNone) continue;
        return TTData{u.move, score_from_tt(u.score, ply, rule50), u.eval, u.depth - DepthOffset, u.bound};
    }
    return std::nullopt;
}

void TranspositionTable::store(Key key, int ply, Value score, Value eval, Bound bound, int depth, Move move) {
    if (!buckets_) return;
    const std::size_t i = index(key);
    if (!usable(i)) return;
    Bucket& bucket = buckets_[i];

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
        if (bound != BoundExact && depth + DepthOffset + 3 < previous.depth
            && previous.generation == generation_)
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
