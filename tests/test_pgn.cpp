// PGN games as fastchess writes them (OpenBench's data generation): the move and score parsers, and
// the positions the trainers take from them, checked against counts read off the file's own text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "datagen/pgn.hpp"
#include "datagen/positions.hpp"
#include "temp_path.hpp"

using namespace sente;

namespace {

const std::string PgnFile = std::string(SENTE_TEST_DATA_DIR) + "/fastchess.pgn";

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The file's games as text, each with its tags, split at every "[Event".
std::vector<std::string> games_text() {
    const std::string text = read_text(PgnFile);
    std::vector<std::string> games;
    for (std::size_t at = text.find("[Event"); at != std::string::npos;) {
        const std::size_t next = text.find("[Event", at + 1);
        games.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
        at = next;
    }
    return games;
}

// Which side of the validation split (held out or not) each game's positions fell on, by the game's
// index in the file, with --validation-every `every`.
std::map<std::size_t, std::set<bool>> split_sides(const std::string& path, int every) {
    games::LoadStats stats;
    std::map<std::size_t, std::set<bool>> sides;
    const auto error = games::load_positions(path, games::Filter{0, 100000}, every, stats,
                                             [&](const games::Sample&, bool held_out) {
                                                 sides[stats.games - 1].insert(held_out);
                                                 return true;
                                             });
    REQUIRE_FALSE(error);
    return sides;
}

std::string tag(const std::string& game, const std::string& name) {
    std::smatch m;
    std::regex_search(game, m, std::regex("\\[" + name + " \"([^\"]*)\"\\]"));
    return m.size() > 1 ? m[1].str() : "";
}

}  // namespace

TEST_CASE("PGN: a move comment's score, from the mover's side", "[pgn]") {
    CHECK(games::parse_comment_score("{+0.53/6 0.001s, n=3000, sd=14}") == 53);
    CHECK(games::parse_comment_score("{-0.07/5 0.004s}") == -7);
    CHECK(games::parse_comment_score("{0.00/0 0s}") == 0);
    CHECK(games::parse_comment_score("{+12.34/20}") == 1234);
    CHECK(games::parse_comment_score("{+M1/49 0.000s, n=3000, sd=1, Black mates}") == mate_in(1));
    // fastchess gives mates in plies (its file here: "Qhb3+ {+M5/9 ...} Kc6 {-M4/74 ...}").
    CHECK(games::parse_comment_score("{-M2/10}") == mated_in(2));
    CHECK(games::parse_comment_score("{+M3/9}") == mate_in(3));
    CHECK(games::parse_comment_score("{+M9999/9}") == mate_in(MAX_PLY));
    CHECK_FALSE(games::parse_comment_score("{book}"));
    CHECK_FALSE(games::parse_comment_score("{White mates}"));
    CHECK_FALSE(games::parse_comment_score("{+3/5}"));  // no decimal point: not a score
    CHECK_FALSE(games::parse_comment_score(""));
}

TEST_CASE("PGN: fastchess's mate distances are plies: the mover's odd, the mated side's even", "[pgn]") {
    const std::string text = read_text(PgnFile);
    const std::regex mate("\\{([+-])M([0-9]+)/");
    int mates = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), mate); it != std::sregex_iterator(); ++it) {
        const int n = std::stoi((*it)[2].str());
        INFO((*it)[0].str());
        CHECK(n % 2 == ((*it)[1].str() == "+" ? 1 : 0));
        ++mates;
    }
    CHECK(mates >= 8);
}

TEST_CASE("PGN: a fastchess file gives the engine's scored moves, every ply replayed", "[pgn]") {
    const std::vector<std::string> games = games_text();
    REQUIRE(games.size() == 5);
    // Read off the text: every game's plies, and the scored moves of the sides whose positions count
    // (both in self-play, Sente's alone against Ethereal).
    const std::regex scored("\\{[+-]?(M[0-9]+|[0-9]+\\.[0-9]+)/");
    std::size_t plies = 0, scored_moves = 0;
    for (const std::string& g : games) {
        plies += std::size_t(std::stoi(tag(g, "PlyCount")));
        const bool against_ethereal = tag(g, "White") == "Ethereal" || tag(g, "Black") == "Ethereal";
        const std::string movetext = g.substr(g.find("\n\n"));
        // Against Ethereal, the comments of Sente's moves: every other one from Sente's first move.
        std::size_t index = 0;
        const bool sente_white = tag(g, "White") == "Sente";
        for (auto it = std::sregex_iterator(movetext.begin(), movetext.end(), scored);
             it != std::sregex_iterator(); ++it, ++index)
            if (!against_ethereal || (index % 2 == 0) == sente_white) ++scored_moves;
    }

    games::LoadStats stats;
    std::map<int, int> results;  // White's result of each sample's game
    int chess960 = 0;
    const auto error =
        games::load_positions(PgnFile, games::Filter{0, 100000}, 0, stats, [&](const games::Sample& s, bool) {
            ++results[s.result];
            chess960 += s.position->chess960();
            return true;
        });
    REQUIRE_FALSE(error);
    CHECK(stats.games == 5);
    CHECK(stats.skipped_games == 0);
    CHECK(stats.positions + stats.unscored == plies);
    CHECK(stats.positions == scored_moves);
    CHECK(stats.kept + stats.in_check + stats.tactical_move + stats.extreme_score == stats.positions);
    CHECK(stats.extreme_score > 0);  // the mates
    // Results: self-play games 1-0 and 1-0, against Ethereal 1-0 and 0-1, the Chess960 game 0-1.
    CHECK(results[2] > 0);
    CHECK(results[0] > 0);
    CHECK(results[1] == 0);
    CHECK(chess960 > 0);
}

TEST_CASE("PGN: the validation split keeps both games of an opening on one side", "[pgn]") {
    // The file's games 0 and 1 share an opening, as do 2 and 3 (fastchess -repeat); a split by the
    // games' order would hold out 1 and 3 of every 2, parting each pair.
    const std::vector<std::string> games = games_text();
    REQUIRE(games.size() == 5);
    REQUIRE(tag(games[0], "FEN") == tag(games[1], "FEN"));
    REQUIRE(tag(games[2], "FEN") == tag(games[3], "FEN"));
    for (int every : {0, 1, 2, 3, 4, 5, 10}) {
        INFO("every " << every);
        auto sides = split_sides(PgnFile, every);
        REQUIRE(sides.size() == 5);
        for (const auto& [game, side] : sides) CHECK(side.size() == 1);  // a game is never split
        CHECK(sides[0] == sides[1]);
        CHECK(sides[2] == sides[3]);
        if (every == 0) CHECK(*sides[0].begin() == false);
        if (every == 1) CHECK(*sides[4].begin() == true);  // one in one: everything held out
    }

    // A file of one opening played many times (a match without a book): its pairs are still split,
    // each pair kept together. The first two games of the file, 40 times over.
    const test::TempPath temp("one-opening.pgn");
    {
        std::ofstream out(temp.path());
        for (int i = 0; i < 40; ++i) out << games[0] << games[1];
    }
    auto sides = split_sides(temp.string(), 2);
    REQUIRE(sides.size() == 80);
    int held_out_pairs = 0;
    for (std::size_t pair = 0; pair < 40; ++pair) {
        REQUIRE(sides[2 * pair].size() == 1);
        CHECK(sides[2 * pair] == sides[2 * pair + 1]);
        held_out_pairs += *sides[2 * pair].begin();
    }
    CHECK(held_out_pairs > 0);
    CHECK(held_out_pairs < 40);
}

TEST_CASE("PGN: against another engine, only Sente's positions come out", "[pgn]") {
    // The game where Ethereal is White: every position given is Black's to move, and its score is
    // the one the comment after Black's move says.
    const std::vector<std::string> games = games_text();
    const std::string game = games[3];
    REQUIRE(tag(game, "White") == "Ethereal");
    const test::TempPath file("one-game.pgn");
    const std::string temp = file.string();
    std::ofstream(temp) << game;
    const std::string movetext = game.substr(game.find("\n\n"));
    std::vector<int> comment_scores;
    const std::regex any("\\{([+-]?)([0-9]+)\\.([0-9]+)/");
    for (auto it = std::sregex_iterator(movetext.begin(), movetext.end(), any); it != std::sregex_iterator();
         ++it) {
        const int cp = std::stoi((*it)[2].str()) * 100 + std::stoi((*it)[3].str());
        comment_scores.push_back((*it)[1].str() == "-" ? -cp : cp);
    }
    REQUIRE(comment_scores.size() > 4);
    // Plies count from the start position, as in game files, whatever the FEN's move number (5).
    std::istringstream fen(tag(game, "FEN"));
    std::string board, side, castling, ep, rule50, fullmove;
    fen >> board >> side >> castling >> ep >> rule50 >> fullmove;
    REQUIRE(side == "w");
    REQUIRE(fullmove != "1");
    int checked = 0, white_to_move = 0;
    games::LoadStats stats;
    REQUIRE_FALSE(
        games::load_positions(temp, games::Filter{0, 100000}, 0, stats, [&](const games::Sample& s, bool) {
            white_to_move += s.position->side_to_move() == White;
            const int index = s.ply;  // the move's place in the movetext
            REQUIRE(index % 2 == 1);
            REQUIRE(index < int(comment_scores.size()));
            CHECK(s.score == comment_scores[std::size_t(index)]);
            ++checked;
            return true;
        }));
    CHECK(white_to_move == 0);
    CHECK(checked >= 5);
    CHECK(stats.unscored >= comment_scores.size() / 2);  // Ethereal's moves
}

TEST_CASE("PGN: an unusable game is skipped and counted, the rest still read, a missing file is an error",
          "[pgn]") {
    const std::vector<std::string> games = games_text();
    std::string broken = games[0];
    // An illegal move in the first game, an unfinished second game, a time loss for the third.
    broken.replace(broken.find(" e4 "), 4, " e5xd9 ");
    std::string unfinished = games[1];
    unfinished.replace(unfinished.find("[Result \"1-0\"]"), 14, "[Result \"*\"]");
    std::string time_loss = games[2];
    time_loss.replace(time_loss.find("[Termination \"normal\"]"), 22, "[Termination \"time forfeit\"]");
    // A legal FEN that no game reaches: 48 pieces.
    const std::string crowded =
        "[Event \"x\"]\n[White \"Sente\"]\n[Black \"Sente_2\"]\n[Result \"1-0\"]\n"
        "[FEN \"nnnnnnnk/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/NNNNNNNK w - - 0 1\"]\n"
        "[SetUp \"1\"]\n\n1. a4 {+0.10/5 0.001s} 1-0\n\n";
    const test::TempPath file("broken.pgn");
    const std::string temp = file.string();
    std::ofstream(temp) << broken << unfinished << crowded << time_loss << games[4];
    games::LoadStats stats;
    const auto error = games::load_positions(temp, games::Filter{0, 100000}, 0, stats,
                                             [](const games::Sample&, bool) { return true; });
    CHECK_FALSE(error);
    CHECK(stats.games == 1);
    CHECK(stats.skipped_games == 4);
    CHECK(stats.positions > 50);

    games::LoadStats none;
    CHECK(games::load_positions("/nonexistent/games.pgn", games::Filter{}, 0, none,
                                [](const games::Sample&, bool) { return true; }));
}

namespace {

// The games and positions load_positions takes from `text` written to a .pgn file, every position
// kept, with the message its counts give.
struct Loaded {
    games::LoadStats stats;
    std::optional<std::string> error;
    std::string said;
};
Loaded load_text(const std::string& text) {
    const test::TempPath file("malformed.pgn");
    const std::string temp = file.string();
    std::ofstream(temp, std::ios::binary) << text;
    Loaded l;
    l.error = games::load_positions(temp, games::Filter{0, 100000}, 0, l.stats,
                                    [](const games::Sample&, bool) { return true; });
    l.said = games::describe(l.stats);
    return l;
}

}  // namespace

TEST_CASE("PGN: a game cut short or malformed is skipped with the reason, the games after it still read",
          "[pgn]") {
    const std::vector<std::string> games = games_text();
    REQUIRE(games.size() >= 2);
    const std::string& whole = games[0];
    const std::string& next = games[1];
    const Loaded reference = load_text(whole + next);
    REQUIRE(reference.stats.games == 2);
    REQUIRE(reference.stats.skipped_games == 0);
    const Loaded second = load_text(next);
    REQUIRE(second.stats.positions > 0);
    const std::size_t movetext = whole.find("\n\n") + 2;

    SECTION("cut inside a comment, then the next game") {
        const Loaded l = load_text(whole.substr(0, whole.find("0.001s", movetext)) + "\n\n" + next);
        CHECK(l.stats.games == 1);
        CHECK(l.stats.positions == second.stats.positions);
        CHECK(l.stats.skipped_games == 1);
        CHECK(l.said.find("game 1 (line 1): the movetext does not end with the game's result")
              != std::string::npos);
    }
    SECTION("cut inside a comment, then a game whose first tag line does not parse") {
        // The line is the next game's, not the open comment's: that game is skipped for it.
        const std::string cut = whole.substr(0, whole.find("0.001s", movetext)) + "\n\n";
        const Loaded l = load_text(cut + "[Event \"x]\n" + next);
        CHECK(l.stats.games == 0);
        CHECK(l.stats.skipped_games == 2);
        CHECK(l.said.find("game 1 (line 1): the movetext does not end with the game's result")
              != std::string::npos);
        // Lines of the comment that begin with '[' and run on to its end stay the comment's.
        const Loaded kept = load_text(cut + "[%clk 0:01:00]\n[%eval 0.3] } 1-0\n\n" + next);
        CHECK(kept.stats.games == 2);
        CHECK(kept.stats.skipped_games == 0);
        // A comment's last line, cut: a command such as "[%clk" is no tag, whatever follows it.
        for (const char* last : {"[%clk 0:01:00]\n", "[%emt 0:00:01]\n\n"}) {
            INFO(last);
            const Loaded clock = load_text(cut + last + next);
            CHECK(clock.stats.games == 1);
            CHECK(clock.stats.positions == second.stats.positions);
            CHECK(clock.stats.skipped_games == 1);
        }
        // A line that begins as a tag but is cut, then a blank line: the game after it starts at
        // its own tags.
        const Loaded apart = load_text(cut + "[Annotator \"x\n\n" + next);
        CHECK(apart.stats.games == 1);
        CHECK(apart.stats.skipped_games == 1);
    }
    SECTION("the line a skipped game starts on counts every line of the file") {
        // A byte order mark, an escape line and blank lines with carriage returns before it.
        std::string broken = whole;
        broken.replace(broken.find(" e4 "), 4, " e5xd9 ");
        const Loaded l = load_text("\xEF\xBB\xBF% from a database\r\n\r\n \r\n" + broken);
        CHECK(l.stats.games == 0);
        CHECK(l.said.find("game 1 (line 4): the move e5xd9 does not parse") != std::string::npos);
    }
    SECTION("cut between two moves at the end of the file") {
        const Loaded l = load_text(next + whole.substr(0, whole.find("\n7. ", movetext)));
        CHECK(l.stats.games == 1);
        CHECK(l.stats.skipped_games == 1);
        // The cut game starts on the line after the last of the first game's.
        const auto line = std::to_string(std::count(next.begin(), next.end(), '\n') + 1);
        CHECK(l.said.find("game 2 (line " + line + "): the movetext does not end") != std::string::npos);
    }
    SECTION("cut inside a tag, then the next game") {
        const Loaded l = load_text(whole.substr(0, whole.find("[Result \"") + 10) + "\n" + next);
        CHECK(l.stats.games == 1);
        CHECK(l.stats.positions == second.stats.positions);
        CHECK(l.said.find("game 1 (line 1): a tag line that does not parse: [Result \"1")
              != std::string::npos);
    }
    SECTION("an unclosed variation swallows the result") {
        std::string open = whole;
        open.insert(open.find("\n6. ", movetext), " (5... Nc6 6. d3");
        const Loaded l = load_text(open);
        CHECK(l.stats.games == 0);
        CHECK(l.said.find("game 1 (line 1): the movetext does not end") != std::string::npos);
    }
    SECTION("the movetext's result differs from the Result tag") {
        std::string other = whole;
        REQUIRE(tag(whole, "Result") == "1-0");
        other.replace(other.rfind("1-0"), 3, "0-1");
        const Loaded l = load_text(other);
        CHECK(l.stats.games == 0);
        CHECK(l.said.find("game 1 (line 1): the movetext ends in 0-1, the Result tag says 1-0")
              != std::string::npos);
    }
    SECTION("an unterminated tag value") {
        std::string bad = whole;
        bad.replace(bad.find("[White \"Sente\"]"), 15, "[White \"Sente]");
        const Loaded l = load_text(bad);
        CHECK(l.stats.games == 0);
        CHECK(l.said.find("a tag line that does not parse: [White \"Sente]") != std::string::npos);
    }
    SECTION("well-formed variants of the same games read as the games themselves") {
        // A byte order mark, two tags to a line with a tab, a tag named with the standard's symbol
        // characters, a comment over two lines whose second starts with '[', and escape lines
        // (a '%' in the first column: the rest of the line is not PGN) among the tags and moves.
        std::string variant = "\xEF\xBB\xBF" + whole;
        variant.insert(variant.find("[Result "), "[Time-Control+Moves \"40/60\"]\n%[Event \"x\"]\n");
        variant.insert(variant.find("\n7. ", variant.find("\n\n") + 2) + 1, "% 1-0 {\n");
        variant.replace(variant.find("]\n[Black"), 2, "]\t");
        const std::size_t comment = variant.find("0.001s", variant.find("\n\n") + 2);
        variant.insert(comment, "\n[%clk 0:01:00] ");
        const Loaded l = load_text(variant + next);
        CHECK(l.stats.games == 2);
        CHECK(l.stats.skipped_games == 0);
        CHECK(l.stats.positions == reference.stats.positions);
        CHECK(l.stats.kept == reference.stats.kept);
    }
    SECTION("a game whose players are unknown gives no positions") {
        std::string unknown = whole;
        unknown.replace(unknown.find("[White \"Sente\"]"), 15, "[White \"?\"]");
        unknown.replace(unknown.find("[Black \"Sente_2\"]"), 17, "[Black \"?\"]");
        for (const char* name :
             {"[EngineWhiteName \"Sente 0.1.0\"]\n", "[EngineBlackName \"Sente 0.1.0\"]\n"})
            unknown.erase(unknown.find(name), std::string(name).size());
        const Loaded l = load_text(unknown);
        CHECK(l.stats.games == 1);
        CHECK(l.stats.positions == 0);
        CHECK(l.stats.unscored > 100);
    }
}

TEST_CASE("PGN: the Variant tag's spellings of Chess960", "[pgn]") {
    for (const char* variant :
         {"Chess960", "chess 960", "fischerandom", "Fischer Random", "FRC", "Standard", ""}) {
        INFO(variant);
        const test::TempPath file("variant.pgn");
        std::ofstream(file.string())
            << "[White \"Sente\"]\n[Black \"Sente_2\"]\n[Result \"1/2-1/2\"]\n[Variant \"" << variant
            << "\"]\n[FEN \"4k3/8/8/8/8/8/8/5K1R w H - 0 1\"]\n[SetUp \"1\"]\n\n"
            << "1. O-O {+0.10/5 0.001s} Kd7 {-0.10/5 0.001s} 1/2-1/2\n\n";
        games::PgnReader reader(file.string());
        const auto game = reader.next();
        REQUIRE(game);
        const std::string lowered = [&] {
            std::string l(variant);
            for (char& c : l) c = char(std::tolower(static_cast<unsigned char>(c)));
            return l;
        }();
        CHECK(game->chess960 == (lowered != "standard" && !lowered.empty()));
        REQUIRE(game->plies.size() == 2);
        CHECK(game->plies[0].move.kind() == Move::Castling);
    }
}

TEST_CASE("PGN: a result the board contradicts, another variant, or a loss the scores do not show is skipped",
          "[pgn]") {
    auto game = [](const std::string& tags, const std::string& moves) {
        return "[White \"Sente\"]\n[Black \"Sente_2\"]\n" + tags + "\n\n" + moves + "\n\n";
    };
    // Fool's mate, with the result the board gives, and with White's win instead.
    const std::string fools = "1. f3 {+0.10/5} e5 {-0.10/5} 2. g4 {-0.50/5} Qh4# {+M1/5}";
    Loaded l = load_text(game("[Result \"0-1\"]\n[Termination \"normal\"]", fools + " 0-1"));
    CHECK(l.stats.games == 1);
    CHECK(l.stats.positions == 4);
    l = load_text(game("[Result \"1-0\"]\n[Termination \"normal\"]", fools + " 1-0"));
    CHECK(l.stats.games == 0);
    CHECK(l.said.find("the result 1-0, but the game ends in checkmate") != std::string::npos);
    // A stalemate is a draw.
    const std::string stalemate = "[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n[SetUp \"1\"]\n";
    l = load_text(game(stalemate + "[Result \"1-0\"]", "1. Qf7 {+15.00/5} 1-0"));
    CHECK(l.stats.games == 0);
    CHECK(l.said.find("the result 1-0, but the game ends in stalemate") != std::string::npos);
    l = load_text(game(stalemate + "[Result \"1/2-1/2\"]", "1. Qf7 {+15.00/5} 1/2-1/2"));
    CHECK(l.stats.games == 1);

    // Other rules than chess's: not read as chess.
    const std::string opening = "1. e4 {+0.30/10} e5 {-0.20/10} 2. Nf3 {+0.25/9} Nc6 {-0.10/9}";
    l = load_text(game("[Result \"1/2-1/2\"]\n[Variant \"3check\"]", opening + " 1/2-1/2"));
    CHECK(l.stats.games == 0);
    CHECK(l.said.find("the variant 3check, not chess") != std::string::npos);
    l = load_text(game("[Result \"1/2-1/2\"]\n[Variant \"From Position\"]", opening + " 1/2-1/2"));
    CHECK(l.stats.games == 1);

    // A decisive result without a mate and without a Termination tag (as OpenBench's upload
    // leaves a game): taken when the last score says so, as an adjudication; not when the game was
    // level (a loss on time, a crash).
    l = load_text(game("[Result \"1-0\"]", opening + " 1-0"));
    CHECK(l.stats.games == 0);
    CHECK(l.said.find("without a mate, a Termination tag or scores that say so") != std::string::npos);
    l = load_text(
        game("[Result \"1-0\"]", "1. e4 {+0.30/10} e5 {-0.20/10} 2. Nf3 {+0.25/9} Nc6 {-5.10/9} 1-0"));
    CHECK(l.stats.games == 1);
    l = load_text(
        game("[Result \"0-1\"]", "1. e4 {+0.30/10} e5 {-0.20/10} 2. Nf3 {-4.25/9} Nc6 {-0.10/9} 0-1"));
    CHECK(l.stats.games == 0);  // the last score, Black's, does not say Black wins
    // With a Termination tag that says it ended on the board (or by adjudication), it is taken.
    l = load_text(game("[Result \"1-0\"]\n[Termination \"adjudication\"]", opening + " 1-0"));
    CHECK(l.stats.games == 1);
}

TEST_CASE("PGN: two versions of an engine are not one engine playing itself", "[pgn]") {
    const std::string moves = "1. e4 {+0.30/10} e5 {-0.20/10} 1/2-1/2";
    Loaded l = load_text("[White \"Ethereal_12\"]\n[Black \"Ethereal_13\"]\n[Result \"1/2-1/2\"]\n\n" + moves
                         + "\n");
    CHECK(l.stats.positions == 0);
    l = load_text("[White \"Ethereal\"]\n[Black \"Ethereal_2\"]\n[Result \"1/2-1/2\"]\n\n" + moves + "\n");
    CHECK(l.stats.positions == 2);
}

TEST_CASE("PGN: moves in UCI's notation and en passant marked 'e.p.'", "[pgn]") {
    const std::string tags = "[White \"Sente\"]\n[Black \"Sente_2\"]\n[Result \"1/2-1/2\"]\n\n";
    // fastchess -pgnout notation=uci; then SAN with "e.p." after the capture, apart and joined.
    for (const char* moves :
         {"1. e2e4 {+0.1/5} a7a6 {+0.1/5} 2. e4e5 {+0.1/5} d7d5 {+0.1/5} 3. e5d6 {+0.1/5} 1/2-1/2",
          "1. e4 {+0.1/5} a6 {+0.1/5} 2. e5 {+0.1/5} d5 {+0.1/5} 3. exd6 e.p. {+0.1/5} 1/2-1/2",
          "1. e4 {+0.1/5} a6 {+0.1/5} 2. e5 {+0.1/5} d5 {+0.1/5} 3. exd6e.p. {+0.1/5} 1/2-1/2"}) {
        INFO(moves);
        const Loaded l = load_text(tags + moves + "\n");
        CHECK(l.stats.games == 1);
        CHECK(l.stats.skipped_games == 0);
        CHECK(l.stats.positions == 5);
        CHECK(l.stats.tactical_move == 1);  // the en-passant capture, read as one
    }
}

TEST_CASE("PGN and game files: a path that cannot be read is an error, not an empty file", "[pgn]") {
    const test::TempPath dir("a-directory.pgn");
    std::filesystem::create_directories(dir.path());
    games::LoadStats stats;
    const auto keep = [](const games::Sample&, bool) { return true; };
    const auto pgn = games::load_positions(dir.string(), games::Filter{}, 0, stats, keep);
    REQUIRE(pgn);
    CHECK(pgn->find("cannot read") != std::string::npos);
    const test::TempPath bin_dir("a-directory.bin");
    std::filesystem::create_directories(bin_dir.path());
    const auto bin = games::load_positions(bin_dir.string(), games::Filter{}, 0, stats, keep);
    REQUIRE(bin);
    CHECK(bin->find("cannot read") != std::string::npos);
}
