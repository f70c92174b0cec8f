// Sente's programs, each a door into the command line of cli/: the engine, `sente`, and the
// trainers, which the build makes as `sente-tune` and `sente-train` (SENTE_COMMAND tune, train):
// one command of the same table under a name of its own.
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cpu_check.hpp"
#include "util/files.hpp"

// The instructions the engine is compiled to use, which cpu_check.cpp looks for before it starts.
namespace sente::cpu {
const unsigned required = compiled_for();
}

int main(int argc, char** argv) {
    // On Windows the arguments in UTF-8, so that a file's name in any letters reaches the commands.
    std::vector<std::string> arguments = sente::util::program_arguments(argc, argv);
    std::vector<char*> pointers;
    for (std::string& argument : arguments) pointers.push_back(argument.data());
    pointers.push_back(nullptr);
#ifdef SENTE_COMMAND
    return sente::cli::run_command(SENTE_COMMAND, "sente-" SENTE_COMMAND, int(arguments.size()),
                                   pointers.data());
#else
    return sente::cli::run(int(arguments.size()), pointers.data());
#endif
}
