// Catch2 checks shared by the protocol tests: the engine's position, and a readyok round trip.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "process.hpp"

namespace sente::test {

// The FEN the engine reports with `d`.
inline std::string fen_of(EngineProcess& engine) {
    engine.send("d");
    auto lines = engine.read_until("Checkers:", std::chrono::seconds(5));  // the last line of `d`
    for (const std::string& l : lines)
        if (l.rfind("Fen: ", 0) == 0) return l.substr(5);
    FAIL("no Fen line in the output of d");
    return "";
}

// Under a sanitizer a pool of 256 threads (`Threads` 100000 is clamped to it) starts and joins many
// times slower: on a slow machine the join alone has passed 20 s.
#ifdef SENTE_SANITIZED
inline constexpr std::chrono::seconds ReadyTimeout{90};
#else
inline constexpr std::chrono::seconds ReadyTimeout{20};
#endif

// Sends `isready` and returns every line before `readyok`; fails the test if it does not come
// (the engine hung or died) within the timeout, a hang detector, not a bound on speed.
inline std::vector<std::string> sync(EngineProcess& engine,
                                     std::chrono::milliseconds timeout = ReadyTimeout) {
    engine.send("isready");
    auto lines = engine.read_until("readyok", timeout);
    REQUIRE_FALSE(lines.empty());
    lines.pop_back();
    return lines;
}

}  // namespace sente::test
