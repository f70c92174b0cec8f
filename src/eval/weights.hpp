// The fitted weights of params.hpp as one flat table, in a fixed order: the evaluation reads them by
// index, its tracing twin records how often it used each index, and the tuner fits and prints them.
// This list is the one place that names every fitted constant.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "eval/params.hpp"

namespace sente::eval {

struct WeightGroup {
    const char* name;
    const Score* values;
    int size;
    const char* comment;  // printed above the group by the tuner ("" for none; \n between lines)
};

// Every group of fitted weights, in the order of the flat table: the constant's name in params.hpp
// and the comment the tuner prints above it. Adding a weight takes three edits, the fewest the
// exact trace allows: its constant in params.hpp (the value, which sente-tune rewrites), its row
// here (its name and place; its size comes from the constant and its index w::Name from the row),
// and its term in eval.cpp, added as add(term, colour, w::Name, count) so that the trace counts
// exactly what the evaluation adds.
#define SENTE_WEIGHT_GROUPS(X)                                                                               \
    X(Tempo, "The side to move is worth this much: the right to move first.")                                \
    X(PieceValue, "Material: pawn, knight, bishop, rook, queen, king.")                                      \
    X(PawnSquare,                                                                                            \
      "Pawn placement by square from White's side, one row per rank from the first (Black's mirrored).")     \
    X(KnightSquare, "Knight placement.")                                                                     \
    X(BishopSquare, "Bishop placement.")                                                                     \
    X(RookSquare, "Rook placement.")                                                                         \
    X(QueenSquare, "Queen placement.")                                                                       \
    X(KingSquare, "King placement.")                                                                         \
    X(KnightMobility,                                                                                        \
      "Knight mobility by the number of squares it attacks outside own pieces and enemy pawn attacks.")      \
    X(BishopMobility, "")                                                                                    \
    X(RookMobility, "")                                                                                      \
    X(QueenMobility, "")                                                                                     \
    X(Isolated, "Pawn structure.")                                                                           \
    X(Doubled, "")                                                                                           \
    X(Backward, "")                                                                                          \
    X(Connected, "A pawn defended by a pawn or side by side with one, by relative rank.")                    \
    X(Passed, "Passed pawns by relative rank.")                                                              \
    X(PassedBlocked, "A passed pawn whose stop square is occupied.")                                         \
    X(PassedSafeStop, "A passed pawn whose stop square the enemy does not attack.")                          \
    X(PassedOwnKing, "Per square between the stop square and the own king, then the enemy king.")            \
    X(PassedEnemyKing, "")                                                                                   \
    X(Unstoppable, "A pawn ending's passer the defending king cannot catch.")                                \
    X(BishopPair, "Pieces.")                                                                                 \
    X(RookOpenFile, "")                                                                                      \
    X(RookSemiOpenFile, "")                                                                                  \
    X(Outpost,                                                                                               \
      "A knight, then a bishop, on a pawn-defended square in the enemy half no enemy pawn can attack.")      \
    X(BishopPawns, "Per own pawn on the squares of a bishop's colour.")                                      \
    X(MinorBehindPawn, "A knight or bishop with an own pawn just in front of it.")                           \
    X(ThreatByPawn,                                                                                          \
      "Threats: a piece attacked by a pawn, a rook or queen by a minor, a piece attacked and undefended.")   \
    X(ThreatByMinor, "")                                                                                     \
    X(HangingPiece, "")                                                                                      \
    X(ThreatByRook, "A queen attacked by a rook.")                                                           \
    X(KingAttacker,                                                                                          \
      "King attack, from the attacker's side: each piece that hits the zone around the enemy king (by "      \
      "type),\n"                                                                                             \
      "the number of such pieces, each attack on a zone square, and each safe square a piece can check "     \
      "from.")                                                                                               \
    X(KingAttackerCount, "")                                                                                 \
    X(KingZoneAttack, "")                                                                                    \
    X(SafeCheck, "")                                                                                         \
    X(ShieldPawn,                                                                                            \
      "King shelter, for a king on its first two ranks: each of the three files around it with no own\n"     \
      "pawn on the second or third rank, with one on the second, with one on the third; and the king on a\n" \
      "file without pawns.")                                                                                 \
    X(KingOpenFile, "")

namespace detail {
constexpr const Score* first_of(const Score& s) { return &s; }
template <std::size_t N>
constexpr const Score* first_of(const Score (&a)[N]) {
    return a;
}
constexpr int count_of(const Score&) { return 1; }
template <std::size_t N>
constexpr int count_of(const Score (&)[N]) {
    return int(N);
}
}  // namespace detail

inline constexpr WeightGroup WeightGroups[] = {
#define SENTE_WEIGHT_GROUP(name, comment) {#name, detail::first_of(name), detail::count_of(name), comment},
    SENTE_WEIGHT_GROUPS(SENTE_WEIGHT_GROUP)
#undef SENTE_WEIGHT_GROUP
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

// Indices, named as the constants are (w::PawnSquare is the first of six tables of 64, pawn to king).
namespace w {
#define SENTE_WEIGHT_INDEX(name, comment) constexpr int name = weight_index(#name);
SENTE_WEIGHT_GROUPS(SENTE_WEIGHT_INDEX)
#undef SENTE_WEIGHT_INDEX
// The mobility tables by piece type, and their sizes.
constexpr int Mobility[6] = {0, KnightMobility, BishopMobility, RookMobility, QueenMobility, 0};
constexpr int MobilitySize[6] = {0,
                                 detail::count_of(eval::KnightMobility),
                                 detail::count_of(eval::BishopMobility),
                                 detail::count_of(eval::RookMobility),
                                 detail::count_of(eval::QueenMobility),
                                 0};
}  // namespace w

static_assert(w::PawnSquare + 64 == w::KnightSquare && w::PawnSquare + 5 * 64 == w::KingSquare,
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
