// The research mode: the classic fixed-depth algorithms side by side on Sente's move generator,
// evaluation and a table of bounds, apart from the playing search (which it never touches).
//
// Every algorithm here computes exactly the depth-D minimax value of the same tree: no forward
// pruning, reductions or extensions; at the leaves, the value of a capture search (stand pat, then
// captures and promotions, searched with alpha-beta by every algorithm, negamax included); no repetition or
// fifty-move draws, which would make a node's value depend on the path to it; and a table that answers only
// for the same remaining depth, because a deeper entry's bound is a bound on another value. What differs
// between algorithms is only how many nodes they visit to find it, which is what the papers compared.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "eval/eval.hpp"

namespace sente::research {

enum class Algorithm { Negamax, AlphaBeta, Pvs, Aspiration, Mtdf, Mtdf2, Sss, Dual };
constexpr Algorithm AllAlgorithms[] = {Algorithm::Negamax,    Algorithm::AlphaBeta, Algorithm::Pvs,
                                       Algorithm::Aspiration, Algorithm::Mtdf,      Algorithm::Mtdf2,
                                       Algorithm::Sss,        Algorithm::Dual};
std::string_view name(Algorithm a);
// Parses a name as printed by name(); false if it is none of them.
bool parse_algorithm(std::string_view text, Algorithm& out);

enum class EvalKind { Full, Material };

struct Settings {
    EvalKind eval = EvalKind::Full;
    int tempo_percent = eval::DefaultTempoPercent;  // of Sente's tempo weight; 0 leaves it out
    std::size_t hash_mb = 16;
};

// A table of bounds as the MT papers store them: per position, the lower and upper bound found by
// a search of one remaining depth, and the best move.
class BoundTable {
public:
    struct Entry {
        Key key = 0;
        std::int16_t lower = 0, upper = 0;
        std::int8_t depth = -1;
        Move move = Move::none();
    };
    explicit BoundTable(std::size_t megabytes);
    void clear();
    const Entry* probe(Key key) const;
    void store(Key key, int depth, Value lower, Value upper, Move move);

private:
    std::vector<Entry> entries_;
};

// One algorithm's searches, with its statistics. One Searcher per position sequence: new_position()
// clears the table and the move-ordering statistics.
class Searcher {
public:
    explicit Searcher(const Settings& settings);
    void new_position();

    // The depth-`depth` value of the position for the side to move. `guess` is an earlier value
    // (the previous depth's, or two depths back for mtdf2) used by aspiration and MTD(f).
    Value search(Algorithm algorithm, Position& pos, int depth, Value guess);

    std::uint64_t nodes = 0;
    // Re-searches: PVS re-searches after a null window failed high, aspiration failures, and the
    // null-window passes of MTD(f), MT-SSS* and MT-DUAL* beyond the first.
    std::uint64_t researches = 0;

private:
    Value evaluate(const Position& pos) const;
    Value negamax(Position& pos, int depth, int ply);
    // Alpha-beta with memory (fail-soft); with `pvs`, the moves after the first get a null window.
    Value alphabeta(Position& pos, Value alpha, Value beta, int depth, int ply, bool pvs);
    Value quiescence(Position& pos, Value alpha, Value beta, int ply);
    Value mtd(Position& pos, int depth, Value first_guess);
    void order(const Position& pos, Move* moves, int count, Move hash_move, int ply) const;
    void reward(const Position& pos, Move move, int depth, int ply);

    Settings settings_;
    BoundTable table_;
    Move killers_[MAX_PLY][2];
    int history_[2][64][64];
};

// The experiment: per depth, over the positions, the mean score, the mean change from the previous
// depth, cumulative nodes, time, branching factor and re-searches.
struct Row {
    int depth = 0;
    double mean_score = 0, mean_change = 0;
    std::uint64_t nodes = 0;  // cumulative over depths, summed over positions
    double time_ms = 0;
    double branching = 0;  // nodes to this depth over nodes to the previous one
    std::uint64_t researches = 0;
    int positions = 0;  // positions with no mate score at this depth (the means' basis)
};
std::vector<Row> run(Algorithm algorithm, const Settings& settings, const std::vector<std::string>& fens,
                     int depth);

}  // namespace sente::research
