// Time use measured on the wall clock through pipes, as a GUI sees it. These tests run in a pass of
// their own, one at a time and never under a sanitizer (ctest label `timing`), and their margins
// are meant to hold on a 2-core machine that something else keeps busy: every search here must
// end by itself, without `stop`, and before the GUI's clock would fall.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/movegen.hpp"
#include "core/position.hpp"
#include "process.hpp"
#include "uci_checks.hpp"
#include "uci_text.hpp"

using namespace std::chrono_literals;
using sente::Move;
using sente::Position;
using sente::test::EngineProcess;
using sente::test::word_after;

namespace {

// However small the clock, a reply this quick is the best an engine can do through a pipe on a
// loaded machine; a GUI's own margin covers it.
constexpr std::int64_t AtOnceMs = 50;

// The position a `position` command's arguments name ("startpos" or "fen <FEN>", then any moves).
Position position_of_command(const std::string& args) {
    Position pos;
    const auto moves_at = args.find(" moves");
    const std::string start = args.substr(0, moves_at);
    if (start.rfind("fen ", 0) == 0) REQUIRE_FALSE(pos.set_fen(start.substr(4)));
    if (moves_at != std::string::npos) {
        std::istringstream moves(args.substr(moves_at + 6));
        for (std::string text; moves >> text;) {
            const Move m = pos.parse_uci_move(text);
            REQUIRE(m != Move::none());
            pos.make_move(m);
        }
    }
    return pos;
}

// Sends `position ARGS`, waits until the engine has it, then `go`: milliseconds from `go` to
// `bestmove`, which must be a legal move there; the search must end by itself within `patience`.
std::int64_t timed_search(EngineProcess& engine, const std::string& args, const std::string& go,
                          std::chrono::milliseconds patience = 10s) {
    engine.send("position " + args);
    sente::test::sync(engine);
    engine.send(go);
    auto start = std::chrono::steady_clock::now();
    auto lines = engine.read_until("bestmove", patience);
    auto took = std::chrono::steady_clock::now() - start;
    REQUIRE_FALSE(lines.empty());
    CHECK(position_of_command(args).parse_uci_move(word_after(lines.back(), "bestmove")) != Move::none());
    return std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
}

void handshake(EngineProcess& engine) {
    engine.send("uci");
    REQUIRE_FALSE(engine.read_until("uciok", 5s).empty());
}

}  // namespace

// A fixed move time is a budget to use, less Move Overhead, not a plan to finish early (none of
// these positions has a forced mate or a single legal move, which may end a search sooner): GUI
// analysis at N seconds a move and fixed-time test suites depend on it. The overhead here is the
// margin the test allows for pipes and a busy scheduler.
TEST_CASE("Time: go movetime uses 90% to 100% of the time less Move Overhead, and ends before movetime",
          "[uci][timing]") {
    constexpr int Overhead = 100;
    const char* positions[] = {
        "startpos",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
        "fen 8/5pk1/6p1/3P4/1p3P2/1P4KP/8/8 w - - 0 45",
        "fen r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    };
    for (int threads : {1, 2}) {
        EngineProcess engine;
        handshake(engine);
        engine.send("setoption name Move Overhead value " + std::to_string(Overhead));
        engine.send("setoption name Threads value " + std::to_string(threads));
        for (int movetime : threads == 1 ? std::vector<int>{300, 700} : std::vector<int>{300}) {
            for (const char* p : positions) {
                INFO(p << ", movetime " << movetime << ", threads " << threads);
                engine.send("ucinewgame");
                const std::int64_t ms = timed_search(engine, p, "go movetime " + std::to_string(movetime));
                CHECK(ms >= (movetime - Overhead) * 9 / 10);
                CHECK(ms < movetime);
            }
        }
    }
}

// Clocks that leave little or nothing, as managers send them: each search must end by itself before
// the clock given would run out (or at once, when it is already out), with the default Move Overhead.
TEST_CASE("Time: tiny, negative, one-move and one-sided clocks are answered in time without stop",
          "[uci][timing]") {
    struct Case {
        const char* moves;  // after the start position; Black to move after e2e4
        const char* go;
        std::int64_t deadline_ms;
    };
    const Case cases[] = {
        {"", "go wtime 100 btime 100", 100},
        {"e2e4", "go wtime 100 btime 100", 100},
        {"", "go wtime 50 winc 0", AtOnceMs},
        {"", "go wtime 100 btime 100 winc 1000 binc 1000", 100},  // an increment not yet on the clock
        {"e2e4", "go wtime 600000 btime 100", 100},
        {"", "go wtime 30 btime 30", AtOnceMs},
        {"", "go wtime 10 btime 10 winc 0 binc 0", AtOnceMs},
        {"", "go wtime 1 btime 1", AtOnceMs},
        {"", "go wtime 0 btime 0 winc 0 binc 0", AtOnceMs},
        {"", "go wtime -1000 btime -1000", AtOnceMs},
        {"", "go wtime -170671 btime 5000 winc 0 binc 0", AtOnceMs},
        {"", "go wtime 1000 btime 1000 movestogo 1", 1000},
        {"e2e4", "go wtime 3000 btime 3000 movestogo 1", 3000},
        {"", "go wtime 1000 btime 1000 movestogo 0", 1000},
        {"", "go wtime 1000 btime 1000 movestogo -7", 1000},
        {"", "go wtime 200 btime 200 movestogo 40", 200},
        // Only the other side's clock: a second's thought, not an endless one.
        {"", "go btime 100", 1100},
    };
    EngineProcess engine;
    handshake(engine);
    for (const Case& c : cases) {
        INFO("position startpos moves " << c.moves << "; " << c.go);
        CHECK(timed_search(engine, std::string("startpos moves ") + c.moves, c.go) < c.deadline_ms);
        CHECK(sente::test::sync(engine).empty());  // exactly one bestmove
    }
}

namespace {

// Plays `plies` moves of a game from the start position on the clocks a GUI keeps from wall time;
// fails as soon as a side's clock would have fallen.
void play_on_the_clock(std::int64_t base_ms, std::int64_t inc_ms, int plies) {
    EngineProcess engine;
    handshake(engine);
    engine.send("ucinewgame");
    std::string moves;
    Position pos;  // the game so far, to tell a game over from a missing move
    std::int64_t clock[2] = {base_ms, base_ms};
    for (int ply = 0; ply < plies; ++ply) {
        engine.send("position startpos" + (moves.empty() ? std::string() : " moves" + moves));
        const std::string go = "go wtime " + std::to_string(clock[0]) + " btime " + std::to_string(clock[1])
                               + " winc " + std::to_string(inc_ms) + " binc " + std::to_string(inc_ms);
        INFO("ply " << ply << ": " << go);
        engine.send(go);
        const auto start = std::chrono::steady_clock::now();
        auto lines = engine.read_until("bestmove", std::chrono::milliseconds(clock[ply % 2] + 1000));
        const auto used =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
                .count();
        REQUIRE_FALSE(lines.empty());
        clock[ply % 2] -= used;
        REQUIRE(clock[ply % 2] > 0);  // never lost on time
        clock[ply % 2] += inc_ms;
        const std::string best = word_after(lines.back(), "bestmove");
        if (best == "(none)") {
            CHECK(sente::count_legal_moves(pos) == 0);  // only when the game is over
            break;
        }
        const Move m = pos.parse_uci_move(best);
        REQUIRE(m != Move::none());  // a legal move
        pos.make_move(m);
        moves += " " + best;
    }
}

}  // namespace

TEST_CASE("Time: games on the clock with and without increment never lose on time", "[uci][timing]") {
    SECTION("1 s + 10 ms, 30 plies") { play_on_the_clock(1000, 10, 30); }
    SECTION("sudden death 1 s + 0, 60 plies") { play_on_the_clock(1000, 0, 60); }
    SECTION("sudden death 0.3 s + 0, 40 plies") { play_on_the_clock(300, 0, 40); }
}

// A ponderhit starts the clock of a search that ponders; sent during any other search (a GUI out of
// step with the engine), it must not restart that search's clock, or each one would put off the
// bestmove by the whole move time again.
TEST_CASE("Time: a ponderhit during a search that does not ponder leaves its clock alone", "[uci][timing]") {
    EngineProcess engine;
    handshake(engine);
    engine.send("position startpos");
    sente::test::sync(engine);
    engine.send("go movetime 300");
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> lines;
    for (int i = 0; i < 30 && lines.empty(); ++i) {  // a ponderhit every 50 ms for 1.5 s
        engine.send("ponderhit");
        lines = engine.read_until("bestmove", 50ms);
    }
    if (lines.empty()) lines = engine.read_until("bestmove", 5s);
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count();
    REQUIRE_FALSE(lines.empty());
    CHECK(took < 1000);
}
