// Win/draw/loss odds from a score, for UCI_ShowWDL. The model is logistic in the score, with a
// centre and a width that depend on the material left on the board:
//   win  = 1 / (1 + exp((a - v) / b)),   loss = 1 / (1 + exp((a + v) / b)),   draw = the rest,
//   a = WdlA0 + WdlA1 * m,   b = WdlB0 + WdlB1 * m,   m = material / 78 (pawn 1, minor 3, rook 5, queen 9).
// The constants (WdlA0 ... in eval/params.hpp) are fitted to Sente's own self-play games by
// scripts/fit_wdl.py.
#pragma once

#include "core/position.hpp"
#include "core/types.hpp"

namespace sente::wdl {

struct Odds {
    int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// Material on the board as the model counts it, capped at the starting 78.
int material(const Position& pos);

// The odds for the side the score belongs to. Mate scores give certainty.
Odds odds(Value v, int material);

}  // namespace sente::wdl
