// Runs an EPD test suite (best-move `bm` and avoid-move `am` operations, in SAN or UCI notation), as
// for Win At Chess.
#pragma once

#include <string>
#include <vector>

#include "engine.hpp"
#include "util/epd.hpp"

namespace sente {

struct EpdOutcome {
    std::string id;
    std::string fen;
    int line = 0;        // in the file, from 1
    std::string played;  // SAN
    bool solved = false;
    // Why the line was not searched: its position does not parse, it has no bm or am, or one names
    // no legal move. Empty for a line that was searched.
    std::string skipped;
};

// Searches the position of one line within `limits` and checks the move against bm and am; a line
// that is no test comes back unsearched, `skipped` saying why.
EpdOutcome run_epd_test(Engine& engine, const util::Epd& epd, const SearchLimits& limits);

}  // namespace sente
