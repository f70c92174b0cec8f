// Memory and threads over a long session: resident memory follows Hash, repeated games leak
// nothing (LeakSanitizer checks the exit in sanitizer builds), and threads are joined on quit.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "process.hpp"
#include "uci_checks.hpp"

using namespace std::chrono_literals;
using sente::test::EngineProcess;
using sente::test::sync;

namespace {

// Resident memory of a process in kB, from /proc.
long resident_kb(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

long resident_with_hash(EngineProcess& engine, int mb) {
    engine.send("setoption name Hash value " + std::to_string(mb));
    sync(engine, 30s);
    return resident_kb(engine.pid());
}

// A table larger than the engine backs at once is backed in the background after `readyok`: the
// resident size is read once it has grown by `kb`, or after a minute.
long resident_grown_by(EngineProcess& engine, long base, long kb) {
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    long now = resident_kb(engine.pid());
    while (now - base <= kb && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(50ms);
        now = resident_kb(engine.pid());
    }
    return now;
}

}  // namespace

TEST_CASE("Resources: resident memory follows Hash", "[resources]") {
    EngineProcess engine;
    long small = resident_with_hash(engine, 1);
    resident_with_hash(engine, 257);
    long large = resident_grown_by(engine, small, 250 * 1024);
    long back = resident_with_hash(engine, 1);
    REQUIRE(small > 0);
    INFO("resident kB with Hash 1: " << small << ", with Hash 257: " << large << ", back to 1: " << back);
    // The table of 256 MB more is all that grows (sanitizer shadow memory may add an eighth).
    CHECK(large - small > 250 * 1024);
    CHECK(large - small < 256 * 1024 * 5 / 4);
    CHECK(back - small < 8 * 1024);  // the old table is returned to the system
    engine.send("quit");
    CHECK(engine.wait_exit(10s) == 0);
}

TEST_CASE("Resources: 10,000 new games with a search each leak nothing", "[resources]") {
    EngineProcess engine;
    engine.send("setoption name Hash value 1");
    auto cycles = [&](int n) {
        for (int i = 0; i < n; ++i) {
            engine.send("ucinewgame");
            engine.send(i % 2 ? "position startpos moves e2e4 c7c5 g1f3" : "position startpos");
            engine.send("go depth 1");
            if (i % 500 == 499) {  // keep the pipes from filling
                sync(engine, 30s);
            }
        }
        sync(engine, 30s);
    };
    cycles(500);
#ifndef SENTE_SANITIZED
    const long before = resident_kb(engine.pid());
    cycles(9500);
    const long after = resident_kb(engine.pid());
    INFO("resident kB after 500 cycles: " << before << ", after 10,000: " << after);
    CHECK(after - before < 4 * 1024);
#else
    // AddressSanitizer holds freed memory in quarantine, so the resident size says nothing; instead
    // LeakSanitizer reports any block still allocated at the exit, and one game leaking shows as
    // well as ten thousand: 500 more are enough.
    cycles(500);
#endif
    engine.send("quit");
    CHECK(engine.wait_exit(30s) == 0);  // under AddressSanitizer a leak makes this nonzero
}

TEST_CASE("Resources: helper threads are joined on quit, also mid-search", "[resources][threads]") {
    for (const char* threads : {"2", "8"}) {
        EngineProcess engine;
        engine.send(std::string("setoption name Threads value ") + threads);
        engine.send("go infinite");
        REQUIRE(engine.read_line(10s));
        engine.send("quit");
        CHECK(engine.wait_exit(10s) == 0);
    }
}
