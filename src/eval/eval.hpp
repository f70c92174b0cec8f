// The handcrafted evaluation: tapered middlegame/endgame terms, scored for the side to move.
#pragma once

#include "core/position.hpp"
#include "eval/params.hpp"

namespace sente::eval {

enum Term { Material, Placement, PawnStructure, PassedPawns, Mobility, KingSafety, Pieces, Threats, TermCount };
constexpr const char* TermNames[TermCount] = {"Material", "Placement", "Pawns", "Passed", "Mobility",
                                              "King safety", "Pieces", "Threats"};

// Every term for both sides, before blending, for the `eval` command.
struct Trace {
    Score terms[TermCount][2];
    Score mop_up;         // White's view
    int phase = 0;        // MaxPhase = opening, 0 = bare endgame
    int scale = 64;       // endgame part is multiplied by scale / 64
    Value white_view = 0; // blended, before tempo, from White's side
    Value tempo = 0;      // blended tempo for the side to move
    Value total = 0;      // what evaluate() returns
};

// The position's value for the side to move. tempo_percent scales the side-to-move bonus: 100 is
// the value in params.hpp, 0 leaves it out (for the tempo experiment).
constexpr int DefaultTempoPercent = 100;
Value evaluate(const Position& pos, int tempo_percent = DefaultTempoPercent);
Trace trace(const Position& pos, int tempo_percent = DefaultTempoPercent);
// The tempo bonus blended for the position's phase, at the given scale.
Value tempo_bonus(const Position& pos, int tempo_percent = DefaultTempoPercent);

}  // namespace sente::eval
