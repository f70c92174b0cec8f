// The command line of the built binary: perft output and refusal of bad arguments.
#include <catch2/catch.hpp>

#include "process.hpp"

using sente::test::run_sente;

namespace {
constexpr const char* Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        lines.push_back(text.substr(start, nl - start));
    return lines;
}
}  // namespace

TEST_CASE("CLI: perft prints the count, the time and the speed", "[cli]") {
    auto r = run_sente({"perft", "4"});
    REQUIRE(r.exit_status == 0);
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "Nodes searched: 197281");
    CHECK(lines[1].rfind("Time: ", 0) == 0);
    CHECK(lines[2].rfind("Nodes/second: ", 0) == 0);
}

TEST_CASE("CLI: perft --divide lists every root move", "[cli]") {
    auto r = run_sente({"perft", "3", "--divide", "--fen", Kiwipete});
    REQUIRE(r.exit_status == 0);
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 48 + 1 + 3);
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
              return l.size() > 6 && l[0] >= 'a' && l[0] <= 'h' && l[4] == ':';
          }) == 48);
    CHECK(std::find(lines.begin(), lines.end(), "e1g1: 2059") != lines.end());
    CHECK(lines[49] == "Nodes searched: 97862");
}

TEST_CASE("CLI: perft with threads, hash and Chess960", "[cli]") {
    auto r = run_sente({"perft", "4", "--threads", "2", "--hash", "8", "--fen", Kiwipete});
    REQUIRE(r.exit_status == 0);
    CHECK(r.out.find("Nodes searched: 4085603\n") != std::string::npos);
    // From the Chess960 suite (perft/chess960.epd, first line), depth 3.
    r = run_sente({"perft", "3", "--chess960", "--fen",
                   "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"});
    REQUIRE(r.exit_status == 0);
    CHECK(r.out.find("Nodes searched: 12189\n") != std::string::npos);
}

TEST_CASE("CLI: bad arguments exit with status 2 and a message", "[cli]") {
    const std::vector<std::vector<std::string>> bad = {
        {"perft"},
        {"perft", "x"},
        {"perft", "21"},
        {"perft", "3", "4"},
        {"perft", "-1"},
        {"perft", "2", "--fen", "not a fen"},
        {"perft", "2", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"},
        {"perft", "2", "--threads", "0"},
        {"perft", "2", "--threads", "many"},
        {"perft", "2", "--hash", "-5"},
        {"perft", "2", "--no-such-option"},
        {"datagen", "--games", "5"},
        {"research", "--algorithms", "minimax"},
        {"research", "--depth", "0"},
        {"spsa"},  // a normal build has no tunable options
    };
    for (const auto& args : bad) {
        std::string shown;
        for (const auto& a : args) shown += a + ' ';
        INFO(shown);
        auto r = run_sente(args);
        CHECK(r.exit_status == 2);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.rfind("sente: ", 0) == 0);
    }
}

TEST_CASE("CLI: arguments that are not commands run as UCI lines, then standard input", "[cli]") {
    // A search started from the command line is waited for before the next line.
    auto r = run_sente({"position startpos moves e2e4", "go depth 5", "quit"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("info depth 5 ") != std::string::npos);
    CHECK(r.out.find("bestmove ") != std::string::npos);
    // Without quit, standard input follows; unknown words are UCI errors, not usage errors.
    r = run_sente({"frobnicate"}, "isready\n");
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("info string error: unknown command 'frobnicate'") != std::string::npos);
    CHECK(r.out.find("readyok") != std::string::npos);
    r = run_sente({"setoption name MultiPV value 2", "position startpos", "go depth 3"}, "quit\n");
    CHECK(r.out.find("multipv 2") != std::string::npos);
}

TEST_CASE("CLI: --version and --help", "[cli]") {
    auto r = run_sente({"--version"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.rfind("Sente ", 0) == 0);
    r = run_sente({"--help"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("perft") != std::string::npos);
}
