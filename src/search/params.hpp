// The search's constants: every tunable number of its pruning, extensions, reductions and move
// ordering. The clock's are beside it in timeman.hpp, the strength levels' in strength.hpp and the
// table's memory policy in tt.hpp. SENTE_TUNABLE(name, value, min, max): a constant, or in a tune
// build a UCI spin option with that range (core/tunable.hpp); the others are fixed by their meaning.
#pragma once

#include "core/tunable.hpp"

namespace sente::search {

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

// A search with a soft node limit (datagen's and genfens') starts no iteration that it expects to
// pass its hard limit, which would cut it short and throw it away: the next iteration is taken to
// cost this many times the last one's nodes.
constexpr int SoftNodesGrowth = 3;

// currmove lines only on searches longer than this (milliseconds).
constexpr int CurrmoveAfterMs = 3000;

// Every iteration up to this depth gets its info line; past it, iterations that follow each other
// faster than ReportIntervalMs (a mate found early, a bare ending: hundreds of depths in a few
// milliseconds) are thinned to one line per interval, as a burst of lines hangs some GUIs. The
// line before bestmove always goes out.
constexpr int ReportEveryDepthTo = 20;
constexpr int ReportIntervalMs = 50;

}  // namespace sente::search
