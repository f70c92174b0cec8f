// The trainer's command: `train`, also the program sente-train.
#pragma once

#include "util/command.hpp"

namespace sente::train {

int train_command(Engine& engine, util::Words words, util::Reply& reply);

}  // namespace sente::train
