// Fuzz target: the UCI command parser. Each input is a session of lines fed to one long-lived
// engine; any search a line starts is stopped and waited for before the next line, so every
// command's parsing (tokens, numbers, options, positions, moves) is exercised without waiting on
// searches. Commands whose cost grows with their arguments (perft, bench, Hash and Threads sizes)
// are left out: their limits are covered by the protocol tests.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cli/commands.hpp"
#include "engine.hpp"
#include "uci/uci.hpp"

using namespace sente;

namespace {

bool too_costly(std::string_view line) {
    std::string lower(line);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    // Limited strength chooses among moves at random: left out so that every crash replays.
    for (const char* word : {"perft", "bench", "hash", "threads", "limitstrength"})
        if (lower.find(word) != std::string::npos) return true;
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Engine engine;
    static uci::Output out([](std::string_view) {});
    static uci::UciLoop loop(engine, out, cli::commands());

    std::string_view session(reinterpret_cast<const char*>(data), size);
    while (!session.empty()) {
        std::size_t end = std::min(session.find('\n'), session.size());
        std::string_view line = session.substr(0, end);
        session.remove_prefix(std::min(end + 1, session.size()));
        if (too_costly(line)) continue;
        loop.execute(line);
        loop.execute("stop");
        engine.wait();
    }
    // Back to the starting state, so that every input means the same thing on its own.
    for (const char* reset : {"setoption name UCI_Chess960 value false", "setoption name MultiPV value 1",
                              "setoption name Move Overhead value 20", "setoption name Tempo value 100",
                              "setoption name UCI_Elo value 1500", "setoption name UCI_ShowWDL value false",
                              "setoption name Ponder value false", "ucinewgame", "position startpos"})
        loop.execute(reset);
    return 0;
}
