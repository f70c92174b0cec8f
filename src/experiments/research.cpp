#include "experiments/research.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "core/movegen.hpp"
#include "eval/eval.hpp"
#include "experiments/params.hpp"

namespace sente::research {

namespace {

// Mate scores are kept relative to the node in the table, as in the playing search; the infinite
// bounds of an unknown side are not scores and stay as they are.
Value to_table(Value v, int ply) {
    return v == VALUE_INFINITE || v == -VALUE_INFINITE ? v
           : v >= VALUE_MATE_IN_MAX_PLY                ? v + ply
           : v <= -VALUE_MATE_IN_MAX_PLY               ? v - ply
                                                       : v;
}
Value from_table(Value v, int ply) {
    return v == VALUE_INFINITE || v == -VALUE_INFINITE ? v
           : v >= VALUE_MATE_IN_MAX_PLY                ? v - ply
           : v <= -VALUE_MATE_IN_MAX_PLY               ? v + ply
                                                       : v;
}

int victim_value(const Position& pos, Move m) {
    if (m.kind() == Move::EnPassant) return SeeValue[Pawn];
    const Piece victim = pos.piece_on(m.to());
    int value = victim == NoPiece || m.kind() == Move::Castling ? 0 : SeeValue[type_of(victim)];
    if (m.kind() == Move::Promotion) value += SeeValue[m.promotion()];
    return value;
}

// Captures and promotions, most valuable victim first, then least valuable attacker.
int captures(const Position& pos, Move* out) {
    MoveList list;
    generate<GenType::Captures>(pos, list);
    int n = 0;
    for (Move m : list) out[n++] = m;
    std::sort(out, out + n, [&](Move a, Move b) {
        int sa = victim_value(pos, a) * 8 - int(type_of(pos.moved_piece(a)));
        int sb = victim_value(pos, b) * 8 - int(type_of(pos.moved_piece(b)));
        return sa > sb || (sa == sb && a.raw() < b.raw());
    });
    return n;
}

}  // namespace

std::string_view name(Algorithm a) {
    switch (a) {
        case Algorithm::Negamax:
            return "negamax";
        case Algorithm::AlphaBeta:
            return "alphabeta";
        case Algorithm::Pvs:
            return "pvs";
        case Algorithm::Aspiration:
            return "aspiration";
        case Algorithm::Mtdf:
            return "mtdf";
        case Algorithm::Mtdf2:
            return "mtdf2";
        case Algorithm::Sss:
            return "sss";
        case Algorithm::Dual:
            return "dual";
    }
    return "?";
}

bool parse_algorithm(std::string_view text, Algorithm& out) {
    for (Algorithm a : AllAlgorithms)
        if (name(a) == text) {
            out = a;
            return true;
        }
    return false;
}

// ---- The table ---------------------------------------------------------------------------------

BoundTable::BoundTable(std::size_t megabytes)
    : entries_(std::max<std::size_t>(1024, megabytes * 1024 * 1024 / sizeof(Entry))) {}

void BoundTable::clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }

const BoundTable::Entry* BoundTable::probe(Key key) const {
    const Entry& e = entries_[key % entries_.size()];
    return e.depth >= 0 && e.key == key ? &e : nullptr;
}

// Always replaces: the newest search is the one whose bounds the next pass needs.
void BoundTable::store(Key key, int depth, Value lower, Value upper, Move move) {
    entries_[key % entries_.size()] = {key, std::int16_t(lower), std::int16_t(upper), std::int8_t(depth),
                                       move};
}

// ---- The searches ------------------------------------------------------------------------------

Searcher::Searcher(const Settings& settings) : settings_(settings), table_(settings.hash_mb) {
    new_position();
}

void Searcher::new_position() {
    table_.clear();
    for (auto& k : killers_) k[0] = k[1] = Move::none();
    std::memset(history_, 0, sizeof history_);
}

Value Searcher::evaluate(const Position& pos) const {
    if (settings_.eval == EvalKind::Full) return eval::evaluate(pos, settings_.tempo_percent);
    // Material only, blended by phase like the full evaluation, plus the same tempo bonus.
    eval::Score material;
    int phase = 0;
    for (int pt = Pawn; pt <= Queen; ++pt) {
        const int balance =
            popcount(pos.pieces(White, PieceType(pt))) - popcount(pos.pieces(Black, PieceType(pt)));
        material += eval::PieceValue[pt] * balance;
        phase += eval::PhaseWeight[pt] * popcount(pos.pieces(PieceType(pt)));
    }
    phase = std::min(phase, eval::MaxPhase);
    const Value white = (material.mg * phase + material.eg * (eval::MaxPhase - phase)) / eval::MaxPhase;
    return (pos.side_to_move() == White ? white : -white) + eval::tempo_bonus(pos, settings_.tempo_percent);
}

void Searcher::order(const Position& pos, Move* moves, int count, Move hash_move, int ply) const {
    const Color us = pos.side_to_move();
    auto score = [&](Move m) {
        if (m == hash_move) return 1 << 30;
        if (pos.is_capture_or_promotion(m))
            return (1 << 24) + victim_value(pos, m) * 8 - int(type_of(pos.moved_piece(m)));
        if (m == killers_[ply][0]) return (1 << 22) + 1;
        if (m == killers_[ply][1]) return 1 << 22;
        return history_[us][m.from()][m.to()];
    };
    std::stable_sort(moves, moves + count, [&](Move a, Move b) { return score(a) > score(b); });
}

void Searcher::reward(const Position& pos, Move move, int depth, int ply) {
    if (pos.is_capture_or_promotion(move)) return;
    if (killers_[ply][0] != move) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = move;
    }
    int& h = history_[pos.side_to_move()][move.from()][move.to()];
    h = std::min(h + depth * depth, 1 << 20);
}

Value Searcher::negamax(Position& pos, int depth, int ply) {
    // The leaves get the capture search's value, found with alpha-beta as for every algorithm:
    // an unpruned capture search grows with every order of the captures available.
    if (depth == 0) return quiescence(pos, -VALUE_INFINITE, VALUE_INFINITE, ply);
    ++nodes;
    MoveList list;
    generate<GenType::All>(pos, list);
    if (list.empty()) return pos.in_check() ? mated_in(ply) : VALUE_DRAW;
    Value best = -VALUE_INFINITE;
    for (Move m : list) {
        pos.make_move(m);
        best = std::max(best, -negamax(pos, depth - 1, ply + 1));
        pos.unmake_move(m);
    }
    return best;
}

Value Searcher::quiescence(Position& pos, Value alpha, Value beta, int ply) {
    ++nodes;
    Value best = evaluate(pos);
    if (best >= beta || ply >= MAX_PLY - 1) return best;
    alpha = std::max(alpha, best);
    Move moves[MAX_MOVES];
    const int n = captures(pos, moves);
    for (int i = 0; i < n; ++i) {
        pos.make_move(moves[i]);
        const Value v = -quiescence(pos, -beta, -alpha, ply + 1);
        pos.unmake_move(moves[i]);
        if (v > best) {
            best = v;
            if (v >= beta) break;
            alpha = std::max(alpha, v);
        }
    }
    return best;
}

// Alpha-beta with memory, fail-soft: a result at or below alpha is an upper bound of the value,
// at or above beta a lower bound, in between the value itself. The table keeps both bounds.
Value Searcher::alphabeta(Position& pos, Value alpha, Value beta, int depth, int ply, bool pvs) {
    if (depth == 0) return quiescence(pos, alpha, beta, ply);
    ++nodes;
    const Key key = pos.key();
    const BoundTable::Entry* e = table_.probe(key);
    const Move hash_move = e ? e->move : Move::none();
    Value known_lower = -VALUE_INFINITE, known_upper = VALUE_INFINITE;
    if (e && e->depth == depth) {
        known_lower = from_table(e->lower, ply);
        known_upper = from_table(e->upper, ply);
        if (known_lower >= beta) return known_lower;
        if (known_upper <= alpha) return known_upper;
        alpha = std::max(alpha, known_lower);
        beta = std::min(beta, known_upper);
    }

    MoveList list;
    generate<GenType::All>(pos, list);
    if (list.empty()) {
        const Value v = pos.in_check() ? mated_in(ply) : VALUE_DRAW;
        table_.store(key, depth, to_table(v, ply), to_table(v, ply), Move::none());
        return v;
    }
    Move moves[MAX_MOVES];
    int n = 0;
    for (Move m : list) moves[n++] = m;
    order(pos, moves, n, hash_move, ply);

    Value best = -VALUE_INFINITE, a = alpha;
    Move best_move = Move::none();
    for (int i = 0; i < n; ++i) {
        pos.make_move(moves[i]);
        Value v;
        if (pvs && i > 0 && beta - a > 1) {
            v = -alphabeta(pos, -a - 1, -a, depth - 1, ply + 1, pvs);
            if (v > a && v < beta) {
                ++researches;
                v = -alphabeta(pos, -beta, -v, depth - 1, ply + 1, pvs);
            }
        } else {
            v = -alphabeta(pos, -beta, -a, depth - 1, ply + 1, pvs);
        }
        pos.unmake_move(moves[i]);
        if (v > best) {
            best = v;
            best_move = moves[i];
            a = std::max(a, v);
            if (v >= beta) break;
        }
    }

    // What this search proved, added to what the table already knew at this depth.
    Value lower = known_lower, upper = known_upper;
    if (best <= alpha)
        upper = best;
    else if (best >= beta)
        lower = best;
    else
        lower = upper = best;
    table_.store(key, depth, to_table(lower, ply), to_table(upper, ply), best_move);
    if (best >= beta) reward(pos, best_move, depth, ply);
    return best;
}

// MTD(f): null-window searches converge on the value from a first guess.
Value Searcher::mtd(Position& pos, int depth, Value first_guess) {
    Value g = first_guess, lower = -VALUE_INFINITE, upper = VALUE_INFINITE;
    int passes = 0;
    while (lower < upper) {
        const Value beta = g == lower ? g + 1 : g;
        g = alphabeta(pos, beta - 1, beta, depth, 0, false);
        ++passes;
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    researches += std::uint64_t(passes - 1);
    return g;
}

Value Searcher::search(Algorithm algorithm, Position& pos, int depth, Value guess) {
    switch (algorithm) {
        case Algorithm::Negamax:
            return negamax(pos, depth, 0);
        case Algorithm::AlphaBeta:
            return alphabeta(pos, -VALUE_INFINITE, VALUE_INFINITE, depth, 0, false);
        case Algorithm::Pvs:
            return alphabeta(pos, -VALUE_INFINITE, VALUE_INFINITE, depth, 0, true);
        case Algorithm::Aspiration: {
            if (is_mate_score(guess)) return alphabeta(pos, -VALUE_INFINITE, VALUE_INFINITE, depth, 0, true);
            int delta = AspirationWindow;
            Value alpha = guess - delta, beta = guess + delta;
            while (true) {
                const Value v = alphabeta(pos, alpha, beta, depth, 0, true);
                if (v > alpha && v < beta) return v;
                ++researches;
                delta *= 2;
                if (v <= alpha)
                    alpha = std::max(v - delta, -VALUE_INFINITE);
                else
                    beta = std::min(v + delta, VALUE_INFINITE);
            }
        }
        case Algorithm::Mtdf:
        case Algorithm::Mtdf2:
            return mtd(pos, depth, guess);
        case Algorithm::Sss:
        case Algorithm::Dual: {
            // MT-SSS* comes down from +infinity with upper bounds, MT-DUAL* up from -infinity with lower
            // bounds; each pass is one null-window search, and the value is where the bound holds.
            const bool down = algorithm == Algorithm::Sss;
            Value g = down ? VALUE_INFINITE : -VALUE_INFINITE, gamma;
            int passes = 0;
            do {
                gamma = g;
                g = down ? alphabeta(pos, gamma - 1, gamma, depth, 0, false)
                         : alphabeta(pos, gamma, gamma + 1, depth, 0, false);
                ++passes;
            } while (g != gamma);
            researches += std::uint64_t(passes - 1);
            return g;
        }
    }
    return VALUE_DRAW;
}

// ---- The experiment ----------------------------------------------------------------------------

std::vector<Row> run(Algorithm algorithm, const Settings& settings, const std::vector<std::string>& fens,
                     int depth) {
    using Clock = std::chrono::steady_clock;
    std::vector<Row> rows(static_cast<std::size_t>(depth));
    std::vector<double> score_sum(rows.size(), 0), change_sum(rows.size(), 0);
    std::vector<int> changes(rows.size(), 0);
    for (int d = 0; d < depth; ++d) rows[std::size_t(d)].depth = d + 1;

    // mtdf2 runs two chains, odd and even depths, each guessing from two plies back: each chain
    // has its own table and counts, and a depth's cumulative figures are its chain's.
    const int chains = algorithm == Algorithm::Mtdf2 ? 2 : 1;
    Searcher searcher(settings);
    for (const std::string& fen : fens) {
        Position pos;
        if (pos.set_fen(fen)) continue;
        std::vector<Value> values(rows.size(), VALUE_NONE);
        for (int chain = 0; chain < chains; ++chain) {
            searcher.new_position();
            searcher.nodes = searcher.researches = 0;
            const auto start = Clock::now();
            const int first = chains == 2 ? chain + 1 : 1, step = chains;
            for (int d = first; d <= depth; d += step) {
                const int back = d - step;
                const Value guess = back >= 1 ? values[std::size_t(back - 1)]
                                              : searcher.search(Algorithm::AlphaBeta, pos, 0, 0);
                if (back < 1) searcher.nodes = 0;  // the static guess is not part of the count
                const Value v = searcher.search(algorithm, pos, d, guess);
                values[std::size_t(d - 1)] = v;
                Row& r = rows[std::size_t(d - 1)];
                r.nodes += searcher.nodes;
                r.researches += searcher.researches;
                r.time_ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            }
        }
        for (int d = 1; d <= depth; ++d) {
            const Value v = values[std::size_t(d - 1)];
            if (is_mate_score(v)) continue;
            Row& r = rows[std::size_t(d - 1)];
            ++r.positions;
            score_sum[std::size_t(d - 1)] += v;
            if (d > 1 && !is_mate_score(values[std::size_t(d - 2)])) {
                change_sum[std::size_t(d - 1)] += std::abs(v - values[std::size_t(d - 2)]);
                ++changes[std::size_t(d - 1)];
            }
        }
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        Row& r = rows[i];
        if (r.positions) {
            r.mean_score = score_sum[i] / r.positions;
            r.mean_change = changes[i] ? change_sum[i] / changes[i] : 0;
        }
        r.branching = i && rows[i - 1].nodes ? double(r.nodes) / double(rows[i - 1].nodes) : 0;
    }
    return rows;
}

}  // namespace sente::research
