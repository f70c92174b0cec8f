// What Sente's command-line tools share: cxxopts with the project's conventions. A bad argument is
// refused with one line on stderr that names the tool, and exit status 2, as scripts expect.
#pragma once

#include <cxxopts.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace sente::command_line {

constexpr int BadUsage = 2;

inline int usage_error(std::string_view tool, const std::string& message) {
    std::cerr << tool << ": " << message << '\n';
    return BadUsage;
}

// The parsed arguments, or nothing once a bad one has been refused.
inline std::optional<cxxopts::ParseResult> parse(cxxopts::Options& options, int argc, char** argv) {
    try {
        return options.parse(argc, argv);
    } catch (const cxxopts::exceptions::exception& e) {
        usage_error(options.program(), e.what());
        return std::nullopt;
    }
}

}  // namespace sente::command_line
