// The shape of Sente's commands (bench, perft, datagen, ...). The command line and the UCI loop
// dispatch them from one table (cli/commands.cpp), each to the same function, which reads the
// words after the command's name and answers through a Reply.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace sente {
class Engine;
}

namespace sente::util {

// Calls f with each line of a text, without its '\n' (a last '\n' ends the last line).
template <typename F>
void for_each_line(std::string_view text, F&& f) {
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        f(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
}

// A command's exit status on the command line.
constexpr int Done = 0;
constexpr int Failed = 1;    // it ran and something went wrong (a full disk, say)
constexpr int BadUsage = 2;  // it refused its arguments

// Where a command's text goes. On the command line: standard output, notes on standard error, a
// refusal as one line on standard error that names the program. Under UCI: the GUI's lines, notes
// dropped, a refusal as "info string error: ...".
class Reply {
public:
    virtual ~Reply() = default;
    virtual void line(std::string_view text) = 0;
    virtual void note(std::string_view text) = 0;
    // A stoppable command has read its words and begins its work: under UCI the loop, which has
    // waited for this (so that a refusal comes before the answer to the next isready), goes on.
    virtual void working() {}

    // Refuses the command's words, saying why; gives the exit status of a refusal.
    int refuse(std::string_view why) {
        refusal(why);
        return BadUsage;
    }
    // Says why work that was under way failed (a file that could not be written); gives its status.
    int fail(std::string_view why) {
        refusal(why);
        return Failed;
    }

    // Each line of a text in turn (under UCI, with no other line among them).
    virtual void lines(std::string_view text) {
        for_each_line(text, [this](std::string_view one) { line(one); });
    }
    // How the user calls a command, for its help: "sente train", or "sente-train" for the program
    // that is that one command.
    virtual std::string invocation(std::string_view command) const { return "sente " + std::string(command); }

protected:
    virtual void refusal(std::string_view why) = 0;
};

enum class Reach : std::uint8_t {
    CommandLine,  // the long-running tools
    Everywhere,   // also a UCI command, as GUIs and OpenBench send it
};

using Words = std::span<const std::string>;

struct Command {
    std::string_view name;
    std::string_view usage;    // what follows the name, for the help
    std::string_view summary;  // what it does, for the help
    Reach reach;
    // Under UCI a search in progress ends first (and the options waiting for it apply): the command
    // uses the engine's threads, table or position.
    bool ends_search;
    int (*run)(Engine& engine, Words words, Reply& reply);
    // Under UCI the command runs beside the protocol loop, which answers isready meanwhile and ends
    // it on stop (Engine::abort_work); any other command waits for it to finish.
    bool stoppable = false;
    // Its words are read by a util::CommandLine, whose --help lists its options; the others take
    // no options, and their --help on the command line is the usage and summary above.
    bool has_options = false;
};

}  // namespace sente::util
