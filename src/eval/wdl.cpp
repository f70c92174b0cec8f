#include "eval/wdl.hpp"

#include <algorithm>
#include <cmath>

namespace sente::wdl {

int material(const Position& pos) {
    int m = popcount(pos.pieces(Pawn)) + 3 * popcount(pos.pieces(Knight) | pos.pieces(Bishop))
            + 5 * popcount(pos.pieces(Rook)) + 9 * popcount(pos.pieces(Queen));
    return std::min(m, 78);
}

Odds odds(Value v, int material, const Model& model) {
    if (v >= VALUE_TB_WIN_IN_MAX_PLY) return {1000, 0, 0};  // a mate or a tablebase win
    if (v <= -VALUE_TB_WIN_IN_MAX_PLY) return {0, 0, 1000};
    const double m = std::clamp(material, 0, 78) / 78.0;
    const double a = model.a0 + model.a1 * m, b = std::max(1.0, model.b0 + model.b1 * m);
    const double win = 1.0 / (1.0 + std::exp((a - v) / b));
    const double loss = 1.0 / (1.0 + std::exp((a + v) / b));
    Odds o;
    o.win = int(std::lround(1000 * win));
    o.loss = int(std::lround(1000 * loss));
    o.draw = std::max(0, 1000 - o.win - o.loss);
    if (o.win + o.draw + o.loss != 1000) o.win = 1000 - o.draw - o.loss;  // rounding when draw is 0
    return o;
}

}  // namespace sente::wdl
