// Attack tables: leapers, sliders (PEXT or magic bitboards) and the between/line tables used for
// checks and pins. Everything is filled once, before main, and read-only afterwards.
#pragma once

#include <vector>

#include "core/types.hpp"

#if defined(SENTE_USE_PEXT)
#include <immintrin.h>
#endif

namespace sente {

namespace attacks_detail {

// One slider square: the relevant occupancy mask and where its attack sets start.
struct SliderSquare {
    Bitboard mask;
    Bitboard magic;
    Bitboard* magic_table;  // indexed by ((occ & mask) * magic) >> shift
    Bitboard* pext_table;   // indexed by pext(occ, mask); null when PEXT is not compiled in
    unsigned shift;

    std::size_t magic_index(Bitboard occ) const { return ((occ & mask) * magic) >> shift; }
};

extern SliderSquare RookSquares[64];
extern SliderSquare BishopSquares[64];
extern Bitboard PawnAttacks[2][64];
extern Bitboard KnightAttacks[64];
extern Bitboard KingAttacks[64];
extern Bitboard RookRays[64];
extern Bitboard BishopRays[64];
extern Bitboard Between[64][64];
extern Bitboard Line[64][64];

}  // namespace attacks_detail

// True when this build reads slider attacks through PEXT rather than magic multiplication.
constexpr bool uses_pext() {
#if defined(SENTE_USE_PEXT)
    return true;
#else
    return false;
#endif
}

inline Bitboard pawn_attacks(Color c, Square s) { return attacks_detail::PawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return attacks_detail::KnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return attacks_detail::KingAttacks[s]; }

inline Bitboard slider_lookup(const attacks_detail::SliderSquare& e, Bitboard occ) {
#if defined(SENTE_USE_PEXT)
    return e.pext_table[_pext_u64(occ, e.mask)];
#else
    return e.magic_table[e.magic_index(occ)];
#endif
}

inline Bitboard bishop_attacks(Square s, Bitboard occ) {
    return slider_lookup(attacks_detail::BishopSquares[s], occ);
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
    return slider_lookup(attacks_detail::RookSquares[s], occ);
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
    return bishop_attacks(s, occ) | rook_attacks(s, occ);
}
// Slider attacks on an empty board: every square a slider could ever reach from s.
inline Bitboard rook_rays(Square s) { return attacks_detail::RookRays[s]; }
inline Bitboard bishop_rays(Square s) { return attacks_detail::BishopRays[s]; }

// Attacks of a non-pawn piece type from a square.
inline Bitboard piece_attacks(PieceType pt, Square s, Bitboard occ) {
    switch (pt) {
        case Knight:
            return knight_attacks(s);
        case Bishop:
            return bishop_attacks(s, occ);
        case Rook:
            return rook_attacks(s, occ);
        case Queen:
            return queen_attacks(s, occ);
        case King:
            return king_attacks(s);
        default:
            return 0;
    }
}

// Squares strictly between a and b when they share a rank, file or diagonal; empty otherwise.
inline Bitboard between_bb(Square a, Square b) { return attacks_detail::Between[a][b]; }
// The whole line through a and b (edge to edge) when aligned; empty otherwise.
inline Bitboard line_bb(Square a, Square b) { return attacks_detail::Line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// Back ends, exposed so tests can check them against each other and against plain ray walking.
namespace attacks_detail {
Bitboard reference_attacks(PieceType slider, Square s, Bitboard occ);
Bitboard magic_attacks(PieceType slider, Square s, Bitboard occ);
// Only meaningful when uses_pext(); otherwise returns the magic result.
Bitboard pext_attacks(PieceType slider, Square s, Bitboard occ);
// The magic multipliers the fixed-seed search finds, and those the tables were built with.
std::vector<Bitboard> find_magics(PieceType slider);
Bitboard recorded_magic(PieceType slider, Square s);
}  // namespace attacks_detail

}  // namespace sente
