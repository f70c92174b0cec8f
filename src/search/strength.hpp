// Limited strength (UCI_LimitStrength, UCI_Elo): a smaller node budget and, at the lower levels,
// a choice among the few best root moves that may prefer a slightly worse one. The margin for
// such a choice shrinks with the level to zero below MaxElo; the levels from there up play the best
// move they found, only with less search. No level picks moves at random.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/types.hpp"

namespace sente {

struct RootMove;

struct StrengthLimit {
    static constexpr int MinElo = 1320;
    // Full strength at fast time controls measured about 2400 on Stockfish's UCI_Elo scale with the
    // r3 net and about 2490 with r7 (docs/strength.md, "Limited strength"): levels above that cannot
    // be honoured.
    static constexpr int MaxElo = 2400;
    static constexpr int DefaultElo = 1500;
    // The node budget doubles every EloPerDoubling points above the lowest level, from MinNodes there
    // (half of what the r3 net took: the nets since search better with the same nodes), for the
    // levels that choose among CandidateLines lines. Those lines share the nodes, so the levels
    // from MarginZeroElo up, which search one line, take OneLineShare of the curve: given all of
    // it, 2200, the first of them, played about 300 Elo above 2100 (a doubling is worth about 110),
    // and given a quarter, about 90 below its label; a line through the one-line levels' results
    // makes four lines on N nodes play about as one line on N / 3 (docs/strength.md, "Limited
    // strength").
    static constexpr double MinNodes = 525;
    static constexpr double EloPerDoubling = 110;
    static constexpr double OneLineShare = 1.0 / 3;
    // Below MarginZeroElo the move is chosen among CandidateLines lines, within a margin that falls
    // from MarginAtMinElo centipawns at the lowest level to zero there; the levels above play their
    // best line and differ by their budget alone.
    static constexpr int CandidateLines = 4;
    static constexpr double MarginAtMinElo = 95;
    static constexpr int MarginZeroElo = 2200;

    bool enabled = false;
    int elo = DefaultElo;

    // Nodes a search may spend at this level.
    std::uint64_t node_budget() const;
    // How many root moves are searched as candidates (MultiPV lines).
    int candidate_lines() const;
    // How far below the best score (centipawns) a candidate may be and still be chosen.
    int margin_cp() const;
};

// Picks the index (into `lines`, best first) of the move to play. Mates are never given away: a
// winning mate is always played, and a move that is mated is never preferred.
std::size_t choose_line(const StrengthLimit& limit, const std::vector<RootMove>& lines, std::size_t count,
                        std::mt19937_64& rng);

}  // namespace sente
