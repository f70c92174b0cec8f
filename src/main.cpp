// Sente's programs, each a door into the command line of cli/: the engine, `sente`, and the
// trainers, which the build makes as `sente-tune` and `sente-train` (SENTE_COMMAND tune, train):
// one command of the same table under a name of its own.
#include "cli/cli.hpp"
#include "cpu_check.hpp"

// The instructions the engine is compiled to use, which cpu_check.cpp looks for before it starts.
namespace sente::cpu {
const unsigned required = compiled_for();
}

int main(int argc, char** argv) {
#ifdef SENTE_COMMAND
    return sente::cli::run_command(SENTE_COMMAND, "sente-" SENTE_COMMAND, argc, argv);
#else
    return sente::cli::run(argc, argv);
#endif
}
