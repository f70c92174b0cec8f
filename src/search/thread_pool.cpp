// Search threads: one main worker that keeps the clock and reports, helpers that share its hash
// table (Lazy SMP), all parked on a condition variable between searches.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <limits>
#include <new>
#include <system_error>
#include <utility>

#include "core/movegen.hpp"
#include "search/syzygy.hpp"
#include "search/table_memory.hpp"
#include "search/thread_pool.hpp"

namespace sente {

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

// As many of the n threads as the system grants, leaving room for what their searches allocate:
// a worker's tables or a thread that cannot be had, or too little memory left beside them, ends the
// pool there (the old pool is gone by then, so one worker always fits again). Each thread starts as
// its slot is made; the threads read only their own slots, under the mutex.
int ThreadPool::set_threads(int n) {
    join_all();
    n = std::max(1, n);
    workers_.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        if (i > 0 && !table_memory::can_map(SearchHeadroom)) break;
        try {
            auto slot = std::make_unique<Slot>();
            slot->worker = std::make_unique<Worker>(i, shared_);
            Slot& made = *slot;
            {
                std::lock_guard lock(mutex_);
                workers_.push_back(std::move(slot));
            }
            try {
                made.thread = std::thread(&ThreadPool::thread_main, this, std::size_t(i));
            } catch (const std::system_error&) {
                std::lock_guard lock(mutex_);
                workers_.pop_back();
                throw;
            }
        } catch (const std::exception&) {
            if (i == 0) throw;
            break;
        }
    }
    return size();
}

std::vector<RootMove> ThreadPool::root_moves_for(const Position& root, const SearchConfig& config) {
    MoveList legal;
    generate<GenType::All>(root, legal);
    std::vector<RootMove> moves;
    for (Move m : legal)
        if (config.searchmoves.empty()
            || std::find(config.searchmoves.begin(), config.searchmoves.end(), m) != config.searchmoves.end())
            moves.push_back(RootMove{.move = m,
                                     .score = -VALUE_INFINITE,
                                     .previous_score = -VALUE_INFINITE,
                                     .seldepth = 0,
                                     .pv = {}});
    return moves;
}

void ThreadPool::prepare(const Position& root, const SearchLimits& limits, const SearchConfig& config) {
    root_ = root;
    shared_.limits = limits;
    shared_.config = config;
    shared_.stop = false;
    shared_.stop_requested = false;
    shared_.pondering = limits.ponder;
    shared_.stop_on_ponderhit = false;
    shared_.time.start(limits, root.side_to_move(), config.move_overhead_ms);
    shared_.tt.new_search();
    shared_.helpers.clear();
    for (auto& slot : workers_) slot->worker->reset_counters();
    root_moves_ = root_moves_for(root, config);
    // The tables rank the root moves on the search thread (main_search): a probe of large tables
    // on a slow disk must not keep the protocol thread from answering isready or stop.
}

// With the root in the tables, the best move is one they rank best: a won ending is then
// converted within the fifty-move rule (Syzygy50MoveRule) and a drawn one held, whatever the
// evaluation thinks (every win that counts ranks alike; until a mate is found in one, the search
// scores each by its distance to zeroing: RootMove::tb_progress). With one line, only those moves
// are searched; with more (MultiPV), every move is, in rank order, each line among the moves of
// its rank (Worker::set_line_moves), so that the other lines show the other moves' results. The
// limited strength's choice among its lines keeps to the best rank. When DTZ tables did the
// ranking the search needs no further probes.
void ThreadPool::rank_by_tablebases(const Position& root, const SearchConfig& config) {
    shared_.tb_cardinality = std::min(config.syzygy.probe_limit, syzygy::largest());
    shared_.root_in_tb = false;
    shared_.root_tb_hits = 0;
    if (root_moves_.empty() || popcount(root.pieces()) > shared_.tb_cardinality) return;
    const std::optional<syzygy::RootRanking> ranking = syzygy::rank_root_moves(root, config.syzygy.rule50);
    if (!ranking) return;
    // The ranking holds every legal move; the root's may be fewer (searchmoves): each one's rank
    // and result.
    auto ranked = [&](Move m) -> const syzygy::RankedMove& {
        const auto it = std::ranges::find(ranking->moves, m, &syzygy::RankedMove::move);
        assert(it != ranking->moves.end());
        return *it;
    };
    for (RootMove& rm : root_moves_) {
        const syzygy::RankedMove& r = ranked(rm.move);
        rm.tb_rank = r.rank;
        rm.tb_value = r.value;
        rm.tb_progress = r.progress;
    }
    std::ranges::stable_sort(root_moves_, std::greater{}, &RootMove::tb_rank);
    const int best_rank = root_moves_[0].tb_rank;
    if (config.multipv <= 1 || config.strength.enabled)
        std::erase_if(root_moves_, [&](const RootMove& rm) { return rm.tb_rank < best_rank; });
    shared_.root_in_tb = true;
    shared_.root_tb_hits = ranking->moves.size();
    if (ranking->by_dtz || root_moves_[0].tb_value <= VALUE_DRAW) shared_.tb_cardinality = 0;
}

void ThreadPool::start(const Position& root, const SearchLimits& limits, const SearchConfig& config,
                       SearchCallbacks callbacks) {
    wait();
    std::lock_guard lock(mutex_);
    prepare(root, limits, config);
    for (std::size_t i = 1; i < workers_.size(); ++i) shared_.helpers.push_back(workers_[i]->worker.get());
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
            // A helper that fails (memory refused) ends its own part; the others search on.
            bool failed = false;
            try {
                workers_[index]->worker->iterate(root_, root_moves_, nullptr);
            } catch (const std::exception&) {
                failed = true;
            }
            std::lock_guard lock(mutex_);
            helper_failed_ = helper_failed_ || failed;
            workers_[index]->has_work = false;
            --running_helpers_;
            cv_.notify_all();
        }
    }
}

// A failure on this thread (memory the system refused, near its limit) must not end the process
// or leave the GUI without a best move: the search ends there, says why, and plays the best move
// it had, or any legal one, when the protocol allows (after stop or ponderhit when searching until
// told).
void ThreadPool::main_search() {
    Worker& main = *workers_[0]->worker;
    SearchCallbacks cb;
    const char* failed = nullptr;
    std::array<char, 96> problem{};  // what failed, kept without memory the system may refuse
    auto keep = [&](const char* part, const std::exception& e) {
        failed = part;
        std::strncpy(problem.data(), e.what(), problem.size() - 1);
    };
    try {
        cb = std::move(callbacks_);  // a copy would allocate, and may fail
        search_root(main, cb);
    } catch (const std::exception& e) {
        keep("the search", e);
        shared_.stop = true;
    }

    // Under `go infinite` or `go ponder` the best move waits for `stop` or `ponderhit`, also when
    // the search itself ended early (a node limit, a mate, the maximum depth, a failure).
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
        // After a failure, the last completed iteration's best move, if that iteration was this
        // search's (one that failed before its first iteration holds the last search's moves).
        const std::vector<RootMove>& completed = main.completed();
        const bool ours =
            !completed.empty()
            && std::ranges::find(root_moves_, completed[0].move, &RootMove::move) != root_moves_.end();
        best = ours ? completed[0].move : root_moves_[0].move;
        try {
            if (!failed) report_best(main, cb, best, ponder);
        } catch (const std::exception& e) {
            keep("the last report", e);
        }
    }
    // What cannot be said for want of memory is left unsaid: the pool must still end the search.
    // (Every helper has ended: the flag is read and cleared under no lock.)
    const bool helper_failed = std::exchange(helper_failed_, false);
    try {
        if (failed && cb.on_error)
            cb.on_error(std::string(failed) + " failed (" + problem.data()
                        + "); playing the best move found so far");
        if (helper_failed && cb.on_error)
            cb.on_error("a helper thread failed and stopped (no memory left?); the others searched on");
    } catch (const std::exception&) {
    }
    try {
        if (cb.on_bestmove) cb.on_bestmove(best, ponder);
    } catch (const std::exception&) {
    }

    std::lock_guard lock(mutex_);
    workers_[0]->has_work = false;
    searching_ = false;
    cv_.notify_all();
}

void ThreadPool::search_root(Worker& main, const SearchCallbacks& cb) {
    // Node counts in reports cover every thread.
    SearchCallbacks reporting = cb;
    reporting.on_iteration = [&](const SearchReport& r) { report(cb, r); };

    rank_by_tablebases(root_, shared_.config);
    if (root_moves_.empty()) {
        // Checkmate or stalemate at the root: report it, and still wait for stop in infinite mode.
        SearchReport r;
        r.score = root_.in_check() ? -VALUE_MATE : VALUE_DRAW;
        if (cb.on_iteration) cb.on_iteration(r);
        return;
    }
    // The main worker takes its huge pages before the helpers wake: advising the system about
    // memory waits on every other thread doing the same, and only this thread keeps the clock.
    main.use_huge_pages();
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

void ThreadPool::report(const SearchCallbacks& cb, const SearchReport& r) const {
    if (!cb.on_iteration) return;
    SearchReport copy = r;
    for (std::size_t i = 1; i < workers_.size(); ++i) {
        copy.nodes += workers_[i]->worker->nodes();
        copy.tbhits += workers_[i]->worker->tb_hits();
    }
    copy.tbhits += shared_.root_tb_hits;
    cb.on_iteration(copy);
}

// The move the search plays (the limited strength's choice among its lines), the ponder move, and
// the last line before bestmove, with the played move's score and a PV that starts with it.
void ThreadPool::report_best(Worker& main, const SearchCallbacks& cb, Move& best, Move& ponder) {
    std::size_t chosen = 0;
    if (shared_.config.strength.enabled)
        chosen = choose_line(shared_.config.strength, main.completed(),
                             std::size_t(std::max(1, shared_.config.multipv)), rng_);
    const RootMove& rm = main.completed()[chosen];
    best = rm.move;
    if (rm.pv.size() > 1) {
        ponder = rm.pv[1];
    } else {
        // Fill the ponder move from the table when the PV stopped at the root move, unless the
        // best move ends the game in a draw.
        Position after = root_;
        after.make_move(best);
        if (auto tte = shared_.tt.probe(after.key(), 1); !after.is_draw() && tte && after.is_legal(tte->move))
            ponder = tte->move;
    }
    // The score is exact unless the move came from an unfinished iteration, where it may have
    // failed high (or, searched again in a wider window, low) when the search stopped.
    SearchReport r;
    r.depth = std::max(1, main.completed_depth());
    r.seldepth = rm.seldepth;
    r.score = shared_.shown_score(rm.score, rm);
    r.bound = shared_.shown_bound(rm.score, rm.bound);
    r.pv = shared_.shown_line(root_, rm.pv.empty() ? std::vector<Move>{best} : rm.pv, r.score);
    r.time_ms = shared_.time.searched_ms();
    r.hashfull = shared_.tt.hashfull();
    r.nodes = main.nodes();
    r.tbhits = main.tb_hits();
    report(cb, r);
}

void ThreadPool::stop() {
    std::lock_guard lock(mutex_);
    shared_.stop = true;
    shared_.stop_requested = true;
    cv_.notify_all();
}

void ThreadPool::ponderhit() {
    std::lock_guard lock(mutex_);
    // Only a search that ponders has a clock to start: a stray ponderhit leaves any other alone.
    if (!searching_ || !shared_.pondering) return;
    shared_.time.restart();
    shared_.pondering = false;
    if (shared_.stop_on_ponderhit) shared_.stop = true;
    cv_.notify_all();
}

void ThreadPool::wait() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return !searching_; });
}

bool ThreadPool::searching_until_told() const {
    std::lock_guard lock(mutex_);
    return searching_ && (shared_.limits.infinite || shared_.pondering);
}

bool ThreadPool::searching() const {
    std::lock_guard lock(mutex_);
    return searching_;
}

void ThreadPool::clear() {
    wait();
    for (auto& slot : workers_) slot->worker->clear();
}

std::uint64_t ThreadPool::search_sync(const Position& root, const SearchLimits& limits,
                                      const SearchConfig& config, const SearchCallbacks& callbacks) {
    wait();
    SearchLimits not_pondering = limits;
    not_pondering.ponder = false;
    prepare(root, not_pondering, config);
    rank_by_tablebases(root_, config);
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
