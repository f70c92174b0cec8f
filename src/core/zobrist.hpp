// Zobrist keys: 781 fixed 64-bit numbers (12 x 64 piece-squares, side to move, four castling
// rights, eight en-passant files) from a fixed-seed generator, so keys are equal on every run.
#pragma once

#include "core/types.hpp"

namespace sente::zobrist {

extern Key PieceSquare[12][64];
extern Key SideToMove;   // XORed in when Black is to move
extern Key Castling[4];  // one per right, indexed by castling_index()
extern Key EnPassantFile[8];

// The combined key of a castling-rights mask.
Key castling_key(unsigned rights);

}  // namespace sente::zobrist
