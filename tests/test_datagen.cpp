// Self-play data: the game file format (round trips, refusals of bad files), the positions the
// trainers take from it, and the Chess960 start positions datagen draws from.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/movegen.hpp"
#include "datagen/datagen.hpp"
#include "datagen/gamefile.hpp"
#include "datagen/positions.hpp"

using namespace sente;

namespace {

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path()
            / ("sente-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

// A short game played with random legal moves from the position.
games::Game random_game(const std::string& fen, bool chess960, std::uint64_t seed, int plies) {
    games::Game g;
    g.start_fen = fen;
    g.chess960 = chess960;
    g.result = int(seed % 3);
    g.end = games::GameEnd::WinAdjudicated;
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen, chess960));
    std::mt19937_64 rng(seed);
    for (int i = 0; i < plies; ++i) {
        MoveList moves;
        generate<GenType::All>(pos, moves);
        if (moves.empty()) break;
        Move m = moves[rng() % moves.size()];
        g.plies.push_back({m, std::int16_t(int(rng() % 4001) - 2000)});
        pos.make_move(m);
    }
    return g;
}

void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

std::vector<games::Game> read_all(const std::string& path, std::string& error) {
    games::Reader reader(path);
    std::vector<games::Game> out;
    while (auto g = reader.next()) out.push_back(*g);
    error = reader.error();
    return out;
}

// A game as text: its start position and moves.
std::string game_text(const games::Game& g) {
    std::string text = g.start_fen;
    for (const games::Ply& p : g.plies) {
        text += ' ';  // (appended step by step: GCC 12 warns falsely on an operator+ chain)
        text += std::to_string(p.move.raw());
    }
    return text;
}

// The games of a file as text, in any order (with several threads they land as they finish).
std::multiset<std::string> game_texts(const std::string& path) {
    std::string error;
    std::multiset<std::string> texts;
    for (const games::Game& g : read_all(path, error)) texts.insert(game_text(g));
    CHECK(error.empty());
    return texts;
}

// Runs datagen with small searches, appending to `path`; returns its log.
std::string play_games(const std::string& path, int games, int threads, std::uint64_t seed) {
    DatagenOptions o;
    o.out = path;
    o.games = games;
    o.nodes = 300;
    o.seed = seed;
    o.threads = threads;
    std::ostringstream log;
    REQUIRE(run_datagen(o, log) == 0);
    return log.str();
}

}  // namespace

TEST_CASE("Game file: games written are read back exactly, Chess960 castling and en passant included",
          "[tune]") {
    std::vector<games::Game> written;
    std::vector<std::uint8_t> bytes;
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  // en passant on f6
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 37 90",
    };
    for (int i = 0; i < 4; ++i)
        written.push_back(random_game(fens[i], false, std::uint64_t(i + 1), 60 + 40 * i));
    for (int i : {0, 518, 959, 77})
        written.push_back(random_game(chess960_start_fen(i), true, std::uint64_t(i), 80));
    for (const games::Game& g : written) {
        auto b = games::encode(g);
        REQUIRE(b.size() == 44 + 4 * g.plies.size() + 4);
        bytes.insert(bytes.end(), b.begin(), b.end());
    }
    const std::string path = temp_path("roundtrip.bin");
    write_file(path, bytes);
    std::string error;
    std::vector<games::Game> read = read_all(path, error);
    CHECK(error.empty());
    REQUIRE(read.size() == written.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        INFO("game " << i);
        Position a, b;
        REQUIRE_FALSE(a.set_fen(written[i].start_fen, written[i].chess960));
        REQUIRE_FALSE(b.set_fen(read[i].start_fen, read[i].chess960));
        CHECK(a.fen() == b.fen());
        CHECK(read[i].chess960 == written[i].chess960);
        CHECK(read[i].result == written[i].result);
        CHECK(read[i].end == written[i].end);
        REQUIRE(read[i].plies.size() == written[i].plies.size());
        for (std::size_t p = 0; p < read[i].plies.size(); ++p) {
            CHECK(read[i].plies[p].move == written[i].plies[p].move);
            CHECK(read[i].plies[p].score == written[i].plies[p].score);
        }
    }
    CHECK(read[2].start_fen.find(" f6 ") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("Game file: a truncated or corrupt file is refused with a message saying where and why", "[tune]") {
    std::vector<std::uint8_t> one = games::encode(random_game(std::string(Position::StartFen), false, 5, 50));
    std::vector<std::uint8_t> two = one;
    two.insert(two.end(), one.begin(), one.end());
    const std::string path = temp_path("bad.bin");
    std::string error;

    struct Case {
        const char* name;
        std::vector<std::uint8_t> bytes;
        const char* expected;
        std::size_t good_games;
    };
    auto with = [&](std::size_t at, std::uint8_t value) {
        auto b = two;
        b[one.size() + at] = value;
        return b;
    };
    std::vector<Case> cases = {
        {"cut inside the second game's moves", {two.begin(), two.end() - 9}, "truncated", 1},
        {"cut inside the second game's header",
         {two.begin(), two.begin() + long(one.size()) + 20},
         "truncated",
         1},
        {"a flipped bit in a move", with(60, two[one.size() + 60] ^ 0x10), "checksum", 1},
        {"a wrong magic", with(0, 'X'), "bad magic", 1},
        {"an unknown version", with(4, 9), "version", 1},
        {"garbage", std::vector<std::uint8_t>(100, 0x5A), "bad magic", 0},
    };
    for (const Case& c : cases) {
        INFO(c.name);
        write_file(path, c.bytes);
        std::vector<games::Game> games = read_all(path, error);
        CHECK(games.size() == c.good_games);
        CHECK(error.find(c.expected) != std::string::npos);
        CHECK(error.find("game " + std::to_string(c.good_games + 1)) != std::string::npos);
    }

    // A record whose checksum is right but whose move is illegal: caught by replaying.
    games::Game illegal = random_game(std::string(Position::StartFen), false, 6, 10);
    illegal.plies[3].move = Move(A1, H8);
    write_file(path, games::encode(illegal));
    CHECK(read_all(path, error).empty());
    CHECK(error.find("ply 4 is not a legal move") != std::string::npos);

    std::remove(path.c_str());
    read_all(path, error);
    CHECK(error.find("cannot open") != std::string::npos);
}

namespace {

// Rewrites a record's checksum after editing it, so that only the other checks can refuse it.
void reseal(std::vector<std::uint8_t>& record) {
    std::uint32_t h = 2166136261u;
    for (std::size_t i = 0; i + 4 < record.size(); ++i) h = (h ^ record[i]) * 16777619u;
    for (int i = 0; i < 4; ++i) record[record.size() - 4 + std::size_t(i)] = std::uint8_t(h >> (8 * i));
}

}  // namespace

TEST_CASE("Game file: only canonical records are read, and impossible games are not written", "[tune]") {
    const games::Game game = random_game(std::string(Position::StartFen), false, 9, 30);
    const std::vector<std::uint8_t> good = games::encode(game);
    REQUIRE(good.size() == 44 + 4 * 30 + 4);
    const std::string path = temp_path("canonical.bin");
    std::string error;
    struct Edit {
        const char* name;
        std::size_t at;
        std::uint8_t value;
        const char* expected;
    };
    // Offsets: 5 flags, 6 result, 7 ending, 10 reserved; the position from 12 (its piece codes from
    // 20, the en-passant and side byte at 36, castling squares from 40).
    for (const Edit& e :
         {Edit{"a flag bit beyond Chess960", 5, 2, "reserved"}, Edit{"a reserved byte", 10, 1, "reserved"},
          Edit{"a checkmate called a draw", 7, std::uint8_t(games::GameEnd::Checkmate), "contradicts"},
          Edit{"a piece code beyond the twelve", 20, 0xCC, "bad start position"},
          Edit{"an en-passant square beyond the board", 36, 100, "bad start position"},
          Edit{"an en-passant square no pawn can use", 36, 20, "start position"},
          Edit{"a castling rook square off the back rank", 40, 20, "start position"}}) {
        INFO(e.name);
        std::vector<std::uint8_t> bad = good;
        bad[e.at] = e.value;
        if (e.at == 7) bad[6] = 1;  // the draw
        reseal(bad);
        write_file(path, bad);
        CHECK(read_all(path, error).empty());
        CHECK(error.find(e.expected) != std::string::npos);
    }
    // Thirty-three pieces cannot be packed, and a mate cannot be a draw: neither is written.
    games::Game crowded = game;
    crowded.start_fen = "rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    crowded.plies.clear();
    CHECK(games::encode(crowded).empty());
    games::Game contradiction = game;
    contradiction.end = games::GameEnd::Checkmate;
    contradiction.result = 1;
    CHECK(games::encode(contradiction).empty());
    std::remove(path.c_str());
}

TEST_CASE("Game positions: the last game of every N is held out, counting from 0", "[tune]") {
    CHECK_FALSE(games::held_out(0, 5));
    CHECK_FALSE(games::held_out(3, 5));
    CHECK(games::held_out(4, 5));
    CHECK_FALSE(games::held_out(5, 5));
    CHECK(games::held_out(9, 5));
    CHECK(games::held_out(0, 1));                                                         // every game
    for (std::size_t game = 0; game < 20; ++game) CHECK_FALSE(games::held_out(game, 0));  // none

    // The loader holds out exactly the positions of those games: ten games in one file, each
    // also in a file of its own to count what the filter keeps of it.
    std::vector<std::uint8_t> all;
    std::vector<std::size_t> kept_of_game;
    const games::Filter filter{4, 1500};
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const std::vector<std::uint8_t> bytes =
            games::encode(random_game(std::string(Position::StartFen), false, seed, 40));
        REQUIRE_FALSE(bytes.empty());
        all.insert(all.end(), bytes.begin(), bytes.end());
        const std::string one = temp_path("one-game.bin");
        write_file(one, bytes);
        games::LoadStats stats;
        REQUIRE_FALSE(
            games::load_positions(one, filter, 0, stats, [](const games::Sample&, bool) { return true; }));
        kept_of_game.push_back(stats.kept);
        std::filesystem::remove(one);
    }
    const std::string path = temp_path("ten-games.bin");
    write_file(path, all);
    games::LoadStats stats;
    std::size_t validation = 0, training = 0;
    REQUIRE_FALSE(games::load_positions(path, filter, 5, stats, [&](const games::Sample&, bool held_out) {
        ++(held_out ? validation : training);
        return true;
    }));
    std::filesystem::remove(path);
    CHECK(stats.games == 10);
    CHECK(validation == kept_of_game[4] + kept_of_game[9]);
    CHECK(validation > 0);
    CHECK(training + validation == stats.kept);
    CHECK(stats.kept + stats.early + stats.in_check + stats.tactical_move + stats.extreme_score
          == stats.positions);
}

TEST_CASE("Datagen: Chess960 start positions by number", "[tune]") {
    CHECK(chess960_start_fen(518) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    std::set<std::string> distinct;
    for (int i = 0; i < 960; ++i) {
        Position pos;
        std::string fen = chess960_start_fen(i);
        INFO(i << ": " << fen);
        REQUIRE_FALSE(pos.set_fen(fen, true));
        CHECK(pos.castling_rights() == AllCastling);
        distinct.insert(fen.substr(0, 8));
    }
    CHECK(distinct.size() == 960);
    // Known numbers (Scharnagl): 0 is BBQNNRKR, 959 is RKRNNQBB.
    CHECK(chess960_start_fen(0).substr(0, 8) == "bbqnnrkr");
    CHECK(chess960_start_fen(959).substr(0, 8) == "rkrnnqbb");
}

TEST_CASE("Datagen: two threads write whole games that read back, and the same ones as one thread",
          "[tune][threads]") {
    // Each thread plays its own games on its own engine and appends whole records under a lock;
    // ThreadSanitizer runs this test.
    auto play = [](const std::string& path, int threads) {
        std::remove(path.c_str());
        play_games(path, 4, threads, 17);
        std::multiset<std::string> texts = game_texts(path);
        std::remove(path.c_str());
        return texts;
    };
    const auto two = play(temp_path("two-threads.bin"), 2);
    CHECK(two.size() == 4);
    CHECK(two == play(temp_path("one-thread.bin"), 1));
}

TEST_CASE(
    "Datagen: a hard node limit of the default factor plays the default games, a tighter one whole games",
    "[tune]") {
    // The games, and the last progress line's mean nodes a move and share of searches stopped by
    // the hard limit.
    struct Played {
        std::multiset<std::string> texts;
        long mean_nodes = -1, percent_at_limit = -1;
    };
    auto play = [](std::uint64_t hard_nodes) {
        const std::string path = temp_path("hard-nodes.bin");
        std::remove(path.c_str());
        DatagenOptions o;
        o.out = path;
        o.games = 2;
        o.nodes = 300;
        o.hard_nodes = hard_nodes;
        o.seed = 29;
        std::ostringstream log;
        REQUIRE(run_datagen(o, log) == 0);
        Played played{game_texts(path)};
        std::remove(path.c_str());
        // The last line's ", N nodes a move on average (P% at the hard limit)".
        const std::string text = log.str(), label = " nodes a move on average (";
        if (const auto at = text.rfind(label); at != std::string::npos) {
            played.mean_nodes = std::stol(text.substr(text.rfind(", ", at) + 2));
            played.percent_at_limit = std::stol(text.substr(at + label.size()));
        }
        return played;
    };
    const Played by_default = play(0);
    CHECK(by_default.texts.size() == 2);
    CHECK(play(300 * datagen::HardNodeFactor).texts == by_default.texts);
    // The mean stays within the hard limit; some searches are stopped there, not all.
    CHECK(by_default.mean_nodes > 0);
    CHECK(by_default.mean_nodes <= 300 * datagen::HardNodeFactor + 1);
    CHECK(by_default.percent_at_limit > 0);
    CHECK(by_default.percent_at_limit < 100);
    const Played tight = play(300);
    CHECK(tight.texts.size() == 2);
    // With the hard limit at the soft one, the mean stays within it.
    CHECK(tight.mean_nodes > 0);
    CHECK(tight.mean_nodes <= 301);
    CHECK(tight.percent_at_limit > 0);
}

TEST_CASE("Datagen: --out naming a file that is no game file is refused without advice to cut it", "[tune]") {
    // A net (say) given as --out by mistake: nothing in it is a whole game, so the refusal must not
    // suggest `truncate -s 0`, which would empty it.
    const std::string path = temp_path("not-games.bin");
    write_file(path, std::vector<std::uint8_t>(500, 0x5A));
    DatagenOptions o;
    o.out = path;
    o.games = 1;
    o.nodes = 300;
    std::ostringstream log;
    CHECK(run_datagen(o, log) == 2);
    CHECK(log.str().find("will not append") != std::string::npos);
    CHECK(log.str().find("truncate") == std::string::npos);
    CHECK(log.str().find("a game file?") != std::string::npos);
    CHECK(std::filesystem::file_size(path) == 500);
    std::remove(path.c_str());
    // A folder cannot be read at all: said so, with no advice.
    o.out = std::filesystem::temp_directory_path().string();
    std::ostringstream folder;
    CHECK(run_datagen(o, folder) == 2);
    CHECK(folder.str().find("cannot read") != std::string::npos);
    CHECK(folder.str().find("truncate") == std::string::npos);
}

TEST_CASE("Datagen: a file's games are counted record by record, two from one start position among them",
          "[tune]") {
    // The random plies of two openings of a seed can meet in one position, and both games are then
    // in the file: the count a rerun prints (which scripts/datagen.sh writes into the manifest)
    // is of the games, not of their start positions.
    const std::string once = temp_path("count-once.bin"), twice = temp_path("count-twice.bin");
    std::remove(once.c_str());
    play_games(once, 1, 1, 25);
    std::string error;
    const std::vector<games::Game> games = read_all(once, error);
    REQUIRE(games.size() == 1);
    const std::vector<std::uint8_t> record = games::encode(games[0]);
    std::vector<std::uint8_t> bytes = record;
    bytes.insert(bytes.end(), record.begin(), record.end());
    write_file(twice, bytes);
    const std::string log = play_games(twice, 1, 1, 25);
    CHECK(log.find("holds 2 games") != std::string::npos);
    CHECK(read_all(twice, error).size() == 2);
    std::remove(once.c_str());
    std::remove(twice.c_str());
}

TEST_CASE(
    "Datagen: a rerun of a seed on two threads keeps the games already in its file and plays only the others",
    "[tune][threads]") {
    // The reference: the seed's first five games, played in one run.
    const std::string whole = temp_path("resume-whole.bin"), resumed = temp_path("resume-part.bin");
    std::remove(whole.c_str());
    play_games(whole, 5, 1, 23);
    std::string error;
    const std::vector<games::Game> reference = read_all(whole, error);
    REQUIRE(reference.size() == 5);

    // A run killed while other games were under way leaves a file with gaps: here the first,
    // third and fourth games of the seed, written out of order.
    std::vector<std::uint8_t> bytes;
    for (int i : {3, 0, 2}) {
        std::vector<std::uint8_t> record = games::encode(reference[i]);
        bytes.insert(bytes.end(), record.begin(), record.end());
    }
    write_file(resumed, bytes);
    const std::string log = play_games(resumed, 5, 2, 23);
    CHECK(log.find("holds 3 games") != std::string::npos);
    CHECK(log.find("games 5/5 (3 already in the file)") != std::string::npos);
    CHECK(game_texts(resumed) == game_texts(whole));

    // Once the seed's games are all there, a rerun adds nothing; another seed adds its own.
    const auto size = std::filesystem::file_size(resumed);
    play_games(resumed, 5, 2, 23);
    CHECK(std::filesystem::file_size(resumed) == size);
    play_games(resumed, 1, 1, 24);
    CHECK(read_all(resumed, error).size() == 6);
    std::remove(whole.c_str());
    std::remove(resumed.c_str());
}
