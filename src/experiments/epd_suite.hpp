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
    std::string played;  // SAN
    bool solved = false;
};

// Searches every position within `limits` and checks the move against bm/am. Lines that cannot be
// read are reported through `outcome` with an empty played move and count as unsolved.
std::vector<EpdOutcome> run_epd_suite(Engine& engine, const std::string& path, const SearchLimits& limits,
                                      const std::function<void(const EpdOutcome&)>& outcome);

}  // namespace sente
