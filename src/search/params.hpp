// Search and time-management constants: every tunable number of src/search/ in one place.
#pragma once

namespace sente::search_params {

// Aspiration windows.
constexpr int AspirationMinDepth = 4;
constexpr int AspirationDelta = 16;

// Null move: R = NullBase + depth / NullDepthDivisor + min(NullEvalMax, (eval - beta) / NullEvalDivisor).
constexpr int NullMinDepth = 3;
constexpr int NullBase = 3;
constexpr int NullDepthDivisor = 3;
constexpr int NullEvalDivisor = 200;
constexpr int NullEvalMax = 3;

// Razoring: hopeless shallow nodes go straight to quiescence.
constexpr int RazorMaxDepth = 3;
constexpr int RazorMargin = 220;  // per ply

// Internal iterative reduction: nodes without a hash move are searched one ply shallower.
constexpr int IirMinDepth = 4;

// Late move pruning: quiet moves after (LmpBase + depth^2) / (2 - improving) are skipped.
constexpr int LmpMaxDepth = 8;
constexpr int LmpBase = 3;

// Futility pruning of quiet moves.
constexpr int FutilityMaxDepth = 8;
constexpr int FutilityBase = 90;
constexpr int FutilityPerDepth = 85;

// SEE pruning thresholds, per ply (quiets scale with depth squared).
constexpr int SeeQuietMargin = 25;
constexpr int SeeCaptureMargin = 95;
constexpr int SeeMaxDepth = 8;

// Late move reductions: base + log(depth) * log(moves) / divisor, in hundredths; one ply less for
// every LmrHistoryDivisor of a quiet move's history (butterfly plus continuations).
constexpr int LmrBase = 80;
constexpr int LmrDivisor = 225;
constexpr int LmrMinDepth = 3;
constexpr int LmrHistoryDivisor = 10000;

// History pruning: at low depth a quiet move whose history is this bad per ply is not searched.
constexpr int HistoryPruneMaxDepth = 4;
constexpr int HistoryPruneMargin = 3000;  // per ply

// Quiescence: captures that cannot lift the score near alpha are skipped.
constexpr int DeltaMargin = 180;

// History tables: a bonus for the move that cut off, a malus for the moves tried before it.
constexpr int HistoryMax = 16384;
constexpr int HistoryBonusPerDepth = 280;
constexpr int HistoryBonusOffset = 220;
constexpr int HistoryBonusMax = 2400;
constexpr int HistoryMalusPerDepth = 280;
constexpr int HistoryMalusOffset = 220;
constexpr int HistoryMalusMax = 2400;
// Captures are ordered by victim value x CaptureVictimWeight plus their capture history.
constexpr int CaptureVictimWeight = 16;
constexpr int CaptureHistoryDivisor = 8;

// `go mate N` adds an exhaustive proof search for mates up to this length; longer mates are left
// to the normal search, whose pruning finds them far sooner.
constexpr int ProofMaxMoves = 6;

// Plies beyond a mate's length after which a timed or infinite search stops iterating.
constexpr int MateSettleDepth = 6;

// How many nodes pass between looks at the clock.
constexpr int NodesBetweenTimeChecks = 1024;

// ---- Time management (all in milliseconds or percent) -------------------------------------------
constexpr int DefaultMovesToGo = 32;      // sudden death: plan as if this many moves remain
constexpr int MaxMovesToGo = 50;
constexpr int IncrementUsePercent = 80;   // of the increment spent on each move
constexpr int HardLimitMultiplier = 4;    // hard limit = soft limit x this, capped below
constexpr int MaxTimeUsePercent = 70;     // never plan to use more of the remaining time
constexpr int IterationStartPercent = 55; // no new iteration once this much of the soft limit is gone
constexpr int MinimumThinkMs = 1;
constexpr int CurrmoveAfterMs = 3000;     // currmove lines only on long searches

}  // namespace sente::search_params
