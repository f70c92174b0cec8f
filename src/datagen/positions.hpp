// The positions the trainers learn from: which positions of a game file are kept, and which games
// are held out for validation. sente-tune and sente-train read game files through this one loader,
// each with its own filter settings and its own test on top.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "datagen/gamefile.hpp"

namespace sente::games {

// A position is dropped when it comes before min_ply of its game, when its side to move is in
// check, when the move played from it captured or promoted (its score is a tactic's, not the
// position's), or when its score is a mate or beyond max_score.
struct Filter {
    int min_ply = 0;
    int max_score = 0;
};

struct LoadStats {
    std::size_t games = 0, positions = 0, kept = 0;
    std::size_t early = 0, in_check = 0, tactical_move = 0, extreme_score = 0;
    std::size_t refused = 0;  // passed the filter, then refused by the trainer's own test
    // PGN files only: moves of another engine or without a score, and games that could not be used.
    std::size_t unscored = 0, skipped_games = 0;
    std::string first_skip;  // the first game skipped, where and why ("game 3 (line 41): ...")
};

// The counts in words, for the trainers' reports: "N games, N positions, N kept; skipped ...".
std::string describe(const LoadStats& stats);

// The validation loss in the trainers' reports, "validation loss 0.123456", or, with nothing held
// out (no loss), "no validation positions" rather than a figure nobody measured.
std::string describe_validation(std::optional<double> loss);

// How often both trainers hold out a game for validation unless told otherwise, and how their
// --validation-every option says so.
constexpr int DefaultValidationEvery = 10;
constexpr const char* ValidationEveryHelp =
    "The last game of every N in a file is held out for validation (in PGN files, the games of one "
    "opening's pair in N; 0: none)";

// The validation split: with every = N > 0, the last game of every N in a game file is held out
// (games N-1, 2N-1, ... counting from 0); with 0, none. A PGN file's games are held out by their
// opening and pair instead (a hash of both in place of the game's index: positions.cpp). Both
// trainers split so.
constexpr bool held_out(std::size_t game, int every) {
    return every > 0 && game % std::size_t(every) == std::size_t(every - 1);
}

// Reads a game file, or a PGN file (named *.pgn: datagen/pgn.hpp says which of its moves count),
// and hands every position the filter keeps to `keep`, with whether its game is held out; `keep`
// returns false to refuse it after all. Returns the reader's error on a bad file (the positions
// before it have been handed out).
using Keep = std::function<bool(const Sample& sample, bool held_out)>;
bool is_pgn(const std::string& path);
std::optional<std::string> load_positions(const std::string& path, const Filter& filter, int validation_every,
                                          LoadStats& stats, const Keep& keep);

}  // namespace sente::games
