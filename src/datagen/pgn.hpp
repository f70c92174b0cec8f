// Games in PGN, as fastchess and cutechess-cli write them (OpenBench's data generation returns such
// files): the start position, the result, and each move with the mover's score where its comment
// gives one ("{+0.53/6 0.001s, n=3000, sd=14}"; mates as "+M3" or "-M2"). The trainers read them
// beside Sente's own game files.
#pragma once

#include <cstdio>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"

namespace sente::games {

struct PgnPly {
    Move move;
    std::optional<int> score;  // centipawns from the mover's side (mates as mate_in / mated_in)
    bool wanted = false;       // a move of the engine whose positions are learnt from
};

struct PgnGame {
    std::string start_fen;
    bool chess960 = false;
    int result = 1;  // White's view: 0, 1 or 2
    std::vector<PgnPly> plies;
};

// Whose moves are learnt from: a side whose name (the White or Black tag, or fastchess's
// EngineWhiteName and EngineBlackName) begins with "Sente", and both sides of a game an engine
// played against itself (the same name, or one with the "_2" a tournament manager adds to tell
// them apart; PGN's "?" or no name at all is no engine's).
bool is_sente(const std::string& name);

// Reads a PGN file game by game. A game that cannot be used is skipped and counted: an unfinished
// one ("*"), one that ended by time, an illegal move or a crash rather than on the board, one of
// another variant than chess, one whose start position, a tag or a move does not parse, one whose
// movetext does not end with the Result tag's result at its top level (a file cut inside a game,
// an unclosed comment or variation), one whose result its final position contradicts, and a
// decisive one without a mate or a Termination tag whose last score does not say so; reading goes
// on with the next. Moves are read as SAN or in UCI's notation.
class PgnReader {
public:
    explicit PgnReader(const std::string& path);
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;

    std::optional<PgnGame> next();
    // Why reading stopped before the end (an unreadable file); empty otherwise.
    const std::string& error() const { return error_; }
    std::size_t skipped() const { return skipped_; }
    // The first skipped game's number in the file (from 1), the line it starts on and why it was
    // skipped, for messages: "game 3 (line 41): the move Nd7 does not parse in ...". Empty while
    // none was. (The number counts what the reader took for games: a game cut short and the game
    // after it can be one.)
    const std::string& first_skip() const { return first_skip_; }

private:
    struct Line {
        std::string text;
        std::size_t number = 0;  // in the file, from 1
    };
    bool read_line(Line& line);

    std::FILE* file_ = nullptr;
    std::string path_, error_, first_skip_;
    std::deque<Line> pending_;  // lines read before their game, given back first
    std::size_t skipped_ = 0, games_ = 0, lines_ = 0;
};

// The score of a fastchess or cutechess-cli move comment, mover's view, or nothing ("book", none).
std::optional<int> parse_comment_score(std::string_view comment);

}  // namespace sente::games
