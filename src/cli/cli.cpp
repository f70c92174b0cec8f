#include "cli/cli.hpp"

#include <cctype>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "engine.hpp"
#include "nnue/simd.hpp"
#include "uci/uci.hpp"
#include "version.hpp"

namespace sente::cli {

namespace {

// A command's reply on the command line: its output on standard output, notes and a refusal on
// standard error, the refusal naming the program.
class TerminalReply final : public util::Reply {
public:
    explicit TerminalReply(std::string_view program) : program_(program) {}
    void line(std::string_view text) override { std::cout << text << std::endl; }
    void note(std::string_view text) override { std::cerr << text << '\n'; }
    void refusal(std::string_view why) override { std::cerr << program_ << ": " << why << '\n'; }
    std::string invocation(std::string_view command) const override {
        return program_ == "sente" ? Reply::invocation(command) : std::string(program_);
    }

private:
    std::string_view program_;
};

int run(const util::Command& command, std::string_view program, int argc, char** argv) {
    const std::vector<std::string> words(argv, argv + argc);
    TerminalReply reply(program);
    if (!command.has_options && words.size() == 1 && (words[0] == "--help" || words[0] == "-h")) {
        std::cout << "Usage:\n  " << reply.invocation(command.name) << (command.usage.empty() ? "" : " ")
                  << command.usage << "\n\n"
                  << char(std::toupper(static_cast<unsigned char>(command.summary[0])))
                  << command.summary.substr(1) << " (no options).\n";
        return util::Done;
    }
    Engine engine;
    const int status = command.run(engine, words, reply);
    // A report that did not reach its file (a full disk, say) is a failure, not a success.
    if (!std::cout.flush() && status == util::Done) {
        std::cerr << program << ": the output could not be written\n";
        return util::Failed;
    }
    return status;
}

// UCI lines from the command line, in order (OpenBench runs `sente "genfens ..." quit`); a search
// they start with a limit is waited for, then the loop goes on with standard input unless one of
// them was quit (where a `stop` ends a search that waits for one). A line that opens with no
// command of UCI's is a mistyped command ("sente perf 5"), refused before any line runs.
int uci(int argc, char** argv) {
    Engine engine;
    uci::Output out(std::cout);
    uci::UciLoop loop(engine, out, commands());
    for (int i = 0; i < argc; ++i)
        if (const std::optional<std::string_view> word = loop.unknown_command(argv[i])) {
            const std::string name(word->substr(0, 64));
            if (find_command(*word))  // one of the command line's own, given as a UCI line
                return TerminalReply("sente").refuse("'" + name + "' is no UCI command: run it as sente "
                                                     + name + " ARGUMENTS, without quotes");
            return TerminalReply("sente").refuse("unknown command '" + name + "' (try --help)");
        }
    for (int i = 0; i < argc; ++i) {
        if (!loop.execute(argv[i])) return 0;
        if (!engine.searching_until_told()) engine.wait();
    }
    loop.run(std::cin);
    return 0;
}

void help() {
    std::cout << "Sente " << Version << ", a UCI chess engine.\n\n"
              << "  sente                          UCI on standard input and output\n"
              << "  sente COMMAND [ARGUMENTS]      a command below; sente COMMAND --help lists its options\n"
              << "  sente \"UCI LINE\" ... [quit]    UCI lines run in order, then standard input\n"
              << "  sente --version | --help\n\n"
              << "Commands (* also UCI commands, as GUIs and OpenBench send them):\n";
    for (const util::Command& c : commands()) {
        std::cout << (c.reach == util::Reach::Everywhere ? "* " : "  ") << c.name;
        if (!c.usage.empty()) std::cout << ' ' << c.usage;
        std::cout << "\n      " << c.summary << '\n';
    }
}

}  // namespace

int run(int argc, char** argv) {
    if (argc < 2) return uci(0, nullptr);
    const std::string_view first = argv[1];
    if (first == "-h" || first == "--help") {
        help();
        return 0;
    }
    if (first == "-v" || first == "--version") {
        // The network's vector path too: builds for other CPUs must give the same bench, and CI
        // checks that each path it means to compare is the one built.
        std::cout << "Sente " << Version << " (" << nnue::simd::Name << ")\n";
        return 0;
    }
    if (const util::Command* command = find_command(first)) return run(*command, "sente", argc - 2, argv + 2);
    if (first.starts_with('-')) {
        TerminalReply("sente").refuse("unknown option '" + std::string(first) + "' (try --help)");
        return util::BadUsage;
    }
    return uci(argc - 1, argv + 1);
}

int run_command(std::string_view command, std::string_view program, int argc, char** argv) {
    const util::Command* c = find_command(command);
    if (!c) {
        TerminalReply(program).refuse("no command '" + std::string(command) + "' in this build");
        return util::BadUsage;
    }
    return run(*c, program, argc - 1, argv + 1);
}

}  // namespace sente::cli
