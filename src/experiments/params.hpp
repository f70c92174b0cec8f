// Tunables of the classic-algorithms experiment. The algorithms themselves have none: they all
// compute the same fixed-depth value, and only the window of `aspiration` is a choice.
#pragma once

namespace sente::research {

// `aspiration` searches PVS in a window this wide (centipawns) either side of the last score,
// doubled on each failure. Not the playing search's AspirationDelta: the tables of
// docs/experiments.md were measured with this one.
constexpr int AspirationWindow = 25;

}  // namespace sente::research
