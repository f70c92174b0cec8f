// The network room's one tunable: the tempo added after the network.
#pragma once

#include <algorithm>

#include "core/tunable.hpp"
#include "core/types.hpp"

namespace sente::nnue {

// The right to move first, in centipawns, added to the net's output for the side to move: the
// design keeps tempo explicit and in one place. The net also learns a side-to-move value of its
// own from the data (the README gives both).
SENTE_TUNABLE(NetTempo, 10, 0, 60)

// The evaluation the search uses: the net's output plus tempo (scaled by the Tempo option, in
// percent), kept inside the band below tablebase wins.
inline Value evaluate_with_tempo(Value net_output, int tempo_percent) {
    return std::clamp(net_output + NetTempo * tempo_percent / 100, -VALUE_TB_WIN_IN_MAX_PLY + 1,
                      VALUE_TB_WIN_IN_MAX_PLY - 1);
}

}  // namespace sente::nnue
