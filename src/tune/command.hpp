// The tuner's command: `tune`, also the program sente-tune.
#pragma once

#include "util/command.hpp"

namespace sente::tune {

int tune_command(Engine& engine, util::Words words, util::Reply& reply);

}  // namespace sente::tune
