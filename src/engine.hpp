// The Engine owns everything a game needs: the position with its history, the hash table, the
// search threads and the settings. The UCI layer translates text into calls on it.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/perft.hpp"
#include "core/position.hpp"
#include "search/thread_pool.hpp"
#include "search/tt.hpp"

namespace sente {

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int positions = 0;
    bool stopped = false;  // ended by abort_work(): the count is short
};

class Engine {
public:
    static constexpr int MaxThreads = 256;
    static constexpr int MaxHashMb = 33554432;  // 32 TB, Stockfish's top
    static constexpr int DefaultHashMb = 16;
    static constexpr int DefaultMoveOverheadMs = 20;
    static constexpr int DefaultMultiPv = 1;
    // The embedded net plays by default, since it beat the fitted hand-crafted evaluation in a
    // match (docs/network.md keeps the measurements); "Use NNUE" off plays with the latter.
    static constexpr bool DefaultUseNnue = true;
    static constexpr int MaxMultiPv = 256;
    static constexpr int DefaultBenchDepth = 12;
    static constexpr int MaxBenchDepth = 30;
    // Deeper perft would not finish in a lifetime: refused rather than left to hang.
    static constexpr int MaxPerftDepth = 20;

    // `populate` backs a large hash table's pages (nullptr: the system's way; a test may refuse).
    explicit Engine(TranspositionTable::Populate populate = nullptr);
    ~Engine();

    const Position& position() const { return position_; }

    // Sets the position from a FEN and a list of moves in UCI notation. On any error (bad FEN,
    // illegal or malformed move) returns the problem and keeps the previous position. Castling
    // rights and an en-passant square the board cannot have are left out, and note (when given)
    // names them.
    [[nodiscard]] std::optional<std::string> set_position(std::string_view fen,
                                                          const std::vector<std::string>& moves,
                                                          std::string* note = nullptr);

    // Sets the position with its history (for repetitions), as a tool that plays games keeps it.
    void set_position(const Position& pos);

    // ---- Settings ----
    void set_chess960(bool on);
    bool chess960() const { return chess960_; }
    // Gives the number of threads started: fewer than n when the system grants no more.
    int set_threads(int n);
    int threads() const { return threads_.size(); }
    // Resizes the hash table; returns the size in MB actually allocated.
    std::size_t set_hash_mb(int mb);
    std::size_t hash_mb() const { return tt_.megabytes(); }
    // The MB of the table backed when the system has refused memory for the rest since the last
    // call (once for each refusal).
    std::optional<std::size_t> take_hash_refusal() { return tt_.take_refusal(); }
    void clear_hash();
    void set_move_overhead_ms(int ms) { move_overhead_ms_ = ms; }
    void set_multipv(int n) { multipv_ = n; }
    void set_tempo_percent(int percent) { tempo_percent_ = percent; }
    void set_limit_strength(bool on) { strength_.enabled = on; }
    void set_elo(int elo) { strength_.elo = elo; }
    const StrengthLimit& strength() const { return strength_; }
    // Syzygy tablebases: loads the tables in these folders (process-wide; "<empty>" for none) and
    // returns what was found, for the GUI.
    std::string set_syzygy_path(const std::string& paths);
    void set_syzygy_probe_depth(int depth) { syzygy_.probe_depth = depth; }
    void set_syzygy_probe_limit(int pieces) { syzygy_.probe_limit = pieces; }
    void set_syzygy_rule50(bool on) { syzygy_.rule50 = on; }
    int tempo_percent() const { return tempo_percent_; }

    // ---- Evaluation ----
    // Loads a net file for later searches; the embedded net's name (or an empty path) selects the
    // embedded net. On a problem returns it and keeps the net in use.
    [[nodiscard]] std::optional<std::string> set_eval_file(const std::string& path);
    const std::string& eval_file() const { return eval_file_; }
    // "Use NNUE": the net (on, the default) or the fitted hand-crafted evaluation (off).
    // A change of evaluation clears the table and the histories: they hold the other one's values.
    void set_use_nnue(bool on);
    bool use_nnue() const { return use_nnue_; }
    // The net searches use, or none when the hand-crafted evaluation is selected.
    const nnue::Network* net() const { return use_nnue_ ? net_.get() : nullptr; }

    // ---- Searching ----
    // Starts a search of the current position in the background; it ends with callbacks.on_bestmove.
    void go(const SearchLimits& limits, const std::vector<Move>& searchmoves, SearchCallbacks callbacks);
    void stop() { threads_.stop(); }
    void ponderhit() { threads_.ponderhit(); }
    void wait() { threads_.wait(); }
    bool searching() const { return threads_.searching(); }
    bool searching_until_told() const { return threads_.searching_until_told(); }
    // Clears the table and the move-ordering statistics.
    void new_game();

    // Searches every bench position to a fixed depth with one thread and a fresh table.
    // `progress` (may be empty) is told each position's node count.
    BenchResult bench(int depth, const std::function<void(int index, std::uint64_t nodes)>& progress);
    // Searches the current position synchronously; used by the tempo experiment and tests.
    std::uint64_t search_sync(const SearchLimits& limits, const SearchCallbacks& callbacks);
    // The root moves of the last search, best first, with the nodes each one's subtree took.
    const std::vector<RootMove>& last_root_moves() const { return threads_.last_root_moves(); }

    // Perft from the current position with the engine's thread count; hash_mb 0 means no table.
    PerftResult perft(int depth, int hash_mb = 0) const;

    // Ends a bench or perft that another thread runs (UCI's stop), and the search inside a bench;
    // allow_work() before the next. A bench's search can miss one call as it starts: call it
    // until the work has ended.
    void abort_work() {
        abort_ = true;
        threads_.stop();
    }
    void allow_work() { abort_ = false; }

private:
    SearchConfig config(const std::vector<Move>& searchmoves = {}) const;
    int clearing_threads() const;

    Position position_;
    bool chess960_ = false;
    int move_overhead_ms_ = DefaultMoveOverheadMs;
    int multipv_ = DefaultMultiPv;
    int tempo_percent_ = eval::DefaultTempoPercent;
    StrengthLimit strength_;
    SyzygyConfig syzygy_;
    std::shared_ptr<const nnue::Network> net_;
    std::string eval_file_;
    bool use_nnue_ = DefaultUseNnue;
    TranspositionTable tt_;
    ThreadPool threads_;
    std::atomic<bool> abort_{false};
};

// The positions `sente bench` searches: openings, middlegames, endgames and mates.
const std::vector<std::string>& bench_positions();

}  // namespace sente
