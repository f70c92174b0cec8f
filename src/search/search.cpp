// The search, written as numbered steps; each pruning step says why it is sound and what guards it.
#include "search/search.hpp"

#include <algorithm>
#include <cmath>

#include "core/movegen.hpp"
#include "eval/eval.hpp"
#include "search/movepick.hpp"
#include "search/params.hpp"

namespace sente {

using namespace search_params;

namespace {

// Late move reductions by depth and move number, in plies.
struct ReductionTable {
    int table[64][64];
    ReductionTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                table[d][m] = d == 0 || m == 0
                                  ? 0
                                  : int((LmrBase + 100.0 * std::log(d) * std::log(m) * 100.0 / LmrDivisor) / 100.0);
    }
};
const ReductionTable Reductions;

int reduction(int depth, int move_count) { return Reductions.table[std::min(depth, 63)][std::min(move_count, 63)]; }

// Best first; stable, so that equal scores keep the previous iteration's order.
void sort_by_score(std::vector<RootMove>::iterator first, std::vector<RootMove>::iterator last) {
    std::stable_sort(first, last, [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
}

}  // namespace

std::string format_score(Value v) {
    if (v >= VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string((VALUE_MATE - v + 1) / 2);
    if (v <= -VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string(-(VALUE_MATE + v) / 2);
    return "cp " + std::to_string(v);
}

// ---- Worker ------------------------------------------------------------------------------------

void Worker::clear() {
    history_.clear();
    counters_.clear();
}

Value Worker::evaluate() const { return eval::evaluate(pos_, shared_.config.tempo_percent); }

void Worker::play(Move m) {
    Stack& ss = stack_[ply_];
    ss.current_move = m;
    ss.moved_piece = pos_.moved_piece(m);
    pos_.make_move(m);
    shared_.tt.prefetch(pos_.key());
    ++ply_;
    nodes_.fetch_add(1, std::memory_order_relaxed);
    if (id_ == 0) check_limits();
}

void Worker::take_back(Move m) {
    --ply_;
    pos_.unmake_move(m);
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
    if (limits.nodes && nodes() >= limits.nodes) shared_.stop = true;
    if ((nodes() & (NodesBetweenTimeChecks - 1)) == 0 && !shared_.pondering && shared_.time.out_of_time())
        shared_.stop = true;
}

void Worker::update_quiet_stats(Move best, const Move* quiets, int count, int depth) {
    const Color us = pos_.side_to_move();
    Stack& ss = stack_[ply_];
    if (ss.killers[0] != best) {
        ss.killers[1] = ss.killers[0];
        ss.killers[0] = best;
    }
    int bonus = history_bonus(depth);
    history_.update(us, best, bonus);
    for (int i = 0; i < count; ++i) history_.update(us, quiets[i], -bonus);
    if (ply_ > 0 && stack_[ply_ - 1].current_move.is_ok())
        counters_.set(stack_[ply_ - 1].moved_piece, stack_[ply_ - 1].current_move.to(), best);
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
        if (pos_.is_repetition(ply_) || pos_.insufficient_material()) return VALUE_DRAW;
        if (pos_.rule50() >= 100 && (!in_check || count_legal_moves(pos_) > 0)) return VALUE_DRAW;
        if (ply_ >= MAX_PLY - 1) return in_check ? VALUE_DRAW : evaluate();

        // 3. Mate distance pruning: no line from here can beat a mate already found closer to
        // the root, nor be worse than being mated right here.
        alpha = std::max(mated_in(ply_), alpha);
        beta = std::min(mate_in(ply_ + 1), beta);
        if (alpha >= beta) return alpha;
    }

    Stack& ss = stack_[ply_];
    stack_[ply_ + 1].killers[0] = stack_[ply_ + 1].killers[1] = Move::none();

    // 4. Transposition table. At non-PV nodes a deep enough entry whose bound fits ends the search
    // here; PV nodes search on so that the principal variation stays whole.
    const Key key = pos_.key();
    std::optional<TTData> tte = shared_.tt.probe(key, ply_);
    Move tt_move = root ? root_moves_[pv_index_].move : tte ? tte->move : Move::none();
    // In a mate proof, bounds that the pruned search wrote prove nothing unless they are mates.
    if (!pv_node && tte && tte->depth >= depth && tte->score != VALUE_NONE && pos_.rule50() < 90
        && (tte->bound & (tte->score >= beta ? BoundLower : BoundUpper))
        && (!proving_ || is_mate_score(tte->score)))
        return tte->score;

    // 5. Static evaluation, improved by the table's score when its bound allows.
    Value eval = VALUE_NONE;
    if (in_check) {
        ss.static_eval = VALUE_NONE;
    } else {
        ss.static_eval = tte && tte->eval != VALUE_NONE ? tte->eval : evaluate();
        eval = ss.static_eval;
        if (tte && tte->score != VALUE_NONE && (tte->bound & (tte->score > eval ? BoundLower : BoundUpper)))
            eval = tte->score;
    }
    const bool improving = !in_check && ply_ >= 2 && stack_[ply_ - 2].static_eval != VALUE_NONE
                        && ss.static_eval > stack_[ply_ - 2].static_eval;

    // A mate proof leaves out the pruning that trusts the static eval or reduces moves.
    const bool mate_search = proving_;

    // (Reverse futility pruning was tried here and left out: in a 160-game match it made no
    // measurable difference while futility pruning, its stand-in, stays.)
    if (!pv_node && !in_check && !mate_search) {
        // 6. Razoring: far below alpha at low depth, only a capture could help; ask quiescence.
        if (depth <= RazorMaxDepth && eval + RazorMargin * depth < alpha) {
            Value v = qsearch<false>(alpha, alpha + 1);
            if (v <= alpha) return v;
        }

        // 7. Null move: if passing still leaves us above beta after a reduced search, a real move
        // will too. Not in check, not twice in a row, not with only king and pawns (zugzwang).
        if (depth >= NullMinDepth && eval >= beta && ss.static_eval >= beta && ply_ > 0
            && stack_[ply_ - 1].current_move != Move::null() && pos_.has_non_pawn_material(us)
            && beta > -VALUE_MATE_IN_MAX_PLY) {
            int r = NullBase + depth / NullDepthDivisor + std::min(NullEvalMax, (eval - beta) / NullEvalDivisor);
            ss.current_move = Move::null();
            ss.moved_piece = NoPiece;
            pos_.make_null_move();
            ++ply_;
            nodes_.fetch_add(1, std::memory_order_relaxed);
            Value v = -search<NonPV>(-beta, -beta + 1, depth - r - 1, !cut_node);
            --ply_;
            pos_.unmake_null_move();
            if (stopped()) return VALUE_DRAW;
            if (v >= beta) return v >= VALUE_MATE_IN_MAX_PLY ? beta : v;  // unproven mates are not trusted
        }
    }

    // 8. Internal iterative reduction: with no hash move the ordering is poor; search shallower.
    if (!root && !mate_search && depth >= IirMinDepth && tt_move == Move::none() && (pv_node || cut_node)) --depth;

    // 9. The move loop.
    const Move counter = ply_ > 0 && stack_[ply_ - 1].current_move.is_ok()
                             ? counters_.get(stack_[ply_ - 1].moved_piece, stack_[ply_ - 1].current_move.to())
                             : Move::none();
    MovePicker picker(pos_, tt_move, ss.killers, counter, history_);
    Value best = -VALUE_INFINITE;
    Move best_move = Move::none();
    Move quiets_tried[64];
    int quiet_count = 0;
    int move_count = 0;
    std::size_t root_index = pv_index_;

    while (true) {
        Move m;
        if constexpr (root) {
            if (root_index >= root_moves_.size()) break;
            m = root_moves_[root_index++].move;
        } else {
            m = picker.next();
            if (m == Move::none()) break;
        }
        ++move_count;
        const bool capture = pos_.is_capture_or_promotion(m);
        const bool gives_check = pos_.gives_check(m);
        const int history = capture ? 0 : history_.get(us, m);

        // 10. Pruning. Exact first: when only a mate delivered by this very move could beat
        // alpha, a move that does not give check cannot.
        if (!root && !gives_check && alpha >= mate_in(ply_ + 3)) continue;

        // Then heuristic, at shallow depth, once a move has saved us from being mated.
        if (!root && !mate_search && best > -VALUE_MATE_IN_MAX_PLY && pos_.has_non_pawn_material(us)) {
            if (!capture && !gives_check) {
                // Late move pruning: after enough quiet moves the rest rarely matter. Quiet
                // checks are still tried: they are how short mates are found.
                if (depth <= LmpMaxDepth && move_count >= (LmpBase + depth * depth) / (2 - improving))
                    continue;
                // Futility: a quiet move cannot lift a score this far below alpha.
                if (!in_check && depth <= FutilityMaxDepth
                    && ss.static_eval + FutilityBase + FutilityPerDepth * depth <= alpha)
                    continue;
                if (depth <= SeeMaxDepth && !pos_.see_ge(m, -SeeQuietMargin * depth * depth)) continue;
            } else if (capture && depth <= SeeMaxDepth && !pos_.see_ge(m, -SeeCaptureMargin * depth)) {
                continue;
            }
        }

        // 11. Check extension, bounded so that checks cannot grow the tree without limit.
        int extension = gives_check && ply_ < 2 * root_depth_ ? 1 : 0;
        int new_depth = depth - 1 + extension;

        if (root && id_ == 0 && shared_.time.elapsed_ms() > CurrmoveAfterMs && current_callbacks_ && current_callbacks_->on_currmove)
            current_callbacks_->on_currmove(depth, m, int(root_index));

        if (pv_node) pv_length_[ply_ + 1] = ply_ + 1;
        play(m);
        Value score = -VALUE_INFINITE;

        // 12. Late move reductions, then PVS: a null window for all but the first move, and a
        // full-window re-search only when a move turns out better than expected.
        if (depth >= LmrMinDepth && move_count > 1 + int(root) && !mate_search
            && (!capture || picker.last_was_bad_capture())) {
            int r = reduction(depth, move_count);
            r += !pv_node;
            r += cut_node;
            r -= improving;
            r -= gives_check;
            r -= (m == ss.killers[0] || m == ss.killers[1]);
            r -= history / LmrHistoryDivisor;
            r = std::clamp(r, 0, new_depth - 1);
            score = -search<NonPV>(-alpha - 1, -alpha, new_depth - r, true);
            if (score > alpha && r > 0) score = -search<NonPV>(-alpha - 1, -alpha, new_depth, !cut_node);
        } else if (!pv_node || move_count > 1) {
            score = -search<NonPV>(-alpha - 1, -alpha, new_depth, !cut_node);
        }
        if (pv_node && (move_count == 1 || (score > alpha && (root || score < beta))))
            score = -search<PV>(-beta, -alpha, new_depth, false);

        take_back(m);
        if (stopped()) return VALUE_DRAW;

        if constexpr (root) {
            RootMove& rm = *std::find_if(root_moves_.begin(), root_moves_.end(),
                                         [&](const RootMove& r) { return r.move == m; });
            if (move_count == 1 || score > alpha) {
                rm.score = score;
                rm.seldepth = seldepth_;
                rm.pv.assign(1, m);
                for (int i = 1; i < pv_length_[1]; ++i) rm.pv.push_back(pv_[1][i]);
            } else {
                rm.score = -VALUE_INFINITE;  // only known to be worse than the best
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
        if (!capture && m != best_move && quiet_count < 64) quiets_tried[quiet_count++] = m;
    }

    // 13. No legal move: checkmate or stalemate. Every move pruned: a fail low.
    if (move_count == 0) return in_check ? mated_in(ply_) : VALUE_DRAW;
    if (best == -VALUE_INFINITE) best = alpha;

    // 14. A quiet move that cut off is remembered for move ordering.
    if (best >= beta && !pos_.is_capture_or_promotion(best_move))
        update_quiet_stats(best_move, quiets_tried, quiet_count, depth);

    Bound bound = best >= beta ? BoundLower : pv_node && best_move != Move::none() ? BoundExact : BoundUpper;
    if (!(root && pv_index_ > 0)) shared_.tt.store(key, ply_, best, ss.static_eval, bound, depth, best_move);
    return best;
}

template <bool PvNode>
Value Worker::qsearch(Value alpha, Value beta) {
    if (PvNode) pv_length_[ply_] = ply_;
    seldepth_ = std::max(seldepth_, ply_);
    if (stopped()) return VALUE_DRAW;
    if (pos_.insufficient_material()) return VALUE_DRAW;
    const bool in_check = pos_.in_check();
    if (ply_ >= MAX_PLY - 1) return in_check ? VALUE_DRAW : evaluate();

    const Key key = pos_.key();
    std::optional<TTData> tte = shared_.tt.probe(key, ply_);
    if (!PvNode && tte && tte->score != VALUE_NONE && (tte->bound & (tte->score >= beta ? BoundLower : BoundUpper)))
        return tte->score;

    // Stand pat: the side to move may decline every capture, so the static eval is a lower bound.
    Value best = -VALUE_INFINITE, static_eval = VALUE_NONE;
    if (!in_check) {
        static_eval = tte && tte->eval != VALUE_NONE ? tte->eval : evaluate();
        best = static_eval;
        if (tte && tte->score != VALUE_NONE && (tte->bound & (tte->score > best ? BoundLower : BoundUpper)))
            best = tte->score;
        if (best >= beta) return best;
        alpha = std::max(alpha, best);
    }

    MovePicker picker(pos_, tte ? tte->move : Move::none(), history_);
    Move best_move = Move::none();
    int move_count = 0;
    for (Move m; (m = picker.next()) != Move::none();) {
        ++move_count;
        if (!in_check && best > -VALUE_MATE_IN_MAX_PLY) {
            // Delta pruning: even winning the piece would leave us below alpha. SEE pruning: the
            // exchange loses material. A capture that gives check is kept: it may be mate.
            bool hopeless = !pos_.see_ge(m, 0);
            if (!hopeless && m.kind() != Move::Promotion) {
                Piece victim = m.kind() == Move::EnPassant ? make_piece(~pos_.side_to_move(), Pawn) : pos_.piece_on(m.to());
                hopeless = static_eval + SeeValue[type_of(victim)] + DeltaMargin <= alpha;
            }
            if (hopeless && !pos_.gives_check(m)) continue;
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

    shared_.tt.store(key, ply_, best, static_eval, best >= beta ? BoundLower : BoundUpper, 0, best_move);
    return best;
}

void Worker::report(const SearchCallbacks& cb, int depth, Value alpha, Value beta) {
    if (!cb.on_iteration) return;
    const int lines = int(std::min<std::size_t>(shared_.config.multipv, root_moves_.size()));
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = root_moves_[std::size_t(i)];
        bool searched = std::size_t(i) <= pv_index_ && rm.score != -VALUE_INFINITE;
        SearchReport r;
        r.depth = searched ? depth : std::max(1, depth - 1);
        r.seldepth = rm.seldepth;
        r.multipv = i + 1;
        r.score = searched ? rm.score : rm.previous_score;
        if (r.score == -VALUE_INFINITE) continue;
        r.bound = BoundExact;
        if (std::size_t(i) == pv_index_) {
            if (r.score >= beta) r.bound = BoundLower;
            else if (r.score <= alpha) r.bound = BoundUpper;
        }
        r.pv = rm.pv;
        r.time_ms = shared_.time.elapsed_ms();
        r.hashfull = shared_.tt.hashfull();
        r.nodes = nodes();  // the pool adds its helpers' nodes
        cb.on_iteration(r);
    }
}

void Worker::iterate(const Position& root, const std::vector<RootMove>& root_moves, const SearchCallbacks* callbacks) {
    pos_ = root;
    ply_ = 0;
    nodes_ = 0;
    completed_depth_ = 0;
    root_moves_ = root_moves;
    completed_ = root_moves;
    current_callbacks_ = callbacks;
    for (Stack& s : stack_) s = Stack{};

    const SearchLimits& limits = shared_.limits;
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
    const std::size_t lines = std::min<std::size_t>(std::max(1, shared_.config.multipv), root_moves_.size());
    Value previous = 0;

    for (root_depth_ = 1; root_depth_ <= max_depth; ++root_depth_) {
        // Helpers spread over two depths, so that they fill the table ahead of the main thread.
        if (id_ > 0 && root_depth_ > 1 && (id_ + root_depth_) % 2 == 0 && root_depth_ < max_depth) continue;
        for (RootMove& rm : root_moves_) rm.previous_score = rm.score;

        for (pv_index_ = 0; pv_index_ < lines && !stopped(); ++pv_index_) {
            seldepth_ = 0;
            Value guess = root_moves_[pv_index_].previous_score;
            if (guess == -VALUE_INFINITE) guess = previous;
            int delta = AspirationDelta;
            Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            if (root_depth_ >= AspirationMinDepth && !is_mate_score(guess)) {
                alpha = std::max(guess - delta, -VALUE_INFINITE);
                beta = std::min(guess + delta, VALUE_INFINITE);
            }
            // Aspiration: a window around the last score, widened on each failure.
            while (true) {
                Value score = search<Root>(alpha, beta, root_depth_, false);
                sort_by_score(root_moves_.begin() + long(pv_index_), root_moves_.end());
                if (stopped()) break;
                if (score <= alpha) {
                    if (id_ == 0 && callbacks && shared_.time.elapsed_ms() > CurrmoveAfterMs) report(*callbacks, root_depth_, alpha, beta);
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -VALUE_INFINITE);
                } else if (score >= beta) {
                    if (id_ == 0 && callbacks && shared_.time.elapsed_ms() > CurrmoveAfterMs) report(*callbacks, root_depth_, alpha, beta);
                    beta = std::min(score + delta, VALUE_INFINITE);
                } else {
                    break;
                }
                delta += delta;
                if (delta > 1000) alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            }
            sort_by_score(root_moves_.begin(), root_moves_.begin() + long(pv_index_) + 1);
        }
        if (stopped() && root_depth_ > 1) break;  // an interrupted iteration is thrown away

        completed_ = root_moves_;
        completed_depth_ = root_depth_;
        previous = root_moves_[0].score;
        if (id_ != 0) continue;
        if (callbacks) {
            pv_index_ = lines - 1;
            report(*callbacks, root_depth_, -VALUE_INFINITE, VALUE_INFINITE);
        }

        // A mate already searched well past its length will not change: stop (a timed or infinite
        // search; an infinite one then waits for `stop`) rather than race through empty iterations.
        if (!limits.depth && !limits.nodes && !limits.mate && is_mate_score(previous)
            && root_depth_ > 2 * (VALUE_MATE - std::abs(previous)) + MateSettleDepth)
            break;

        // Limits checked between iterations: a mate of the requested length, the clock.
        if (limits.mate && previous >= mate_in(2 * limits.mate - 1)) break;
        if (limits.mate && limits.mate <= ProofMaxMoves && root_depth_ >= 2 * limits.mate - 1 && prove_mate(callbacks))
            break;
        if (!shared_.pondering) {
            if (shared_.time.should_not_start_iteration()) break;
            if (shared_.time.limited() && root_moves_.size() == 1 && root_depth_ >= 4) break;
        }
        if (stopped()) break;
    }
    current_callbacks_ = nullptr;
}

// `go mate N` for short mates: a proof search at the current depth, where only a mate in N or
// less lifts the score above alpha and mate-distance pruning bounds the tree at 2N - 1 plies.
// Returns true when the mate is proven; otherwise the last exact result stays as it was.
bool Worker::prove_mate(const SearchCallbacks* callbacks) {
    const Value proof = mate_in(2 * shared_.limits.mate - 1) - 1;
    pv_index_ = 0;
    seldepth_ = 0;
    proving_ = true;
    Value score = search<Root>(proof, VALUE_INFINITE, root_depth_, false);
    proving_ = false;
    if (stopped() || score <= proof) {
        root_moves_ = completed_;
        return false;
    }
    sort_by_score(root_moves_.begin(), root_moves_.end());
    completed_ = root_moves_;
    if (callbacks) report(*callbacks, root_depth_, -VALUE_INFINITE, VALUE_INFINITE);
    return true;
}

template Value Worker::search<Worker::Root>(Value, Value, int, bool);

// ---- ThreadPool --------------------------------------------------------------------------------

ThreadPool::ThreadPool(TranspositionTable& tt) : shared_(tt) { set_threads(1); }

ThreadPool::~ThreadPool() {
    stop();
    join_all();
}

// Waits for the current search, then wakes every parked thread to exit and joins each once.
void ThreadPool::join_all() {
    wait();
    {
        std::lock_guard lock(mutex_);
        exiting_ = true;
    }
    cv_.notify_all();
    for (auto& slot : workers_)
        if (slot->thread.joinable()) slot->thread.join();
    workers_.clear();
    exiting_ = false;
}

void ThreadPool::set_threads(int n) {
    join_all();
    for (int i = 0; i < std::max(1, n); ++i) {
        auto slot = std::make_unique<Slot>();
        slot->worker = std::make_unique<Worker>(i, shared_);
        workers_.push_back(std::move(slot));
    }
    for (std::size_t i = 0; i < workers_.size(); ++i) workers_[i]->thread = std::thread(&ThreadPool::thread_main, this, i);
}

std::vector<RootMove> ThreadPool::root_moves_for(const Position& root, const SearchConfig& config) {
    MoveList legal;
    generate<GenType::All>(root, legal);
    std::vector<RootMove> moves;
    for (Move m : legal)
        if (config.searchmoves.empty() || std::find(config.searchmoves.begin(), config.searchmoves.end(), m) != config.searchmoves.end())
            moves.push_back(RootMove{.move = m, .score = -VALUE_INFINITE, .previous_score = -VALUE_INFINITE, .seldepth = 0, .pv = {}});
    return moves;
}

void ThreadPool::prepare(const Position& root, const SearchLimits& limits, const SearchConfig& config) {
    root_ = root;
    shared_.limits = limits;
    shared_.config = config;
    shared_.stop = false;
    shared_.stop_requested = false;
    shared_.pondering = limits.ponder;
    shared_.time.start(limits, root.side_to_move(), config.move_overhead_ms);
    shared_.tt.new_search();
    root_moves_ = root_moves_for(root, config);
}

void ThreadPool::start(const Position& root, const SearchLimits& limits, const SearchConfig& config,
                       SearchCallbacks callbacks) {
    wait();
    std::lock_guard lock(mutex_);
    prepare(root, limits, config);
    callbacks_ = std::move(callbacks);
    searching_ = true;
    workers_[0]->has_work = true;
    cv_.notify_all();
}

void ThreadPool::thread_main(std::size_t index) {
    while (true) {
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [&] { return exiting_ || workers_[index]->has_work; });
            if (exiting_) return;
        }
        if (index == 0) {
            main_search();
        } else {
            workers_[index]->worker->iterate(root_, root_moves_, nullptr);
            std::lock_guard lock(mutex_);
            workers_[index]->has_work = false;
            --running_helpers_;
            cv_.notify_all();
        }
    }
}

void ThreadPool::main_search() {
    Worker& main = *workers_[0]->worker;
    SearchCallbacks cb = callbacks_;
    // Node counts in reports cover every thread.
    SearchCallbacks reporting = cb;
    reporting.on_iteration = [&](const SearchReport& r) {
        SearchReport copy = r;
        for (std::size_t i = 1; i < workers_.size(); ++i) copy.nodes += workers_[i]->worker->nodes();
        if (cb.on_iteration) cb.on_iteration(copy);
    };

    if (root_moves_.empty()) {
        // Checkmate or stalemate at the root: report it, and still wait for stop in infinite mode.
        SearchReport r;
        r.score = root_.in_check() ? -VALUE_MATE : VALUE_DRAW;
        if (cb.on_iteration) cb.on_iteration(r);
    } else {
        {
            std::lock_guard lock(mutex_);
            for (std::size_t i = 1; i < workers_.size(); ++i) {
                workers_[i]->has_work = true;
                ++running_helpers_;
            }
        }
        cv_.notify_all();
        main.iterate(root_, root_moves_, &reporting);
    }

    // Under `go infinite` or `go ponder` the best move waits for `stop` or `ponderhit`, also when
    // the search itself ended early (a node limit, a mate, the maximum depth).
    {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [&] {
            return shared_.stop_requested.load() || (!shared_.limits.infinite && !shared_.pondering.load());
        });
    }
    shared_.stop = true;
    {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [&] { return running_helpers_ == 0; });
    }

    Move best = Move::none(), ponder = Move::none();
    if (!root_moves_.empty()) {
        std::size_t chosen = 0;
        if (shared_.config.strength.enabled)
            chosen = choose_line(shared_.config.strength, main.completed(),
                                 std::size_t(std::max(1, shared_.config.multipv)), rng_);
        const RootMove& rm = main.completed()[chosen];
        best = rm.move;
        if (rm.pv.size() > 1) {
            ponder = rm.pv[1];
        } else {
            // Fill the ponder move from the table when the PV stopped at the root move.
            Position after = root_;
            after.make_move(best);
            if (auto tte = shared_.tt.probe(after.key(), 1); tte && after.is_legal(tte->move)) ponder = tte->move;
        }
        // The last line before bestmove is an exact score whose PV starts with the best move.
        SearchReport r;
        r.depth = std::max(1, main.completed_depth());
        r.seldepth = rm.seldepth;
        r.score = rm.score;
        r.pv = rm.pv.empty() ? std::vector<Move>{best} : rm.pv;
        r.time_ms = shared_.time.elapsed_ms();
        r.hashfull = shared_.tt.hashfull();
        r.nodes = main.nodes();
        reporting.on_iteration(r);
    }
    if (cb.on_bestmove) cb.on_bestmove(best, ponder);

    std::lock_guard lock(mutex_);
    workers_[0]->has_work = false;
    searching_ = false;
    cv_.notify_all();
}

void ThreadPool::stop() {
    std::lock_guard lock(mutex_);
    shared_.stop = true;
    shared_.stop_requested = true;
    cv_.notify_all();
}

void ThreadPool::ponderhit() {
    std::lock_guard lock(mutex_);
    if (!searching_) return;
    shared_.time.restart();
    shared_.pondering = false;
    cv_.notify_all();
}

void ThreadPool::wait() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return !searching_; });
}

bool ThreadPool::searching() const {
    std::lock_guard lock(mutex_);
    return searching_;
}

void ThreadPool::clear() {
    wait();
    for (auto& slot : workers_) slot->worker->clear();
}

std::uint64_t ThreadPool::search_sync(const Position& root, const SearchLimits& limits, const SearchConfig& config,
                                      const SearchCallbacks& callbacks) {
    wait();
    SearchLimits not_pondering = limits;
    not_pondering.ponder = false;
    prepare(root, not_pondering, config);
    Worker& main = *workers_[0]->worker;
    if (root_moves_.empty()) return 0;
    main.iterate(root_, root_moves_, &callbacks);
    if (callbacks.on_bestmove) {
        const RootMove& rm = main.completed()[0];
        callbacks.on_bestmove(rm.move, rm.pv.size() > 1 ? rm.pv[1] : Move::none());
    }
    return main.nodes();
}

}  // namespace sente
