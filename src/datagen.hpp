// `sente datagen`: self-play games for fitting the evaluation, written in the format of
// tune/gamefile.hpp; and `--dump`, which prints a game file as text.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"

namespace sente {

struct DatagenOptions {
    std::string out;
    int games = 0;
    int threads = 1;
    std::uint64_t nodes = 5000;  // soft limit per move: no new iteration once reached
    int random_plies = 8;
    std::uint64_t seed = 0;
    std::string book;            // EPD; empty: the start position (or random Chess960 ones)
    bool chess960 = false;
};

// How games are cut short and how openings are screened; all scores from a side's own view.
namespace datagen_params {
constexpr int HardNodeFactor = 20;       // a move's search never exceeds this many soft limits
constexpr int OpeningMaxScore = 1000;    // a random opening beyond this is discarded as decided
constexpr int WinScore = 2000;           // a win once the score stays beyond this ...
constexpr int WinPlies = 6;              // ... for this many plies in a row
constexpr int DrawScore = 10;            // a draw once the score stays within this ...
constexpr int DrawPlies = 12;            // ... for this many plies in a row ...
constexpr int DrawMinPly = 80;           // ... from this ply on
constexpr int MaxPlies = 800;            // longer games are called drawn
}  // namespace datagen_params

// Plays the games and appends them to options.out; progress goes to `log`. Returns an exit status.
int run_datagen(const DatagenOptions& options, std::ostream& log);

// Prints every position of a game file as "FEN | score | result", score in centipawns and result
// (1, 0.5 or 0) both from White's side. Returns an exit status; errors go to `err`.
int dump_games(const std::string& path, std::ostream& out, std::ostream& err);

// The Chess960 start position with Scharnagl's number (0-959; 518 is the standard one), as FEN.
std::string chess960_start_fen(int index);

}  // namespace sente
