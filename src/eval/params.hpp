// Every evaluation weight, as a named constant: (middlegame, endgame) pairs in centipawns, blended
// by game phase; and the constants of the win/draw/loss model. Nothing else in eval/ holds a
// tunable number. The block between the two "Fitted weights" lines is written by sente-tune
// (src/tune/tuner.cpp) in its own layout, which clang-format is told to leave as it is; eval/weights.hpp
// lists its constants in order.
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

// clang-format off
// ---- Fitted weights ----------------------------------------------------------------------------
// The side to move is worth this much: the right to move first.
inline constexpr Score Tempo = S(11, 0);

// Material: pawn, knight, bishop, rook, queen, king.
inline constexpr Score PieceValue[6] = {
    S(98, 85), S(362, 315), S(400, 311), S(515, 586), S(1220, 927), S(0, 0),
};

// Pawn placement by square from White's side, one row per rank from the first (Black's mirrored).
inline constexpr Score PawnSquare[64] = {
    S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),
    S(  -9,  31),S(  -8,  35),S(  -6,  32),S(  -4,  46),S(  -4,  39),S(   2,  35),S(   3,  32),S(  -7,  24),
    S(  -3,  26),S( -17,  22),S(  -3,  22),S(  -5,  29),S(  -4,  30),S(  -2,  21),S(  -2,  19),S(  -2,  12),
    S(  -2,  32),S(  -7,  21),S(   5,  19),S(  23,  11),S(  25,  16),S(  18,  16),S(  -2,  18),S(  -9,  25),
    S(   6,  37),S(   6,  25),S(  13,  27),S(  32,  10),S(  28,  21),S(  25,  25),S(  17,  24),S(   4,  29),
    S(  55,  18),S(  40,  45),S(  18,  70),S(   5,  69),S(  33,  57),S(  25,  51),S(  30,  48),S(  41,  12),
    S( 382,-131),S(  82,   9),S(  60,  95),S(  30, 143),S(  28, 118),S(  41,  26),S(   4,  74),S( 307,-138),
    S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),S(   0,   0),
};

// Knight placement.
inline constexpr Score KnightSquare[64] = {
    S( -32, -47),S( -23, -33),S( -19, -23),S(  -4, -30),S( -17, -28),S( -62, -32),S( -17, -38),S( -31, -21),
    S( -31,  -5),S( -10, -13),S( -13,  -7),S(   1, -22),S(   1, -13),S(  -4, -34),S(  -6, -38),S( -24, -36),
    S( -24, -19),S(   1, -24),S( -10,   3),S(   9,  11),S(  11,  -4),S(  -2,   2),S(   6,  -5),S( -18, -33),
    S( -10, -10),S( -23,  -1),S(   0,   5),S(  13,  10),S(   4,  12),S(   3,   3),S(  -3, -23),S(   9, -21),
    S(   6, -45),S(  -3,  -2),S(   8,  10),S(  16,   7),S(   6,  30),S(  16,  14),S(  -5, -11),S(   9, -33),
    S(  48, -23),S(   0,   1),S( -19,  31),S(  50,  -6),S(  39,   7),S(  43,  -4),S( -16, -18),S( -11, -33),
    S( -10, -58),S(  23, -34),S( -18,   2),S(  31,   1),S(  22, -13),S(  65, -29),S(  76, -29),S( -47,  -2),
    S(-126,  -8),S( -92,  22),S(   8,  -8),S(  28, -13),S( 121, -38),S(-195,  27),S(-166,   9),S( -83, -10),
};

// Bishop placement.
inline constexpr Score BishopSquare[64] = {
    S( -15, -29),S(  -8, -11),S(   6, -25),S( -17,  -7),S(   9, -32),S(  -8,  -9),S(  37, -76),S(   2, -16),
    S(   7, -33),S(  14, -23),S(   9, -22),S(  17, -19),S(   7, -11),S(  21, -35),S(  14,  -8),S(   3, -23),
    S(   8, -20),S(   8, -11),S(  24, -20),S(   4,   9),S(  12,  -4),S(  11,   6),S(   7, -19),S(  -2,  -7),
    S(  -2,  -4),S(  15, -27),S(  -1,  10),S(  31,   3),S(  24,   0),S(  12,   0),S( -12,  -3),S(   3,   3),
    S(  -6, -15),S(  -1,  11),S(  41, -18),S(  18,  20),S(  28,  -2),S(   4,   0),S(  10,   4),S(  15, -27),
    S( -23,   7),S(  50, -23),S( -20,  25),S(  36,  -6),S(  51,  -1),S(  62,  -9),S(  -5,   8),S(  12,  -5),
    S(  -6, -31),S( -39,  23),S(  23,  -8),S( -52,  24),S( -54,   9),S( -30,   6),S( -20,  18),S( -48, -16),
    S(  -1,  13),S( -26, -18),S( -88,  29),S( -83,  45),S(  -4,  51),S( -59,  21),S(  45, -17),S(  30, -21),
};

// Rook placement.
inline constexpr Score RookSquare[64] = {
    S(   4,  -9),S(   7, -12),S(  15, -15),S(  22, -20),S(  19, -16),S(  15, -18),S( -11,   0),S( -12,  -3),
    S( -10,  -6),S(  -7,  -5),S(   5, -12),S(   3,  -6),S(  11, -12),S( -14,   5),S(  -4, -11),S( -21,   0),
    S(  -1,   0),S( -22,   9),S(   6, -15),S(   1,  -4),S( -22,   5),S( -15,   3),S(  -9,  -1),S( -19,  -8),
    S(   1,   9),S( -15,  14),S( -21,  17),S(  -6,   7),S(   9,   5),S(  15,   4),S( -12,  22),S( -13,   3),
    S(   3,  12),S(  -8,  22),S( -14,  28),S(  29,   0),S(  22,   8),S(  -7,  17),S(   0,  20),S(  -7,  24),
    S( -17,  32),S(   4,  20),S(   1,  30),S(  53,   5),S(  13,  29),S(  14,  22),S( -31,  35),S(  -4,  27),
    S(  14,  34),S(  21,  22),S(  46,  17),S(  66,  20),S(  36,  25),S(  76,  12),S(  12,  29),S(  -7,  39),
    S(  90,  -5),S(  61,   6),S(  97,  -6),S(  70,  10),S(  62,  12),S(  71,   8),S(  16,  25),S(  62,   1),
};

// Queen placement.
inline constexpr Score QueenSquare[64] = {
    S(   9, -91),S(  10, -33),S(  21, -56),S(  22, -33),S(  25, -72),S(  21,-102),S(  48,-130),S( -19, -59),
    S(  18, -81),S(  19, -45),S(  29, -61),S(  34, -46),S(  28, -55),S(  32, -89),S(  35, -81),S(   5, -65),
    S(   7,  -8),S(  16, -39),S(  22,  -5),S(  21,   9),S(  20,  -6),S(  17,  -3),S(  32, -59),S(  16, -72),
    S(  13, -29),S(   5,  -3),S(  22, -16),S(  12,  30),S(  10,  59),S(  21,  18),S(  17, -27),S(  12, -64),
    S(  25,  -8),S(  11,  14),S(   1,  38),S(  19,  36),S(  27,   9),S(  10,  44),S(   7,  36),S(   9,  30),
    S(   8, -41),S(  15,  21),S(  14,  30),S(  42,  -1),S(  44,  35),S(  45,  39),S(  25,  56),S(  27,   8),
    S(  -9, -10),S(  18,   9),S(  23,  29),S(  16,  26),S(  52,  12),S(  37,  -3),S(  48,  -2),S(  -1,  58),
    S(  33, -27),S(  41, -12),S(  68,  -5),S(  65,  11),S(  84,  12),S(  10,  18),S( 118, -82),S( -30,  64),
};

// King placement.
inline constexpr Score KingSquare[64] = {
    S( -17,  -3),S(  34, -28),S(  22, -37),S( -12, -41),S(   1, -39),S(  -1, -38),S(  13, -25),S(  -2, -25),
    S(   7, -23),S(   5, -23),S(  16, -38),S( -10, -31),S(   1, -34),S(  -4, -28),S(  -9, -14),S(  -7, -22),
    S(  16, -64),S(   9, -71),S(   4, -46),S( -34, -39),S( -24, -36),S( -30, -36),S( -13, -39),S(-104, -17),
    S(  -3, -60),S(  17, -47),S( -47, -37),S( -84, -21),S( -94, -26),S( -64, -21),S( -29, -23),S( -88, -37),
    S( -54, -43),S(  68, -54),S( -53, -22),S(-143, -20),S(-126, -21),S(-111, -15),S(  23, -36),S( -81, -16),
    S(-269,  21),S( -61, -16),S( 128, -90),S(  31, -62),S( -11, -44),S( -47, -26),S(   8, -21),S(-193,  -2),
    S(-425,  55),S(-195,  48),S( -82,  -1),S(-223,   6),S(-161, -16),S(-113, -12),S(-178,  52),S(-474,   9),
    S(-438,  -7),S(-154,  84),S(-147,  84),S(-215,  42),S(  16, -61),S(-176, 122),S(-375, 178),S(-473, 168),
};

// Knight mobility by the number of squares it attacks outside own pieces and enemy pawn attacks.
inline constexpr Score KnightMobility[9] = {
    S(-11, -43), S(2, 0), S(8, 12), S(14, 20), S(20, 24), S(25, 29), S(31, 25), S(37, 17), S(53, -26),
};

inline constexpr Score BishopMobility[14] = {
    S(-26, -23), S(-14, -11), S(-8, 3), S(-1, 14), S(3, 26), S(8, 32), S(9, 33), S(13, 36), S(16, 36),
    S(19, 38), S(48, 13), S(22, 18), S(92, -11), S(77, -56),
};

inline constexpr Score RookMobility[15] = {
    S(-20, -46), S(-11, -36), S(-5, -26), S(-2, -14), S(-1, -3), S(2, 8), S(6, 14), S(7, 15), S(10, 23),
    S(13, 27), S(17, 30), S(22, 33), S(28, 31), S(47, 25), S(-11, 40),
};

inline constexpr Score QueenMobility[28] = {
    S(10, -123), S(10, -12), S(16, -49), S(16, 33), S(15, 30), S(17, 40), S(21, 47), S(25, 53), S(28, 57),
    S(25, 67), S(28, 80), S(27, 87), S(28, 95), S(28, 103), S(34, 74), S(24, 102), S(40, 71), S(45, 70),
    S(44, 48), S(87, 16), S(113, -12), S(198, -111), S(170, -98), S(226, -162), S(243, -134), S(208, -181),
    S(90, -144), S(77, -174),
};

// Pawn structure.
inline constexpr Score Isolated = S(-9, -16);

inline constexpr Score Doubled = S(-21, -14);

inline constexpr Score Backward = S(-1, -22);

// A pawn defended by a pawn or side by side with one, by relative rank.
inline constexpr Score Connected[8] = {
    S(0, 0), S(4, -1), S(9, 5), S(9, 11), S(9, 19), S(30, 42), S(91, 129), S(0, 0),
};

// Passed pawns by relative rank.
inline constexpr Score Passed[8] = {
    S(0, 0), S(58, -3), S(32, 24), S(8, 36), S(20, 68), S(279, -13), S(452, -79), S(0, 0),
};

// A passed pawn whose stop square is occupied.
inline constexpr Score PassedBlocked[8] = {
    S(0, 0), S(-7, -11), S(-1, -13), S(-4, -18), S(-23, -30), S(2, -58), S(-138, -81), S(0, 0),
};

// A passed pawn whose stop square the enemy does not attack.
inline constexpr Score PassedSafeStop[8] = {
    S(0, 0), S(1, 10), S(-12, 15), S(-15, 24), S(-10, 28), S(-49, 65), S(-22, 93), S(0, 0),
};

// Per square between the stop square and the own king, then the enemy king.
inline constexpr Score PassedOwnKing[8] = {
    S(0, 0), S(-1, -5), S(15, -14), S(13, -18), S(8, -20), S(-35, -6), S(-25, -11), S(0, -20),
};

inline constexpr Score PassedEnemyKing[8] = {
    S(0, 0), S(-10, 7), S(-19, 11), S(-13, 21), S(-9, 28), S(-7, 42), S(-57, 93), S(0, 45),
};

// A pawn ending's passer the defending king cannot catch.
inline constexpr Score Unstoppable = S(2, 222);

// Pieces.
inline constexpr Score BishopPair = S(30, 57);

inline constexpr Score RookOpenFile = S(40, 0);

inline constexpr Score RookSemiOpenFile = S(19, 11);

// A knight, then a bishop, on a pawn-defended square in the enemy half no enemy pawn can attack.
inline constexpr Score Outpost[2] = {S(16, 20), S(21, 9)};

// Per own pawn on the squares of a bishop's colour.
inline constexpr Score BishopPawns = S(-4, 2);

// A knight or bishop with an own pawn just in front of it.
inline constexpr Score MinorBehindPawn = S(4, 11);

// Threats: a piece attacked by a pawn, a rook or queen by a minor, a piece attacked and undefended.
inline constexpr Score ThreatByPawn = S(51, 18);

inline constexpr Score ThreatByMinor = S(33, 22);

inline constexpr Score HangingPiece = S(19, 7);

// A queen attacked by a rook.
inline constexpr Score ThreatByRook = S(43, 22);

// King attack, from the attacker's side: each piece that hits the zone around the enemy king (by type),
// the number of such pieces, each attack on a zone square, and each safe square a piece can check from.
inline constexpr Score KingAttacker[6] = {S(0, 0), S(20, -5), S(21, -3), S(23, -4), S(29, 24), S(0, 0)};

inline constexpr Score KingAttackerCount[8] = {
    S(18, 1), S(-5, -1), S(-19, -2), S(-21, 7), S(-22, 44), S(72, -119), S(-147, -12), S(0, 0),
};

inline constexpr Score KingZoneAttack = S(4, 2);

inline constexpr Score SafeCheck[6] = {S(0, 0), S(37, -6), S(12, 4), S(16, 11), S(23, 0), S(0, 0)};

// King shelter, for a king on its first two ranks: each of the three files around it with no own
// pawn on the second or third rank, with one on the second, with one on the third; and the king on a
// file without pawns.
inline constexpr Score ShieldPawn[3] = {S(-9, -5), S(15, -16), S(10, -10)};

inline constexpr Score KingOpenFile = S(-38, 11);

// ---- End of fitted weights ---------------------------------------------------------------------
// clang-format on

// ---- Fixed terms (not fitted: too rare in games to fit, or scales rather than weights) ----------
constexpr int MopUpCentre = 10;           // per square the lone king stands from the centre
constexpr int MopUpKingDistance = 4;      // per square the kings are closer than 14
constexpr int DrawishScale = 16;          // of 64: no pawns and at most a minor piece ahead
constexpr int OppositeBishopsScale = 32;  // of 64

}  // namespace sente::eval
