// The data generator's commands: `datagen`, self-play games for the trainers, and `genfens`,
// OpenBench's openings.
#pragma once

#include "util/command.hpp"

namespace sente::datagen {

int datagen_command(Engine& engine, util::Words words, util::Reply& reply);
int genfens_command(Engine& engine, util::Words words, util::Reply& reply);

}  // namespace sente::datagen
