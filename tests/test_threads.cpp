// Threads: the lockless table under concurrent writers, and Lazy SMP searches. Built under
// ThreadSanitizer by scripts/test.sh.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <new>
#include <string>
#include <thread>

#include "engine.hpp"
#include "search/tt.hpp"

using namespace sente;

namespace {

// Everything an entry holds is derived from its key, so a reader can tell a torn entry.
Value score_of(Key key) { return Value(int(key % 2001) - 1000); }
Move move_of(Key key) { return Move(Square(key % 64), Square((key >> 6) % 64)); }
int depth_of(Key key) { return int((key >> 12) % 60) + 1; }

}  // namespace

TEST_CASE("TT: four threads writing and reading the same buckets never see a torn entry", "[tt][threads]") {
    TranspositionTable tt;
    tt.resize(1);  // small: constant collisions and replacements
    std::atomic<std::uint64_t> hits{0}, torn{0};
    auto worker = [&](std::uint64_t seed) {
        std::uint64_t x = seed;
        for (int i = 0; i < 200000; ++i) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;       // xorshift
            Key key = (x % 5000) * 0x9E3779B97F4A7C15ULL;  // few keys, many writers each
            if (i % 2) {
                tt.store(key, 0, score_of(key), score_of(key), BoundExact, depth_of(key), move_of(key));
            } else if (auto e = tt.probe(key, 0)) {
                ++hits;
                if (e->score != score_of(key) || e->eval != score_of(key) || e->move != move_of(key)
                    || e->depth != depth_of(key))
                    ++torn;
            }
        }
    };
    std::vector<std::thread> threads;
    for (std::uint64_t t = 1; t <= 4; ++t) threads.emplace_back(worker, t * 0x2545F4914F6CDD1DULL);
    for (auto& t : threads) t.join();
    CHECK(hits > 1000);
    CHECK(torn == 0);
}

TEST_CASE("Lazy SMP: two threads find the mates one thread finds, and end timed searches by themselves",
          "[search][threads]") {
    Engine engine;
    engine.set_threads(2);
    REQUIRE(engine.threads() == 2);

    // Runs a search as the UCI layer does (helpers included) and waits for its bestmove. A timed
    // search must end by itself: one still running after 10 s is stopped and fails the test,
    // instead of hanging it on an engine that ignores its move time.
    auto run = [&](const SearchLimits& limits, Value* score) {
        std::atomic<std::uint16_t> best{0};
        std::atomic<bool> ended{false};
        SearchCallbacks cb;
        cb.on_iteration = [&](const SearchReport& r) {
            if (score) *score = r.score;
        };
        cb.on_bestmove = [&](Move m, Move) {
            best = m.raw();
            ended = true;
        };
        engine.go(limits, {}, cb);
        bool by_itself = true;
        if (limits.movetime > 0) {
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (!ended && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            by_itself = ended;
            if (!by_itself) engine.stop();
        }
        engine.wait();
        REQUIRE(by_itself);
        return Move::from_raw(best);
    };

    // Mates in one: queen and king, back rank, and the scholar's mate.
    for (const char* fen : {"4k3/Q7/3K4/8/8/8/8/8 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
                            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"}) {
        INFO(fen);
        REQUIRE_FALSE(engine.set_position(fen, {}));
        SearchLimits limits;
        limits.depth = 10;
        Value score = 0;
        CHECK(run(limits, &score) != Move::none());
        CHECK(score == mate_in(1));
    }

    // Timed searches with two threads end by themselves, repeatedly (how long they take is
    // test_timing.cpp's to check, outside the sanitizer builds).
    REQUIRE_FALSE(engine.set_position(Position::StartFen, {}));
    for (int i = 0; i < 5; ++i) {
        SearchLimits limits;
        limits.movetime = 50;
        CHECK(run(limits, nullptr) != Move::none());
    }

    // Thread count changes between searches: each search after one ends with a move.
    for (int threads : {3, 1}) {
        engine.set_threads(threads);
        CHECK(engine.threads() == threads);
        SearchLimits limits;
        limits.depth = 6;
        CHECK(run(limits, nullptr) != Move::none());
    }
}

TEST_CASE("Lazy SMP: a node limit counts the nodes of every thread", "[search][threads]") {
    Engine engine;
    engine.set_threads(2);
    REQUIRE_FALSE(engine.set_position(Position::StartFen, {}));
    constexpr std::uint64_t Limit = 100'000;
    for (int i = 0; i < 3; ++i) {
        std::atomic<std::uint64_t> reported{0};
        SearchCallbacks cb;
        cb.on_iteration = [&](const SearchReport& r) { reported = r.nodes; };
        SearchLimits limits;
        limits.nodes = Limit;
        engine.go(limits, {}, cb);
        engine.wait();
        // The last report, which adds the helper's nodes to the main thread's, is the total. The
        // main thread reads the helper's counter every 64 of its own nodes, so the limit may be
        // passed by what the helper searches meanwhile, a little more where the threads share a
        // core; a limit counted by the main thread alone would end near twice the limit.
        INFO("search " << i << ": " << reported.load() << " nodes");
        CHECK(reported >= Limit);
        CHECK(reported < Limit + Limit / 4);
    }
}

TEST_CASE("Search: a failure on the search thread is said, and a legal best move still follows",
          "[search][threads]") {
    Engine engine;
    engine.set_threads(2);
    REQUIRE_FALSE(engine.set_position(Position::StartFen, {}));
    Position start;
    REQUIRE_FALSE(start.set_fen(Position::StartFen));

    // The failure is a report that throws, as formatting one does when the system refuses memory.
    struct Run {
        std::atomic<int> reports{0};
        std::atomic<int> deepest{0};
        std::atomic<std::uint16_t> best{0};
        std::atomic<bool> ended{false};
        std::string problem;  // written before the bestmove, read after wait()
    };
    auto go = [&](Run& run, const SearchLimits& limits, int failing_report) {
        SearchCallbacks cb;
        cb.on_iteration = [&run, failing_report](const SearchReport& r) {
            run.deepest = std::max(run.deepest.load(), r.depth);
            if (++run.reports == failing_report) throw std::bad_alloc();
        };
        cb.on_error = [&run](std::string_view problem) { run.problem += std::string(problem) + "\n"; };
        cb.on_bestmove = [&run](Move m, Move) {
            run.best = m.raw();
            run.ended = true;
        };
        engine.go(limits, {}, cb);
    };

    SearchLimits deep;
    deep.depth = 10;
    for (int failing_report : {1, 4}) {
        INFO("the report that fails: " << failing_report);
        Run run;
        go(run, deep, failing_report);
        engine.wait();
        CHECK(run.ended);
        CHECK(run.reports == failing_report);  // the search ended at the failure
        CHECK(start.is_legal(Move::from_raw(run.best)));
        CHECK(run.problem == "the search failed (std::bad_alloc); playing the best move found so far\n");
    }

    // Searching until told, the best move still waits for stop.
    SearchLimits infinite;
    infinite.infinite = true;
    Run waiting;
    go(waiting, infinite, 1);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (waiting.reports < 1 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK_FALSE(waiting.ended);
    engine.stop();
    engine.wait();
    CHECK(waiting.ended);
    CHECK(start.is_legal(Move::from_raw(waiting.best)));
    CHECK(waiting.problem.find("std::bad_alloc") != std::string::npos);

    // The engine searches on as before, to the depth asked.
    Run after;
    go(after, deep, 0);
    engine.wait();
    CHECK(after.problem.empty());
    CHECK(start.is_legal(Move::from_raw(after.best)));
    CHECK(after.deepest == 10);
}
