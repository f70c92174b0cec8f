// Syzygy tablebases through Fathom, with the complete 3- and 4-piece tables in tests/data/syzygy:
// results checked against the published tablebase-exact mate lengths of endgame_dm.epd, endings
// played out between two engines, and the cases where the tables must not be asked.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "core/movegen.hpp"
#include "engine.hpp"
#include "search/syzygy.hpp"
#include "search/syzygy_check.hpp"

#include "process.hpp"
#include "temp_path.hpp"
#include "uci_text.hpp"

using namespace sente;
using namespace std::chrono_literals;

namespace {

const std::string TablePath = std::string(SENTE_TEST_DATA_DIR) + "/syzygy";

// Fathom's tables are process-wide: a test that opens them closes them again when it ends, or
// every engine of the tests that run after it in the same process would search with them.
struct TablesClosedAtEnd {
    ~TablesClosedAtEnd() { syzygy::init(""); }
};

// Opens the test tables for one test case. The base class is whole before the checks below can
// throw, so the tables are closed however the test ends.
struct TestTables : TablesClosedAtEnd {
    TestTables() {
        REQUIRE(syzygy::available());  // the build needs Debian's libfathom-dev, which setup installs
        const std::string message = syzygy::init(TablePath);
        INFO(message);
        REQUIRE(syzygy::largest() == 4);
    }
};

struct DmCase {
    std::string fen;
    int dm;  // > 0 the side to move mates in dm, < 0 is mated, 0 draw (tablebase-exact)
};

std::vector<DmCase> endgame_cases() {
    std::vector<DmCase> cases;
    std::ifstream in(std::string(SENTE_TEST_DATA_DIR) + "/endgame_dm.epd");
    static const std::regex pattern(R"(^(.*?)\s+dm\s+(-?\d+);)");
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, pattern))
            cases.push_back({m[1].str() + " 0 1", std::stoi(m[2].str())});
    }
    return cases;
}

int sign(int x) { return (x > 0) - (x < 0); }

Position position_of(const std::string& fen) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen));
    return pos;
}

// The tables' verdict for the side to move (by DTZ ranking, which accepts any fifty-move counter):
// 1 win, 0 draw, -1 loss; checkmate and stalemate need no table.
int verdict(const Position& pos) {
    MoveList legal;
    generate<GenType::All>(pos, legal);
    if (legal.size() == 0) return pos.in_check() ? -1 : 0;
    auto ranking = syzygy::rank_root_moves(pos, true);
    REQUIRE(ranking);
    return sign(ranking->value);
}

enum class Ending { Mate, Stalemate, Draw, Undecided };

// Plays from `fen` with `white` and `black` to move, each move a search of `nodes` nodes, until
// the game ends by the rules or after `max_plies`. `on_move` sees the position after each move.
struct Game {
    Ending ending = Ending::Undecided;
    Color loser = White;  // for a mate
    int plies = 0;
};
Game play(const std::string& fen, Engine& white, Engine& black, std::uint64_t nodes, int max_plies,
          const std::function<void(const Position&, Color mover)>& on_move = {}) {
    Position pos = position_of(fen);
    Game g;
    for (; g.plies < max_plies; ++g.plies) {
        MoveList legal;
        generate<GenType::All>(pos, legal);
        if (legal.size() == 0) {
            g.ending = pos.in_check() ? Ending::Mate : Ending::Stalemate;
            g.loser = pos.side_to_move();
            return g;
        }
        if (pos.rule50() >= 100 || pos.is_repetition(0) || pos.insufficient_material()) {
            g.ending = Ending::Draw;
            return g;
        }
        Engine& engine = pos.side_to_move() == White ? white : black;
        engine.set_position(pos);
        SearchLimits limits;
        limits.nodes = nodes;
        Move best = Move::none();
        SearchCallbacks cb;
        cb.on_bestmove = [&](Move m, Move) { best = m; };
        engine.search_sync(limits, cb);
        REQUIRE(pos.is_legal(best));
        const Color mover = pos.side_to_move();
        pos.make_move(best);
        if (on_move) on_move(pos, mover);
    }
    return g;
}

}  // namespace

TEST_CASE("Syzygy: WDL and DTZ agree with the tablebase-exact results of endgame_dm.epd", "[syzygy]") {
    const TestTables tables;
    int checked = 0;
    for (const DmCase& c : endgame_cases()) {
        INFO(c.fen << " dm " << c.dm);
        const Position pos = position_of(c.fen);
        if (popcount(pos.pieces()) > 4) continue;
        ++checked;
        // WDL (these positions have a fifty-move counter of 0, as the probe needs).
        const std::optional<int> wdl = syzygy::probe_wdl(pos);
        REQUIRE(wdl);
        CHECK(sign(*wdl) == sign(c.dm));
        // DTZ ranking of the root moves, without the fifty-move rule: the same result, and every
        // move it ranks best keeps it (the opponent is then lost, drawn or winning in turn).
        auto ranking = syzygy::rank_root_moves(pos, false);
        REQUIRE(ranking);
        CHECK(sign(ranking->value) == sign(c.dm));
        int best = std::numeric_limits<int>::min();
        for (const syzygy::RankedMove& r : ranking->moves) best = std::max(best, r.rank);
        int best_moves = 0;
        for (const auto& [move, rank, value, progress] : ranking->moves) {
            // Each move's own result is what the position after it is for the other side.
            Position after = pos;
            after.make_move(move);
            CHECK(sign(value) == -verdict(after));
            if (rank != best) continue;
            CHECK(verdict(after) == -sign(c.dm));
            CHECK(value == ranking->value);
            ++best_moves;
        }
        CHECK(best_moves >= 1);
    }
    CHECK(checked == 48);  // the suite's positions of at most four pieces
}

TEST_CASE("Syzygy: no probe with castling rights or more pieces than the tables hold", "[syzygy]") {
    const TestTables tables;
    // King and rook against king, but with the right to castle: the tables know nothing of it.
    const Position castling = position_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    CHECK_FALSE(syzygy::probe_wdl(castling));
    CHECK_FALSE(syzygy::rank_root_moves(castling, true));
    // Five pieces: beyond the 4-piece tables.
    const Position five = position_of("4k3/8/8/8/8/8/2PPP3/4K3 w - - 0 1");
    CHECK_FALSE(syzygy::probe_wdl(five));
    CHECK_FALSE(syzygy::rank_root_moves(five, true));
    // After a move that resets the fifty-move counter only: with a counter the tables' WDL is
    // not exact, so the search does not ask for it.
    const Position counter = position_of("8/8/8/5k2/8/8/1Q6/K7 w - - 7 30");
    CHECK_FALSE(syzygy::probe_wdl(counter));

    // In a search: no hits from a root with castling rights whose captures and pawn moves never
    // come; hits from a 5-piece root whose captures lead into the tables.
    Engine engine;
    std::uint64_t hits = 0;
    SearchCallbacks cb;
    cb.on_iteration = [&](const SearchReport& r) { hits = r.tbhits; };
    SearchLimits limits;
    limits.depth = 8;
    REQUIRE_FALSE(engine.set_position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", {}));
    engine.search_sync(limits, cb);
    CHECK(hits == 0);
    REQUIRE_FALSE(engine.set_position("4k3/8/8/3r4/8/8/3R4/3QK3 w - - 0 1", {}));  // Rxd5 wins
    engine.search_sync(limits, cb);
    CHECK(hits > 0);
    engine.set_syzygy_probe_limit(0);  // SyzygyProbeLimit 0: no probes at all
    engine.search_sync(limits, cb);
    CHECK(hits == 0);
}

TEST_CASE("Syzygy: won endings are played to mate against an engine without tables", "[syzygy]") {
    const TestTables tables;
    // King, bishop and knight (mate in 33 with best play) and king and rook (mate in 16):
    // converted within the fifty-move rule however the defender plays.
    for (const char* fen : {"8/8/7N/8/8/8/8/K1k1B3 w - - 0 1", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"}) {
        INFO(fen);
        Engine with_tables, without_tables;
        without_tables.set_syzygy_probe_limit(0);
        Game g = play(fen, with_tables, without_tables, 20000, 200, [&](const Position& pos, Color mover) {
            if (mover == White) CHECK(verdict(pos) == -1);  // every move keeps the win
        });
        CHECK(g.ending == Ending::Mate);
        CHECK(g.loser == Black);
    }
}

TEST_CASE("Syzygy: drawn endings are held against an engine that knows the win", "[syzygy]") {
    const TestTables tables;
    // Every drawn position of endgame_dm.epd with a move that would lose: the side to move holds
    // the draw with the tables for 60 plies against the same engine with them.
    int played = 0;
    for (const DmCase& c : endgame_cases()) {
        if (c.dm != 0) continue;
        const Position pos = position_of(c.fen);
        if (popcount(pos.pieces()) > 4) continue;
        auto ranking = syzygy::rank_root_moves(pos, true);
        REQUIRE(ranking);
        const bool can_lose = std::any_of(ranking->moves.begin(), ranking->moves.end(),
                                          [](const syzygy::RankedMove& r) { return r.rank < 0; });
        if (!can_lose) continue;
        INFO(c.fen);
        ++played;
        const Color defender = pos.side_to_move();
        Engine a, b;
        Game g = play(c.fen, a, b, 20000, 60, [&](const Position& after, Color mover) {
            if (mover == defender) CHECK(verdict(after) == 0);
        });
        CHECK_FALSE((g.ending == Ending::Mate && g.loser == defender));
    }
    CHECK(played >= 1);
}

TEST_CASE("Syzygy: the UCI options, as Stockfish names them, and tbhits in every info line",
          "[syzygy][uci]") {
    test::EngineProcess engine;
    engine.send("uci");
    auto lines = engine.read_until("uciok", 5s);
    auto has = [&](const std::string& l) { return std::find(lines.begin(), lines.end(), l) != lines.end(); };
    CHECK(has("option name SyzygyPath type string default <empty>"));
    CHECK(has("option name SyzygyProbeDepth type spin default 1 min 1 max 100"));
    CHECK(has("option name Syzygy50MoveRule type check default true"));
    CHECK(has("option name SyzygyProbeLimit type spin default 7 min 0 max 7"));

    engine.send("setoption name SyzygyPath value /no/such/folder");
    auto reply = engine.read_line(5s);
    REQUIRE(reply);
    CHECK(*reply
          == "info string Syzygy: no tablebases found in /no/such/folder (no such folder: /no/such/folder)");
    // A mistyped folder among good ones is named too.
    engine.send("setoption name SyzygyPath value " + TablePath + ":/no/such/folder");
    reply = engine.read_line(5s);
    REQUIRE(reply);
    CHECK(*reply
          == "info string Syzygy: tablebases of up to 4 pieces found in " + TablePath
                 + ":/no/such/folder (no such folder: /no/such/folder)");
    engine.send("setoption name SyzygyPath value " + TablePath);
    reply = engine.read_line(5s);
    REQUIRE(reply);
    CHECK(*reply == "info string Syzygy: tablebases of up to 4 pieces found in " + TablePath);

    // King and rook against king: the root is in the tables, the score is their win.
    engine.send("position fen 8/8/8/8/8/2k5/1R6/K7 w - - 0 1");
    engine.send("go depth 6");
    auto search = engine.read_until("bestmove", 10s);
    REQUIRE(search.size() >= 2);
    for (const std::string& l : search) {
        if (l.rfind("info depth", 0) != 0) continue;
        CHECK(l.find(" tbhits ") != std::string::npos);
        CHECK(l.find(" score cp " + std::to_string(VALUE_TB_WIN) + " ") != std::string::npos);
    }
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

namespace {

// The last info line with a score before `bestmove`, after `go` in a fresh game.
std::string final_info(test::EngineProcess& engine, const std::string& position, const std::string& go) {
    engine.send("ucinewgame");
    engine.send("position " + position);
    engine.send(go);
    auto lines = engine.read_until("bestmove", 20s);
    REQUIRE(lines.size() >= 2);
    return lines[lines.size() - 2];
}

std::string score_of(const std::string& info) {
    const auto at = info.find(" score ");
    REQUIRE(at != std::string::npos);
    std::istringstream words(info.substr(at + 7));
    std::string kind, value;
    words >> kind >> value;
    return kind + " " + value;
}

// Points the engine at the test tables and reads the line that says it found them.
void open_tables(test::EngineProcess& engine) {
    engine.send("setoption name SyzygyPath value " + TablePath);
    const auto reply = engine.read_line(5s);
    REQUIRE(reply);
    REQUIRE(reply->find("tablebases of up to 4 pieces found") != std::string::npos);
}

std::uint64_t tbhits_of(const std::string& info) {
    const auto at = info.find(" tbhits ");
    REQUIRE(at != std::string::npos);
    return std::stoull(info.substr(at + 8));
}

}  // namespace

TEST_CASE("Syzygy: with searchmoves, the score is the tables' result of the moves searched",
          "[syzygy][uci]") {
    // King and rook against king: b2b3 and b2c2 check, but leave the rook to the king (a draw);
    // the other moves keep the win.
    test::EngineProcess engine;
    open_tables(engine);
    const std::string root = "fen 8/8/8/8/8/2k5/1R6/K7 w - - 0 1";
    CHECK(score_of(final_info(engine, root, "go depth 6 searchmoves b2b3")) == "cp 0");
    CHECK(score_of(final_info(engine, root, "go depth 6 searchmoves b2c2 b2b3")) == "cp 0");
    const std::string win = "cp " + std::to_string(VALUE_TB_WIN);
    CHECK(score_of(final_info(engine, root, "go depth 6 searchmoves b2b3 b2b8")) == win);
    CHECK(score_of(final_info(engine, root, "go depth 6")) == win);
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

// MultiPV at a root in the tables: as many lines as asked, the best one a move the tables rank
// best, and each line with its own move's result, in the order of those results.
TEST_CASE("Syzygy: MultiPV shows every line asked for, each with the tables' result of its move",
          "[syzygy][uci]") {
    const TestTables tables;
    const std::string fen = "8/8/8/8/8/2k5/1R6/K7 w - - 0 1";  // b2b3 and b2c2 leave the rook: draws
    const Position root = position_of(fen);
    MoveList legal;
    generate<GenType::All>(root, legal);
    REQUIRE(legal.size() == 16);
    test::EngineProcess engine;
    open_tables(engine);
    engine.send("setoption name MultiPV value 20");
    engine.send("position fen " + fen);
    engine.send("go depth 5");
    const auto lines = engine.read_until("bestmove", 20s);
    REQUIRE(lines.size() >= 2);
    // The last line of each multipv number: the last iteration's lines.
    std::map<int, std::string> last;
    for (const std::string& l : lines)
        if (l.rfind("info depth", 0) == 0 && l.find(" multipv ") != std::string::npos)
            last[std::stoi(l.substr(l.find(" multipv ") + 9))] = l;
    REQUIRE(last.size() == legal.size());
    // The tables' ranks of the root moves (every win that counts alike, a draw below them).
    const auto ranking = syzygy::rank_root_moves(root, true);
    REQUIRE(ranking);
    int top_rank = -1000000;
    for (const auto& r : ranking->moves) top_rank = std::max(top_rank, r.rank);
    auto rank_of = [&](Move m) {
        for (const auto& r : ranking->moves)
            if (r.move == m) return r.rank;
        FAIL("a line's move is not among the legal moves");
        return 0;
    };
    std::set<std::string> shown;
    int previous = VALUE_INFINITE, previous_rank = top_rank;
    for (const auto& [number, line] : last) {
        INFO(line);
        const std::string move = line.substr(line.find(" pv ") + 4, 4);
        CHECK(shown.insert(move).second);  // every line a different move
        const Move m = root.parse_uci_move(move);
        // Line 1 a move of the best rank, and no line before one the tables rank higher.
        const int rank = rank_of(m);
        if (number == 1) CHECK(rank == top_rank);
        CHECK(rank <= previous_rank);
        previous_rank = rank;
        Position after = root;
        after.make_move(m);
        const int expected = -verdict(after) * VALUE_TB_WIN;
        const std::string score = score_of(line);
        // A mate the search found is shown as such; otherwise the tables' result.
        if (score.rfind("mate ", 0) == 0) {
            CHECK(expected == VALUE_TB_WIN);
        } else {
            CHECK(score == "cp " + std::to_string(expected));
        }
        CHECK(expected <= previous);  // the lines in the order of their results
        previous = expected;
        if (number == 1) CHECK(lines.back().rfind("bestmove " + move, 0) == 0);
    }
    CHECK(score_of(last.at(1)) != "cp 0");
    CHECK(shown.count("b2b3") == 1);
    CHECK(shown.count("b2c2") == 1);
    // One line asked for: the best move's line alone, as before.
    engine.send("setoption name MultiPV value 1");
    CHECK(score_of(final_info(engine, "fen " + fen, "go depth 5")) == "cp " + std::to_string(VALUE_TB_WIN));
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

namespace {

// Whether the side to move mates in at most `moves` moves, by trying every line (independent of
// the search and of the tables).
bool mates_within(const Position& pos, int moves) {
    MoveList ours;
    generate<GenType::All>(pos, ours);
    for (Move m : ours) {
        Position after = pos;
        after.make_move(m);
        MoveList replies;
        generate<GenType::All>(after, replies);
        if (replies.size() == 0) {
            if (after.in_check()) return true;
            continue;
        }
        if (moves == 1) continue;
        bool all = true;
        for (Move r : replies) {
            Position next = after;
            next.make_move(r);
            if (!mates_within(next, moves - 1)) {
                all = false;
                break;
            }
        }
        if (all) return true;
    }
    return false;
}

}  // namespace

// The tables rank every win alike and order them by distance to zeroing only until the search
// finds a mate: a pawn push is quicker to zeroing than the queen's mate in two, but the mate is
// what is shown and played, also for `go mate 2`, and MultiPV lists the mates first.
TEST_CASE("Syzygy: at a won root the shortest mate the search finds is played and shown", "[syzygy][uci]") {
    const TestTables tables;
    const std::string fen = "7k/8/5K2/8/8/8/P7/4Q3 w - - 0 1";
    const Position root = position_of(fen);
    REQUIRE(mates_within(root, 2));
    REQUIRE_FALSE(mates_within(root, 1));
    // The push a2a4 zeroes at once, and mates in three at best.
    const auto ranking = syzygy::rank_root_moves(root, true);
    REQUIRE(ranking);
    Value push_progress = VALUE_NONE, best_progress = -VALUE_INFINITE;
    for (const auto& r : ranking->moves) {
        if (r.value == VALUE_TB_WIN) best_progress = std::max(best_progress, r.progress);
        if (r.move == root.parse_uci_move("a2a4")) push_progress = r.progress;
    }
    CHECK(push_progress == VALUE_TB_WIN);
    CHECK(best_progress == push_progress);

    test::EngineProcess engine;
    open_tables(engine);
    auto mate_in_two = [&](const std::string& line) {
        INFO(line);
        CHECK(score_of(line) == "mate 2");
        const std::string move = line.substr(line.find(" pv ") + 4, 4);
        Position after = root;
        after.make_move(root.parse_uci_move(move));
        MoveList replies;
        generate<GenType::All>(after, replies);
        for (Move r : replies) {
            Position next = after;
            next.make_move(r);
            CHECK(mates_within(next, 1));
        }
    };
    mate_in_two(final_info(engine, "fen " + fen, "go depth 10"));
    mate_in_two(final_info(engine, "fen " + fen, "go mate 2"));
    // Every winning move in a line of its own: the mates in two first, then the longer ones.
    engine.send("setoption name MultiPV value 6");
    engine.send("position fen " + fen);
    engine.send("go depth 10");
    std::map<int, std::string> last;
    for (const std::string& l : engine.read_until("bestmove", 20s))
        if (l.rfind("info depth 10 ", 0) == 0 && l.find(" multipv ") != std::string::npos)
            last[std::stoi(l.substr(l.find(" multipv ") + 9))] = l;
    REQUIRE(last.size() == 6);
    mate_in_two(last.at(1));
    int previous = 1;
    for (const auto& [number, line] : last) {
        INFO(line);
        const std::string score = score_of(line);
        const int mate = score.rfind("mate ", 0) == 0 ? std::stoi(score.substr(5)) : 1000;
        CHECK(mate >= previous);
        previous = mate;
    }
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

TEST_CASE("Syzygy: a timed search with one move of the best rank stops early, with one line or many",
          "[syzygy][uci]") {
    // With one move the search may play, a search on the clock stops after depth 4, as with one
    // legal move. At a root in the tables that is one move of the best rank, also when MultiPV
    // shows the others' lines.
    const TestTables tables;
    const std::string fen = "8/8/8/8/8/8/4kP2/1K6 w - - 0 1";  // f2f4 wins; the other six draw
    const auto ranking = syzygy::rank_root_moves(position_of(fen), true);
    REQUIRE(ranking);
    int top_rank = -1000000, best = 0;
    for (const auto& r : ranking->moves) top_rank = std::max(top_rank, r.rank);
    for (const auto& r : ranking->moves) best += r.rank == top_rank;
    REQUIRE(best == 1);
    test::EngineProcess engine;
    open_tables(engine);
    for (const char* lines : {"1", "7"}) {
        INFO("MultiPV " << lines);
        engine.send(std::string("setoption name MultiPV value ") + lines);
        engine.send("position fen " + fen);
        engine.send("go wtime 60000 btime 60000");
        int deepest = 0;
        for (const std::string& l : engine.read_until("bestmove", 20s))
            if (l.rfind("info depth ", 0) == 0) deepest = std::max(deepest, std::stoi(l.substr(11)));
        CHECK(deepest == 4);
    }
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);
}

TEST_CASE("Syzygy: Syzygy50MoveRule decides a win that the fifty-move counter spoils", "[syzygy][uci]") {
    // King and rook against king, mate in 16 (31 plies, endgame_dm.epd, tablebase-exact; with no
    // capture or pawn move before it, DTZ is the same 31 plies). With 60 plies on the counter the
    // mate comes in time; with 80 it cannot, so the rule makes it a draw, and only the rule.
    test::EngineProcess engine;
    open_tables(engine);
    const std::string in_time = "fen 8/8/8/8/8/2k5/1R6/K7 w - - 60 90";
    const std::string too_late = "fen 8/8/8/8/8/2k5/1R6/K7 w - - 80 100";
    const std::string win = "cp " + std::to_string(VALUE_TB_WIN);
    for (const char* rule : {"true", "false"}) {
        INFO("Syzygy50MoveRule " << rule);
        engine.send(std::string("setoption name Syzygy50MoveRule value ") + rule);
        CHECK(score_of(final_info(engine, in_time, "go depth 8")) == win);
        const std::string spoiled = score_of(final_info(engine, too_late, "go depth 8"));
        CHECK(spoiled == (std::string(rule) == "true" ? "cp 0" : win));
    }
}

TEST_CASE("Syzygy: SyzygyProbeDepth keeps the search from probing shallow nodes with the most pieces",
          "[syzygy][uci]") {
    // Five pieces at the root and tables of four: the positions after one capture have as many
    // pieces as the largest tables, and are probed only at SyzygyProbeDepth or deeper; those after
    // two captures always are. A depth beyond the search's leaves only the second kind, which is
    // what SyzygyProbeLimit 3 leaves too (at the least depth): the two searches must be the same
    // search, node for node and probe for probe. How many probes either makes depends on the tree
    // (a probe that ends a node saves the probes below it), so only their sameness is asserted.
    test::EngineProcess engine;
    open_tables(engine);
    const std::string position = "fen 4k3/8/8/3r4/8/8/3R4/3QK3 w - - 0 1";
    const auto search = [&](int probe_depth, int probe_limit) {
        engine.send("setoption name SyzygyProbeDepth value " + std::to_string(probe_depth));
        engine.send("setoption name SyzygyProbeLimit value " + std::to_string(probe_limit));
        const std::string info = final_info(engine, position, "go depth 10");
        return std::pair{tbhits_of(info), test::word_after(info, "nodes")};
    };
    const auto every_depth = search(1, 4);
    const auto deep_only = search(100, 4);
    const auto three_pieces = search(1, 3);
    INFO("tbhits and nodes: " << every_depth.first << ", " << every_depth.second << " at SyzygyProbeDepth 1; "
                              << deep_only.first << ", " << deep_only.second << " at 100; "
                              << three_pieces.first << ", " << three_pieces.second
                              << " with SyzygyProbeLimit 3");
    CHECK(every_depth.first > 0);
    CHECK(deep_only.first > 0);  // the positions after two captures are still probed
    CHECK(deep_only == three_pieces);
    CHECK(every_depth != deep_only);  // ignoring the option would make these the same search
}

TEST_CASE("Syzygy: setting the path again closes the open tables without a word on stderr", "[syzygy][uci]") {
    // Debian's Fathom prints `munmap: ` and a stale error for every table it closes, though the
    // unmapping worked; GUIs that send every option before each game would log those lines. The
    // path set during the search waits for its end (the next position), then closes the tables
    // the search opened; the empty path then closes none, and the last opens the path anew.
    const std::string set_path = "setoption name SyzygyPath value " + TablePath + "\n";
    const auto r =
        test::run_sente({}, set_path + "position fen 8/8/8/4k3/8/8/3KP3/8 w - - 0 1\ngo depth 6\n" + set_path
                                + "position startpos\nsetoption name SyzygyPath value <empty>\n" + set_path
                                + "isready\nquit\n");
    INFO(r.out << r.err);
    CHECK(r.exit_status == 0);
    CHECK(std::regex_search(r.out, std::regex("info .*tbhits [1-9]")));  // the search opened tables
    const std::string found = "info string Syzygy: tablebases of up to 4 pieces found in " + TablePath + "\n";
    CHECK(r.out.find(found + "info string Syzygy: no tablebases\n" + found + "readyok\n")
          != std::string::npos);
    CHECK(r.err.empty());
}

// Fathom opens each table the first time it is probed. Threads that reach a table at the same
// moment must get the answers one thread gets, and leave nothing behind (LeakSanitizer watches).
TEST_CASE("Syzygy: four threads opening the tables at once get the answers one thread gets",
          "[syzygy][threads]") {
    const TestTables tables;
    std::vector<Position> positions;
    for (const DmCase& c : endgame_cases()) positions.push_back(position_of(c.fen));
    REQUIRE(positions.size() >= 50);
    struct Answer {
        std::optional<int> wdl;
        int root_value = 0;
        bool ranked = false;
    };
    auto answer_of = [](const Position& pos) {
        Answer a;
        a.wdl = syzygy::probe_wdl(pos);
        if (auto ranking = syzygy::rank_root_moves(pos, true)) a.ranked = true, a.root_value = ranking->value;
        return a;
    };
    std::vector<Answer> expected;
    for (const Position& pos : positions) expected.push_back(answer_of(pos));
    REQUIRE(std::count_if(expected.begin(), expected.end(), [](const Answer& a) { return a.wdl.has_value(); })
            >= 40);

    constexpr int Threads = 4;
    for (int round = 0; round < 8; ++round) {
        REQUIRE(syzygy::init(TablePath).find("4 pieces") != std::string::npos);  // every table closed again
        std::atomic<int> mismatches{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < Threads; ++t) {
            threads.emplace_back([&, t] {
                // Each thread walks the list from its own starting point, so that all of them
                // open different tables at first and then meet in tables opened by the others.
                for (std::size_t k = 0; k < positions.size(); ++k) {
                    const std::size_t i = (k + t * positions.size() / Threads) % positions.size();
                    const Answer a = answer_of(positions[i]);
                    if (a.wdl != expected[i].wdl || a.ranked != expected[i].ranked
                        || a.root_value != expected[i].root_value)
                        ++mismatches;
                }
            });
        }
        for (std::thread& th : threads) th.join();
        INFO("round " << round);
        CHECK(mismatches == 0);
    }
}

TEST_CASE("Syzygy: two threads probe the tables while they search", "[syzygy][threads]") {
    const TestTables tables;
    Engine engine;
    engine.set_threads(2);
    REQUIRE(engine.threads() == 2);
    // Rxd5 wins the rook and the tables say the rest (tbhits is the sum over both threads, so
    // this shows the probes are safe beside a helper, not that the helper made one). Other moves
    // (Re2+, say) win as surely with king, queen and rook against rook, and two threads may pick
    // one of them: the score is what must be a tablebase win.
    REQUIRE_FALSE(engine.set_position("4k3/8/8/3r4/8/8/3R4/3QK3 w - - 0 1", {}));
    std::atomic<std::uint16_t> best{0};
    std::atomic<std::uint64_t> hits{0};
    std::atomic<int> score{0};
    SearchCallbacks cb;
    cb.on_iteration = [&](const SearchReport& r) {
        hits = r.tbhits;
        score = r.score;
    };
    cb.on_bestmove = [&](Move m, Move) { best = m.raw(); };
    SearchLimits limits;
    limits.depth = 12;
    engine.go(limits, {}, cb);
    engine.wait();
    CHECK(engine.position().is_legal(Move::from_raw(best)));
    CHECK(hits > 0);
    CHECK(score >= VALUE_TB_WIN_IN_MAX_PLY);
}

namespace {

// Fills `dir` (a new folder) with copies of the test tables, or of those named, to damage.
void copy_tables(const test::TempPath& dir, const std::vector<std::string>& only = {}) {
    std::filesystem::create_directories(dir.path());
    for (const auto& entry : std::filesystem::directory_iterator(TablePath)) {
        const std::string file = entry.path().filename().string();
        if (only.empty() || std::find(only.begin(), only.end(), file) != only.end())
            std::filesystem::copy_file(entry.path(), dir / file);
    }
    std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        std::filesystem::permissions(entry.path(), std::filesystem::perms::owner_write,
                                     std::filesystem::perm_options::add);
}

// Inverts the byte at `at` of a file.
void flip_byte(const std::filesystem::path& file, std::size_t at) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(std::streamoff(at));
    const int byte = f.get();
    f.seekp(std::streamoff(at));
    f.put(char(~byte));
}

}  // namespace

TEST_CASE("Syzygy: table files are held to their checksums: a changed byte, a cut and a wrong start named",
          "[syzygy]") {
    CHECK(syzygy::table_pieces("KRvK.rtbw") == 3);
    CHECK(syzygy::table_pieces("/x/KQPvKR.rtbz") == 5);
    CHECK(syzygy::table_pieces("README.md") == 0);
    CHECK(syzygy::table_pieces("KRK.rtbw") == 0);
    CHECK(syzygy::table_pieces("KRvKx.rtbw") == 0);

    // Every test table is whole: each carries the checksum its generator wrote.
    std::size_t listed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(TablePath))
        listed += entry.path().extension() == ".rtbw" || entry.path().extension() == ".rtbz";
    const std::vector<std::string> files = syzygy::table_files(TablePath);
    REQUIRE(files.size() == listed);
    REQUIRE(listed >= 60);
    for (const std::string& file : files) {
        INFO(file);
        CHECK_FALSE(syzygy::check_table_file(file, true).has_value());
    }

    const test::TempPath dir("damaged-tables");
    copy_tables(dir, {"KQvKR.rtbw", "KQvKR.rtbz", "KRvK.rtbw"});
    // One byte in the middle of a table: its start and size are right, its checksum is not.
    flip_byte(dir / "KQvKR.rtbz", 5000);
    CHECK_FALSE(syzygy::check_table_file((dir / "KQvKR.rtbz").string(), false).has_value());
    const auto corrupt = syzygy::check_table_file((dir / "KQvKR.rtbz").string(), true);
    REQUIRE(corrupt);
    CHECK(corrupt->what == "KQvKR.rtbz is corrupt: its contents do not match its checksum");
    CHECK(corrupt->harmful);  // Fathom would read it
    // Cut short, as a download can be: the size gives it away.
    std::filesystem::resize_file(dir / "KQvKR.rtbw", 10001);
    const auto cut = syzygy::check_table_file((dir / "KQvKR.rtbw").string(), false);
    REQUIRE(cut);
    CHECK(cut->what.find("KQvKR.rtbw is cut short or corrupt") == 0);
    CHECK_FALSE(cut->harmful);  // Fathom passes over a file of the wrong size
    // A WDL table under a DTZ table's name.
    std::filesystem::rename(dir / "KRvK.rtbw", dir / "KRvK.rtbz");
    const auto wrong = syzygy::check_table_file((dir / "KRvK.rtbz").string(), false);
    REQUIRE(wrong);
    CHECK(wrong->what == "KRvK.rtbz is not a Syzygy DTZ table (its first bytes)");
    CHECK_FALSE(wrong->harmful);
    const auto missing = syzygy::check_table_file((dir / "KRvK.rtbw").string(), false);
    REQUIRE(missing);
    CHECK(missing->what == "KRvK.rtbw cannot be read");
}

TEST_CASE("Syzygy: a table named in another case is checked where the file system finds it by its name",
          "[syzygy]") {
    CHECK(syzygy::table_name("KRvK.rtbw") == "KRvK.rtbw");
    CHECK(syzygy::table_name("krvk.rtbw").empty());
    CHECK(syzygy::table_name("krvk.RTBW", true) == "KRvK.rtbw");
    CHECK(syzygy::table_name("/x/kqpVKR.Rtbz", true) == "KQPvKR.rtbz");
    CHECK(syzygy::table_pieces("kqpvkr.rtbz", true) == 5);
    CHECK(syzygy::table_pieces("kqpvkr.rtbz") == 0);
    CHECK(syzygy::table_name("readme.md", true).empty());
    CHECK(syzygy::table_name(".rtbw", true).empty());
    CHECK(syzygy::table_name("kvvk.rtbw", true).empty());
    CHECK(syzygy::table_name("krvk.rtbw.part", true).empty());

    // Fathom opens KRvK.rtbw. Windows, macOS and FAT drives find krvk.RTBW by that name; most
    // Linux file systems do not, and there the file is no table of Fathom's.
    const test::TempPath dir("any-case-tables");
    copy_tables(dir, {"KRvK.rtbw"});
    std::filesystem::rename(dir / "KRvK.rtbw", dir / "krvk.RTBW");
    const bool ignores_case = std::filesystem::exists(dir / "KRvK.rtbw");
    const std::vector<std::string> alone = syzygy::table_files(dir.string());
    CHECK(alone.size() == (ignores_case ? 1U : 0U));
    // A link by Fathom's name makes the file the one Fathom opens on any file system.
    if (!ignores_case) std::filesystem::create_symlink("krvk.RTBW", dir / "KRvK.rtbw");
    std::vector<std::string> files = syzygy::table_files(dir.string());
    REQUIRE(files.size() == (ignores_case ? 1U : 2U));
    const std::string lower = files.back();
    CHECK(std::filesystem::path(lower).filename() == "krvk.RTBW");
    // Read as the WDL table it is, and held to its checksum.
    CHECK_FALSE(syzygy::check_table_file(lower, true).has_value());
    flip_byte(lower, 8);
    const auto corrupt = syzygy::check_table_file(lower, true);
    REQUIRE(corrupt);
    CHECK(corrupt->what == "krvk.RTBW is corrupt: its contents do not match its checksum");
    CHECK(corrupt->harmful);
    // Another table's file in another case stays out: Fathom never opens it by that name.
    copy_tables(dir, {"KQvKR.rtbz"});
    std::filesystem::rename(dir / "KQvKR.rtbz", dir / "kqvkr.rtbz");
    files = syzygy::table_files(dir.string());
    CHECK(files.size() == 2U);  // krvk.RTBW and kqvkr.rtbz, or krvk.RTBW and its link
    CHECK((std::find_if(files.begin(), files.end(),
                        [](const std::string& f) { return f.ends_with("kqvkr.rtbz"); })
           != files.end())
          == ignores_case);
}

TEST_CASE("Syzygy: a damaged table keeps the tables from loading and the engine plays on, tbcheck names it",
          "[syzygy][uci][cli]") {
    // A flipped byte in KRvK's WDL table's header made Fathom abort on the first probe.
    const test::TempPath dir("one-damaged-table");
    copy_tables(dir);
    flip_byte(dir / "KRvK.rtbw", 8);
    test::EngineProcess engine;
    engine.send("setoption name SyzygyPath value " + dir.string());
    const auto said = engine.read_line(10s);
    REQUIRE(said);
    CHECK(said->find("info string Syzygy: KRvK.rtbw is corrupt: its contents do not match its checksum; no "
                     "tablebases loaded")
          == 0);
    engine.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    engine.send("go depth 6");
    const auto lines = engine.read_until("bestmove", 20s);
    REQUIRE(lines.size() >= 2);
    CHECK(lines.back().rfind("bestmove ", 0) == 0);
    CHECK(tbhits_of(lines[lines.size() - 2]) == 0);
    // Behind a whole copy in an earlier folder the damaged one is never opened, and keeps nothing
    // from loading.
    const std::string both = std::string(TablePath) + ":" + dir.string();
    engine.send("setoption name SyzygyPath value " + both);
    const auto behind = engine.read_line(10s);
    REQUIRE(behind);
    CHECK(*behind == "info string Syzygy: tablebases of up to 4 pieces found in " + both);
    // A file Fathom passes over itself (cut to a wrong size) keeps no other table from loading,
    // and the answer names it.
    const test::TempPath cut("one-cut-table");
    copy_tables(cut);
    std::filesystem::resize_file(cut / "KQvKR.rtbw", 10001);
    engine.send("setoption name SyzygyPath value " + cut.string());
    // (Fathom says so itself first, on a line of its own: "info string Incomplete tablebase file".)
    auto partly = engine.read_line(10s);
    while (partly && partly->rfind("info string Syzygy: ", 0) != 0) partly = engine.read_line(10s);
    REQUIRE(partly);
    CHECK(*partly == "info string Syzygy: tablebases of up to 4 pieces found in " + cut.string()
                         + "; not used: KQvKR.rtbw is cut short or corrupt: 10001 bytes, not a multiple of 64 "
                           "and 16 for the checksum");
    // The good tables load again in the same engine.
    open_tables(engine);
    engine.send("quit");
    CHECK(engine.wait_exit(5s) == 0);

    const auto damaged = test::run_sente({"tbcheck", dir.string()});
    CHECK(damaged.exit_status == 1);
    CHECK(damaged.out.find("KRvK.rtbw is corrupt: its contents do not match its checksum\n")
          != std::string::npos);
    CHECK(damaged.out.find("KRvK.rtbz is whole\n") != std::string::npos);
    CHECK(damaged.out.find("table files checked: 1 damaged") != std::string::npos);
    const auto whole = test::run_sente({"tbcheck", TablePath});
    CHECK(whole.exit_status == 0);
    CHECK(whole.out.find("table files checked: all whole") != std::string::npos);
    // A folder with no tables, and a missing folder beside good ones: nothing to check is an error.
    const test::TempPath empty("no-tables");
    std::filesystem::create_directories(empty.path());
    const auto none = test::run_sente({"tbcheck", empty.string()});
    CHECK(none.exit_status == 2);
    CHECK(none.err.find("no Syzygy table files") != std::string::npos);
    const std::string missing = (dir / "nothing-here").string();
    const auto typo = test::run_sente({"tbcheck", std::string(TablePath) + ":" + missing});
    CHECK(typo.exit_status == 2);
    CHECK(typo.err.find("no such folder: " + missing) != std::string::npos);
    CHECK(typo.out.empty());
}
