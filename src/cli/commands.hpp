// Every command of Sente's, in one table: the command line runs any of them (`sente perft 5`), the
// UCI loop those that GUIs and OpenBench send (bench, genfens, go perft, eval, d, spsa), and
// sente-tune and sente-train are the `tune` and `train` commands under names of their own.
#pragma once

#include <span>
#include <string_view>

#include "util/command.hpp"

namespace sente::cli {

std::span<const util::Command> commands();
// The command of this name, or nothing.
const util::Command* find_command(std::string_view name);

}  // namespace sente::cli
