// Every evaluation weight, as a named constant: (middlegame, endgame) pairs in centipawns, blended
// by game phase. Nothing else in eval/ holds a tunable number. The block between the two "Fitted
// weights" lines is written by sente-tune (src/tune/); eval/weights.hpp lists its constants in order.
#pragma once

#include "core/types.hpp"

namespace sente::eval {

struct Score {
    int mg = 0, eg = 0;
    constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr Score operator-() const { return {-mg, -eg}; }
    constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
    constexpr Score& operator+=(Score o) { return *this = *this + o; }
    constexpr Score& operator-=(Score o) { return *this = *this - o; }
    constexpr bool operator==(const Score&) const = default;
};
inline constexpr Score S(int mg, int eg) { return {mg, eg}; }

// ---- Game phase --------------------------------------------------------------------------------
constexpr int PhaseWeight[6] = {0, 1, 1, 2, 4, 0};
constexpr int MaxPhase = 24;  // 4 minors, 4 rooks (x2) and 2 queens (x4)

// ---- Fitted weights ----------------------------------------------------------------------------
// The side to move is worth this much: the right to move first.
inline constexpr Score Tempo = S(28, 10);

// Material: pawn, knight, bishop, rook, queen, king.
inline constexpr Score PieceValue[6] = {S(85, 115), S(325, 305), S(345, 320), S(470, 550), S(990, 1010), S(0, 0)};

// Pawn placement by square from White's side, one row per rank from the first (Black's mirrored).
inline constexpr Score PawnSquare[64] = {
    S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   3,   4),S(   3,   4),S(   3,   4),S(   3,   4),S(   3,   4),S(   3,   4),S(   3,   4),S(   3,   4),
    S(   6,   8),S(   6,   8),S(  11,   8),S(  18,   8),S(  18,   8),S(  11,   8),S(   6,   8),S(   6,   8),
    S(  12,  15),S(  12,  15),S(  17,  15),S(  24,  15),S(  24,  15),S(  17,  15),S(  12,  15),S(  12,  15),
    S(  22,  28),S(  22,  28),S(  22,  28),S(  22,  28),S(  22,  28),S(  22,  28),S(  22,  28),S(  22,  28),
    S(  35,  45),S(  35,  45),S(  35,  45),S(  35,  45),S(  35,  45),S(  35,  45),S(  35,  45),S(  35,  45),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),
};

// Knight placement.
inline constexpr Score KnightSquare[64] = {
    S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),
    S( -30, -24),S( -18, -15),S( -18, -15),S( -18, -15),S( -18, -15),S( -18, -15),S( -18, -15),S( -30, -24),
    S( -30, -24),S( -18, -15),S(  -6,  -6),S(  -6,  -6),S(  -6,  -6),S(  -6,  -6),S( -18, -15),S( -30, -24),
    S( -30, -24),S( -18, -15),S(  -6,  -6),S(   6,   3),S(   6,   3),S(  -6,  -6),S( -18, -15),S( -30, -24),
    S( -30, -24),S( -18, -15),S(  -6,  -6),S(   6,   3),S(   6,   3),S(  -6,  -6),S( -18, -15),S( -30, -24),
    S( -30, -24),S( -18, -15),S(  -6,  -6),S(  -6,  -6),S(  -6,  -6),S(  -6,  -6),S( -18, -15),S( -30, -24),
    S( -30, -24),S( -18, -15),S( -18, -15),S( -18, -15),S( -18, -15),S( -18, -15),S( -18, -15),S( -30, -24),
    S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),S( -30, -24),
};

// Bishop placement.
inline constexpr Score BishopSquare[64] = {
    S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),
    S(  -8, -10),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -8, -10),
    S(  -8, -10),S(  -3,  -5),S(   2,   0),S(   2,   0),S(   2,   0),S(   2,   0),S(  -3,  -5),S(  -8, -10),
    S(  -8, -10),S(  -3,  -5),S(   2,   0),S(   7,   5),S(   7,   5),S(   2,   0),S(  -3,  -5),S(  -8, -10),
    S(  -8, -10),S(  -3,  -5),S(   2,   0),S(   7,   5),S(   7,   5),S(   2,   0),S(  -3,  -5),S(  -8, -10),
    S(  -8, -10),S(  -3,  -5),S(   2,   0),S(   2,   0),S(   2,   0),S(   2,   0),S(  -3,  -5),S(  -8, -10),
    S(  -8, -10),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -8, -10),
    S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),S(  -8, -10),
};

// Rook placement.
inline constexpr Score RookSquare[64] = {
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(  18,  12),S(  18,  12),S(  18,  12),S(  24,  12),S(  24,  12),S(  18,  12),S(  18,  12),S(  18,  12),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   6,   0),S(   6,   0),S(   0,   0),S(   0,   0),S(   0,   0),
};

// Queen placement.
inline constexpr Score QueenSquare[64] = {
    S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),
    S(  -6, -12),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -6, -12),
    S(  -6, -12),S(  -3,  -5),S(   0,   2),S(   0,   2),S(   0,   2),S(   0,   2),S(  -3,  -5),S(  -6, -12),
    S(  -6, -12),S(  -3,  -5),S(   0,   2),S(   3,   9),S(   3,   9),S(   0,   2),S(  -3,  -5),S(  -6, -12),
    S(  -6, -12),S(  -3,  -5),S(   0,   2),S(   3,   9),S(   3,   9),S(   0,   2),S(  -3,  -5),S(  -6, -12),
    S(  -6, -12),S(  -3,  -5),S(   0,   2),S(   0,   2),S(   0,   2),S(   0,   2),S(  -3,  -5),S(  -6, -12),
    S(  -6, -12),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -3,  -5),S(  -6, -12),
    S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),S(  -6, -12),
};

// King placement.
inline constexpr Score KingSquare[64] = {
    S(  18, -30),S(  28, -30),S(   8, -30),S(  -8, -30),S(  -8, -30),S(   8, -30),S(  28, -30),S(  18, -30),
    S( -25, -30),S( -25, -16),S( -25, -16),S( -25, -16),S( -25, -16),S( -25, -16),S( -25, -16),S( -25, -30),
    S( -50, -30),S( -50, -16),S( -50,  -2),S( -50,  -2),S( -50,  -2),S( -50,  -2),S( -50, -16),S( -50, -30),
    S( -75, -30),S( -75, -16),S( -75,  -2),S( -75,  12),S( -75,  12),S( -75,  -2),S( -75, -16),S( -75, -30),
    S(-100, -30),S(-100, -16),S(-100,  -2),S(-100,  12),S(-100,  12),S(-100,  -2),S(-100, -16),S(-100, -30),
    S(-125, -30),S(-125, -16),S(-125,  -2),S(-125,  -2),S(-125,  -2),S(-125,  -2),S(-125, -16),S(-125, -30),
    S(-150, -30),S(-150, -16),S(-150, -16),S(-150, -16),S(-150, -16),S(-150, -16),S(-150, -16),S(-150, -30),
    S(-175, -30),S(-175, -30),S(-175, -30),S(-175, -30),S(-175, -30),S(-175, -30),S(-175, -30),S(-175, -30),
};

// Knight mobility by the number of squares it attacks outside own pieces and enemy pawn attacks.
inline constexpr Score KnightMobility[9] = {
    S(-16, -16), S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(16, 16),
};

inline constexpr Score BishopMobility[14] = {
    S(-30, -30), S(-25, -25), S(-20, -20), S(-15, -15), S(-10, -10), S(-5, -5), S(0, 0), S(5, 5), S(10, 10),
    S(15, 15), S(20, 20), S(25, 25), S(30, 30), S(35, 35),
};

inline constexpr Score RookMobility[15] = {
    S(-14, -35), S(-12, -30), S(-10, -25), S(-8, -20), S(-6, -15), S(-4, -10), S(-2, -5), S(0, 0), S(2, 5),
    S(4, 10), S(6, 15), S(8, 20), S(10, 25), S(12, 30), S(14, 35),
};

inline constexpr Score QueenMobility[28] = {
    S(-13, -39), S(-12, -36), S(-11, -33), S(-10, -30), S(-9, -27), S(-8, -24), S(-7, -21), S(-6, -18),
    S(-5, -15), S(-4, -12), S(-3, -9), S(-2, -6), S(-1, -3), S(0, 0), S(1, 3), S(2, 6), S(3, 9), S(4, 12),
    S(5, 15), S(6, 18), S(7, 21), S(8, 24), S(9, 27), S(10, 30), S(11, 33), S(12, 36), S(13, 39), S(14, 42),
};

// Pawn structure.
inline constexpr Score Isolated = S(-9, -13);

inline constexpr Score Doubled = S(-11, -22);

inline constexpr Score Backward = S(-7, -9);

// A pawn defended by a pawn or side by side with one, by relative rank.
inline constexpr Score Connected[8] = {S(0, 0), S(6, 5), S(6, 5), S(6, 5), S(6, 5), S(6, 5), S(6, 5), S(0, 0)};

// Passed pawns by relative rank.
inline constexpr Score Passed[8] = {
    S(0, 0), S(4, 10), S(6, 14), S(12, 28), S(30, 52), S(55, 95), S(90, 150), S(0, 0),
};

// A passed pawn whose stop square is occupied.
inline constexpr Score PassedBlocked[8] = {
    S(0, 0), S(-2, -5), S(-3, -7), S(-6, -14), S(-15, -26), S(-28, -48), S(-45, -75), S(0, 0),
};

// A passed pawn whose stop square the enemy does not attack.
inline constexpr Score PassedSafeStop[8] = {S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)};

// Per square between the stop square and the own king, then the enemy king.
inline constexpr Score PassedOwnKing[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, -4), S(0, -8), S(0, -12), S(0, -16), S(0, -20),
};

inline constexpr Score PassedEnemyKing[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 9), S(0, 18), S(0, 27), S(0, 36), S(0, 45),
};

// A pawn ending's passer the defending king cannot catch.
inline constexpr Score Unstoppable = S(0, 500);

// Pieces.
inline constexpr Score BishopPair = S(30, 55);

inline constexpr Score RookOpenFile = S(26, 10);

inline constexpr Score RookSemiOpenFile = S(12, 8);

// A knight, then a bishop, on a pawn-defended square in the enemy half no enemy pawn can attack.
inline constexpr Score Outpost[2] = {S(0, 0), S(0, 0)};

// Per own pawn on the squares of a bishop's colour.
inline constexpr Score BishopPawns = S(0, 0);

// A knight or bishop with an own pawn just in front of it.
inline constexpr Score MinorBehindPawn = S(0, 0);

// Threats: a piece attacked by a pawn, a rook or queen by a minor, a piece attacked and undefended.
inline constexpr Score ThreatByPawn = S(48, 36);

inline constexpr Score ThreatByMinor = S(22, 22);

inline constexpr Score HangingPiece = S(18, 12);

// A queen attacked by a rook.
inline constexpr Score ThreatByRook = S(0, 0);

// King attack, from the attacker's side: each piece that hits the zone around the enemy king (by type),
// the number of such pieces, each attack on a zone square, and each safe square a piece can check from.
inline constexpr Score KingAttacker[6] = {S(0, 0), S(15, 1), S(15, 1), S(30, 3), S(60, 7), S(0, 0)};

inline constexpr Score KingAttackerCount[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
};

inline constexpr Score KingZoneAttack = S(0, 0);

inline constexpr Score SafeCheck[6] = {S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)};

// King shelter, for a king on its first two ranks: each of the three files around it with no own
// pawn on the second or third rank, with one on the second, with one on the third; and the king on a
// file without pawns.
inline constexpr Score ShieldPawn[3] = {S(-16, 0), S(12, 0), S(6, 0)};

inline constexpr Score KingOpenFile = S(-18, 0);

// ---- End of fitted weights ---------------------------------------------------------------------

// ---- Fixed terms (not fitted: too rare in games to fit, or scales rather than weights) ----------
constexpr int MopUpCentre = 10;       // per square the lone king stands from the centre
constexpr int MopUpKingDistance = 4;  // per square the kings are closer than 14
constexpr int DrawishScale = 16;      // of 64: no pawns and at most a minor piece ahead
constexpr int OppositeBishopsScale = 32;  // of 64

}  // namespace sente::eval
