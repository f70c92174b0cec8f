// Search and time-management constants: every tunable number of src/search/ in one place.
// SENTE_TUNABLE(name, value, min, max): a constant, or in a tune build a UCI spin option with that range
// (core/tunable.hpp); the others are fixed by their meaning.
#pragma once

#include "core/tunable.hpp"

namespace sente::search_params {

// Correction history: the static evaluation moves by the average error of earlier searches of
// positions with the same pawns, and with the same material.
constexpr int CorrectionGrain = 128;     // entries are centipawns times this
constexpr int CorrectionMax = 200;       // centipawns
constexpr int CorrectionMaxWeight = 16;  // of CorrectionWeightScale, for the deepest searches
constexpr int CorrectionWeightScale = 256;

// Aspiration windows.
SENTE_TUNABLE(AspirationMinDepth, 4, 2, 8)
SENTE_TUNABLE(AspirationDelta, 16, 5, 50)

// Null move: R = NullBase + depth / NullDepthDivisor + min(NullEvalMax, (eval - beta) / NullEvalDivisor).
SENTE_TUNABLE(NullMinDepth, 3, 1, 6)
SENTE_TUNABLE(NullBase, 3, 1, 6)
SENTE_TUNABLE(NullDepthDivisor, 3, 2, 8)
SENTE_TUNABLE(NullEvalDivisor, 200, 60, 400)
SENTE_TUNABLE(NullEvalMax, 3, 1, 6)

// Reverse futility pruning: a shallow node whose static evaluation beats beta by this margin per
// ply (one ply less when improving) is taken to fail high.
SENTE_TUNABLE(RfpMaxDepth, 8, 4, 12)
SENTE_TUNABLE(RfpMargin, 80, 40, 160)

// Razoring: hopeless shallow nodes go straight to quiescence.
SENTE_TUNABLE(RazorMaxDepth, 3, 1, 6)
SENTE_TUNABLE(RazorMargin, 220, 80, 400)  // per ply

// Singular extensions: the hash move is extended when every other move falls short of its score
// by SingularMargin per ply, in a search of half the depth; by two plies when they fall short by
// DoubleExtensionMargin more (at most DoubleExtensionLimit times on a line).
SENTE_TUNABLE(SingularMinDepth, 7, 4, 10)
SENTE_TUNABLE(SingularTtDepthMargin, 3, 1, 5)
SENTE_TUNABLE(SingularMargin, 2, 1, 4)
SENTE_TUNABLE(DoubleExtensionMargin, 20, 5, 50)
SENTE_TUNABLE(DoubleExtensionLimit, 6, 2, 12)

// ProbCut: a capture that beats beta by ProbCutMargin in a search ProbCutReduction plies shallower
// is taken to beat beta in the full one.
SENTE_TUNABLE(ProbCutMinDepth, 5, 3, 8)
SENTE_TUNABLE(ProbCutMargin, 200, 80, 350)
SENTE_TUNABLE(ProbCutReduction, 4, 2, 6)

// Internal iterative reduction: nodes without a hash move are searched one ply shallower.
SENTE_TUNABLE(IirMinDepth, 4, 2, 8)

// Late move pruning: quiet moves after (LmpBase + depth^2) / (2 - improving) are skipped.
SENTE_TUNABLE(LmpMaxDepth, 8, 3, 12)
SENTE_TUNABLE(LmpBase, 3, 1, 8)

// Futility pruning of quiet moves.
SENTE_TUNABLE(FutilityMaxDepth, 8, 3, 12)
SENTE_TUNABLE(FutilityBase, 90, 20, 250)
SENTE_TUNABLE(FutilityPerDepth, 85, 30, 200)

// SEE pruning thresholds, per ply (quiets scale with depth squared).
SENTE_TUNABLE(SeeQuietMargin, 25, 5, 80)
SENTE_TUNABLE(SeeCaptureMargin, 95, 30, 200)
SENTE_TUNABLE(SeeMaxDepth, 8, 3, 12)

// Late move reductions: base + log(depth) * log(moves) / divisor, in hundredths; one ply less for
// every LmrHistoryDivisor of a quiet move's history (butterfly plus continuations).
SENTE_TUNABLE(LmrBase, 80, 0, 200)
SENTE_TUNABLE(LmrDivisor, 225, 120, 400)
SENTE_TUNABLE(LmrMinDepth, 3, 2, 5)
SENTE_TUNABLE(LmrHistoryDivisor, 10000, 3000, 30000)

// History pruning: at low depth a quiet move whose history is this bad per ply is not searched.
SENTE_TUNABLE(HistoryPruneMaxDepth, 4, 1, 8)
SENTE_TUNABLE(HistoryPruneMargin, 3000, 500, 8000)  // per ply

// Quiescence: captures that cannot lift the score near alpha are skipped.
SENTE_TUNABLE(DeltaMargin, 180, 50, 400)

// History tables: a bonus for the move that cut off, a malus for the moves tried before it.
SENTE_TUNABLE(HistoryMax, 16384, 4096, 32768)
SENTE_TUNABLE(HistoryBonusPerDepth, 280, 50, 600)
SENTE_TUNABLE(HistoryBonusOffset, 220, 0, 600)
SENTE_TUNABLE(HistoryBonusMax, 2400, 500, 5000)
SENTE_TUNABLE(HistoryMalusPerDepth, 280, 50, 600)
SENTE_TUNABLE(HistoryMalusOffset, 220, 0, 600)
SENTE_TUNABLE(HistoryMalusMax, 2400, 500, 5000)
// Captures are ordered by victim value x CaptureVictimWeight plus their capture history.
SENTE_TUNABLE(CaptureVictimWeight, 16, 4, 48)
SENTE_TUNABLE(CaptureHistoryDivisor, 8, 2, 32)

// `spsa pruning`: the margins, reductions and pruning thresholds, whose best values depend on the
// evaluation's scale and accuracy; the search parameters to tune again for a new net. Minimum and
// maximum depths, history tables and time management are left out.
SENTE_TUNABLE_SET(pruning,
                  "AspirationDelta NullBase NullDepthDivisor NullEvalDivisor RfpMargin RazorMargin "
                  "SingularMargin DoubleExtensionMargin ProbCutMargin ProbCutReduction LmpBase FutilityBase "
                  "FutilityPerDepth SeeQuietMargin SeeCaptureMargin LmrBase LmrDivisor LmrHistoryDivisor "
                  "HistoryPruneMargin DeltaMargin")

// `go mate N` adds an exhaustive proof search for mates up to this length; longer mates are left
// to the normal search, whose pruning finds them far sooner.
constexpr int ProofMaxMoves = 6;

// Plies beyond a mate's length after which a timed or infinite search stops iterating.
constexpr int MateSettleDepth = 6;

// How many nodes pass between looks at the clock.
constexpr int NodesBetweenTimeChecks = 1024;

// ---- Limited strength (UCI_LimitStrength; the Elo range is StrengthLimit's) -------------------
// The node budget doubles every StrengthEloPerDoubling points above the lowest level, from
// StrengthMinNodes there.
constexpr double StrengthMinNodes = 1050;
constexpr double StrengthEloPerDoubling = 110;
// Below StrengthMarginZeroElo the move is chosen among this many lines, within a margin that falls
// from StrengthMarginAtMinElo centipawns at the lowest level to zero there; the levels above play
// their best line and differ by their budget alone.
constexpr int StrengthCandidateLines = 4;
constexpr double StrengthMarginAtMinElo = 95;
constexpr int StrengthMarginZeroElo = 2200;

// ---- Time management (all in milliseconds or percent) -------------------------------------------
SENTE_TUNABLE(DefaultMovesToGo, 32, 15, 60)  // sudden death: plan as if this many moves remain
constexpr int MaxMovesToGo = 50;
SENTE_TUNABLE(IncrementUsePercent, 80, 40, 100)   // of the increment spent on each move
SENTE_TUNABLE(HardLimitMultiplier, 4, 2, 8)       // hard limit = soft limit x this, capped below
SENTE_TUNABLE(MaxTimeUsePercent, 70, 40, 90)      // never plan to use more of the remaining time
SENTE_TUNABLE(IterationStartPercent, 55, 30, 90)  // no new iteration once this much of the soft limit is gone
// The soft limit is scaled after every iteration (percent): by how many iterations in a row kept
// the best move (0, 1, 2, ... 5 or more) ...
constexpr int StabilityScale[6] = {135, 115, 100, 90, 82, 76};
// ... by the score's fall since the previous iteration (1% more per FallingDivisor cp), ...
SENTE_TUNABLE(FallingDivisor, 2, 1, 6)
constexpr int FallingMin = 85, FallingMax = 150;
// ... by the share of the iteration's nodes the best move took (less time when it took most) ...
constexpr int NodeShareBase = 160;  // minus the share in percent
constexpr int NodeShareMin = 60, NodeShareMax = 130;
// ... and up after the root failed low in the iteration.
SENTE_TUNABLE(FailLowScale, 130, 100, 180)
constexpr int MinimumThinkMs = 1;
constexpr int CurrmoveAfterMs = 3000;  // currmove lines only on long searches

// ---- Hash table memory ----------------------------------------------------------------------------
// Tables up to this size are written through when allocated and when cleared, as all tables
// were: quick at this size, and the search never finds a page unbacked.
constexpr int EagerTableMaxMb = 256;
// A larger table is backed by memory in the background, one part per thread; resize and clear wait
// at most this long for it before the engine answers again. Backing is quick when the system has
// free memory at hand and can take tens of seconds when it has not (a virtual machine whose host
// must back the memory first); the search then simply starts beside it.
constexpr int TableBackingWaitMs = 1000;
// The backing threads look for a stop request after each chunk of this size.
constexpr int TableBackingChunkMb = 32;

}  // namespace sente::search_params
