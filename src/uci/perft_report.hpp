// The text of a perft run, shared by `sente perft` and UCI `go perft`.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "core/perft.hpp"

namespace sente::uci {

// Divide lines (when asked), then "Nodes searched: N", then the time and the speed.
std::vector<std::string> perft_report(const Position& root, const PerftResult& result, bool divide,
                                      std::chrono::nanoseconds elapsed);

}  // namespace sente::uci
