// A command's words on the command line, read with cxxopts and the project's conventions: options
// (--name VALUE, --flag) and positional words in any order, a --help of every command's own, and a
// bad argument refused through the reply (one line that names the program; exit status 2).
#pragma once

#include <concepts>
#include <cstdio>
#include <cxxopts.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/command.hpp"
#include "util/parse.hpp"

namespace sente::util {

struct Arguments {
    std::optional<cxxopts::ParseResult> options;  // nothing once refused, or once --help was printed
    std::vector<std::string> positional;
    int status = Done;  // the command's exit status when there is nothing more to do
};

// Reads the words with the command's options (declared in the default group); `positional` names
// its other words for the help ("DEPTH").
inline Arguments parse_arguments(cxxopts::Options& options, Words words, Reply& reply,
                                 const std::string& positional = "") {
    options.positional_help(positional);
    options.add_options()("h,help", "Print this help");
    options.add_options("positional")("positional", "", cxxopts::value<std::vector<std::string>>());
    options.parse_positional({"positional"});
    std::vector<const char*> argv{options.program().c_str()};
    for (const std::string& word : words) argv.push_back(word.c_str());
    Arguments arguments;
    try {
        cxxopts::ParseResult parsed = options.parse(int(argv.size()), argv.data());
        if (parsed.count("help")) {
            reply.lines(options.help({""}));
            return arguments;
        }
        if (parsed.count("positional"))
            arguments.positional = parsed["positional"].as<std::vector<std::string>>();
        arguments.options = std::move(parsed);
    } catch (const cxxopts::exceptions::exception& e) {
        reply.refuse(e.what());
        arguments.status = BadUsage;
    }
    return arguments;
}

// An option's default as cxxopts reads it, written from the constant that holds it.
template <std::integral T>
std::string default_text(T value) {
    return std::to_string(value);
}
inline std::string default_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// A positional argument that must be a number in [lo, hi]; if it is not, the reply says so.
template <std::integral T>
std::optional<T> number_argument(Reply& reply, std::string_view what, std::string_view text, T lo, T hi) {
    const std::optional<T> value = parse<T>(text, lo, hi);
    if (!value)
        reply.refuse(std::string(what) + " must be a number from " + std::to_string(lo) + " to "
                     + std::to_string(hi));
    return value;
}

// Whether `what` (an option or an argument) lies in [lo, hi]; if not, the reply says so.
template <typename T>
bool in_range(Reply& reply, std::string_view what, T value, T lo, T hi) {
    if (value >= lo && value <= hi) return true;
    reply.refuse(std::string(what) + " must be from " + default_text(lo) + " to " + default_text(hi));
    return false;
}

}  // namespace sente::util
