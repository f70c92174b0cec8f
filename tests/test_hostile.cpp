// Hostile input through the protocol: after every line the engine must still answer `isready`, reject
// what it cannot use with `info string error: ...`, keep its last valid position, and in the end still
// play a legal move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <random>
#include <sstream>

#include "core/movegen.hpp"
#include "core/position.hpp"
#include "in_process_uci.hpp"
#include "process.hpp"
#include "uci_checks.hpp"
#include "uci_text.hpp"

using namespace std::chrono_literals;
using sente::Move;
using sente::MoveList;
using sente::Position;
using sente::test::EngineProcess;
using sente::test::fen_of;
using sente::test::starts_with;
using sente::test::sync;

namespace {

// What a line must produce before the `readyok` that follows it.
enum class Expect {
    Silence,  // no output at all
    Error,    // at least one `info string error:` line
    Search,   // a search starts; it ends (by itself or by `stop`) with exactly one legal bestmove
    Clock,    // a search on a clock: it ends by itself, without `stop`, with exactly one legal bestmove
    Note,     // exactly the note `note`: a value brought into the option's range
};

struct Case {
    std::string line;
    Expect expect;
    std::string note = {};  // for Expect::Note, the `info string` text expected
};

std::string repeat(const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

std::string bestmove_of(const std::string& line) { return sente::test::word_after(line, "bestmove"); }

// A legal game of the given length from the start position, played by a fixed-seed random mover
// that never chooses a move leaving the opponent without a reply.
std::vector<std::string> random_legal_game(int plies, unsigned seed) {
    Position pos;
    std::mt19937 rng(seed);
    std::vector<std::string> moves;
    while (int(moves.size()) < plies) {
        MoveList list;
        sente::generate<sente::GenType::All>(pos, list);
        std::vector<Move> playable;
        for (Move m : list) {
            pos.make_move(m);
            if (sente::count_legal_moves(pos) > 0) playable.push_back(m);
            pos.unmake_move(m);
        }
        REQUIRE_FALSE(playable.empty());
        Move m = playable[std::uniform_int_distribution<std::size_t>(0, playable.size() - 1)(rng)];
        moves.push_back(pos.move_to_uci(m));
        pos.make_move(m);
    }
    return moves;
}

std::string fen_after(const std::string& fen, const std::vector<std::string>& moves) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen));
    for (const std::string& text : moves) {
        Move m = pos.parse_uci_move(text);
        REQUIRE(m != Move::none());
        pos.make_move(m);
    }
    return pos.fen();
}

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

}  // namespace

TEST_CASE(
    "Hostile input: every line is answered, rejected with a message or ignored, and none breaks the engine",
    "[uci][hostile]") {
    const std::string start(Position::StartFen);
    const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const std::string megabyte(1 << 20, 'x');

    std::vector<Case> cases = {
        // Empty, blank and unknown lines.
        {"", Expect::Silence},
        {"   ", Expect::Silence},
        {"\t \t", Expect::Silence},
        {"\r", Expect::Silence},
        {"hello", Expect::Error},
        {"xboard", Expect::Error},
        {"protover 2", Expect::Error},
        {"UCI", Expect::Error},
        {"ISREADY", Expect::Error},
        {"Go depth 2", Expect::Error},
        {"POSITION startpos", Expect::Error},
        {megabyte, Expect::Error},
        {std::string("\x01\x02\x03\x7f go", 8), Expect::Error},
        {std::string("\0\0\0", 3), Expect::Error},
        {"\xff\xfe\xc3\xa9\xe2\x99\x9e", Expect::Error},
        {"d\x01", Expect::Error},
        // Commands with missing or extra arguments.
        {"position", Expect::Error},
        {"position fen", Expect::Error},
        {"position fen moves e2e4", Expect::Error},
        {"position startpos extra", Expect::Error},
        {"position moves e2e4", Expect::Error},
        {"position sideways", Expect::Error},
        {"setoption", Expect::Error},
        {"setoption name", Expect::Error},
        {"setoption value 3", Expect::Error},
        {"setoption Hash 3", Expect::Error},
        {"go perft", Expect::Error},
        {"go perft -1", Expect::Error},
        {"go perft 99", Expect::Error},
        {"go perft x", Expect::Error},
        {"bench 0", Expect::Error},
        {"bench x", Expect::Error},
        {"bench 999", Expect::Error},
        {"flip the board", Expect::Error},  // refused whole: the position stays as it was
        {"compiler gcc", Expect::Error},
        {"ucinewgame please", Expect::Silence},
        // The protocol's commands that ask nothing of this engine.
        {"debug on", Expect::Silence},
        {"debug off", Expect::Silence},
        {"debug", Expect::Silence},
        {"register later", Expect::Silence},
        {"register name Someone code 1234", Expect::Silence},
        // Bad FENs.
        {"position fen 8/8/8/8/8/8/8/8 w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/8 w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3K w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/3KK3 w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K4 w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/ppppppppp w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 W - - 0 1", Expect::Error},
        {"position fen QQQQQQnk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - z9 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 w KQkqX - 0 1", Expect::Error},  // not a castling letter
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - - -1 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", Expect::Error},
        {"position fen 4k3/8/8/8/8/8/8 w - - 0 1", Expect::Error},
        {"position fen 4k2R/8/8/8/8/8/8/4K3 w - - 0 1", Expect::Error},  // the side not to move is in check
        {"position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1", Expect::Error},  // a pawn on the eighth rank
        {"position fen " + megabyte, Expect::Error},
        // Moves: illegal, malformed, a legal move after an illegal one, castling in the wrong notation.
        {"position startpos moves e2e5", Expect::Error},
        {"position startpos moves e7e5", Expect::Error},
        {"position startpos moves e2e4 e2e4", Expect::Error},
        {"position startpos moves e9e4", Expect::Error},
        {"position startpos moves e2", Expect::Error},
        {"position startpos moves e2e4e5", Expect::Error},
        {"position startpos moves e2e4 zz e7e5", Expect::Error},
        {"position startpos moves a1a1", Expect::Error},
        {"position startpos moves e2e1q", Expect::Error},
        {"position startpos moves b1a3 O-O", Expect::Error},
        {"position fen " + kiwipete + " moves O-O", Expect::Error},
        {"position fen " + kiwipete + " moves 0-0-0", Expect::Error},
        {"position fen " + kiwipete + " moves e1g1 e8g8 g1g2", Expect::Error},
        {"position startpos moves " + repeat("g1f3 g8f6 f3g1 f6g8 ", 1249) + "g1f3 g8f6 f3g1 e2e4",
         Expect::Error},
        // go with negative, zero, non-numeric and 20-digit numbers; searchmoves with illegal moves.
        {"go depth x", Expect::Search},
        {"go depth -3", Expect::Search},
        {"go depth 0", Expect::Search},
        {"go depth 99999999999999999999 nodes 20000", Expect::Search},
        {"go nodes -5", Expect::Search},
        {"go nodes 0", Expect::Search},
        {"go movetime -1", Expect::Search},
        {"go movetime 0", Expect::Search},
        {"go movetime abc", Expect::Search},
        {"go wtime -1000 btime -1000", Expect::Clock},
        {"go wtime 0 btime 0 winc 0 binc 0", Expect::Clock},
        {"go wtime 99999999999999999999 btime 99999999999999999999 movestogo 1", Expect::Search},
        {"go wtime 1000 btime 1000 movestogo 0", Expect::Clock},
        {"go wtime 1000 btime 1000 movestogo -7", Expect::Clock},
        {"go mate 0", Expect::Search},
        {"go mate -2 depth 3", Expect::Search},
        {"go wtime", Expect::Search},
        {"go searchmoves e2e5 a1a8 depth 3", Expect::Search},
        {"go searchmoves xyzw depth 3", Expect::Search},
        {"go searchmoves", Expect::Search},
        {"go depth 3 banana", Expect::Search},
        {"go infinite", Expect::Search},
        {"go ponder", Expect::Search},
        {"go", Expect::Search},
        // stop and ponderhit with no search running.
        {"stop", Expect::Silence},
        {"ponderhit", Expect::Silence},
        {"stop now", Expect::Silence},
        // setoption: unknown names, missing values, out-of-range and non-numeric values.
        {"setoption name NoSuchOption value 3", Expect::Error},
        {"setoption name Hash", Expect::Error},
        {"setoption name Hash value", Expect::Error},
        {"setoption name Hash value lots", Expect::Error},
        {"setoption name Hash value 1.5", Expect::Error},
        {"setoption name Hash value -5", Expect::Note,
         "Hash set to 1, the nearest allowed value (1 to 33554432)"},
        {"setoption name Hash value 0", Expect::Note,
         "Hash set to 1, the nearest allowed value (1 to 33554432)"},
        {"setoption name Hash value 16", Expect::Silence},
        {"setoption name Threads value 0", Expect::Note,
         "Threads set to 1, the nearest allowed value (1 to 256)"},
        {"setoption name Threads value 100000", Expect::Note,
         "Threads set to 256, the nearest allowed value (1 to 256)"},
        {"setoption name Threads value 1", Expect::Silence},
        {"setoption name MultiPV value -1", Expect::Note,
         "MultiPV set to 1, the nearest allowed value (1 to 256)"},
        {"setoption name MultiPV value 1", Expect::Silence},
        {"setoption name Move Overhead value 1000000", Expect::Note,
         "Move Overhead set to 5000, the nearest allowed value (0 to 5000)"},
        {"setoption name Move Overhead value 20", Expect::Silence},
        {"setoption name SyzygyProbeDepth value 1000", Expect::Note,
         "SyzygyProbeDepth set to 100, the nearest allowed value (1 to 100)"},
        {"setoption name SyzygyProbeDepth value 1", Expect::Silence},
        {"setoption name Ponder value maybe", Expect::Error},
        {"setoption name UCI_Chess960 value 1", Expect::Error},
        {"setoption name Clear Hash value now", Expect::Silence},  // a button's value is ignored
        {"setoption name Clear Hash", Expect::Silence},
        {"setoption name  Hash  value  16 ", Expect::Silence},
        {"setoption name hash value 16", Expect::Silence},
    };

    EngineProcess engine;
    engine.send("uci");
    REQUIRE_FALSE(engine.read_until("uciok", 10s).empty());
    std::string expected_fen = start;
    engine.send("position startpos");

    for (const Case& c : cases) {
        INFO("line: " << c.line.substr(0, 120));
        engine.send(c.line);
        // A clocked search must end by itself (how quickly is test_timing.cpp's to check, outside
        // the sanitizer builds); an engine that ignored the clock would wait here for a stop.
        std::vector<std::string> out;
        if (c.expect == Expect::Clock) {
            out = engine.read_until("bestmove", 10s);
            REQUIRE_FALSE(out.empty());
        }
        for (const std::string& l : sync(engine)) out.push_back(l);
        std::string out_text = join(out);
        INFO("output: " << out_text.substr(0, 400));

        auto errors = std::count_if(out.begin(), out.end(), [](const std::string& l) {
            return starts_with(l, "info string error: ");
        });
        switch (c.expect) {
            case Expect::Silence:
                CHECK(out.empty());
                break;
            case Expect::Error:
                CHECK(errors >= 1);
                break;
            case Expect::Note:
                REQUIRE(out.size() == 1);
                CHECK(out[0] == "info string " + c.note);
                break;
            case Expect::Clock:
            case Expect::Search: {
                const auto is_bestmove = [](const std::string& l) { return starts_with(l, "bestmove"); };
                auto best = std::find_if(out.begin(), out.end(), is_bestmove);
                if (best == out.end()) {
                    engine.send("stop");
                    auto rest = engine.read_until("bestmove", 20s);
                    REQUIRE_FALSE(rest.empty());
                    out.push_back(rest.back());
                    best = out.end() - 1;
                }
                Position pos;
                REQUIRE_FALSE(pos.set_fen(expected_fen));
                CHECK(pos.parse_uci_move(bestmove_of(*best)) != Move::none());
                // Exactly one bestmove for this go, before the next isready and after it.
                CHECK(std::count_if(out.begin(), out.end(), is_bestmove) == 1);
                auto later = sync(engine);
                CHECK(std::none_of(later.begin(), later.end(), is_bestmove));
                break;
            }
        }
        CHECK(fen_of(engine) == expected_fen);
    }

    {  // A Hash the machine cannot give falls back to one it can without a stall: the table is
        // backed in the background, and `isready` does not wait for gigabytes of page faults.
        constexpr auto ReadyBound = 5s;
        const auto start = std::chrono::steady_clock::now();
        engine.send("setoption name Hash value 99999999999");
        const auto notes = sync(engine, ReadyBound);
        CHECK(std::chrono::steady_clock::now() - start < ReadyBound);
        // First what was asked for (the clamp to the option's top), then what could be had (no
        // machine of less than 64 TB can spare 32 TB).
        REQUIRE(notes.size() == 2);
        CHECK(starts_with(notes[0], "info string Hash set to 33554432, the nearest allowed value"));
        CHECK(starts_with(notes[1], "info string Hash: could not allocate 33554432 MB, using "));
        engine.send("go depth 6");
        auto lines = engine.read_until("bestmove", 20s);
        REQUIRE_FALSE(lines.empty());
        Position pos;
        REQUIRE_FALSE(pos.set_fen(expected_fen));
        CHECK(pos.parse_uci_move(bestmove_of(lines.back())) != Move::none());
#ifndef SENTE_SANITIZED  // a sanitizer would shadow every byte of gigabytes of zeroing
        const auto renew = std::chrono::steady_clock::now();  // and emptying it again is as quick
        engine.send("ucinewgame");
        sync(engine, ReadyBound);
        CHECK(std::chrono::steady_clock::now() - renew < ReadyBound);
#endif
        engine.send("setoption name Hash value 16");
        CHECK(sync(engine).empty());
    }

    {  // Positions that are long but legal are accepted.
        // 5,000 plies of knights going out and back: legal, and a repetition many times over.
        std::vector<std::string> shuffle;
        for (int i = 0; i < 1250; ++i)
            for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) shuffle.emplace_back(m);
        engine.send("position startpos moves " + join(shuffle));
        CHECK(sync(engine).empty());
        CHECK(fen_of(engine) == fen_after(start, shuffle));

        // A 1,200-ply game of random legal moves.
        std::vector<std::string> game = random_legal_game(1200, 20261121);
        engine.send("position startpos moves " + join(game));
        CHECK(sync(engine).empty());
        expected_fen = fen_after(start, game);
        CHECK(fen_of(engine) == expected_fen);
        engine.send("go depth 4");
        auto lines = engine.read_until("bestmove", 20s);
        REQUIRE_FALSE(lines.empty());
        Position pos;
        REQUIRE_FALSE(pos.set_fen(expected_fen));
        CHECK(pos.parse_uci_move(bestmove_of(lines.back())) != Move::none());
    }

    {  // Castling in the other notation.
        // Standard mode also reads king-takes-rook; Chess960 mode reads only king-takes-rook.
        engine.send("position fen " + kiwipete + " moves e1h1");
        CHECK(sync(engine).empty());
        CHECK(fen_of(engine) == fen_after(kiwipete, {"e1g1"}));
        engine.send("setoption name UCI_Chess960 value true");
        engine.send("position fen " + kiwipete + " moves e1g1");
        auto out = sync(engine);
        REQUIRE(out.size() == 1);
        CHECK(starts_with(out[0], "info string error: "));
        engine.send("setoption name UCI_Chess960 value false");
    }

    // A search until told, an option sent during it, and a second `go` that ends it: the lines of
    // each search, to its bestmove (which each must send).
    struct TwoSearches {
        std::vector<std::string> first, second;
    };
    auto go_during_go = [&](const std::string& position, const std::string& option, const std::string& go) {
        engine.send(position);
        engine.send("go infinite");
        engine.send(option);
        engine.send(go);
        TwoSearches lines{engine.read_until("bestmove", 20s), {}};
        REQUIRE_FALSE(lines.first.empty());
        lines.second = engine.read_until("bestmove", 20s);
        REQUIRE_FALSE(lines.second.empty());
        return lines;
    };

    {  // An option sent during a search applies to the next search, even one that ends it.
        const auto [first, second] =
            go_during_go("position startpos", "setoption name MultiPV value 3", "go depth 6");
        CHECK(std::any_of(second.begin(), second.end(),
                          [](const std::string& l) { return l.find(" multipv 3 ") != std::string::npos; }));
        engine.send("setoption name MultiPV value 1");
        CHECK(sync(engine).empty());
    }

    {  // A go during a search reads its searchmoves under the options that waited for that search:
       // a UCI_Chess960 sent meanwhile decides how its castling is written (in Chess960 mode only
       // king-takes-rook is castling).
        engine.send("setoption name UCI_Chess960 value true");
        const auto [first, second] =
            go_during_go("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                         "setoption name UCI_Chess960 value false", "go depth 3 searchmoves e1g1");
        CHECK(bestmove_of(second.back()) == "e1g1");
        for (const auto& l : first) CHECK_FALSE(starts_with(l, "info string"));
        for (const auto& l : second) CHECK_FALSE(starts_with(l, "info string"));
        CHECK(sync(engine).empty());
    }

    {  // A go during a search, and setoption during a search.
        const auto [first, second] =
            go_during_go("position startpos", "setoption name Hash value 32", "go depth 3");
        for (const auto& l : {first.back(), second.back()})
            CHECK(Position().parse_uci_move(bestmove_of(l)) != Move::none());
        CHECK(sync(engine).empty());
    }

    // Whatever came before, a normal position still gets a legal move.
    engine.send("position startpos moves e2e4");
    engine.send("go depth 5");
    auto lines = engine.read_until("bestmove", 20s);
    REQUIRE_FALSE(lines.empty());
    fen_after(start, {"e2e4", bestmove_of(lines.back())});  // fails the test unless both moves are legal

    // End of input in the middle of a search: a clean exit.
    engine.send("go infinite");
    REQUIRE(engine.read_line(10s));
    engine.close_input();
    CHECK(engine.wait_exit(10s) == 0);
}

TEST_CASE("Hostile memory: a line the engine cannot print is an error line, and the engine goes on",
          "[uci][hostile]") {
    // Printing fails as it does when the system refuses memory: each line chosen throws once.
    test::InProcessUci uci;
    const auto lines_since = [&](std::size_t from) {
        const auto all = uci.lines();
        return std::vector<std::string>(all.begin() + long(from), all.end());
    };

    // A protocol thread's answer.
    uci.fail_next("readyok");
    REQUIRE(uci.send("isready"));
    REQUIRE(uci.send("isready"));
    CHECK(lines_since(0)
          == std::vector<std::string>{"info string error: 'isready' failed: std::bad_alloc", "readyok"});

    // A search's report: the search ends there, says so, and plays a legal move.
    Position after_e4;
    REQUIRE_FALSE(after_e4.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    REQUIRE(uci.send("position startpos moves e2e4"));
    std::size_t from = uci.lines().size();
    uci.fail_next("info depth 3 ");
    REQUIRE(uci.send("go depth 8"));
    REQUIRE(uci.wait_for_bestmoves(1));
    uci.engine().wait();
    auto search = lines_since(from);
    REQUIRE(search.size() >= 2);
    CHECK(search[search.size() - 2]
          == "info string error: the search failed (std::bad_alloc); playing the best move found so far");
    CHECK(after_e4.parse_uci_move(test::word_after(search.back(), "bestmove")) != Move::none());
    CHECK(std::none_of(search.begin(), search.end(),
                       [](const std::string& l) { return l.starts_with("info depth 4 "); }));

    // The bestmove itself: nothing can be said, but the search still ends and the engine answers.
    from = uci.lines().size();
    uci.fail_next("bestmove ");
    REQUIRE(uci.send("go depth 3"));
    uci.engine().wait();
    REQUIRE(uci.send("isready"));
    CHECK(lines_since(from).back() == "readyok");
    CHECK(uci.bestmoves() == 1);

    // And the next search is whole.
    from = uci.lines().size();
    REQUIRE(uci.send("go depth 6"));
    REQUIRE(uci.wait_for_bestmoves(2));
    uci.engine().wait();
    search = lines_since(from);
    CHECK(std::any_of(search.begin(), search.end(),
                      [](const std::string& l) { return l.starts_with("info depth 6 "); }));
    CHECK(std::none_of(search.begin(), search.end(),
                       [](const std::string& l) { return l.starts_with("info string"); }));
}
