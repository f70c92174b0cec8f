// Win/draw/loss odds from a score, for UCI_ShowWDL. The model is logistic in the score, with a
// centre and a width that depend on the material left on the board:
//   win  = 1 / (1 + exp((a - v) / b)),   loss = 1 / (1 + exp((a + v) / b)),   draw = the rest,
//   a = a0 + a1 * m,   b = b0 + b1 * m,   m = material / 78 (pawn 1, minor 3, rook 5, queen 9).
// Each evaluation scores on its own scale, so each has its model, fitted to Sente's own self-play
// games by scripts/fit_wdl.py (docs/evaluation.md).
#pragma once

#include "core/position.hpp"
#include "core/types.hpp"

namespace sente::wdl {

struct Odds {
    int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// The centre a and the width b, in centipawns, as straight lines in m.
struct Model {
    double a0, a1, b0, b1;
};

// The hand-crafted evaluation's: 29,306 positions of 200 games at 2+0.02 (bench 2601731).
inline constexpr Model HandCraftedModel{459.5, -379.0, 160.8, -93.3};
// The net's: 27,950 positions of 200 games at 2+0.02 with r9 (bench 2543305). Its scores are
// steeper: with little material left, a lead means far more than the hand-crafted evaluation's.
inline constexpr Model NetModel{182.3, -113.5, 35.4, 27.4};

// Material on the board as the model counts it, capped at the starting 78.
int material(const Position& pos);

// The odds for the side the score belongs to. Mate scores give certainty.
Odds odds(Value v, int material, const Model& model);

}  // namespace sente::wdl
