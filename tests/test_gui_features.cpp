// What GUIs and tournament managers use beyond the basics, through pipes: MultiPV, pondering,
// several threads, limited strength, win/draw/loss output, and the hash table's options.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>

#include "core/movegen.hpp"
#include "core/position.hpp"
#include "eval/wdl.hpp"
#include "process.hpp"
#include "skip.hpp"
#include "uci_checks.hpp"
#include "uci_text.hpp"

using namespace std::chrono_literals;
using sente::Move;
using sente::Position;
using sente::test::EngineProcess;
using sente::test::starts_with;
using sente::test::without_time;
using sente::test::word_after;

namespace {

std::vector<std::string> until_bestmove(EngineProcess& engine, std::chrono::milliseconds timeout = 30s) {
    auto lines = engine.read_until("bestmove", timeout);
    REQUIRE_FALSE(lines.empty());
    return lines;
}

bool legal_in(const std::string& fen, const std::string& move) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen));
    return pos.parse_uci_move(move) != Move::none();
}

const std::string Middlegame = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

}  // namespace

TEST_CASE("MultiPV: k lines per depth, distinct first moves, best first, bestmove is line 1", "[uci][gui]") {
    EngineProcess engine;
    engine.send("setoption name MultiPV value 3");
    engine.send("position fen " + Middlegame);
    engine.send("go depth 8");
    auto lines = until_bestmove(engine);
    // The last complete depth: its three lines.
    std::vector<std::string> last(3);
    int last_depth = 0;
    for (const std::string& l : lines) {
        if (!starts_with(l, "info depth") || l.find(" pv ") == std::string::npos) continue;
        if (l.find("bound") != std::string::npos) continue;
        int k = std::stoi(word_after(l, "multipv"));
        REQUIRE(k >= 1);
        REQUIRE(k <= 3);
        last[std::size_t(k - 1)] = l;
        last_depth = std::max(last_depth, std::stoi(word_after(l, "depth")));
    }
    std::set<std::string> firsts;
    int previous = 1 << 30;
    for (const std::string& l : last) {
        REQUIRE_FALSE(l.empty());
        CHECK(std::stoi(word_after(l, "depth")) == last_depth);
        firsts.insert(word_after(l, "pv"));
        int score = std::stoi(word_after(l, "cp"));
        CHECK(score <= previous);  // best first
        previous = score;
    }
    CHECK(firsts.size() == 3);
    CHECK(word_after(lines.back(), "bestmove") == word_after(last[0], "pv"));

    // More lines than legal moves: one line per move.
    engine.send("setoption name MultiPV value 256");
    const std::string few_moves = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1";
    engine.send("position fen " + few_moves);
    engine.send("go depth 4");
    auto few = until_bestmove(engine);
    std::set<std::string> moves;
    for (const std::string& l : few)
        if (starts_with(l, "info depth 4 ")) moves.insert(word_after(l, "pv"));
    Position pos;
    REQUIRE_FALSE(pos.set_fen(few_moves));
    CHECK(moves.size() == sente::count_legal_moves(pos));
}

TEST_CASE("Ponder: go ponder waits for ponderhit, then plays on its clock", "[uci][gui]") {
    EngineProcess engine;
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go wtime 2000 btime 2000 winc 20 binc 20");
    auto first = until_bestmove(engine);
    std::string best = word_after(first.back(), "bestmove");
    std::string ponder = word_after(first.back(), "ponder");
    REQUIRE_FALSE(ponder.empty());  // a ponder move whenever there is a reply

    // Pondering on the expected reply: no bestmove, however long, until ponderhit.
    engine.send("position startpos moves e2e4 e7e5 " + best + " " + ponder);
    engine.send("go ponder wtime 2000 btime 2000 winc 20 binc 20");
    auto during = engine.read_until("bestmove", 2500ms);
    CHECK(during.empty());
    auto hit_at = std::chrono::steady_clock::now();
    engine.send("ponderhit");
    auto after = until_bestmove(engine, 5s);
    auto thought = std::chrono::steady_clock::now() - hit_at;
    // The 2.5 s of pondering are past the move's time (about 90 ms, at most 250 on this clock): the
    // search, which pondered on in case the ponderhit never came, answers at once rather than
    // spend the move's whole clock on the iteration it began meanwhile.
    CHECK(thought < 150ms);
    // The time the info lines report counts from the go, pondering included, and never goes back
    // when ponderhit starts the clock of the limits.
    long long last_time = 0;
    for (const std::string& line : after) {
        if (line.rfind("info depth ", 0) != 0) continue;
        INFO(line);
        const long long time = std::stoll(word_after(line, "time"));
        CHECK(time >= last_time);
        last_time = time;
    }
    CHECK(last_time >= 2400);  // the last line, after 2.5 s of pondering (less what the pipe took)
    Position pos;
    REQUIRE_FALSE(pos.set_fen(std::string(Position::StartFen)));
    for (const std::string& m : {std::string("e2e4"), std::string("e7e5"), best, ponder})
        pos.make_move(pos.parse_uci_move(m));
    CHECK(pos.parse_uci_move(word_after(after.back(), "bestmove")) != Move::none());
}

TEST_CASE("Ponder: stop during go ponder gives one bestmove at once", "[uci][gui]") {
    EngineProcess engine;
    engine.send("position startpos moves d2d4");
    engine.send("go ponder wtime 60000 btime 60000");
    REQUIRE(engine.read_line(10s));
    CHECK(engine.read_until("bestmove", 500ms).empty());
    auto sent = std::chrono::steady_clock::now();
    engine.send("stop");
    auto lines = until_bestmove(engine, 5s);
    CHECK(std::chrono::steady_clock::now() - sent < 1s);
    CHECK(legal_in("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                   word_after(lines.back(), "bestmove")));
    engine.send("isready");
    auto rest = engine.read_until("readyok", 5s);
    REQUIRE_FALSE(rest.empty());
    for (const std::string& l : rest) CHECK_FALSE(starts_with(l, "bestmove"));
}

TEST_CASE("Threads: two-thread searches to a depth and on a clock play legal moves", "[uci][gui][threads]") {
    EngineProcess engine;
    engine.send("setoption name Threads value 2");
    engine.send("position fen " + Middlegame);
    engine.send("go depth 10");
    auto lines = until_bestmove(engine);
    CHECK(legal_in(Middlegame, word_after(lines.back(), "bestmove")));
    engine.send("go movetime 300");
    lines = until_bestmove(engine, 5s);
    CHECK(legal_in(Middlegame, word_after(lines.back(), "bestmove")));
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

// A mistyped thread count after a large Hash: the pool grows while the table is still being backed
// (the Hash test in test_hostile.cpp holds that wait), shrinks, grows again, and every change is
// answered within 2 s on a loaded 2-core machine; the threads then search and play. Under a
// sanitizer the pool is 64: its bookkeeping for every thread started, joined and touching memory
// once kept a 256-thread search on a slow machine past a minute, and races need no more threads.
TEST_CASE("Threads: 256 threads beside a large table still being backed answer isready within 2 s",
          "[uci][gui][threads]") {
#ifdef SENTE_SANITIZED
    constexpr int Many = 64;
    constexpr auto ReadyBound = 20s;
#else
    constexpr int Many = 256;
    constexpr auto ReadyBound = 2s;
#endif
    EngineProcess engine;
    engine.send("setoption name Hash value 8192");
    sente::test::sync(engine, 5s);  // a table the machine cannot give is halved, and none is waited on long
    for (int threads : {Many, 1, Many}) {
        INFO("Threads " << threads);
        const auto start = std::chrono::steady_clock::now();
        engine.send("setoption name Threads value " + std::to_string(threads));
        CHECK(sente::test::sync(engine, 5 * ReadyBound).empty());
        CHECK(std::chrono::steady_clock::now() - start < ReadyBound);
    }
    // The first search of a new pool keeps its time: each of 256 threads advising the system about
    // its memory at once (the main one waiting behind them) once made a 200 ms search take 15 s.
    // Every thread shares 2 cores here, so the bound is loose.
#ifdef SENTE_SANITIZED
    constexpr auto SearchBound = 60s;
#else
    constexpr auto SearchBound = 6s;
#endif
    engine.send("position fen " + Middlegame);
    const auto start = std::chrono::steady_clock::now();
    engine.send("go movetime 200");
    auto lines = until_bestmove(engine, 60s);
    CHECK(std::chrono::steady_clock::now() - start < SearchBound);
    CHECK(legal_in(Middlegame, word_after(lines.back(), "bestmove")));
    engine.send("quit");
    CHECK(engine.wait_exit(30s) == 0);
}

// Threads the system cannot give (here a 600 MB address space, where each thread takes its stack
// and its tables): as many start as fit, the GUI is told how many, and they search. The pool used
// to be left half-built and the engine to abort. Not under a sanitizer, whose shadow memory alone
// is far more than the limit.
TEST_CASE("Threads: a pool the memory cannot hold starts as far as it goes, and says so",
          "[uci][gui][threads]") {
#ifdef SENTE_SANITIZED
    sente::test::skip_test("a sanitizer needs more address space than the limit");
#else
    EngineProcess engine(EngineProcess::Command{
        {"/bin/sh", "-c", std::string("ulimit -v 600000 && exec '") + SENTE_BINARY + "'"}});
    engine.send("setoption name Threads value 100");
    const auto lines = sente::test::sync(engine, 30s);
    REQUIRE(lines.size() == 1);
    const std::regex told(
        R"(info string Threads: could not start 100 threads \(no memory or threads left\), using (\d+))");
    std::smatch m;
    REQUIRE(std::regex_match(lines[0], m, told));
    const int started = std::stoi(m[1].str());
    CHECK(started >= 1);
    CHECK(started < 100);
    engine.send("position fen " + Middlegame);
    engine.send("go depth 6");
    auto searched = until_bestmove(engine, 60s);
    REQUIRE_FALSE(searched.empty());
    CHECK(legal_in(Middlegame, word_after(searched.back(), "bestmove")));
    engine.send("quit");
    CHECK(engine.wait_exit(30s) == 0);
#endif
}

TEST_CASE("Limited strength: every level plays legal moves on the clock, weaker levels search less",
          "[uci][gui]") {
    EngineProcess engine;
    engine.send("uci");
    auto options = engine.read_until("uciok", 5s);
    auto has = [&](const std::string& l) {
        return std::find(options.begin(), options.end(), l) != options.end();
    };
    CHECK(has("option name UCI_LimitStrength type check default false"));
    CHECK(has("option name UCI_Elo type spin default 1500 min 1320 max 2400"));

    engine.send("setoption name UCI_LimitStrength value true");
    std::uint64_t previous_nodes = 0;
    for (int elo : {1320, 1800, 2400}) {
        engine.send("setoption name UCI_Elo value " + std::to_string(elo));
        std::string moves;
        Position pos;
        std::uint64_t nodes = 0;
        for (int ply = 0; ply < 16; ++ply) {  // a short game against itself
            engine.send("position startpos" + (moves.empty() ? "" : " moves" + moves));
            engine.send("go wtime 10000 btime 10000 winc 100 binc 100");
            auto lines = until_bestmove(engine);
            std::string best = word_after(lines.back(), "bestmove");
            Move m = pos.parse_uci_move(best);
            REQUIRE(m != Move::none());
            pos.make_move(m);
            moves += " " + best;
            nodes += std::stoull(word_after(lines[lines.size() - 2], "nodes"));
        }
        INFO("UCI_Elo " << elo << ": " << nodes << " nodes over 16 moves");
        CHECK(nodes > previous_nodes);
        previous_nodes = nodes;
    }

    // The GUI's MultiPV does not change a level: a level of one line searches one line, the same
    // search whatever MultiPV says (the lines would share its budget and make it weaker).
    engine.send("setoption name UCI_Elo value 2300");
    std::vector<std::string> last;
    for (const char* lines : {"1", "20"}) {
        INFO("MultiPV " << lines);
        engine.send(std::string("setoption name MultiPV value ") + lines);
        engine.send("ucinewgame");
        engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
        engine.send("go wtime 60000 btime 60000");
        const auto out = until_bestmove(engine);
        for (const std::string& line : out) CHECK(line.find(" multipv 2 ") == std::string::npos);
        REQUIRE(out.size() >= 2);
        last.push_back(without_time(out[out.size() - 2]) + " / " + out.back());
    }
    CHECK(last[0] == last[1]);
}

TEST_CASE("UCI_ShowWDL: per-mille odds after the score, from the model of the evaluation in use",
          "[uci][gui]") {
    EngineProcess engine;
    engine.send("setoption name UCI_ShowWDL value true");
    for (bool net : {true, false}) {
        engine.send(std::string("setoption name Use NNUE value ") + (net ? "true" : "false"));
        const sente::wdl::Model& model = net ? sente::wdl::NetModel : sente::wdl::HandCraftedModel;
        int compared = 0;  // positions whose odds were checked against the model
        for (const std::string& fen :
             {std::string(Position::StartFen), Middlegame, std::string("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
              std::string("3qk3/8/8/8/8/8/8/4K3 w - - 0 1")}) {
            INFO((net ? "net, " : "hand-crafted, ") << fen);
            engine.send("position fen " + fen);
            engine.send("go depth 6");
            auto lines = until_bestmove(engine);
            const std::string& info = lines[lines.size() - 2];
            std::istringstream in(info.substr(info.find(" wdl ") + 5));
            int w = -1, d = -1, l = -1;
            in >> w >> d >> l;
            CHECK(w >= 0);
            CHECK(d >= 0);
            CHECK(l >= 0);
            CHECK(w + d + l == 1000);
            std::string kind = word_after(info, "score");
            int score = std::stoi(word_after(info, kind));
            if (kind == "mate" || score > 500) CHECK(w > 900);
            if (kind == "mate" ? score < 0 : score < -500) CHECK(l > 900);
            if (kind == "cp") {
                Position root;
                REQUIRE_FALSE(root.set_fen(fen));
                const sente::wdl::Odds expected = sente::wdl::odds(score, sente::wdl::material(root), model);
                CHECK(w == expected.win);
                CHECK(d == expected.draw);
                CHECK(l == expected.loss);
                ++compared;
            }
        }
        CHECK(compared >= 2);  // at least the two positions with every piece score in centipawns
    }
}

TEST_CASE("Ponder and infinite: a search that ends early still waits for ponderhit or stop", "[uci][gui]") {
    EngineProcess engine;
    // Limited strength ends each search after a small node budget; so does `nodes`.
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1320");
    engine.send("position startpos moves e2e4");
    engine.send("go ponder wtime 5000 btime 5000");
    CHECK(engine.read_until("bestmove", 1000ms).empty());
    engine.send("ponderhit");
    auto lines = until_bestmove(engine, 5s);
    CHECK(legal_in("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                   word_after(lines.back(), "bestmove")));

    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("go infinite nodes 2000");
    CHECK(engine.read_until("bestmove", 1000ms).empty());
    engine.send("stop");
    until_bestmove(engine, 5s);
}

namespace {

// The final info line of a search (the one before bestmove).
std::string final_info(EngineProcess& engine, const std::string& go) {
    engine.send(go);
    auto lines = until_bestmove(engine);
    REQUIRE(lines.size() >= 2);
    return lines[lines.size() - 2];
}

int hashfull_of(const std::string& info) {
    const std::string value = word_after(info, "hashfull");
    REQUIRE_FALSE(value.empty());
    return std::stoi(value);
}

}  // namespace

TEST_CASE("Hash: a size sent during a search takes effect after it", "[uci][gui]") {
    // 400,000 nodes fill a 1 MB table (65,536 entries) and a twentieth or less of a 64 MB one:
    // hashfull after the refill tells which size the search had.
    EngineProcess engine;
    engine.send("setoption name Hash value 1");
    engine.send("position startpos");
    const int small = hashfull_of(final_info(engine, "go nodes 400000"));
    CHECK(small > 900);
    engine.send("go infinite");
    REQUIRE(engine.read_line(10s));  // searching
    engine.send("setoption name Hash value 64");
    engine.send("stop");
    until_bestmove(engine);
    CHECK(sente::test::sync(engine).empty());
    engine.send("ucinewgame");
    engine.send("position startpos");
    const int large = hashfull_of(final_info(engine, "go nodes 400000"));
    INFO("hashfull " << small << " at 1 MB, " << large << " after Hash 64 during a search");
    CHECK(large < 200);
}

TEST_CASE("Clear Hash: empties the table", "[uci][gui]") {
    // hashfull counts only the current search's entries, so what the table still knows is read
    // from the search instead: a depth-3 search cannot see a mate in 5 (9 plies) by itself, but
    // finds it in a table that a mate search filled, and no longer after Clear Hash.
    for (const char* fen : {"1B6/1B6/8/1k6/8/1K6/1P6/8 w - - 0 1",  // matetrack: dm 5
                            "1B4n1/p7/1p1R4/8/2R5/4K3/n3pppp/4kbr1 w - - 0 1"}) {
        INFO(fen);
        EngineProcess engine;
        engine.send(std::string("position fen ") + fen);
        CHECK(word_after(final_info(engine, "go depth 3"), "score") == "cp");
        CHECK(final_info(engine, "go mate 5").find(" score mate 5 ") != std::string::npos);
        CHECK(final_info(engine, "go depth 3").find(" score mate 5 ") != std::string::npos);
        engine.send("setoption name Clear Hash");
        CHECK(sente::test::sync(engine).empty());
        CHECK(word_after(final_info(engine, "go depth 3"), "score") == "cp");
    }
}
