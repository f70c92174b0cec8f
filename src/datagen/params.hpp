// The data generator's constants: self-play games (`sente datagen`) and OpenBench's openings
// (genfens). How games are cut short and how openings are screened; all scores from a side's own view.
#pragma once

#include <cstdint>

namespace sente::datagen {

constexpr std::uint64_t DefaultNodes = 5000;  // a move's soft node limit (--nodes)
constexpr int DefaultRandomPlies = 8;         // random legal plies that start a game (--random-plies)
constexpr int HardNodeFactor = 2;             // a move's search never exceeds this many soft limits
constexpr int OpeningMaxScore = 1000;         // a random opening beyond this is discarded as decided
constexpr int OpeningAttempts = 1000;         // a run stops when this many openings in a row are unusable
constexpr int WinScore = 2000;                // a win once the score stays beyond this ...
constexpr int WinPlies = 6;                   // ... for this many plies in a row
constexpr int DrawScore = 10;                 // a draw once the score stays within this ...
constexpr int DrawPlies = 12;                 // ... for this many plies in a row ...
constexpr int DrawMinPly = 80;                // ... from this ply on
constexpr int MaxPlies = 800;                 // longer games are called drawn
constexpr int GenfensPlies = 8;               // random plies of a genfens opening from the start position
constexpr int GenfensBookPlies = 2;           // ... and after a book line
constexpr std::uint64_t GenfensNodes = 5000;  // the screening search's soft node limit

}  // namespace sente::datagen
