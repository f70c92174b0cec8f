// Runs an EPD test suite (best-move `bm` and avoid-move `am` operations in SAN), as for Win At Chess.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine.hpp"

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

// Searches every position within `limits` and checks the move against bm/am. A line that is no
// test (`skipped` says why) is reported through `outcome` unsearched.
std::vector<EpdOutcome> run_epd_suite(Engine& engine, const std::string& path, const SearchLimits& limits,
                                      const std::function<void(const EpdOutcome&)>& outcome);

}  // namespace sente
