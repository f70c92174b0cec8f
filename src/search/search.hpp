// The search: iterative deepening over a principal variation search with null-move pruning, late
// move reductions and a quiescence search, run by one or more worker threads (Lazy SMP).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "eval/eval.hpp"
#include "nnue/accumulator.hpp"
#include "search/history.hpp"
#include "search/movepick.hpp"
#include "search/root_move.hpp"
#include "search/strength.hpp"
#include "search/timeman.hpp"
#include "search/tt.hpp"

namespace sente {

// One finished iteration (or one MultiPV line of it), for the `info` line.
struct SearchReport {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Value score = 0;
    Bound bound = BoundExact;
    std::uint64_t nodes = 0;
    std::uint64_t tbhits = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    std::vector<Move> pv;
};

struct SearchCallbacks {
    std::function<void(const SearchReport&)> on_iteration;
    std::function<void(int depth, Move move, int number)> on_currmove;
    std::function<void(Move best, Move ponder)> on_bestmove;
    // A search that failed on its thread (memory the system refused): what failed, before the
    // best move found so far.
    std::function<void(std::string_view problem)> on_error;
};

// Syzygy probing, as Stockfish's options name it (the tables themselves are loaded by syzygy::init).
struct SyzygyConfig {
    static constexpr int MaxPieces = 7;  // the largest tables there are, kings included
    static constexpr int MaxProbeDepth = 100;
    int probe_depth = 1;          // SyzygyProbeDepth: the least depth at which the search probes
    int probe_limit = MaxPieces;  // SyzygyProbeLimit: the most pieces probed
    bool rule50 = true;           // Syzygy50MoveRule: a win the fifty-move rule spoils is a draw
};

struct SearchConfig {
    int multipv = 1;
    int tempo_percent = eval::DefaultTempoPercent;  // scale of the evaluation's tempo bonus
    // The network that evaluates; none: the hand-crafted evaluation ("Use NNUE" off).
    std::shared_ptr<const nnue::Network> net;
    std::int64_t move_overhead_ms = 0;
    std::vector<Move> searchmoves;  // empty: all legal moves
    StrengthLimit strength;         // UCI_LimitStrength: the move is chosen among multipv lines
    SyzygyConfig syzygy;
};

class Worker;

// What the threads of one search share.
struct SearchShared {
    explicit SearchShared(TranspositionTable& table) : tt(table) {}
    TranspositionTable& tt;
    SearchLimits limits;
    SearchConfig config;
    TimeManager time;
    std::atomic<bool> stop{false};            // every thread: end the search now
    std::atomic<bool> stop_requested{false};  // the GUI sent stop (or quit, or a new go)
    std::atomic<bool> pondering{false};       // time limits are suspended until ponderhit
    // While pondering the search went past the point where its limits would have ended it: a
    // ponderhit ends it at once (the next iteration, started meanwhile, would not finish in time).
    std::atomic<bool> stop_on_ponderhit{false};
    // The helper threads of this search (none for a search in the caller's thread): a node limit
    // (`go nodes`, UCI_LimitStrength's budget) counts their nodes beside the main thread's.
    std::vector<const Worker*> helpers;
    // Tablebases: the most pieces the search probes (0: none), and whether the root moves were
    // ranked by the tables (RootMove::tb_rank and tb_value; the probes count as tbhits).
    int tb_cardinality = 0;
    bool root_in_tb = false;
    std::uint64_t root_tb_hits = 0;

    // Whether a report shows the tables' result rather than the search's: with the root in the
    // tables, unless the search found a mate.
    bool tables_shown(Value searched) const { return root_in_tb && !is_mate_score(searched); }
    // The score a line of root move rm shows, and its bound: the tables' result is exact,
    // whatever window the search saw.
    Value shown_score(Value searched, const RootMove& rm) const {
        return tables_shown(searched) ? rm.tb_value : searched;
    }
    Bound shown_bound(Value searched, Bound bound) const {
        return tables_shown(searched) ? BoundExact : bound;
    }
    // The line a report shows for a root move scored `score`: a mate's line as the search kept it
    // may stop short of the mate (a child that mate distance pruning cut off keeps no line of its
    // own), and the table's moves carry it on, each legal, up to the length the score gives.
    std::vector<Move> shown_line(const Position& root, std::vector<Move> pv, Value score) const;
};

class Worker {
public:
    // A worker starts with its statistics empty without writing them: the memory it lives in comes
    // zeroed from the system (operator new, below), and zero is the empty state of its tables
    // (histories, counter moves, corrections; the pawn cache is allocated on first use). A pool of
    // hundreds of workers then starts without writing hundreds of megabytes.
    Worker(int id, SearchShared& shared) : id_(id), shared_(shared) {}

    // A worker is mostly its statistics tables, about 1.5 MB read all over at every node: it gets
    // memory of its own from the system, on huge pages from its first search on where the system
    // has them, so that those reads cost fewer TLB misses.
    static void* operator new(std::size_t bytes);
    static void operator delete(void* memory, std::size_t bytes);

    // Forgets all move-ordering statistics (new game).
    void clear();
    // Asks the system for huge pages under this worker, once (iterate does it at its first search);
    // the main worker's small pages are collapsed into huge ones at once, the helpers' in time.
    void use_huge_pages();
    // Iterative deepening from the root until a limit or `stop`. The main worker (id 0) also
    // watches the clock and reports iterations; helpers only fill the shared table.
    void iterate(const Position& root, const std::vector<RootMove>& root_moves,
                 const SearchCallbacks* callbacks);

    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    std::uint64_t tb_hits() const { return tb_hits_.load(std::memory_order_relaxed); }
    // Zeroes the counters before a search, so that no thread reads another's from the last one.
    void reset_counters() {
        nodes_ = 0;
        tb_hits_ = 0;
    }
    const std::vector<RootMove>& completed() const { return completed_; }
    int completed_depth() const { return completed_depth_; }

private:
    enum NodeType { NonPV, PV, Root };
    // What each ply of the current line knows. Frames below the root are sentinels, so that a node
    // can look back four plies without bounds checks.
    struct Stack {
        Move current_move = Move::none();  // the move made from this ply (null move: Move::null())
        Piece moved_piece = NoPiece;
        Move killers[2] = {Move::none(), Move::none()};
        Value static_eval = VALUE_NONE;
        PieceToHistory* continuation = nullptr;  // the statistics of replies to current_move
        Move excluded = Move::none();            // the move a singular-extension search leaves out
        int double_extensions = 0;               // on the line from the root to this ply
        eval::Score piece_square{};  // hand-crafted evaluation only: eval::piece_square of this ply
    };
    static constexpr int StackOffset = 4;
    Stack& frame(int ply) { return stack_[ply + StackOffset]; }

    template <NodeType NT>
    Value search(Value alpha, Value beta, int depth, bool cut_node);
    template <bool PvNode>
    Value qsearch(Value alpha, Value beta);

    // Asks for the table bucket of the position after m, as soon as m is chosen: the search's
    // checks on the move and its making then overlap the wait for memory.
    void prefetch_child(Move m) const { shared_.tt.prefetch(pos_.key_after(m)); }
    // Makes m, which prefetch_child has been given.
    void play(Move m);
    // Counts a node entered (after a move or a null move); the main thread then checks the limits,
    // so that a node limit is met exactly. Only this thread writes its counter; others read it: a
    // plain load and store, not a locked add.
    void count_node() {
        nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        if (id_ == 0) check_limits();
    }
    void count_tb_hit() {
        tb_hits_.store(tb_hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }
    void take_back(Move m);
    // Passing the move to the opponent (null-move pruning), and back.
    void play_null();
    void take_back_null();
    void update_pv(Move m);
    void check_limits();
    // After a cut-off: rewards the move that cut off and penalises the moves tried before it.
    void update_cutoff_stats(Move best, const Move* quiets, int quiet_count, const Move* captures,
                             int capture_count, int depth);
    void update_continuations(Piece p, Square to, int bonus);
    OrderingStats ordering_stats();
    void report(const SearchCallbacks& cb, int depth);
    // How much of the soft time limit the last iteration says to use, in percent (the time
    // manager decides; this gathers what it reads).
    int time_scale(int stable_iterations, Value previous_score) const;
    bool prove_mate(const SearchCallbacks* callbacks);
    // Sets pv_first_ and pv_last_ for the line at pv_index_.
    void set_line_moves();
    // The moves the search may play: every root move, or with the root in the tables those of the
    // best rank (the lines of the others are only shown).
    std::size_t playable_moves() const;
    // A stop takes effect only once depth 1 is complete, so there is always a move to play.
    bool stopped() const { return completed_depth_ > 0 && shared_.stop.load(std::memory_order_relaxed); }
    Value evaluate();
    // The static evaluation moved by what searches of similar positions found.
    Value corrected(Value raw) const;
    void update_correction(Value best, Value static_eval, int depth);

    int id_;
    SearchShared& shared_;
    Position pos_;
    int ply_ = 0;
    int seldepth_ = 0;
    int root_depth_ = 0;
    std::size_t pv_index_ = 0;
    // The root moves the line at pv_index_ is searched among: [pv_first_, pv_last_), every move
    // unless the root is in the tables, where each line stays among moves of one rank.
    std::size_t pv_first_ = 0, pv_last_ = 0;
    // The root move that last raised alpha in the current iteration, for an interrupted one.
    Move iteration_best_ = Move::none();
    // For time management: whether the root failed low in this iteration.
    bool root_failed_low_ = false;
    bool on_huge_pages_ = false;  // advised at the first search (table_memory::advise_object)
    std::atomic<std::uint64_t> nodes_{0};
    std::atomic<std::uint64_t> tb_hits_{0};
    std::vector<RootMove> root_moves_;
    std::vector<RootMove> completed_;  // root moves as the last finished iteration left them
    int completed_depth_ = 0;
    const SearchCallbacks* current_callbacks_ = nullptr;
    bool proving_ = false;  // inside prove_mate()

    Stack stack_[MAX_PLY + StackOffset + 2];
    Move pv_[MAX_PLY + 1][MAX_PLY + 1];
    int pv_length_[MAX_PLY + 1];
    ButterflyHistory main_history_;
    CaptureHistory capture_history_;
    ContinuationHistory continuation_history_;
    CounterMoves counters_;
    CorrectionHistory pawn_correction_;
    CorrectionHistory material_correction_;
    eval::PawnCache pawn_cache_;
    const nnue::Network* net_ = nullptr;  // the search's net, or none
    nnue::AccumulatorStack accumulators_;
};

// The score as UCI wants it: "cp X" or "mate N" (moves, negative when being mated).
std::string format_score(Value v);

}  // namespace sente
