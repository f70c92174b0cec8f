// Win/draw/loss odds from a score, for UCI_ShowWDL. The model is logistic in the score, with a
// centre and a width that depend on the material left on the board:
//   win  = 1 / (1 + exp((a - v) / b)),   loss = 1 / (1 + exp((a + v) / b)),   draw = the rest,
//   a = A0 + A1 * m,   b = B0 + B1 * m,   m = material / 78 (pawn 1, minor 3, rook 5, queen 9).
// The constants are fitted to Sente's own self-play games by scripts/fit_wdl.py.
#pragma once

#include "core/position.hpp"
#include "core/types.hpp"

namespace sente::wdl {

// Fitted by scripts/fit_wdl.py to 29,306 positions of 200 self-play games at 2+0.02 by the build
// with the fitted evaluation (docs/evaluation.md).
constexpr double A0 = 459.5, A1 = -379.0;
constexpr double B0 = 160.8, B1 = -93.3;

struct Odds {
    int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// Material on the board as the model counts it, capped at the starting 78.
int material(const Position& pos);

// The odds for the side the score belongs to. Mate scores give certainty.
Odds odds(Value v, int material);

}  // namespace sente::wdl
