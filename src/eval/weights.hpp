// The fitted weights of params.hpp as one flat table, in a fixed order: the evaluation reads them by
// index, its tracing twin records how often it used each index, and the tuner fits and prints them.
// This list is the one place that names every fitted constant.
#pragma once

#include <array>
#include <string_view>

#include "eval/params.hpp"

namespace sente::eval {

struct WeightGroup {
    const char* name;
    const Score* values;
    int size;
    const char* comment;  // printed above the group by the tuner ("" for none; \n between lines)
};

inline constexpr WeightGroup WeightGroups[] = {
    {"Tempo", &Tempo, 1, "The side to move is worth this much: the right to move first."},
    {"PieceValue", PieceValue, 6, "Material: pawn, knight, bishop, rook, queen, king."},
    {"PawnSquare", PawnSquare, 64,
     "Pawn placement by square from White's side, one row per rank from the first (Black's mirrored)."},
    {"KnightSquare", KnightSquare, 64, "Knight placement."},
    {"BishopSquare", BishopSquare, 64, "Bishop placement."},
    {"RookSquare", RookSquare, 64, "Rook placement."},
    {"QueenSquare", QueenSquare, 64, "Queen placement."},
    {"KingSquare", KingSquare, 64, "King placement."},
    {"KnightMobility", KnightMobility, 9,
     "Knight mobility by the number of squares it attacks outside own pieces and enemy pawn attacks."},
    {"BishopMobility", BishopMobility, 14, ""},
    {"RookMobility", RookMobility, 15, ""},
    {"QueenMobility", QueenMobility, 28, ""},
    {"Isolated", &Isolated, 1, "Pawn structure."},
    {"Doubled", &Doubled, 1, ""},
    {"Backward", &Backward, 1, ""},
    {"Connected", Connected, 8, "A pawn defended by a pawn or side by side with one, by relative rank."},
    {"Passed", Passed, 8, "Passed pawns by relative rank."},
    {"PassedBlocked", PassedBlocked, 8, "A passed pawn whose stop square is occupied."},
    {"PassedSafeStop", PassedSafeStop, 8, "A passed pawn whose stop square the enemy does not attack."},
    {"PassedOwnKing", PassedOwnKing, 8,
     "Per square between the stop square and the own king, then the enemy king."},
    {"PassedEnemyKing", PassedEnemyKing, 8, ""},
    {"Unstoppable", &Unstoppable, 1, "A pawn ending's passer the defending king cannot catch."},
    {"BishopPair", &BishopPair, 1, "Pieces."},
    {"RookOpenFile", &RookOpenFile, 1, ""},
    {"RookSemiOpenFile", &RookSemiOpenFile, 1, ""},
    {"Outpost", Outpost, 2,
     "A knight, then a bishop, on a pawn-defended square in the enemy half no enemy pawn can attack."},
    {"BishopPawns", &BishopPawns, 1, "Per own pawn on the squares of a bishop's colour."},
    {"MinorBehindPawn", &MinorBehindPawn, 1, "A knight or bishop with an own pawn just in front of it."},
    {"ThreatByPawn", &ThreatByPawn, 1,
     "Threats: a piece attacked by a pawn, a rook or queen by a minor, a piece attacked and undefended."},
    {"ThreatByMinor", &ThreatByMinor, 1, ""},
    {"HangingPiece", &HangingPiece, 1, ""},
    {"ThreatByRook", &ThreatByRook, 1, "A queen attacked by a rook."},
    {"KingAttacker", KingAttacker, 6,
     "King attack, from the attacker's side: each piece that hits the zone around the enemy king (by type),\n"
     "the number of such pieces, each attack on a zone square, and each safe square a piece can check from."},
    {"KingAttackerCount", KingAttackerCount, 8, ""},
    {"KingZoneAttack", &KingZoneAttack, 1, ""},
    {"SafeCheck", SafeCheck, 6, ""},
    {"ShieldPawn", ShieldPawn, 3,
     "King shelter, for a king on its first two ranks: each of the three files around it with no own\n"
     "pawn on the second or third rank, with one on the second, with one on the third; and the king on a\n"
     "file without pawns."},
    {"KingOpenFile", &KingOpenFile, 1, ""},
};

// The index of a group's first weight in the flat table.
constexpr int weight_index(std::string_view name) {
    int index = 0;
    for (const WeightGroup& g : WeightGroups) {
        if (name == g.name) return index;
        index += g.size;
    }
    throw "no weight group of that name";  // a compile error when evaluated as a constant
}

constexpr int WeightCount = [] {
    int n = 0;
    for (const WeightGroup& g : WeightGroups) n += g.size;
    return n;
}();

// Indices, named as the constants are.
namespace w {
constexpr int Tempo = weight_index("Tempo");
constexpr int PieceValue = weight_index("PieceValue");
constexpr int PawnSquare = weight_index("PawnSquare");  // six tables of 64, pawn to king
constexpr int Mobility[6] = {0, weight_index("KnightMobility"), weight_index("BishopMobility"),
                             weight_index("RookMobility"), weight_index("QueenMobility"), 0};
constexpr int MobilitySize[6] = {0, 9, 14, 15, 28, 0};
constexpr int Isolated = weight_index("Isolated");
constexpr int Doubled = weight_index("Doubled");
constexpr int Backward = weight_index("Backward");
constexpr int Connected = weight_index("Connected");
constexpr int Passed = weight_index("Passed");
constexpr int PassedBlocked = weight_index("PassedBlocked");
constexpr int PassedSafeStop = weight_index("PassedSafeStop");
constexpr int PassedOwnKing = weight_index("PassedOwnKing");
constexpr int PassedEnemyKing = weight_index("PassedEnemyKing");
constexpr int Unstoppable = weight_index("Unstoppable");
constexpr int BishopPair = weight_index("BishopPair");
constexpr int RookOpenFile = weight_index("RookOpenFile");
constexpr int RookSemiOpenFile = weight_index("RookSemiOpenFile");
constexpr int Outpost = weight_index("Outpost");
constexpr int BishopPawns = weight_index("BishopPawns");
constexpr int MinorBehindPawn = weight_index("MinorBehindPawn");
constexpr int ThreatByPawn = weight_index("ThreatByPawn");
constexpr int ThreatByMinor = weight_index("ThreatByMinor");
constexpr int HangingPiece = weight_index("HangingPiece");
constexpr int ThreatByRook = weight_index("ThreatByRook");
constexpr int KingAttacker = weight_index("KingAttacker");
constexpr int KingAttackerCount = weight_index("KingAttackerCount");
constexpr int KingZoneAttack = weight_index("KingZoneAttack");
constexpr int SafeCheck = weight_index("SafeCheck");
constexpr int ShieldPawn = weight_index("ShieldPawn");
constexpr int KingOpenFile = weight_index("KingOpenFile");
}  // namespace w

static_assert(w::PawnSquare + 64 == weight_index("KnightSquare") && w::PawnSquare + 5 * 64 == weight_index("KingSquare"),
              "the six placement tables are consecutive, pawn to king");
static_assert(w::Mobility[Knight] + 9 == w::Mobility[Bishop] && w::Mobility[Rook] + 15 == w::Mobility[Queen]);

// Every fitted weight, by index.
inline constexpr std::array<Score, WeightCount> FittedWeights = [] {
    std::array<Score, WeightCount> all{};
    int index = 0;
    for (const WeightGroup& g : WeightGroups)
        for (int i = 0; i < g.size; ++i) all[std::size_t(index++)] = g.values[i];
    return all;
}();

// What the evaluation reads: the fitted weights, which a tune build (core/tunable.hpp) lets UCI
// options change. There the weights are variables, and WeightsSalt changes with them so that pawn
// cache entries computed with other weights are not found again.
#ifdef SENTE_TUNE
inline std::array<Score, WeightCount> Weights = FittedWeights;
inline Key WeightsSalt = 0;
#else
inline constexpr const std::array<Score, WeightCount>& Weights = FittedWeights;
constexpr Key WeightsSalt = 0;
#endif

}  // namespace sente::eval
