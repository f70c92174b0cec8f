// The command line: no arguments speaks UCI; a command of the table (cli/commands.hpp) runs it;
// any other arguments are UCI lines, run in order before standard input.
#pragma once

#include <string_view>

namespace sente::cli {

// `sente ARGS`.
int run(int argc, char** argv);
// A program that is one command of the table under a name of its own (sente-tune is `tune`).
int run_command(std::string_view command, std::string_view program, int argc, char** argv);

}  // namespace sente::cli
