// The UCI protocol, driven through pipes to the built binary as a GUI drives it.
#include <catch2/catch.hpp>

#include "process.hpp"

using namespace std::chrono_literals;
using sente::test::EngineProcess;

namespace {

std::string fen_of(EngineProcess& engine) {
    engine.send("d");
    auto lines = engine.read_until("Checkers:", 5s);  // the last line of `d`
    auto fen = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("Fen: ", 0) == 0; });
    REQUIRE(fen != lines.end());
    return fen->substr(5);
}

}  // namespace

TEST_CASE("UCI: nothing is printed before uci; handshake lists the options", "[uci]") {
    EngineProcess engine;
    CHECK_FALSE(engine.read_line(300ms));
    engine.send("uci");
    auto lines = engine.read_until("uciok", 5s);
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.front().rfind("id name Sente ", 0) == 0);
    auto has = [&](const std::string& l) { return std::find(lines.begin(), lines.end(), l) != lines.end(); };
    CHECK(has("option name Hash type spin default 16 min 1 max 65536"));
    CHECK(has("option name Threads type spin default 1 min 1 max 256"));
    CHECK(has("option name UCI_Chess960 type check default false"));
    engine.send("isready");
    CHECK(engine.read_line(5s) == "readyok");
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

TEST_CASE("UCI: go perft matches the command line", "[uci]") {
    EngineProcess engine;
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send("go perft 2");
    auto lines = engine.read_until("Nodes searched:", 10s);
    REQUIRE(lines.size() == 48 + 1 + 1);
    CHECK(lines.back() == "Nodes searched: 2039");
    CHECK(engine.read_line(5s)->rfind("Time: ", 0) == 0);
    CHECK(engine.read_line(5s)->rfind("Nodes/second: ", 0) == 0);
}

TEST_CASE("UCI: position with moves, and errors that keep the last valid position", "[uci]") {
    EngineProcess engine;
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    const std::string good = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    CHECK(fen_of(engine) == good);

    for (const char* bad : {"position startpos moves e2e4 e2e4", "position startpos moves e2e5",
                            "position startpos moves e7e5", "position startpos moves xyz",
                            "position fen 8/8/8/8 w - - 0 1", "position fen", "position",
                            "position sideways", "position startpos extra"}) {
        INFO(bad);
        engine.send(bad);
        auto line = engine.read_line(5s);
        REQUIRE(line);
        CHECK(line->rfind("info string error: ", 0) == 0);
        CHECK(fen_of(engine) == good);
    }
}

TEST_CASE("UCI: unknown commands and options get an info string, never an exit", "[uci]") {
    EngineProcess engine;
    engine.send("xboard");
    CHECK(engine.read_line(5s)->rfind("info string error: unknown command", 0) == 0);
    engine.send("setoption name UCI_ShowWDL value true");  // Fritz sends it unannounced
    CHECK(engine.read_line(5s)->rfind("info string error: no such option", 0) == 0);
    engine.send("setoption name threads value 999");  // case-insensitive, clamped
    CHECK(engine.read_line(5s)->find("Threads set to 256") != std::string::npos);
    engine.send("setoption name Hash value lots");
    CHECK(engine.read_line(5s)->rfind("info string error:", 0) == 0);
    engine.send("");
    engine.send("   ");
    engine.send("isready");
    CHECK(engine.read_line(5s) == "readyok");
}

TEST_CASE("UCI: Chess960 mode reads Shredder-FEN and writes king-takes-rook", "[uci]") {
    EngineProcess engine;
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("position fen 4k3/8/8/8/8/8/8/4K2R w H - 0 1 moves e1h1");
    CHECK(fen_of(engine) == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    engine.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    engine.send("go perft 1");
    auto lines = engine.read_until("Nodes searched:", 5s);
    CHECK(std::find(lines.begin(), lines.end(), "e1h1: 1") != lines.end());
}

TEST_CASE("UCI: end of input acts as quit", "[uci]") {
    EngineProcess engine;
    engine.send("isready");
    CHECK(engine.read_line(5s) == "readyok");
    engine.close_input();
    CHECK(engine.wait_exit(5s) == 0);
}
