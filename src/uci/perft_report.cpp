#include "uci/perft_report.hpp"

namespace sente::uci {

std::vector<std::string> perft_report(const Position& root, const PerftResult& result, bool divide,
                                      std::chrono::nanoseconds elapsed) {
    std::vector<std::string> lines;
    if (divide) {
        for (const auto& [move, count] : result.divide)
            lines.push_back(root.move_to_uci(move) + ": " + std::to_string(count));
        lines.emplace_back();
    }
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
    double seconds = std::chrono::duration<double>(elapsed).count();
    auto nps = seconds > 0 ? static_cast<unsigned long long>(double(result.nodes) / seconds) : 0ULL;
    lines.push_back("Nodes searched: " + std::to_string(result.nodes));
    lines.push_back("Time: " + std::to_string(ms) + " ms");
    lines.push_back("Nodes/second: " + std::to_string(nps));
    return lines;
}

}  // namespace sente::uci
