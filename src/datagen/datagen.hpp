// `sente datagen`: self-play games for the trainers, written in the format of
// datagen/gamefile.hpp; `--dump`, which prints a game file as text; and the openings that games and
// OpenBench's genfens start from.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "core/splitmix.hpp"
#include "datagen/params.hpp"
#include "engine.hpp"

namespace sente {

struct DatagenOptions {
    std::string out;
    int games = 1000;  // of the seed, counting those already in the file
    int threads = 1;
    // Soft limit per move: no new iteration once reached, nor one expected to pass the hard limit.
    std::uint64_t nodes = datagen::DefaultNodes;
    // A move's search stops here, within its iteration; 0: HardNodeFactor * nodes.
    std::uint64_t hard_nodes = 0;
    int hash_mb = Engine::DefaultHashMb;  // each thread's hash table, which every search of its games shares
    int random_plies = datagen::DefaultRandomPlies;
    std::uint64_t seed = 0;
    std::string book;  // EPD; empty: the start position (or random Chess960 ones)
    bool chess960 = false;
    // The evaluation that plays: empty, the engine's default; "none", the hand-crafted one;
    // "embedded", the built-in net; anything else, a net file.
    std::string net;
};

// The FENs of an EPD book (four fields and "0 1"); on a problem, `error` says what.
std::vector<std::string> read_book(const std::string& path, bool chess960, std::string& error);
// A book line (or the start position, or a random Chess960 one) followed by `plies` random legal
// moves; none when the moves ran into a mate or stalemate.
std::optional<Position> random_opening(const std::vector<std::string>& book, bool chess960, int plies,
                                       SplitMix64& rng);

// OpenBench's genfens: `count` distinct openings from random plies that a short search does not
// already call decided, the same ones for the same seed; each FEN (six fields) goes to `emit`.
// Gives up after OpeningAttempts tries per opening; returns how many it found.
int generate_fens(int count, std::uint64_t seed, const std::vector<std::string>& book, bool chess960,
                  const std::function<void(const std::string&)>& emit);

// Plays the games and appends them to options.out; progress goes to `log`. Returns an exit status.
int run_datagen(const DatagenOptions& options, std::ostream& log);

// Prints every position of a game file as "FEN | score | result", score in centipawns and result
// (1, 0.5 or 0) both from White's side. Returns an exit status; errors go to `err`.
int dump_games(const std::string& path, std::ostream& out, std::ostream& err);

// The Chess960 start position with Scharnagl's number (0-959; 518 is the standard one), as FEN.
std::string chess960_start_fen(int index);

}  // namespace sente
