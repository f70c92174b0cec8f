// The root of the search: iterative deepening with aspiration windows, MultiPV, reports to the
// GUI, and the proof search behind `go mate`.
#include <algorithm>

#include "search/params.hpp"
#include "search/search.hpp"
#include "search/table_memory.hpp"

namespace sente {

using namespace search;

namespace {

// Best first. Moves known only to be worse than the best (all scored -VALUE_INFINITE) follow in
// the order of the nodes their subtrees took: a move that was hard to refute is the likeliest to
// be the next best.
void sort_root_moves(std::vector<RootMove>::iterator first, std::vector<RootMove>::iterator last) {
    std::stable_sort(first, last, [](const RootMove& a, const RootMove& b) {
        return a.score != b.score ? a.score > b.score : a.nodes > b.nodes;
    });
}

}  // namespace

std::vector<Move> SearchShared::shown_line(const Position& root, std::vector<Move> pv, Value score) const {
    if (!is_mate_score(score)) return pv;
    const std::size_t plies = std::size_t(VALUE_MATE - std::abs(score));
    Position pos = root;
    for (Move m : pv) pos.make_move(m);
    while (pv.size() < plies && !pos.is_draw()) {
        const std::optional<TTData> entry = tt.probe(pos.key(), int(pv.size()), pos.rule50());
        if (!entry || !entry->move.is_ok() || !pos.is_legal(entry->move)) break;
        pos.make_move(entry->move);
        pv.push_back(entry->move);
    }
    return pv;
}

void Worker::report(const SearchCallbacks& cb, int depth) {
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
        r.bound = shared_.shown_bound(r.score, searched ? rm.bound : BoundExact);
        r.score = shared_.shown_score(r.score, rm);
        r.pv = shared_.shown_line(pos_, rm.pv, r.score);
        r.time_ms = shared_.time.searched_ms();
        r.hashfull = shared_.tt.hashfull();
        r.nodes = nodes();  // the pool adds its helpers' nodes and tablebase hits
        r.tbhits = tb_hits();
        cb.on_iteration(r);
    }
}

// With the root in the tables (and more than one line asked for: otherwise only the best rank's
// moves are root moves), the moves are in rank order, best first, and each line is searched among
// the moves of one rank, as the search sorts only within it: the first line is always a move the
// tables rank best, and no line shows a move ranked below one not shown.
void Worker::set_line_moves() {
    pv_first_ = 0;
    pv_last_ = root_moves_.size();
    if (!shared_.root_in_tb) return;
    const int rank = root_moves_[pv_index_].tb_rank;
    pv_first_ = pv_index_;
    while (pv_first_ > 0 && root_moves_[pv_first_ - 1].tb_rank == rank) --pv_first_;
    pv_last_ = pv_index_ + 1;
    while (pv_last_ < root_moves_.size() && root_moves_[pv_last_].tb_rank == rank) ++pv_last_;
}

void Worker::use_huge_pages() {
    if (on_huge_pages_) return;
    table_memory::advise_object(this, sizeof(Worker), id_ == 0);
    on_huge_pages_ = true;
}

std::size_t Worker::playable_moves() const {
    if (!shared_.root_in_tb) return root_moves_.size();
    return std::size_t(std::ranges::count(root_moves_, root_moves_[0].tb_rank, &RootMove::tb_rank));
}

void Worker::iterate(const Position& root, const std::vector<RootMove>& root_moves,
                     const SearchCallbacks* callbacks) {
    use_huge_pages();
    pos_ = root;
    ply_ = 0;
    net_ = shared_.config.net.get();
    if (net_) accumulators_.reset(*net_, pos_);
    nodes_ = 0;
    tb_hits_ = 0;
    completed_depth_ = 0;
    proving_ = false;  // a proof that failed on its way out (memory refused) must not outlive it
    root_moves_ = root_moves;
    completed_ = root_moves;
    current_callbacks_ = callbacks;
    PieceToHistory* sentinel = continuation_history_.at(NoPiece, A1);
    for (Stack& s : stack_) s = Stack{.continuation = sentinel};
    if (!net_) frame(0).piece_square = eval::piece_square(pos_);

    const SearchLimits& limits = shared_.limits;
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
    const std::size_t lines = std::min<std::size_t>(std::max(1, shared_.config.multipv), root_moves_.size());
    Value previous = 0;
    int stable_iterations = 0;
    std::int64_t last_report_ms = 0;  // when the last iteration's info line went out

    for (root_depth_ = 1; root_depth_ <= max_depth; ++root_depth_) {
        // Helpers spread over two depths, so that they fill the table ahead of the main thread.
        if (id_ > 0 && root_depth_ > 1 && (id_ + root_depth_) % 2 == 0 && root_depth_ < max_depth) continue;
        const std::uint64_t iteration_start_nodes = nodes();
        for (RootMove& rm : root_moves_) {
            rm.previous_score = rm.score;
            rm.nodes = 0;
        }

        root_failed_low_ = false;
        for (pv_index_ = 0; pv_index_ < lines && !stopped(); ++pv_index_) {
            set_line_moves();
            seldepth_ = 0;
            iteration_best_ = Move::none();
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
                sort_root_moves(root_moves_.begin() + long(pv_index_), root_moves_.begin() + long(pv_last_));
                if (stopped()) break;
                if (score <= alpha) {
                    root_failed_low_ = root_failed_low_ || pv_index_ == 0;
                    if (id_ == 0 && callbacks && shared_.time.searched_ms() > CurrmoveAfterMs)
                        report(*callbacks, root_depth_);
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -VALUE_INFINITE);
                } else if (score >= beta) {
                    if (id_ == 0 && callbacks && shared_.time.searched_ms() > CurrmoveAfterMs)
                        report(*callbacks, root_depth_);
                    beta = std::min(score + delta, VALUE_INFINITE);
                } else {
                    break;
                }
                delta += delta;
                if (delta > 1000) alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            }
            sort_root_moves(root_moves_.begin() + long(pv_first_), root_moves_.begin() + long(pv_index_) + 1);
        }
        if (stopped() && root_depth_ > 1) {
            // An interrupted iteration is thrown away, except for a root move that completed in it
            // and raised alpha: the previous best is always searched first, so that move beat it
            // at the new depth (or is the previous best itself, with a fresh line). A move that
            // failed high in one pass and, searched first in the wider window, low in the next
            // is kept too; its line then shows the upper bound (RootMove::bound).
            if (lines == 1 && iteration_best_ != Move::none() && root_moves_[0].move == iteration_best_)
                completed_ = root_moves_;
            break;
        }

        const Value previous_score = previous;
        stable_iterations =
            completed_depth_ > 0 && completed_[0].move == root_moves_[0].move ? stable_iterations + 1 : 0;
        completed_ = root_moves_;
        completed_depth_ = root_depth_;
        previous = root_moves_[0].score;
        if (id_ != 0) continue;
        if (callbacks) {
            pv_index_ = lines - 1;
            const std::int64_t now = shared_.time.searched_ms();
            if (root_depth_ <= ReportEveryDepthTo || now - last_report_ms >= ReportIntervalMs) {
                report(*callbacks, root_depth_);
                last_report_ms = now;
            }
        }

        // A mate already searched well past its length will not change: stop (a timed or infinite
        // search; an infinite one then waits for `stop`) rather than race through empty iterations.
        if (!limits.depth && !limits.nodes && !limits.mate && is_mate_score(previous)
            && root_depth_ > 2 * (VALUE_MATE - std::abs(previous)) + MateSettleDepth)
            break;

        // Limits checked between iterations: a soft node limit (and an iteration it expects to pass
        // the hard limit), a mate of the requested length, the clock.
        if (limits.soft_nodes) {
            const std::uint64_t spent = nodes();
            if (spent >= limits.soft_nodes) break;
            const std::uint64_t expected = SoftNodesGrowth * (spent - iteration_start_nodes);
            if (limits.nodes && spent + expected > limits.nodes) break;
        }
        if (limits.mate && previous >= mate_in(2 * limits.mate - 1)) break;
        if (limits.mate && limits.mate <= ProofMaxMoves && root_depth_ >= 2 * limits.mate - 1
            && prove_mate(callbacks))
            break;
        const bool limits_end_it =
            shared_.time.should_not_start_iteration(time_scale(stable_iterations, previous_score))
            || (shared_.time.limited() && playable_moves() == 1 && root_depth_ >= 4);
        if (limits_end_it) {
            // The move's time is spent: a search that ponders goes on until the ponderhit, which
            // then ends it (set before pondering is read, so that a ponderhit meanwhile is seen).
            shared_.stop_on_ponderhit = true;
            if (!shared_.pondering) break;
        }
        if (stopped()) break;
    }
    current_callbacks_ = nullptr;
}

int Worker::time_scale(int stable_iterations, Value previous_score) const {
    const RootMove& best = root_moves_[0];
    std::uint64_t total = 0;
    for (const RootMove& rm : root_moves_) total += rm.nodes;
    const int share = total ? int(best.nodes * 100 / total) : 50;
    return TimeManager::scale_percent({.stable_iterations = stable_iterations,
                                       .score = best.score,
                                       .previous_score = previous_score,
                                       .best_move_node_share = share,
                                       .failed_low = root_failed_low_});
}

// `go mate N` for short mates: a proof search at the current depth, where only a mate in N or
// less lifts the score above alpha and mate-distance pruning bounds the tree at 2N - 1 plies.
// Returns true when the mate is proven; otherwise the last exact result stays as it was.
bool Worker::prove_mate(const SearchCallbacks* callbacks) {
    const Value proof = mate_in(2 * shared_.limits.mate - 1) - 1;
    pv_index_ = 0;
    set_line_moves();
    seldepth_ = 0;
    proving_ = true;
    Value score = search<Root>(proof, VALUE_INFINITE, root_depth_, false);
    proving_ = false;
    if (stopped() || score <= proof) {
        root_moves_ = completed_;
        return false;
    }
    sort_root_moves(root_moves_.begin(), root_moves_.begin() + long(pv_last_));
    completed_ = root_moves_;
    if (callbacks) report(*callbacks, root_depth_);
    return true;
}

}  // namespace sente
