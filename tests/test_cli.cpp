// The command line of the built binary: perft output, solve, and refusal of bad arguments.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/position.hpp"
#include "epd.hpp"
#include "process.hpp"
#include "search/syzygy.hpp"

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
    // Kiwipete's published counts (perft/standard.epd): 48 moves, 97,862 positions at depth 3,
    // which the moves' lines must add up to.
    std::set<std::string> moves;
    long long sum = 0;
    for (int i = 0; i < 48; ++i) {
        std::smatch m;
        REQUIRE(std::regex_match(lines[std::size_t(i)], m,
                                 std::regex("([a-h][1-8][a-h][1-8][qrbn]?): ([1-9][0-9]*)")));
        moves.insert(m[1]);
        sum += std::stoll(m[2]);
    }
    CHECK(moves.size() == 48);
    CHECK(moves.count("e1g1") == 1);  // castling is among them
    CHECK(lines[48].empty());
    CHECK(sum == 97862);
    CHECK(lines[49] == "Nodes searched: 97862");
}

TEST_CASE("CLI: perft --fen as one word or unquoted, a line end and a control character in it", "[cli]") {
    // perft/standard.epd: Kiwipete 2039 at depth 2.
    std::vector<std::string> args = {"perft", "--fen"};
    std::istringstream fields(Kiwipete);
    for (std::string f; fields >> f;) args.push_back(f);
    args.push_back("2");
    auto r = run_sente(args);
    CHECK(r.exit_status == 0);
    CHECK(r.out.rfind("Nodes searched: 2039\n", 0) == 0);
    // A FEN copied with its line end.
    r = run_sente({"perft", "2", "--fen", std::string(Kiwipete) + "\r\n"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.rfind("Nodes searched: 2039\n", 0) == 0);
    // Four fields and the depth after them read as a clock: the refusal says where the depth goes.
    r = run_sente({"perft", "--fen", "8/8/8/8/8/8/8/K6k", "w", "-", "-", "2"});
    CHECK(r.exit_status == 2);
    CHECK(r.err == "sente: perft needs exactly one DEPTH (before --fen when the FEN has no clocks)\n");
    // A control character in a refused field is not sent on as it is.
    r = run_sente({"perft", "1", "--fen",
                   "8/8/8/8/8/8/8/K6k w - - 0 \x1b"
                   "1"});
    CHECK(r.exit_status == 2);
    CHECK(r.err == "sente: bad FEN: FEN move number '?1' is not a number from 0 (read as 1) to 100000\n");
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

TEST_CASE("CLI: perft of a FEN with castling rights its board cannot have drops them, with a note", "[cli]") {
    // Position 3 of the published suites (perft/tricky.epd: D3 2812) with rights neither king can have.
    auto r = run_sente({"perft", "3", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w KQkq - 0 1"});
    REQUIRE(r.exit_status == 0);
    CHECK(r.out.find("Nodes searched: 2812\n") != std::string::npos);
    CHECK(r.err.find("FEN castling rights ignored: K (the king is not on its first rank)")
          != std::string::npos);
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
        {"perft", "2", "--hash", "9999999999"},  // no int: refused, not read as 1410065407
        {"perft", "2", "--hash", "0x10"},        // numbers are decimal, as everywhere
        {"perft", "2", "--no-such-option"},
        {"datagen", "--games", "5"},
        {"datagen", "--out", "never-written.bin", "--hash", "0"},
        {"datagen", "--out", "never-written.bin", "--hash", "4096"},
        {"datagen", "--out", "never-written.bin", "--nodes", "5000", "--hard-nodes", "4999"},
        {"research", "--algorithms", "minimax"},
        {"research", "--depth", "0"},
        {"research", "--depth", "6", "--algorithms", "pvs,negamax"},  // would not end in a day
        {"spsa"},                                                     // a normal build has no tunable options
        {"eval", "x"},
        {"d", "x", "y"},
        {"tune", "--data", "never-read.bin", "-k", "-1"},
        {"tune", "--data", "never-read.bin", "-k", "0"},
        {"tune", "--data", "never-read.bin", "--lr", "-5"},
        {"tune", "--data", "never-read.bin", "--decay", "0"},
        {"tune", "--data", "never-read.bin", "--decay", "1.5"},
        // An output that cannot be written is refused before the work (and the data) begins.
        {"tune", "--data", "never-read.bin", "--out", "/no/such/folder/params.hpp"},
        {"train", "--data", "never-read.bin", "--out", "/no/such/folder/net.nnue"},
        {"train", "--data", "never-read.bin", "--out", "."},
        {"train", "--data", "never-read.bin", "--checkpoint", "/no/such/folder/run.ckpt"},
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
    // A number too long for its type is called too large, not given the type's range (which is not
    // the option's); text that is no number is named as such.
    CHECK(run_sente({"perft", "2", "--hash", "9999999999"}).err == "sente: --hash 9999999999 is too large\n");
    CHECK(run_sente({"datagen", "--out", "x.bin", "--games", "-99999999999"}).err
          == "sente: --games -99999999999 is too small\n");
    CHECK(run_sente({"perft", "2", "--hash", "0x10"}).err
          == "sente: --hash must be a whole number, not '0x10'\n");
    // A negative hold-out rate is refused by name, before any file is read.
    for (const char* command : {"train", "tune"}) {
        auto r = run_sente({command, "--data", "never-read.bin", "--validation-every", "-3"});
        INFO(command << ": " << r.err);
        CHECK(r.exit_status == 2);
        CHECK(r.err.find("--validation-every must not be negative") != std::string::npos);
    }
    // research --positions: a bad FEN is named with its line, an empty file refused.
    const std::string positions =
        std::filesystem::temp_directory_path() / ("sente-positions-" + std::to_string(::getpid()) + ".epd");
    std::ofstream(positions) << "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n8/8/8 w - -\n";
    auto r = run_sente({"research", "--positions", positions});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find("bad FEN in --positions, " + positions + " line 2: ") != std::string::npos);
    std::ofstream(positions) << "";
    r = run_sente({"research", "--positions", positions});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find(positions + " holds no positions") != std::string::npos);
    std::filesystem::remove(positions);
}

TEST_CASE("CLI: arguments that are not commands run as UCI lines, then standard input", "[cli]") {
    // A search started from the command line is waited for before the next line.
    auto r = run_sente({"position startpos moves e2e4", "go depth 5", "quit"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("info depth 5 ") != std::string::npos);
    CHECK(r.out.find("bestmove ") != std::string::npos);
    // Without quit, standard input follows.
    r = run_sente({"setoption name MultiPV value 2", "position startpos", "go depth 3"}, "quit\n");
    CHECK(r.out.find("multipv 2") != std::string::npos);
    // A search with no limit is not waited for: the stop that ends it comes on standard input.
    for (const char* go : {"go", "go infinite", "go searchmoves e2e4 d2d4"}) {
        INFO(go);
        r = run_sente({"position startpos", go}, "isready\nstop\nquit\n", std::chrono::seconds(20));
        CHECK(r.exit_status == 0);
        CHECK(r.out.find("readyok") != std::string::npos);
        CHECK(r.out.find("bestmove ") != std::string::npos);
    }
    // A word that is neither a command nor one of UCI's is a mistyped command: refused, with the
    // status of a usage error, before any line runs (a typo must not leave a script waiting on a
    // UCI loop).
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"perf", "5"}, {"frobnicate"}, {"position startpos", "  gp depth 3"}}) {
        r = run_sente(args, "isready\n");
        INFO(args[0]);
        CHECK(r.exit_status == 2);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.rfind("sente: unknown command '", 0) == 0);
    }
    CHECK(run_sente({"perf", "5"}).err == "sente: unknown command 'perf' (try --help)\n");
    CHECK(run_sente({"position startpos", "  gp depth 3"}).err
          == "sente: unknown command 'gp' (try --help)\n");
}

TEST_CASE("CLI: a flag written --name=false is off, and --name=true on", "[cli]") {
    auto divide_lines = [](const std::vector<std::string>& args) {
        auto r = run_sente(args);
        REQUIRE(r.exit_status == 0);
        return lines_of(r.out).size();
    };
    CHECK(divide_lines({"perft", "2", "--divide=false"}) == 3);
    CHECK(divide_lines({"perft", "2", "--divide=true"}) == 20 + 1 + 3);
    CHECK(divide_lines({"perft", "2", "--divide"}) == 20 + 1 + 3);
    // Castling is written e1g1 in standard chess and e1h1 (king takes rook) in Chess960.
    auto r = run_sente({"perft", "1", "--divide", "--chess960=false", "--fen", Kiwipete});
    CHECK(r.out.find("e1g1: 1") != std::string::npos);
    r = run_sente({"perft", "1", "--divide", "--chess960=true", "--fen", Kiwipete});
    CHECK(r.out.find("e1h1: 1") != std::string::npos);
}

TEST_CASE("CLI: --version and --help", "[cli]") {
    auto r = run_sente({"--version"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.rfind("Sente ", 0) == 0);
    const bool named =
        r.out.find(" (AVX-512)") != std::string::npos || r.out.find(" (AVX2)") != std::string::npos
        || r.out.find(" (SSE4.1)") != std::string::npos || r.out.find(" (generic)") != std::string::npos;
    CHECK(named);  // the network's vector path
    // The build's name, as scripts/build-name.sh gives it for this tree: the version for a
    // release tag or a tree without git, dev-YYYYMMDD-<commit> otherwise.
    const std::string version = r.out.substr(0, r.out.find('\n'));
    CHECK(std::regex_match(version, std::regex(R"(Sente (\d+\.\d+\.\d+|dev-\d{8}-[0-9a-f]{8,}) \(.+\))")));
    std::string name;
    if (FILE* script = popen("sh '" SENTE_SOURCE_DIR "/scripts/build-name.sh' '" SENTE_SOURCE_DIR "'", "r")) {
        char buffer[256];
        while (fgets(buffer, sizeof buffer, script)) name += buffer;
        pclose(script);
    }
    CHECK(version.rfind("Sente " + name.substr(0, name.find('\n')) + " (", 0) == 0);
    // bench's header names the build likewise, and its last line stays the signature.
    r = run_sente({"bench", "1"});
    CHECK(r.exit_status == 0);
    CHECK(r.err.substr(0, r.err.find('\n')) == version);
    r = run_sente({"--help"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("perft") != std::string::npos);
}

TEST_CASE("CLI: compiler names the build, its compiler, its vector code and its net", "[cli]") {
    const auto version = run_sente({"--version"});
    REQUIRE(version.exit_status == 0);
    const std::string first = version.out.substr(0, version.out.find('\n'));  // "Sente NAME (ISA)"
    const std::string name = first.substr(0, first.rfind(" ("));
    const std::string isa = first.substr(name.size() + 2, first.size() - name.size() - 3);
    const auto uci = run_sente({"uci", "quit"});
    std::smatch net;
    REQUIRE(std::regex_search(uci.out, net, std::regex("option name EvalFile type string default (\\S+)")));

    const auto r = run_sente({"compiler"});
    REQUIRE(r.exit_status == 0);
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 6);
    CHECK(lines[0] == name);
    // CMake's own reading of the compiler that built the tests, and so the engine: its version
    // as GCC and Clang give it on Linux, where these tests run.
    CHECK(lines[1].rfind("Compiled by ", 0) == 0);
    CHECK(lines[1].find(std::string(SENTE_COMPILER_VERSION) + " for ") != std::string::npos);
    CHECK(lines[2].rfind("Instructions: " + isa + " for the net", 0) == 0);
    CHECK(lines[3].rfind("Net: " + net[1].str() + " embedded (", 0) == 0);
    CHECK(lines[4]
          == (sente::syzygy::available() ? "Syzygy tablebases: Fathom"
                                         : "Syzygy tablebases: not in this build"));
    CHECK(lines[5].rfind("Build: ", 0) == 0);

    const auto extra = run_sente({"compiler", "now"});
    CHECK(extra.exit_status == 2);
    CHECK(extra.err.find("compiler takes no arguments") != std::string::npos);
}

TEST_CASE("CLI: flip turns the position over, and turns it back", "[cli]") {
    sente::Position turned;
    REQUIRE_FALSE(turned.set_fen(sente::test::mirrored_fen(Kiwipete)));
    const std::string kiwipete_turned = turned.fen();
    auto r = run_sente({"position fen " + std::string(Kiwipete), "flip", "d", "flip", "d", "quit"});
    REQUIRE(r.exit_status == 0);
    std::vector<std::string> fens;
    for (const std::string& line : lines_of(r.out))
        if (line.rfind("Fen: ", 0) == 0) fens.push_back(line.substr(5));
    REQUIRE(fens.size() == 2);
    CHECK(fens[0] == kiwipete_turned);
    CHECK(fens[1] == Kiwipete);
    // A Chess960 position keeps its rooks' rights, now the other side's.
    r = run_sente({"setoption name UCI_Chess960 value true",
                   "position fen 1rk3r1/8/8/3pP3/8/8/8/R1K3R1 w AGbg d6 0 12", "flip", "d", "quit"});
    CHECK(r.out.find("Fen: r1k3r1/8/8/8/3Pp3/8/8/1RK3R1 b GBga d3 0 12\n") != std::string::npos);
    // Clocks run past what a FEN may hold are written at the most it may hold, and read back.
    r = run_sente(
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - - 10000 100000 moves e1e2 e8e7", "flip", "d", "quit"});
    CHECK(r.out.find("info string error") == std::string::npos);
    CHECK(r.out.find("Fen: 8/4k3/8/8/8/8/4K3/8 b - - 10000 100000\n") != std::string::npos);
    r = run_sente({"flip", "now"});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find("flip takes no arguments") != std::string::npos);
}

TEST_CASE("CLI: solve scores an EPD suite by its bm and am answers", "[cli]") {
    // Win At Chess positions that are forced mates in 2 or 3 (the published bm is the mating
    // move), each found in under 1,000 nodes, then answers the suite's judge must refuse. The
    // searches stop at a node count, so the answers are the same however loaded the machine is.
    std::map<std::string, std::string> wac;
    {
        std::ifstream in(std::string(SENTE_TEST_DATA_DIR) + "/wac.epd");
        for (std::string line; std::getline(in, line);) {
            const auto id = line.find("id \"");
            if (id != std::string::npos) wac[line.substr(id + 4, line.find('"', id + 4) - id - 4)] = line;
        }
    }
    REQUIRE(wac.size() == 300);
    const std::string wac004 = "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - -";
    REQUIRE(wac.at("WAC.004").rfind(wac004, 0) == 0);
    std::string suite;
    for (const char* id : {"WAC.004", "WAC.005", "WAC.012", "WAC.050"}) suite += wac.at(id) + "\n";
    suite += wac004 + " am Kb1; id \"avoids a quiet king move\";\n";     // solved: Qxh7 is played
    suite += wac004 + " bm Kb1; id \"a wrong bm\";\n";                   // missed
    suite += wac004 + " am Qxh7+; id \"the answer as am\";\n";           // missed
    suite += "8/8/8 w - - bm Kh1; id \"not a position\";\n";             // skipped, line 8
    suite += wac004 + " bm Zz9; id \"no such move\";\n";                 // skipped, line 9
    suite += wac004 + " id \"nothing to find\";\n";                      // skipped, line 10
    suite += wac004 + " bm Qh6xh7+; id \"the answer written long\";\n";  // solved: the move it names
    const std::string path =
        std::filesystem::temp_directory_path() / ("sente-solve-" + std::to_string(::getpid()) + ".epd");
    std::ofstream(path) << suite;

    auto expect_answers = [](const std::vector<std::string>& lines, const std::string& limit) {
        auto has = [&](const std::string& prefix) {
            return std::any_of(lines.begin(), lines.end(),
                               [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
        };
        CHECK(has("solved  WAC.004  Qxh7"));
        CHECK(has("solved  WAC.005  Qc4"));
        CHECK(has("solved  WAC.012  Qxf3"));
        CHECK(has("solved  WAC.050  Rxb6"));
        CHECK(has("solved  avoids a quiet king move  Qxh7"));
        CHECK(has("missed  a wrong bm  Qxh7"));
        CHECK(has("missed  the answer as am  Qxh7"));
        CHECK(has("skipped  not a position  line 8: bad FEN: FEN board has 3 ranks, not 8"));
        CHECK(has("skipped  no such move  line 9: bm Zz9 is no legal move here"));
        CHECK(has("skipped  nothing to find  line 10: no bm or am"));
        CHECK(has("solved  the answer written long  Qxh7"));
        REQUIRE_FALSE(lines.empty());
        CHECK(lines.back() == "solved 6 of 8 at " + limit + "; 3 lines skipped");
    };
    auto r = run_sente({"solve", path, "--nodes", "100000"});
    INFO(r.out << r.err);
    CHECK(r.exit_status == 0);
    expect_answers(lines_of(r.out), "100000 nodes");

    // Limits combine (the first reached ends the search) and the summary names them all.
    r = run_sente({"solve", path, "--depth", "8", "--nodes", "1000000"});
    CHECK(r.exit_status == 0);
    expect_answers(lines_of(r.out), "1000000 nodes, depth 8");

    // Silly limits are refused before any search.
    for (const auto& [option, value] :
         std::vector<std::pair<std::string, std::string>>{{"--nodes", "0"},
                                                          {"--depth", "0"},
                                                          {"--depth", "101"},
                                                          {"--movetime", "-5"},
                                                          {"--nodes", "many"}}) {
        r = run_sente({"solve", path, option, value});
        INFO(option << " " << value << ": " << r.err);
        CHECK(r.exit_status == 2);
        CHECK(r.out.empty());
    }

    // With no limit given, each search has the default 250 ms (whether it finds the move in that
    // time depends on the machine, a sanitizer's above all).
    std::ofstream(path) << wac.at("WAC.004") << "\n";
    r = run_sente({"solve", path});
    CHECK(r.exit_status == 0);
    const auto timed = lines_of(r.out);
    REQUIRE(timed.size() == 2);
    CHECK(timed[0].find("  WAC.004  ") != std::string::npos);
    CHECK((timed[1] == "solved 1 of 1 at 250 ms" || timed[1] == "solved 0 of 1 at 250 ms"));

    // A file with no test in it (not a suite at all, or every line broken) is a usage error.
    std::ofstream(path) << "8/8/8 w - - bm Kh1; id \"not a position\";\n";
    r = run_sente({"solve", path});
    CHECK(r.exit_status == 2);
    CHECK(r.out == "skipped  not a position  line 1: bad FEN: FEN board has 3 ranks, not 8\n");
    CHECK(r.err.find("no line of " + path + " is a test") != std::string::npos);
    std::ofstream(path) << "";
    r = run_sente({"solve", path});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find("holds no positions") != std::string::npos);
    std::filesystem::remove(path);
    r = run_sente({"solve", std::filesystem::temp_directory_path().string()});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find("cannot read") != std::string::npos);

    // A missing suite is a usage error.
    r = run_sente({"solve", "/no/such/suite.epd"});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find("cannot read") != std::string::npos);
}

TEST_CASE("CLI: solve reads a pipe, UCI notation and a byte-order mark, and names what it cannot read",
          "[cli]") {
    // Read once, as it comes: a suite piped in is solved (it used to be read twice, the second time
    // empty). Its first line starts with the byte-order mark some editors write; the answers of
    // the first two are written in UCI notation (WAC.004's Qxh7+ is h6h7), and a knight move two
    // knights can make is ambiguous, not illegal. The promotion is the one move that keeps the
    // pawn from the king beside it, so that any evaluation plays it (with the king far away every
    // move wins, and a net may well prefer another).
    const std::string wac004 = "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - -";
    std::string suite = "\xEF\xBB\xBF" + wac004 + " bm h6h7; id \"written in UCI\";\n";
    suite += "8/P7/1k6/8/8/8/8/7K w - - bm a7a8q; id \"a promotion in UCI\";\n";
    suite += "4k3/8/8/8/8/5N2/8/1N2K3 w - - bm Nd2; id \"two knights\";\n";
    suite += std::string(300, 'x') + "\n";
    auto r = run_sente({"solve", "/dev/stdin", "--nodes", "100000"}, suite);
    INFO(r.out << r.err);
    CHECK(r.exit_status == 0);
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == "solved  written in UCI  Qxh7");
    CHECK(lines[1] == "solved  a promotion in UCI  a8=Q");
    CHECK(lines[2] == "skipped  two knights  line 3: bm Nd2 is ambiguous here (more than one legal move)");
    // A line that is no EPD at all is echoed cut short.
    CHECK(lines[3].starts_with("skipped  " + std::string(100, 'x') + "...  line 4: bad FEN: "));
    CHECK(lines[4] == "solved 2 of 2 at 100000 nodes; 2 lines skipped");

    // Why a suite cannot be read.
    r = run_sente({"solve", "/no/such/suite.epd"});
    CHECK(r.exit_status == 2);
    CHECK(r.err == "sente: cannot read '/no/such/suite.epd': no such file\n");
    const std::string folder = std::filesystem::temp_directory_path().string();
    r = run_sente({"solve", folder});
    CHECK(r.exit_status == 2);
    CHECK(r.err == "sente: cannot read '" + folder + "': it is a folder, not a file\n");

    // A report that cannot be written is a failure, not a success.
    const std::string command = std::string("'") + SENTE_BINARY + "' tbcheck '" + SENTE_TEST_DATA_DIR
                                + "/syzygy' >/dev/full 2>/dev/null";
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    // And tbcheck given a table file, or run as a UCI line, says what it wants.
    r = run_sente({"tbcheck", std::string(SENTE_TEST_DATA_DIR) + "/syzygy/KQvK.rtbw"});
    CHECK(r.exit_status == 2);
    CHECK(r.err.find("KQvK.rtbw is a file: tbcheck takes the folder that holds the tables")
          != std::string::npos);
    r = run_sente({"tbcheck /tmp", "quit"});
    CHECK(r.exit_status == 2);
    CHECK(r.err == "sente: 'tbcheck' is no UCI command: run it as sente tbcheck ARGUMENTS, without quotes\n");
}

TEST_CASE("CLI: the command line and UCI run the same commands, each with its own help", "[cli]") {
    // bench from the command line and as a UCI line: one command, one node count.
    auto last_nodes = [](const std::string& out) {
        const auto lines = lines_of(out);
        for (auto it = lines.rbegin(); it != lines.rend(); ++it)
            if (it->find(" nodes ") != std::string::npos) return it->substr(0, it->find(' '));
        return std::string();
    };
    const auto cli = run_sente({"bench", "3"});
    REQUIRE(cli.exit_status == 0);
    const auto uci = run_sente({"bench 3", "quit"});
    REQUIRE(uci.exit_status == 0);
    CHECK_FALSE(last_nodes(cli.out).empty());
    CHECK(last_nodes(cli.out) == last_nodes(uci.out));

    // d and eval are commands of the command line too, on the start position.
    auto r = run_sente({"d"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") != std::string::npos);
    r = run_sente({"eval"});
    CHECK(r.exit_status == 0);
    CHECK(r.out.find("Evaluation (side to move)") != std::string::npos);

    // Every command has a --help of its own that names each of its options (and a few defaults).
    const std::vector<std::pair<std::string, std::string>> helps = {
        {"perft", "--fen --divide --threads --hash (default: 0) --chess960"},
        {"datagen",
         "--out --games --threads --nodes --hard-nodes --hash --random-plies --seed --book "
         "--chess960 --net --dump"},
        {"solve", "FILE --movetime --nodes --depth"},
        {"tempo-table", "[DEPTH] --tempo (default: 0,100)"},
        {"research", "--depth --algorithms --tempo --positions --eval --hash --csv"},
        {"tune",
         "--data --params --out --epochs --lr --decay --lambda -k --validation-every --min-ply "
         "--max-score --report (default: 25) --threads"},
        {"train",
         "--data --out (default: sente.nnue) --epochs --batch --lr --lr-final --weight-decay "
         "--lambda --scale --threads --seed --min-ply --max-score --validation-every --checkpoint "
         "--resume --init --mirror --hidden --king-mirror --output-buckets --net-every"},
    };
    for (const auto& [command, parts] : helps) {
        r = run_sente({command, "--help"});
        INFO(command);
        CHECK(r.exit_status == 0);
        CHECK(r.err.empty());
        std::istringstream words(parts);
        for (std::string part; words >> part;) {
            // "(default: 0)" is one part.
            if (part == "(default:") {
                std::string value;
                words >> value;
                part += ' ' + value;
            }
            INFO(part);
            CHECK(r.out.find(part) != std::string::npos);
        }
    }
    // A command without options answers --help with its usage and summary.
    for (const char* command : {"bench", "eval", "d", "flip", "compiler", "genfens", "spsa"}) {
        INFO(command);
        r = run_sente({command, "--help"});
        CHECK(r.exit_status == 0);
        CHECK(r.err.empty());
        CHECK(r.out.rfind("Usage:\n  sente " + std::string(command), 0) == 0);
        CHECK(r.out.find("(no options).") != std::string::npos);
    }
    CHECK(run_sente({"bench", "-h"}).out.find("sente bench [DEPTH]") != std::string::npos);

    // The general help lists every command.
    r = run_sente({"--help"});
    for (const char* command : {"perft", "bench", "eval", "flip", "compiler", "genfens", "solve", "research",
                                "datagen", "tune", "train"})
        CHECK(r.out.find(command) != std::string::npos);
}
