// The search threads, parked on a condition variable between searches: the pool starts a search,
// stops it, and picks the move it plays.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "search/search.hpp"

namespace sente {

class ThreadPool {
public:
    explicit ThreadPool(TranspositionTable& tt);
    ~ThreadPool();

    // Starts n search threads, or as many as the system grants; gives the number started.
    int set_threads(int n);
    int size() const { return int(workers_.size()); }
    // Starts a search in the background; the result arrives through callbacks.on_bestmove.
    void start(const Position& root, const SearchLimits& limits, const SearchConfig& config,
               SearchCallbacks callbacks);
    void stop();
    void ponderhit();
    // Blocks until the current search, if any, has sent its best move.
    void wait();
    bool searching() const;
    // Whether a search runs that ends only on stop (or ponderhit, then its clock): go infinite, a
    // go that named no limit, go ponder.
    bool searching_until_told() const;
    void clear();
    // The root moves as the main thread's last completed iteration left them, best first.
    const std::vector<RootMove>& last_root_moves() const { return workers_[0]->worker->completed(); }
    // Runs a search in the calling thread with one worker (bench, tests). Returns nodes searched.
    std::uint64_t search_sync(const Position& root, const SearchLimits& limits, const SearchConfig& config,
                              const SearchCallbacks& callbacks);

private:
    // The memory each further thread must leave free for what the searches allocate (the C
    // library's arenas of its threads among it): under an address-space limit, a pool that took all
    // there was crashed at its next search.
    static constexpr std::size_t SearchHeadroom = std::size_t(256) << 20;
    struct Slot {
        std::unique_ptr<Worker> worker;
        std::thread thread;
        bool has_work = false;
    };
    void thread_main(std::size_t index);
    void join_all();
    // Sets up the shared state and the root moves for a search (under the lock, or with no threads busy).
    void prepare(const Position& root, const SearchLimits& limits, const SearchConfig& config);
    void main_search();
    void search_root(Worker& main, const SearchCallbacks& cb);
    // A report of the main thread's, with every thread's nodes and tablebase hits.
    void report(const SearchCallbacks& cb, const SearchReport& r) const;
    void report_best(Worker& main, const SearchCallbacks& cb, Move& best, Move& ponder);
    static std::vector<RootMove> root_moves_for(const Position& root, const SearchConfig& config);
    // Keeps the root moves the tables rank best (when the root is in them), on the thread that
    // searches, before any helper starts.
    void rank_by_tablebases(const Position& root, const SearchConfig& config);

    SearchShared shared_;
    std::vector<std::unique_ptr<Slot>> workers_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool exiting_ = false;
    bool searching_ = false;
    int running_helpers_ = 0;
    bool helper_failed_ = false;  // set by a helper that failed, under the mutex
    Position root_;
    std::mt19937_64 rng_{std::random_device{}()};  // limited strength's choices
    std::vector<RootMove> root_moves_;
    SearchCallbacks callbacks_;
};

}  // namespace sente
