// The hash table's memory: what it asks of the system, and that a table of any size reads as empty
// until written, however it got its pages.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <cstring>

#include "search/params.hpp"
#include "search/table_memory.hpp"
#include "search/tt.hpp"

using namespace sente;
using table_memory::HugePages;

namespace {

constexpr std::size_t GiB = std::size_t(1) << 30;

// Keys spread over the whole table (the bucket is the high half of key * buckets).
Key spread_key(int i, int count) { return Key(i) * (~Key(0) / Key(count)) + Key(i) * 7 + 1; }

}  // namespace

TEST_CASE("Table memory: huge pages are asked for only where a page fault cannot compact memory", "[tt]") {
    const char* madvise_enabled = "always [madvise] never";
    const char* always_enabled = "[always] madvise never";
    const char* never_enabled = "always madvise [never]";
    // The kernel's defaults on Debian and Ubuntu: advice makes a fault compact; without it, no THP.
    CHECK(table_memory::stall_free_huge_pages(madvise_enabled, "always defer defer+madvise [madvise] never\n") ==
          HugePages::Leave);
    CHECK(table_memory::stall_free_huge_pages(always_enabled, "always defer [defer+madvise] madvise never") ==
          HugePages::Leave);
    // Faults that only wake the background compactor: advice costs nothing.
    CHECK(table_memory::stall_free_huge_pages(madvise_enabled, "always [defer] defer+madvise madvise never") ==
          HugePages::Ask);
    CHECK(table_memory::stall_free_huge_pages(always_enabled, "always defer defer+madvise madvise [never]") ==
          HugePages::Ask);
    // Every fault compacts: only refusing huge pages keeps the search from waiting on one.
    CHECK(table_memory::stall_free_huge_pages(always_enabled, "[always] defer defer+madvise madvise never") ==
          HugePages::Refuse);
    CHECK(table_memory::stall_free_huge_pages(madvise_enabled, "[always] defer defer+madvise madvise never") ==
          HugePages::Leave);
    CHECK(table_memory::stall_free_huge_pages(never_enabled, "[always] defer defer+madvise madvise never") ==
          HugePages::Leave);
    // No such settings (another system, or no THP in the kernel).
    CHECK(table_memory::stall_free_huge_pages("", "") == HugePages::Leave);
}

TEST_CASE("Table memory: at most half of the least of physical memory and the process limits", "[tt]") {
    CHECK(table_memory::usable_mb(24 * GiB, std::nullopt, std::nullopt) == 12 * 1024);
    CHECK(table_memory::usable_mb(24 * GiB, 4 * GiB, std::nullopt) == 2 * 1024);
    CHECK(table_memory::usable_mb(24 * GiB, 4 * GiB, GiB) == 512);
    CHECK(table_memory::usable_mb(std::nullopt, std::nullopt, 6 * GiB) == 3 * 1024);
    CHECK(table_memory::usable_mb(1024, std::nullopt, std::nullopt) == 1);
    CHECK(table_memory::usable_mb(std::nullopt, std::nullopt, std::nullopt) == std::size_t(-1));
}

TEST_CASE("Table memory: zero from the system, huge-page aligned, and zero again once discarded", "[tt]") {
    constexpr std::size_t bytes = 8 * table_memory::HugePage;
    auto* memory = static_cast<unsigned char*>(table_memory::map_zeroed(bytes));
    REQUIRE(memory);
    CHECK(reinterpret_cast<std::uintptr_t>(memory) % table_memory::HugePage == 0);
    bool zero = true;
    for (std::size_t i = 0; i < bytes; i += 4093) zero = zero && memory[i] == 0;
    CHECK(zero);
    std::memset(memory, 0xA5, bytes);
    if (table_memory::discard(memory, bytes)) {
        zero = true;
        for (std::size_t i = 0; i < bytes; i += 4093) zero = zero && memory[i] == 0;
        CHECK(zero);
    }
    table_memory::unmap(memory, bytes);

    // Sizes that are not whole huge pages are granted too.
    void* small = table_memory::map_zeroed(64 * 1024);
    CHECK(small);
    table_memory::unmap(small, 64 * 1024);
}

TEST_CASE("TT: a table too large to write through at once is empty, keeps entries, and empties on clear", "[tt]") {
    const std::size_t mb = std::size_t(search_params::EagerTableMaxMb) * 2;
    TranspositionTable tt;
    REQUIRE(tt.resize(4, 2) == 4);
    constexpr int Count = 2000;
    for (int i = 0; i < Count; ++i) tt.store(spread_key(i, Count), 0, 10, 10, BoundExact, 5, Move(E2, E4));
    // A new size starts empty, whatever the old table held.
    REQUIRE(tt.resize(mb, 2) == mb);
    CHECK(tt.hashfull() == 0);
    int found = 0;
    for (int i = 0; i < Count; ++i) found += tt.probe(spread_key(i, Count), 0).has_value();
    CHECK(found == 0);

    for (int i = 0; i < Count; ++i) tt.store(spread_key(i, Count), 0, Value(i % 500), 10, BoundLower, 6, Move(G1, F3));
    found = 0;
    for (int i = 0; i < Count; ++i) {
        auto e = tt.probe(spread_key(i, Count), 0);
        found += e && e->score == Value(i % 500) && e->move == Move(G1, F3) && e->depth == 6;
    }
    CHECK(found == Count);

    tt.clear(2);
    found = 0;
    for (int i = 0; i < Count; ++i) found += tt.probe(spread_key(i, Count), 0).has_value();
    CHECK(found == 0);
    tt.store(spread_key(1, Count), 0, 33, 10, BoundUpper, 4, Move::none());
    REQUIRE(tt.probe(spread_key(1, Count), 0));
    CHECK(tt.probe(spread_key(1, Count), 0)->score == 33);
}

TEST_CASE("TT: a size that cannot be had falls back at once to one that can", "[tt]") {
    TranspositionTable tt;
    const auto start = std::chrono::steady_clock::now();
    // A petabyte: more than any machine here has, and more than half of any machine's memory.
    const std::size_t got = tt.resize(std::size_t(1) << 30, 2);
    const auto waited = std::chrono::steady_clock::now() - start;
    CHECK(got >= 1);
    CHECK(got <= table_memory::usable_mb());
    CHECK(tt.megabytes() == got);
    // Nothing of the table is touched before a search writes it: no wait for gigabytes of faults.
    CHECK(waited < std::chrono::seconds(2));
    tt.store(99, 0, 7, 7, BoundExact, 3, Move(D2, D4));
    REQUIRE(tt.probe(99, 0));
    CHECK(tt.probe(99, 0)->move == Move(D2, D4));
}
