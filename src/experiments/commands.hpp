// The experiments' commands: `solve` (an EPD test suite), `tempo-table` (the tempo experiment) and
// `research` (the classic algorithms side by side).
#pragma once

#include "util/command.hpp"

namespace sente::experiments {

int solve_command(Engine& engine, util::Words words, util::Reply& reply);
int tempo_table_command(Engine& engine, util::Words words, util::Reply& reply);
int research_command(Engine& engine, util::Words words, util::Reply& reply);

}  // namespace sente::experiments
