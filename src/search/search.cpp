// The search, written as numbered steps; each pruning step says why it is sound and what guards it.
#include "search/search.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>

#include "core/movegen.hpp"
#include "eval/eval.hpp"
#include "nnue/params.hpp"
#include "search/movepick.hpp"
#include "search/params.hpp"
#include "search/syzygy.hpp"
#include "search/table_memory.hpp"

namespace sente {

using namespace search;

namespace {

// Late move reductions by depth and move number, in plies.
// (Rebuilt when a tune build's LmrBase or LmrDivisor changes.)
struct ReductionTable {
    int table[64][64];
    ReductionTable() { build(); }
    void build() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                table[d][m] =
                    d == 0 || m == 0
                        ? 0
                        : int((LmrBase + 100.0 * std::log(d) * std::log(m) * 100.0 / LmrDivisor) / 100.0);
    }
};
ReductionTable Reductions;
[[maybe_unused]] const bool ReductionsFollowTuning =
    TuneBuild && (on_tunable_change([] { Reductions.build(); }), true);

int reduction(int depth, int move_count) {
    return Reductions.table[std::min(depth, 63)][std::min(move_count, 63)];
}

}  // namespace

std::string format_score(Value v) {
    if (v >= VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string((VALUE_MATE - v + 1) / 2);
    if (v <= -VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string(-(VALUE_MATE + v) / 2);
    return "cp " + std::to_string(v);
}

// ---- Worker ------------------------------------------------------------------------------------

void* Worker::operator new(std::size_t bytes) {
    static_assert(Move::none().raw() == 0, "a zero table of counter moves is an empty one");
    return table_memory::map_object(bytes);
}
void Worker::operator delete(void* memory, std::size_t bytes) { table_memory::unmap_object(memory, bytes); }

void Worker::clear() {
    main_history_.clear();
    capture_history_.clear();
    continuation_history_.clear();
    counters_.clear();
    pawn_correction_.clear();
    material_correction_.clear();
    pawn_cache_.clear();
}

Value Worker::evaluate() {
    if (!net_) {
        assert(frame(ply_).piece_square == eval::piece_square(pos_));
        return eval::evaluate(pos_, frame(ply_).piece_square, shared_.config.tempo_percent, &pawn_cache_);
    }
    return nnue::evaluate_with_tempo(accumulators_.evaluate(*net_, pos_), shared_.config.tempo_percent);
}

void Worker::play(Move m) {
    Stack& ss = frame(ply_);
    ss.current_move = m;
    ss.moved_piece = pos_.moved_piece(m);
    ss.continuation = continuation_history_.at(ss.moved_piece, m.to());
    if (net_)
        accumulators_.push(nnue::delta_of(pos_, m));
    else
        frame(ply_ + 1).piece_square = eval::piece_square_after(pos_, m, ss.piece_square);
    pos_.make_move(m);
    ++ply_;
    count_node();
}

void Worker::take_back(Move m) {
    --ply_;
    pos_.unmake_move(m);
    if (net_) accumulators_.pop();
}

// The null move's bookkeeping, as play() and take_back() keep it for a move: the frame records
// it (no piece moved, the sentinel continuation), the ply and the node count move on, and the
// accumulators get a ply with nothing changed.
void Worker::play_null() {
    Stack& ss = frame(ply_);
    ss.current_move = Move::null();
    ss.moved_piece = NoPiece;
    ss.continuation = continuation_history_.at(NoPiece, A1);
    if (net_)
        accumulators_.push(nnue::Delta{});
    else
        frame(ply_ + 1).piece_square = ss.piece_square;
    pos_.make_null_move();
    ++ply_;
    count_node();
}

void Worker::take_back_null() {
    --ply_;
    pos_.unmake_null_move();
    if (net_) accumulators_.pop();
}

void Worker::update_pv(Move m) {
    pv_[ply_][ply_] = m;
    int child_length = pv_length_[ply_ + 1];
    for (int i = ply_ + 1; i < child_length; ++i) pv_[ply_][i] = pv_[ply_ + 1][i];
    pv_length_[ply_] = std::max(child_length, ply_ + 1);
}

// Only the main worker stops the search, and never before depth 1 is complete, so there is
// always a move to play.
void Worker::check_limits() {
    const SearchLimits& limits = shared_.limits;
    if (completed_depth_ < 1) return;
    if (limits.nodes) {
        // The helpers' counters are read every 64 nodes of this thread's: the limit may then be
        // passed by a few hundred nodes with many threads, and is met exactly with one.
        std::uint64_t searched = nodes();
        if (shared_.helpers.empty() || (searched & 63) == 0) {
            for (const Worker* helper : shared_.helpers) searched += helper->nodes();
            if (searched >= limits.nodes) shared_.stop = true;
        }
    }
    if ((nodes() & (NodesBetweenTimeChecks - 1)) == 0 && !shared_.pondering && shared_.time.out_of_time())
        shared_.stop = true;
}

Value Worker::corrected(Value raw) const {
    const Color us = pos_.side_to_move();
    const int correction =
        pawn_correction_.get(us, pos_.pawn_key()) + material_correction_.get(us, material_key(pos_));
    return std::clamp(raw + correction / (2 * CorrectionGrain), -VALUE_TB_WIN_IN_MAX_PLY + 1,
                      VALUE_TB_WIN_IN_MAX_PLY - 1);
}

void Worker::update_correction(Value best, Value static_eval, int depth) {
    const Color us = pos_.side_to_move();
    pawn_correction_.update(us, pos_.pawn_key(), best - static_eval, depth);
    material_correction_.update(us, material_key(pos_), best - static_eval, depth);
}

OrderingStats Worker::ordering_stats() {
    return OrderingStats{
        main_history_,
        capture_history_,
        {frame(ply_ - 1).continuation, frame(ply_ - 2).continuation, frame(ply_ - 4).continuation}};
}

void Worker::update_continuations(Piece p, Square to, int bonus) {
    for (int back : ContinuationPlies)
        if (frame(ply_ - back).current_move.is_ok()) frame(ply_ - back).continuation->update(p, to, bonus);
}

void Worker::update_cutoff_stats(Move best, const Move* quiets, int quiet_count, const Move* captures,
                                 int capture_count, int depth) {
    const Color us = pos_.side_to_move();
    const int bonus = history_bonus(depth), malus = history_malus(depth);
    if (!pos_.is_capture_or_promotion(best)) {
        Stack& ss = frame(ply_);
        if (ss.killers[0] != best) {
            ss.killers[1] = ss.killers[0];
            ss.killers[0] = best;
        }
        main_history_.update(us, best, bonus);
        update_continuations(pos_.moved_piece(best), best.to(), bonus);
        const Stack& before = frame(ply_ - 1);
        if (before.current_move.is_ok()) counters_.set(before.moved_piece, before.current_move.to(), best);
        // The quiet moves tried first did not cut off; a capture that cut off says nothing of them.
        for (int i = 0; i < quiet_count; ++i) {
            main_history_.update(us, quiets[i], -malus);
            update_continuations(pos_.moved_piece(quiets[i]), quiets[i].to(), -malus);
        }
    } else {
        capture_history_.update(pos_, best, bonus);
    }
    for (int i = 0; i < capture_count; ++i) capture_history_.update(pos_, captures[i], -malus);
}

template <Worker::NodeType NT>
Value Worker::search(Value alpha, Value beta, int depth, bool cut_node) {
    constexpr bool pv_node = NT != NonPV;
    constexpr bool root = NT == Root;

    // 1. At the horizon, resolve captures first.
    if (depth <= 0) return qsearch<pv_node>(alpha, beta);

    if (pv_node) pv_length_[ply_] = ply_;
    seldepth_ = std::max(seldepth_, ply_);
    const bool in_check = pos_.in_check();
    const Color us = pos_.side_to_move();

    if (!root) {
        if (stopped()) return VALUE_DRAW;  // the result is thrown away

        // 2. Draws: repetition, insufficient material, and the 50-move rule unless this is mate.
        if (pos_.is_draw(ply_)) return VALUE_DRAW;
        if (ply_ >= MAX_PLY - 1) return in_check ? VALUE_DRAW : evaluate();

        // 3. Mate distance pruning: no line from here can beat a mate already found closer to
        // the root, nor be worse than being mated right here.
        alpha = std::max(mated_in(ply_), alpha);
        beta = std::min(mate_in(ply_ + 1), beta);
        if (alpha >= beta) return alpha;
    }

    Stack& ss = frame(ply_);
    const Move excluded = ss.excluded;  // set: this is the singular search of a hash move
    frame(ply_ + 1).killers[0] = frame(ply_ + 1).killers[1] = Move::none();
    // Children inherit the line's double extensions; the move loop adds a double extension's own.
    frame(ply_ + 1).double_extensions = ss.double_extensions;

    // 4. Transposition table. At non-PV nodes a deep enough entry whose bound fits ends the search
    // here; PV nodes search on so that the principal variation stays whole.
    const Key key = pos_.key();
    std::optional<TTData> tte = shared_.tt.probe(key, ply_, pos_.rule50());
    Move tt_move = root ? root_moves_[pv_index_].move : tte ? tte->move : Move::none();
    // In a mate proof, bounds that the pruned search wrote prove nothing unless they are mates.
    // A singular search asks another question of the same position: the entry does not answer it.
    if (!pv_node && !excluded.is_ok() && tte && tte->depth >= depth && tte->score != VALUE_NONE
        && pos_.rule50() < 90 && bound_decides(tte->bound, tte->score, beta)
        && (!proving_ || is_mate_score(tte->score)))
        return tte->score;

    // 4b. Tablebases, just after a capture or pawn move (when the tables' result is exact) with
    // few enough pieces and deep enough to be worth the probe's disk access. A result that decides
    // the node ends it; in a PV node one that does not still bounds the score. (Not in the
    // singular search of a hash move: the tables' result is the position's, the excluded move's
    // included.)
    Value tb_floor = -VALUE_INFINITE, tb_ceiling = VALUE_INFINITE;
    if (!root && shared_.tb_cardinality && !proving_ && !excluded.is_ok() && pos_.rule50() == 0
        && !pos_.castling_rights()) {
        const int pieces = popcount(pos_.pieces());
        if (pieces <= shared_.tb_cardinality
            && (pieces < shared_.tb_cardinality || depth >= shared_.config.syzygy.probe_depth)) {
            if (const std::optional<int> wdl = syzygy::probe_wdl(pos_)) {
                count_tb_hit();
                const Value v = syzygy::wdl_to_value(*wdl, ply_, shared_.config.syzygy.rule50);
                const Bound b = v > VALUE_DRAW ? BoundLower : v < VALUE_DRAW ? BoundUpper : BoundExact;
                if (b == BoundExact || (b == BoundLower ? v >= beta : v <= alpha)) {
                    shared_.tt.store(key, ply_, v, VALUE_NONE, b, std::min(MAX_PLY - 1, depth + 6),
                                     Move::none());
                    return v;
                }
                if (pv_node) {
                    if (b == BoundLower)
                        tb_floor = v, alpha = std::max(alpha, v);
                    else
                        tb_ceiling = v;
                }
            }
        }
    }

    // 5. Static evaluation, corrected by earlier searches' errors, then improved by the table's
    // score when its bound allows. The table keeps the raw evaluation.
    Value eval = VALUE_NONE, raw_eval = VALUE_NONE;
    if (in_check) {
        ss.static_eval = VALUE_NONE;
    } else {
        raw_eval = tte && tte->eval != VALUE_NONE ? tte->eval : evaluate();
        ss.static_eval = corrected(raw_eval);
        eval = ss.static_eval;
        if (tte && tte->score != VALUE_NONE && bound_decides(tte->bound, tte->score, eval)) eval = tte->score;
    }
    // Improving: better than two plies ago, or than four when two plies ago we were in check.
    const Value two_back = frame(ply_ - 2).static_eval, four_back = frame(ply_ - 4).static_eval;
    const bool improving = !in_check
                           && (two_back != VALUE_NONE    ? ss.static_eval > two_back
                               : four_back != VALUE_NONE ? ss.static_eval > four_back
                                                         : true);

    // A mate proof leaves out the pruning that trusts the static eval or reduces moves.
    const bool mate_search = proving_;

    if (!pv_node && !in_check && !mate_search && !excluded.is_ok()) {
        // 6. Reverse futility pruning: so far above beta at low depth that no reply will bring the
        // score back below it.
        if (depth <= RfpMaxDepth && eval - RfpMargin * (depth - improving) >= beta
            && eval < VALUE_TB_WIN_IN_MAX_PLY && beta > -VALUE_TB_WIN_IN_MAX_PLY)
            return eval;

        // 7. Razoring: far below alpha at low depth, only a capture could help; ask quiescence.
        if (depth <= RazorMaxDepth && eval + RazorMargin * depth < alpha) {
            Value v = qsearch<false>(alpha, alpha + 1);
            if (stopped()) return VALUE_DRAW;
            if (v <= alpha) return v;
        }

        // 8. Null move: if passing still leaves us above beta after a reduced search, a real move
        // will too. Not in check, not twice in a row, not with only king and pawns (zugzwang).
        if (depth >= NullMinDepth && eval >= beta && ss.static_eval >= beta && ply_ > 0
            && frame(ply_ - 1).current_move != Move::null() && pos_.has_non_pawn_material(us)
            && beta > -VALUE_TB_WIN_IN_MAX_PLY) {
            int r =
                NullBase + depth / NullDepthDivisor + std::min(NullEvalMax, (eval - beta) / NullEvalDivisor);
            play_null();
            Value v = -search<NonPV>(-beta, -beta + 1, depth - r - 1, !cut_node);
            take_back_null();
            if (stopped()) return VALUE_DRAW;
            if (v >= beta) return v >= VALUE_TB_WIN_IN_MAX_PLY ? beta : v;  // unproven wins are not trusted
        }

        // 9. ProbCut: a good capture that beats beta by a margin in a much shallower search will
        // almost surely beat beta in the full one. Captures are tried in quiescence first, and only
        // those whose exchange can reach the margin; skipped when the table already says the
        // shallow search would fail.
        const Value probcut_beta = beta + ProbCutMargin;
        if (depth >= ProbCutMinDepth && !is_decisive(beta)
            && !(tte && tte->depth >= depth - ProbCutReduction + 1 && tte->score != VALUE_NONE
                 && tte->score < probcut_beta)) {
            const OrderingStats stats = ordering_stats();
            MovePicker captures(pos_, tt_move, stats);
            for (Move m; (m = captures.next()) != Move::none();) {
                if (!pos_.see_ge(m, probcut_beta - ss.static_eval)) continue;
                prefetch_child(m);
                play(m);
                Value v = -qsearch<false>(-probcut_beta, -probcut_beta + 1);
                if (v >= probcut_beta)
                    v = -search<NonPV>(-probcut_beta, -probcut_beta + 1, depth - ProbCutReduction, !cut_node);
                take_back(m);
                if (stopped()) return VALUE_DRAW;
                if (v >= probcut_beta) {
                    shared_.tt.store(key, ply_, v, raw_eval, BoundLower, depth - ProbCutReduction + 1, m);
                    return v;
                }
            }
        }
    }

    // 10. Internal iterative reduction: with no hash move the ordering is poor; search shallower.
    if (!root && !mate_search && !excluded.is_ok() && depth >= IirMinDepth && tt_move == Move::none()
        && (pv_node || cut_node))
        --depth;

    // 11. The move loop.
    const Stack& before = frame(ply_ - 1);
    const Move counter = before.current_move.is_ok()
                             ? counters_.get(before.moved_piece, before.current_move.to())
                             : Move::none();
    const OrderingStats stats = ordering_stats();
    MovePicker picker(pos_, tt_move, ss.killers, counter, stats);
    const Position::CheckInfo check_info = pos_.check_info();
    Value best = tb_floor;
    Move best_move = Move::none();
    Move quiets_tried[64], captures_tried[32];
    int quiet_count = 0, capture_count = 0;
    int move_count = 0;  // legal moves seen, pruned ones included (late move pruning counts them)
    int searched = 0;    // moves actually searched: what the reductions and PVS go by
    std::size_t root_index = pv_index_;

    while (true) {
        Move m;
        if constexpr (root) {
            if (root_index >= pv_last_) break;
            m = root_moves_[root_index++].move;
        } else {
            m = picker.next();
            if (m == Move::none()) break;
            if (m == excluded) continue;
        }
        ++move_count;
        prefetch_child(m);
        const bool capture = pos_.is_capture_or_promotion(m);
        const bool gives_check = pos_.gives_check(m, check_info);
        const int history = capture ? 0 : stats.quiet(pos_, m);

        // 12. Pruning. Exact first: when only a mate delivered by this very move could beat
        // alpha, a move that does not give check cannot.
        if (!root && !gives_check && alpha >= mate_in(ply_ + 3)) continue;

        // Then heuristic, at shallow depth, once a move has saved us from being mated.
        if (!root && !mate_search && best > -VALUE_TB_WIN_IN_MAX_PLY && pos_.has_non_pawn_material(us)) {
            if (!capture && !gives_check) {
                // Late move pruning: after enough quiet moves the rest rarely matter. Quiet
                // checks are still tried: they are how short mates are found.
                // Futility: a quiet move cannot lift a score this far below alpha.
                // Both only grow truer as the node goes on (more moves, a higher alpha), so
                // every later quiet move that gives no check would be pruned too: the picker
                // leaves those out, and the search is the same with less work.
                if ((depth <= LmpMaxDepth && move_count >= (LmpBase + depth * depth) / (2 - improving))
                    || (!in_check && depth <= FutilityMaxDepth && !is_decisive(alpha)
                        && ss.static_eval + FutilityBase + FutilityPerDepth * depth <= alpha)) {
                    picker.skip_quiets(check_info);
                    continue;
                }
                // History: quiet moves that have failed here and after these moves many times.
                if (depth <= HistoryPruneMaxDepth && history < -HistoryPruneMargin * depth) continue;
                if (depth <= SeeMaxDepth && !pos_.see_ge(m, -SeeQuietMargin * depth * depth)) continue;
            } else if (capture && depth <= SeeMaxDepth && !pos_.see_ge(m, -SeeCaptureMargin * depth)) {
                continue;
            }
        }

        // 13. Extensions, bounded so that they cannot grow the tree without limit.
        int extension = 0;
        if (ply_ < 2 * root_depth_) {
            // Singular extension: if every other move falls well short of the hash move's score in a
            // shallower search, the hash move is the only one and gets searched deeper.
            // Not when the search is asked for a mate (`go mate`): extending the line already
            // believed delays finding a shorter mate on another one.
            if (!root && m == tt_move && !excluded.is_ok() && !mate_search && !shared_.limits.mate
                && depth >= SingularMinDepth && tte->depth >= depth - SingularTtDepthMargin
                && (tte->bound & BoundLower) && !is_decisive(tte->score)) {
                const Value singular_beta = tte->score - SingularMargin * depth;
                ss.excluded = m;
                const Value v = search<NonPV>(singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node);
                ss.excluded = Move::none();
                if (stopped()) return VALUE_DRAW;
                if (v < singular_beta) {
                    extension = 1;
                    if (!pv_node && v < singular_beta - DoubleExtensionMargin
                        && ss.double_extensions < DoubleExtensionLimit)
                        extension = 2;
                } else if (singular_beta >= beta) {
                    // Multi-cut: another move also beats beta, so this node fails high anyway.
                    return singular_beta;
                } else if (tte->score >= beta) {
                    // The hash move is not alone and this node will likely fail high without it:
                    // search it less deeply.
                    extension = -1;
                }
            }
            if (extension == 0 && gives_check) extension = 1;
        }
        int new_depth = depth - 1 + extension;
        frame(ply_ + 1).double_extensions = ss.double_extensions + (extension >= 2);

        if (root && id_ == 0 && shared_.time.searched_ms() > CurrmoveAfterMs && current_callbacks_
            && current_callbacks_->on_currmove)
            current_callbacks_->on_currmove(depth, m, int(root_index));

        if (pv_node) pv_length_[ply_ + 1] = ply_ + 1;
        const std::uint64_t nodes_before = nodes();
        play(m);
        ++searched;
        Value score = -VALUE_INFINITE;

        // 14. Late move reductions, then PVS: a null window for all but the first move, and a
        // full-window re-search only when a move turns out better than expected.
        if (depth >= LmrMinDepth && searched > 1 + int(root) && !mate_search
            && (!capture || picker.last_was_bad_capture())) {
            int r = reduction(depth, searched);
            r += !pv_node;
            r += cut_node;
            r -= improving;
            r -= gives_check;
            r -= (m == ss.killers[0] || m == ss.killers[1]);
            r -= history / LmrHistoryDivisor;
            r = std::clamp(r, 0, new_depth - 1);
            score = -search<NonPV>(-alpha - 1, -alpha, new_depth - r, true);
            if (score > alpha && r > 0) score = -search<NonPV>(-alpha - 1, -alpha, new_depth, !cut_node);
        } else if (!pv_node || searched > 1) {
            score = -search<NonPV>(-alpha - 1, -alpha, new_depth, !cut_node);
        }
        // A win of the tables scores by its progress until a mate is found in it (RootMove::
        // tb_progress), before the decision to search it again with the full window, so that a
        // move ahead of the best by progress gets its whole line.
        RootMove* rm = nullptr;
        if constexpr (root)
            rm = &*std::find_if(root_moves_.begin(), root_moves_.end(),
                                [&](const RootMove& r) { return r.move == m; });
        auto by_progress = [&](Value v) {
            return root && rm->tb_progress != VALUE_NONE && !is_mate_score(v) ? rm->tb_progress : v;
        };
        if (score != -VALUE_INFINITE) score = by_progress(score);
        if (pv_node && (searched == 1 || (score > alpha && (root || score < beta))))
            score = by_progress(-search<PV>(-beta, -alpha, new_depth, false));

        take_back(m);
        if (stopped()) return VALUE_DRAW;

        if constexpr (root) {
            rm->nodes += nodes() - nodes_before;
            if (score > alpha) iteration_best_ = m;
            if (searched == 1 || score > alpha) {
                rm->score = score;
                rm->bound = score >= beta ? BoundLower : score <= alpha ? BoundUpper : BoundExact;
                rm->seldepth = seldepth_;
                rm->pv.assign(1, m);
                for (int i = 1; i < pv_length_[1]; ++i) rm->pv.push_back(pv_[1][i]);
            } else {
                rm->score = -VALUE_INFINITE;  // only known to be worse than the best
            }
        }

        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                if (pv_node) update_pv(m);
                if (score >= beta) break;
                alpha = score;
            }
        }
        if (m != best_move) {
            if (!capture && quiet_count < 64)
                quiets_tried[quiet_count++] = m;
            else if (capture && capture_count < 32)
                captures_tried[capture_count++] = m;
        }
    }

    // 15. No legal move: checkmate or stalemate. Every move pruned: a fail low. (A singular
    // search whose only move was the excluded one fails low too.)
    if (move_count == 0) return excluded.is_ok() ? alpha : in_check ? mated_in(ply_) : VALUE_DRAW;
    if (best == -VALUE_INFINITE) best = alpha;
    best = std::min(best, tb_ceiling);

    // 16. The move that cut off is remembered for move ordering, and the moves tried before it
    // are marked down.
    if (best >= beta)
        update_cutoff_stats(best_move, quiets_tried, quiet_count, captures_tried, capture_count, depth);

    Bound bound = best >= beta ? BoundLower : pv_node && best_move != Move::none() ? BoundExact : BoundUpper;
    if (!(root && pv_index_ > 0) && !excluded.is_ok())
        shared_.tt.store(key, ply_, best, raw_eval, bound, depth, best_move);

    // 17. The static evaluation's error, where the search's result says what it was: a quiet best
    // move (or none), and a bound on the right side of the evaluation.
    if (!in_check && !excluded.is_ok() && !is_decisive(best)
        && (best_move == Move::none() || !pos_.is_capture_or_promotion(best_move))
        && !(bound == BoundLower && best <= ss.static_eval)
        && !(bound == BoundUpper && best >= ss.static_eval))
        update_correction(best, ss.static_eval, depth);
    return best;
}

template <bool PvNode>
Value Worker::qsearch(Value alpha, Value beta) {
    if (PvNode) pv_length_[ply_] = ply_;
    seldepth_ = std::max(seldepth_, ply_);
    if (stopped()) return VALUE_DRAW;
    // The search's last move, if quiet, may have repeated the position or reached the fifty-move
    // rule: no line runs on past a draw.
    if (pos_.is_draw(ply_)) return VALUE_DRAW;
    const bool in_check = pos_.in_check();
    if (ply_ >= MAX_PLY - 1) return in_check ? VALUE_DRAW : evaluate();

    const Key key = pos_.key();
    std::optional<TTData> tte = shared_.tt.probe(key, ply_, pos_.rule50());
    if (!PvNode && tte && tte->score != VALUE_NONE && bound_decides(tte->bound, tte->score, beta))
        return tte->score;

    // Stand pat: the side to move may decline every capture, so the static eval is a lower bound.
    Value best = -VALUE_INFINITE, static_eval = VALUE_NONE, raw_eval = VALUE_NONE;
    if (!in_check) {
        raw_eval = tte && tte->eval != VALUE_NONE ? tte->eval : evaluate();
        static_eval = corrected(raw_eval);
        best = static_eval;
        if (tte && tte->score != VALUE_NONE && bound_decides(tte->bound, tte->score, best)) best = tte->score;
        if (best >= beta) return best;
        alpha = std::max(alpha, best);
    }

    const OrderingStats stats = ordering_stats();
    MovePicker picker(pos_, tte ? tte->move : Move::none(), stats);
    Move best_move = Move::none();
    int move_count = 0;
    // What gives_check needs, gathered at the first hopeless capture only: most nodes have none.
    std::optional<Position::CheckInfo> check_info;
    for (Move m; (m = picker.next()) != Move::none();) {
        ++move_count;
        prefetch_child(m);
        if (!in_check && best > -VALUE_TB_WIN_IN_MAX_PLY) {
            // Delta pruning: even winning the piece would leave us below alpha. SEE pruning: the
            // exchange loses material. A capture that gives check is kept: it may be mate.
            bool hopeless = !pos_.see_ge(m, 0);
            if (!hopeless && m.kind() != Move::Promotion) {
                Piece victim = m.kind() == Move::EnPassant ? make_piece(~pos_.side_to_move(), Pawn)
                                                           : pos_.piece_on(m.to());
                hopeless = static_eval + SeeValue[type_of(victim)] + DeltaMargin <= alpha;
            }
            if (hopeless) {
                if (!check_info) check_info = pos_.check_info();
                if (!pos_.gives_check(m, *check_info)) continue;
            }
        }
        if (PvNode) pv_length_[ply_ + 1] = ply_ + 1;
        play(m);
        Value score = -qsearch<PvNode>(-beta, -alpha);
        take_back(m);
        if (stopped()) return VALUE_DRAW;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                if (PvNode) update_pv(m);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    if (in_check && move_count == 0) return mated_in(ply_);

    shared_.tt.store(key, ply_, best, raw_eval, best >= beta ? BoundLower : BoundUpper, 0, best_move);
    return best;
}

template Value Worker::search<Worker::Root>(Value, Value, int, bool);

}  // namespace sente
