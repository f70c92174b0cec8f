// Time use measured on the wall clock through pipes, as a GUI sees it. These tests run alone
// (ctest RUN_SERIAL), so that another test's load cannot make the engine look slow.
#include <catch2/catch.hpp>

#include "process.hpp"
#include "uci_checks.hpp"

using namespace std::chrono_literals;
using sente::test::EngineProcess;

namespace {

// Milliseconds from `go` to `bestmove`.
std::int64_t timed_search(EngineProcess& engine, const std::string& go) {
    engine.send(go);
    auto start = std::chrono::steady_clock::now();
    auto lines = engine.read_until("bestmove", 30s);
    auto took = std::chrono::steady_clock::now() - start;
    REQUIRE_FALSE(lines.empty());
    return std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
}

}  // namespace

// A fixed move time is a budget to use, less Move Overhead, not a plan to finish early (none of
// these positions has a forced mate or a single legal move, which may end a search sooner): GUI
// analysis at N seconds a move and fixed-time test suites depend on it.
TEST_CASE("Time: go movetime uses between 90% and 100% of the time", "[uci][timing]") {
    EngineProcess engine;
    engine.send("uci");
    REQUIRE_FALSE(engine.read_until("uciok", 5s).empty());
    engine.send("setoption name Move Overhead value 20");
    const char* positions[] = {
        "startpos",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
        "fen 8/5pk1/6p1/3P4/1p3P2/1P4KP/8/8 w - - 0 45",
        "fen r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    };
    for (int movetime : {300, 700}) {
        for (const char* p : positions) {
            INFO(p << ", movetime " << movetime);
            engine.send("ucinewgame");
            engine.send(std::string("position ") + p);
            sente::test::sync(engine);
            std::int64_t ms = timed_search(engine, "go movetime " + std::to_string(movetime));
            CHECK(ms >= movetime * 9 / 10);
            CHECK(ms <= movetime);
        }
    }
}
