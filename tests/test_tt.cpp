// The hash table's memory: what it asks of the system, and that a table of any size reads as empty
// until written, however it got its pages.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine.hpp"
#include "search/table_memory.hpp"
#include "search/tt.hpp"

#include "in_process_uci.hpp"
#include "skip.hpp"

using namespace sente;

namespace {

constexpr std::size_t GiB = std::size_t(1) << 30;

// Keys spread over the whole table (the bucket is the high half of key * buckets).
Key spread_key(int i, int count) { return Key(i) * (~Key(0) / Key(count)) + Key(i) * 7 + 1; }

// A loaded machine may take a while to find the memory; the table is usable in part meanwhile.
bool wait_backed(const TranspositionTable& tt) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!tt.backed() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return tt.backed();
}

}  // namespace

namespace {

std::atomic<std::size_t> populate_budget{0};

// Backs pages as the system does while `populate_budget` lasts, then refuses, as a system out of
// memory does.
bool populate_within_budget(void* memory, std::size_t bytes) {
    std::size_t left = populate_budget.load();
    do {
        if (left < bytes) return false;
    } while (!populate_budget.compare_exchange_weak(left, left - bytes));
    return table_memory::populate(memory, bytes);
}

// Backs pages as the system does, slowly: longer a call than a resize waits for the whole table,
// however many threads back it.
bool populate_slowly(void* memory, std::size_t bytes) {
    std::this_thread::sleep_for(std::chrono::milliseconds(TranspositionTable::TableBackingWaitMs * 6 / 5));
    return table_memory::populate(memory, bytes);
}

}  // namespace

TEST_CASE("Table memory: at most half of the least of physical memory and the process limits", "[tt]") {
    CHECK(table_memory::usable_mb(24 * GiB, std::nullopt, std::nullopt) == 12 * 1024);
    CHECK(table_memory::usable_mb(24 * GiB, 4 * GiB, std::nullopt) == 2 * 1024);
    CHECK(table_memory::usable_mb(24 * GiB, 4 * GiB, GiB) == 512);
    CHECK(table_memory::usable_mb(std::nullopt, std::nullopt, 6 * GiB) == 3 * 1024);
    CHECK(table_memory::usable_mb(1024, std::nullopt, std::nullopt) == 1);
    CHECK(table_memory::usable_mb(std::nullopt, std::nullopt, std::nullopt) == std::size_t(-1));
}

TEST_CASE("Table memory: zero from the system, huge-page aligned, and unchanged by backing", "[tt]") {
    constexpr std::size_t bytes = 8 * table_memory::HugePage;
    auto* memory = static_cast<unsigned char*>(table_memory::map_zeroed(bytes));
    REQUIRE(memory);
    CHECK(reinterpret_cast<std::uintptr_t>(memory) % table_memory::HugePage == 0);
    bool zero = true;
    for (std::size_t i = 0; i < bytes; i += 4093) zero = zero && memory[i] == 0;
    CHECK(zero);
    // Backing changes nothing that is there.
    memory[12345] = 7;
    CHECK(table_memory::populate(memory, bytes));
    CHECK(memory[12345] == 7);
    zero = true;
    for (std::size_t i = 0; i < bytes; i += 4093) zero = zero && (i == 12345 || memory[i] == 0);
    CHECK(zero);
    table_memory::unmap(memory, bytes);

    // Sizes that are not whole huge pages are granted too.
    void* small = table_memory::map_zeroed(64 * 1024);
    CHECK(small);
    table_memory::unmap(small, 64 * 1024);
}

TEST_CASE("TT: a table too large to write through at once is empty, keeps entries, and empties on clear",
          "[tt]") {
    const std::size_t mb = std::size_t(TranspositionTable::EagerTableMaxMb) * 2;
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

    REQUIRE(wait_backed(tt));
    for (int i = 0; i < Count; ++i)
        tt.store(spread_key(i, Count), 0, Value(i % 500), 10, BoundLower, 6, Move(G1, F3));
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
    REQUIRE(wait_backed(tt));
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
    // The table is backed in the background, waited for a second at most: no wait for gigabytes of
    // page faults, however slow the system is to find the memory.
    CHECK(waited < std::chrono::seconds(2 + TranspositionTable::TableBackingWaitMs / 1000));
    tt.store(99, 0, 7, 7, BoundExact, 3, Move(D2, D4));  // dropped or kept, never a wait
    tt.resize(1);                                        // and the large table goes at once, backed or not
    CHECK(std::chrono::steady_clock::now() - start
          < std::chrono::seconds(4 + TranspositionTable::TableBackingWaitMs / 1000));
    REQUIRE(wait_backed(tt));
    tt.store(99, 0, 7, 7, BoundExact, 3, Move(D2, D4));
    REQUIRE(tt.probe(99, 0));
    CHECK(tt.probe(99, 0)->move == Move(D2, D4));
}

TEST_CASE("TT: searches may probe and store while a large table is being backed", "[tt]") {
    const std::size_t mb = std::size_t(TranspositionTable::EagerTableMaxMb) * 4;
    TranspositionTable tt;
    REQUIRE(tt.resize(mb, 2) == mb);
    // Two writers over the whole table, as Lazy SMP threads would be, while it may still be backed.
    constexpr int PerThread = 200000;
    std::atomic<int> wrong{0};  // counted here: Catch's assertions are for one thread
    auto writer = [&](int t) {
        for (int i = 0; i < PerThread; ++i) {
            const Key key = spread_key(i * 2 + t, PerThread * 2);
            tt.store(key, 0, Value(i % 1000), 0, BoundLower, 4, Move(E2, E4));
            if (auto e = tt.probe(key, 0); e && (e->score != Value(i % 1000) || e->move != Move(E2, E4)))
                ++wrong;
        }
    };
    {
        std::jthread other(writer, 1);
        writer(0);
    }
    CHECK(wrong == 0);
    REQUIRE(wait_backed(tt));
    // Whatever was kept is whole; a new game empties it all.
    tt.clear(2);
    int found = 0;
    for (int i = 0; i < PerThread * 2; i += 97)
        found += tt.probe(spread_key(i, PerThread * 2), 0).has_value();
    CHECK(found == 0);
}

TEST_CASE("TT: a bound decides only on its own side of the value it is compared with", "[tt]") {
    // A lower bound at or above beta proves a fail high; below it, it proves nothing.
    CHECK(bound_decides(BoundLower, 120, 100));
    CHECK(bound_decides(BoundLower, 100, 100));
    CHECK_FALSE(bound_decides(BoundLower, 80, 100));
    // An upper bound below the value proves a fail low; at or above it, nothing.
    CHECK(bound_decides(BoundUpper, 80, 100));
    CHECK_FALSE(bound_decides(BoundUpper, 100, 100));
    CHECK_FALSE(bound_decides(BoundUpper, 120, 100));
    // An exact score decides either way; an empty bound never does.
    CHECK(bound_decides(BoundExact, 80, 100));
    CHECK(bound_decides(BoundExact, 120, 100));
    CHECK_FALSE(bound_decides(BoundNone, 120, 100));
}

TEST_CASE("TT: memory the system refuses leaves the table on the part backed, and says so once", "[tt]") {
    constexpr std::size_t MB = 1024 * 1024;
    const std::size_t mb = std::size_t(TranspositionTable::EagerTableMaxMb) * 2;
    populate_budget = 64 * MB;
    TranspositionTable tt(populate_within_budget);
    REQUIRE(tt.resize(mb, 2) == mb);  // the address space is granted; its backing is refused
    std::optional<std::size_t> refusal;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!(refusal = tt.take_refusal()) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(refusal);
    CHECK(*refusal == 64);
    CHECK_FALSE(tt.take_refusal());  // said once
    CHECK_FALSE(tt.backed());

    // Keys spread evenly over the table: those whose bucket is backed (an eighth) are kept, the
    // rest dropped, and nothing touches the memory refused.
    constexpr int Count = 4096;
    for (int i = 0; i < Count; ++i) tt.store(spread_key(i, Count), 0, 5, 5, BoundExact, 3, Move(E2, E4));
    int found = 0;
    for (int i = 0; i < Count; ++i) found += tt.probe(spread_key(i, Count), 0).has_value();
    CHECK(found >= Count / 8 - 2);
    CHECK(found <= Count / 8 + 2);

    // A clear tries again; with memory to be had the whole table is backed, with nothing to say.
    populate_budget = 4 * mb * MB;
    tt.clear(2);
    REQUIRE(wait_backed(tt));
    CHECK_FALSE(tt.take_refusal());
    for (int i = 0; i < Count; ++i) tt.store(spread_key(i, Count), 0, 5, 5, BoundExact, 3, Move(E2, E4));
    found = 0;
    for (int i = 0; i < Count; ++i) found += tt.probe(spread_key(i, Count), 0).has_value();
    CHECK(found == Count);

    // A refusal not yet taken goes with its table.
    populate_budget = 0;
    REQUIRE(tt.resize(mb, 2) == mb);
    tt.resize(4);
    CHECK_FALSE(tt.take_refusal());
}

// The UCI tests below set a table too large to be written through at once.
constexpr int LargeTableMb = TranspositionTable::EagerTableMaxMb * 2;

namespace {

bool too_little_memory_for_large_table() {
    if (table_memory::usable_mb() >= std::size_t(LargeTableMb)) return false;
    test::skip_test("this machine has too little memory for a table of " + std::to_string(LargeTableMb)
                    + " MB");
    return true;
}

}  // namespace

TEST_CASE("UCI: a hash table the system cannot back whole is announced before readyok, once", "[tt][uci]") {
    if (too_little_memory_for_large_table()) return;
    constexpr std::size_t MB = 1024 * 1024;
    populate_budget = 32 * MB;
    test::InProcessUci uci(populate_within_budget);
    // The backing threads are waited for a second at most: ask again until they have given up.
    auto isready_until = [&](const std::string& text) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        for (uci.send("isready"); uci.count(text) == 0 && std::chrono::steady_clock::now() < deadline;
             uci.send("isready"))
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    };
    const std::string note = "info string Hash: the system has memory for only 32 of the table's "
                             + std::to_string(LargeTableMb) + " MB; searching with those";
    uci.send("setoption name Hash value " + std::to_string(LargeTableMb));
    isready_until(note);
    CHECK(uci.count(note) == 1);
    {
        const auto lines = uci.lines();
        REQUIRE(lines.size() >= 2);
        CHECK(lines[lines.size() - 2] == note);  // just before its readyok
        CHECK(lines.back() == "readyok");
    }

    // Said once: a search works on the part backed, with nothing more to say.
    uci.send("position startpos moves e2e4");
    uci.send("go depth 3");
    CHECK(uci.wait_for_bestmoves(1));
    uci.send("isready");
    CHECK(uci.count(note) == 1);

    // A new game clears the table and tries again from where the backing stopped: a refusal then
    // is said again, here by the go that follows, before its search says anything.
    populate_budget = 0;
    uci.send("ucinewgame");
    const std::size_t before_go = uci.lines().size();
    uci.send("go depth 1");
    CHECK(uci.wait_for_bestmoves(2));
    uci.send("quit");
    CHECK(uci.count(note) == 2);
    const auto lines = uci.lines();
    REQUIRE(lines.size() > before_go);
    CHECK(lines[before_go] == note);
}

TEST_CASE("UCI: a search's clock runs from its go, through the options applied before it", "[tt][uci]") {
    if (too_little_memory_for_large_table()) return;
    test::InProcessUci uci(populate_slowly);
    uci.send("go infinite");
    uci.send("setoption name Hash value " + std::to_string(LargeTableMb));  // waits for the search
    uci.send("stop");
    REQUIRE(uci.wait_for_bestmoves(1));
    // The new table is made before this search starts, and waits a second for its backing: a
    // second of the GUI's clock, which the search's must count. Counted, the search stops soon
    // after it begins (about a second in all); counted from its start, it would take two.
    uci.send("go movetime 1000");
    REQUIRE(uci.wait_for_bestmoves(2));
    uci.send("quit");
    CHECK(uci.engine().hash_mb() == std::size_t(LargeTableMb));
    std::int64_t time = -1;
    for (const std::string& l : uci.lines())
        if (const auto at = l.find(" time "); l.rfind("info ", 0) == 0 && at != std::string::npos)
            time = std::stoll(l.substr(at + 6));
    INFO("the last search's time: " << time << " ms");
    CHECK(time >= TranspositionTable::TableBackingWaitMs * 9 / 10);
    CHECK(time < TranspositionTable::TableBackingWaitMs + 800);
}
