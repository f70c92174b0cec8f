// Every evaluation weight, as a named constant: (middlegame, endgame) pairs in centipawns, blended
// by game phase. Nothing else in eval/ holds a tunable number.
#pragma once

#include <array>

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
constexpr Score S(int mg, int eg) { return {mg, eg}; }

// ---- Tempo -------------------------------------------------------------------------------------
// The side to move is worth this much: the right to move first. Largest in the opening, where a
// move develops or attacks, small in the endgame, where it can even be a burden (zugzwang).
constexpr Score Tempo = S(28, 10);

// ---- Material and phase ------------------------------------------------------------------------
constexpr Score PieceValue[6] = {S(85, 115), S(325, 305), S(345, 320), S(470, 550), S(990, 1010), S(0, 0)};
constexpr int PhaseWeight[6] = {0, 1, 1, 2, 4, 0};
constexpr int MaxPhase = 24;  // 4 minors, 4 rooks (x2) and 2 queens (x4)

// ---- Piece-square tables -----------------------------------------------------------------------
// Built from a few geometric ideas rather than typed square by square: knights and bishops want the
// centre, rooks the seventh rank, the king shelter in the middlegame and the centre in the endgame.
namespace pst {

constexpr int file_distance(int sq) { return (sq & 7) < 4 ? 3 - (sq & 7) : (sq & 7) - 4; }
constexpr int rank_distance(int sq) { return (sq >> 3) < 4 ? 3 - (sq >> 3) : (sq >> 3) - 4; }
// 3 on the four centre squares down to 0 on the rim.
constexpr int centrality(int sq) { return 3 - (file_distance(sq) > rank_distance(sq) ? file_distance(sq) : rank_distance(sq)); }

constexpr int PawnAdvanceMg[8] = {0, 0, 3, 6, 12, 22, 35, 0};
constexpr int PawnAdvanceEg[8] = {0, 0, 4, 8, 15, 28, 45, 0};
constexpr int PawnCentreMg = 12;   // d and e pawns on ranks 4 and 5
constexpr int PawnFlankMg = 5;     // c and f pawns on ranks 4 and 5
constexpr int KnightCentre[2] = {12, 9};
constexpr int KnightRim[2] = {-30, -24};
constexpr int BishopCentre[2] = {5, 5};
constexpr int BishopBase[2] = {-8, -10};
constexpr int RookSeventh[2] = {18, 12};
constexpr int RookCentreFile[2] = {6, 0};
constexpr int QueenCentre[2] = {3, 7};
constexpr int QueenBase[2] = {-6, -12};
constexpr int KingBackRankMg[8] = {18, 28, 8, -8, -8, 8, 28, 18};
constexpr int KingAdvanceMg = -25;  // per rank above the first
constexpr int KingCentreEg = 14;
constexpr int KingBaseEg = -30;

constexpr Score value(PieceType pt, int sq) {
    const int rank = sq >> 3, file = sq & 7, c = centrality(sq);
    switch (pt) {
    case Pawn: {
        int centre = (rank == 3 || rank == 4) ? (file == 3 || file == 4 ? PawnCentreMg : file == 2 || file == 5 ? PawnFlankMg : 0) : 0;
        return S(PawnAdvanceMg[rank] + centre, PawnAdvanceEg[rank]);
    }
    case Knight: return S(KnightRim[0] + KnightCentre[0] * c, KnightRim[1] + KnightCentre[1] * c);
    case Bishop: return S(BishopBase[0] + BishopCentre[0] * c, BishopBase[1] + BishopCentre[1] * c);
    case Rook: {
        bool seventh = rank == 6, centre_file = file == 3 || file == 4;
        return S(RookSeventh[0] * seventh + RookCentreFile[0] * centre_file, RookSeventh[1] * seventh);
    }
    case Queen: return S(QueenBase[0] + QueenCentre[0] * c, QueenBase[1] + QueenCentre[1] * c);
    case King: return S(rank == 0 ? KingBackRankMg[file] : KingAdvanceMg * rank, KingBaseEg + KingCentreEg * c);
    default: return S(0, 0);
    }
}

}  // namespace pst

// ---- Pawn structure ----------------------------------------------------------------------------
constexpr Score Isolated = S(-9, -13);
constexpr Score Doubled = S(-11, -22);
constexpr Score Backward = S(-7, -9);
constexpr Score Connected = S(6, 5);  // defended by a pawn or side by side with one
// Passed pawns by relative rank, then corrections for the endgame race.
constexpr Score Passed[8] = {S(0, 0), S(4, 10), S(6, 14), S(12, 28), S(30, 52), S(55, 95), S(90, 150), S(0, 0)};
constexpr int PassedOwnKingDistance = 4;    // per square, endgame, from the stop square
constexpr int PassedEnemyKingDistance = 9;  // per square, endgame
constexpr int PassedBlockedDivisor = 2;     // a blocked passer keeps this fraction of its bonus
constexpr int UnstoppablePasser = 500;      // pawn endings: the defending king is outside the square

// ---- Pieces ------------------------------------------------------------------------------------
constexpr Score BishopPair = S(30, 55);
constexpr Score RookOpenFile = S(26, 10);
constexpr Score RookSemiOpenFile = S(12, 8);
constexpr Score ThreatByPawn = S(48, 36);         // a non-pawn piece attacked by an enemy pawn
constexpr Score ThreatByMinor = S(22, 22);        // a rook or queen attacked by a knight or bishop
constexpr Score HangingPiece = S(18, 12);         // attacked and not defended

// Mobility: per square attacked outside own pieces and enemy pawn attacks, centred on a typical count.
constexpr Score MobilityWeight[6] = {S(0, 0), S(4, 4), S(5, 5), S(2, 5), S(1, 3), S(0, 0)};
constexpr int MobilityCentre[6] = {0, 4, 6, 7, 13, 0};

// ---- King safety -------------------------------------------------------------------------------
// Attack units for each enemy piece that hits the zone around the king, scaled by how many pieces
// join the attack: one attacker alone is rarely dangerous.
constexpr int KingAttackUnits[6] = {0, 20, 20, 40, 80, 0};
constexpr int KingAttackScale[8] = {0, 0, 50, 75, 88, 94, 97, 99};  // percent, by attacker count
constexpr int KingDangerEgDivisor = 8;
constexpr Score ShieldPawn[3] = {S(-16, 0), S(12, 0), S(6, 0)};  // missing, on 2nd rank, on 3rd rank
constexpr Score KingOpenFile = S(-18, 0);

// ---- Endgames ----------------------------------------------------------------------------------
constexpr int MopUpCentre = 10;       // per square the lone king stands from the centre
constexpr int MopUpKingDistance = 4;  // per square the kings are closer than 14
constexpr int DrawishScale = 16;      // of 64: no pawns and at most a minor piece ahead
constexpr int OppositeBishopsScale = 32;  // of 64

}  // namespace sente::eval
