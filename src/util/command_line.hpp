// A command's words on the command line, read by the project's conventions: options (--name VALUE,
// --flag) and positional words in any order, a --help of every command's own, and a bad argument
// refused through the reply (one line that names the program; exit status 2). cxxopts reads them,
// in command_line.cpp alone: its header costs each file that includes it seconds of every build.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/command.hpp"
#include "util/parse.hpp"

namespace sente::util {

// The types an option's value may have (command_line.cpp instantiates each).
template <typename T, typename... Types>
concept OneOf = (std::same_as<T, Types> || ...);
template <typename T>
concept OptionType = OneOf<T, bool, int, long long, std::uint64_t, double, std::string, std::vector<int>,
                           std::vector<std::string>>;

// A command's options, declared one by one, then read from its words:
//
//     CommandLine cli("sente perft", "Counts the leaves ...", "DEPTH");
//     cli.option<int>("hash", "MB of hash table", "0").flag("divide", "Print ...");
//     if (!cli.parse(words, reply)) return cli.status();
//     const int hash = cli.get<int>("hash");
//
// An option of type T takes a value (a vector a comma-separated list, and more than one --name);
// one with a default always has one; a bool option is a flag that may also be written --name=false.
// A whole number is read as the engine reads every number (util/parse.hpp: decimal digits after an
// optional '-', and it must fit T); a value that is not one is refused.
class CommandLine {
public:
    // `positional` names the command's other words for the help ("DEPTH").
    CommandLine(std::string program, std::string description, std::string positional = "");
    ~CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    // An option without a value: off unless given, read as get<bool>(name). --name=false, as a
    // script may write it, leaves it off.
    CommandLine& flag(const std::string& name, const std::string& help);
    // An option that takes a value of type T, with no default (count() says whether it was given).
    template <OptionType T>
    CommandLine& option(const std::string& name, const std::string& help);
    // An option of type T with a default, written as the option's value would be ("0", "1,2").
    template <OptionType T>
    CommandLine& option(const std::string& name, const std::string& help, const std::string& fallback);

    // Reads the words, once. False when there is nothing more to do: --help was printed, or the
    // words were refused through the reply; status() is then the command's exit status.
    bool parse(Words words, Reply& reply);
    int status() const { return status_; }

    // After a successful parse (before one, std::logic_error): how many times an option was given,
    // its value (given or default), and the positional words in order.
    std::size_t count(const std::string& name) const;
    template <OptionType T>
    T get(const std::string& name) const;
    const std::vector<std::string>& positional() const { return positional_; }

private:
    struct Parser;  // cxxopts' options and, once parsed, their result
    std::unique_ptr<Parser> parser_;
    std::vector<std::string> positional_;
    int status_ = Done;
};

// An option's default as the command line would write it, from the constant that holds it.
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
