// Evaluation terms, each computed for both colours and summed from White's point of view. One
// Evaluator serves the search, the `eval` command and the tuner (which also counts how often each
// weight was used), so the tuner fits the very function the search runs.
#include "eval/eval.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "core/tunable.hpp"
#include "core/zobrist.hpp"

namespace sente::eval {

namespace {

constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard adjacent_files(int file) {
    return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}
// The ranks strictly in front of s, from c's point of view.
constexpr Bitboard forward_ranks(Color c, Square s) {
    return c == White ? ~Bitboard(0) << 8 << (8 * rank_of(s)) : ~Bitboard(0) >> 8 >> (8 * (7 - rank_of(s)));
}
constexpr Bitboard forward_file(Color c, Square s) { return forward_ranks(c, s) & file_bb(file_of(s)); }
constexpr Bitboard passed_span(Color c, Square s) {
    return forward_ranks(c, s) & (file_bb(file_of(s)) | adjacent_files(file_of(s)));
}
// Squares from which an enemy pawn could one day attack s.
constexpr Bitboard pawn_attack_span(Color c, Square s) {
    return forward_ranks(c, s) & adjacent_files(file_of(s));
}

template <Color C>
Bitboard pawn_attacks_of(Bitboard pawns) {
    return C == White ? shift<NorthEast>(pawns) | shift<NorthWest>(pawns)
                      : shift<SouthEast>(pawns) | shift<SouthWest>(pawns);
}

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
int centre_distance(Square s) {
    int f = file_of(s), r = rank_of(s);
    return (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
}

// MaxPhase with every piece on the board, 0 with only kings and pawns.
int game_phase(const Position& pos) {
    int phase = 0;
    for (int pt = Knight; pt <= Queen; ++pt) phase += PhaseWeight[pt] * popcount(pos.pieces(PieceType(pt)));
    return std::min(phase, MaxPhase);
}

Value blended_tempo(Score tempo, int phase, int tempo_percent) {
    return (tempo.mg * phase + tempo.eg * (MaxPhase - phase)) * tempo_percent / (MaxPhase * 100);
}

// The one blend of middlegame and endgame: every caller goes through it, so that evaluate() and
// evaluate_from() round alike.
Value blend(Score total, int phase, int scale) {
    return (total.mg * phase + total.eg * scale / 64 * (MaxPhase - phase)) / MaxPhase;
}

// Endings where the side ahead can rarely convert, as a fraction of 64 of the endgame score. The
// material test uses the fixed exchange values, not the fitted piece values: the tuner takes the
// scale as given, so it must not move when the weights do.
int endgame_scale(const Position& pos, Color strong) {
    const Color weak = ~strong;
    if (!pos.pieces(strong, Pawn)) {
        int difference = 0;
        for (int pt = Knight; pt <= Queen; ++pt)
            difference +=
                SeeValue[pt]
                * (popcount(pos.pieces(strong, PieceType(pt))) - popcount(pos.pieces(weak, PieceType(pt))));
        if (difference <= SeeValue[Bishop]) return DrawishScale;
    }
    Bitboard bishops = pos.pieces(Bishop);
    if (popcount(pos.pieces(White, Bishop)) == 1 && popcount(pos.pieces(Black, Bishop)) == 1
        && !(pos.pieces(Knight) | pos.pieces(Rook) | pos.pieces(Queen)) && (bishops & DarkSquares)
        && (bishops & ~DarkSquares))
        return OppositeBishopsScale;
    return 64;
}

// A lone king is driven to the edge and the winning king brought close, so the search finds the
// mate in endings like KQK and KRK.
Score mop_up(const Position& pos) {
    for (Color strong : {White, Black}) {
        Color weak = ~strong;
        if (pos.pieces(weak) != pos.pieces(weak, King)) continue;
        bool mating = pos.pieces(strong, Rook, Queen)
                      || (pos.pieces(strong, Bishop) && pos.pieces(strong, Knight))
                      || popcount(pos.pieces(strong, Bishop)) >= 2 || pos.pieces(strong, Pawn);
        if (!mating) continue;
        int kings = std::abs(file_of(pos.king_square(White)) - file_of(pos.king_square(Black)))
                    + std::abs(rank_of(pos.king_square(White)) - rank_of(pos.king_square(Black)));
        int bonus = MopUpCentre * centre_distance(pos.king_square(weak)) + MopUpKingDistance * (14 - kings);
        return strong == White ? S(0, bonus) : S(0, -bonus);
    }
    return S(0, 0);
}

// What an Evaluator keeps. The search needs the sum alone, and gets material and placement from
// its own running total (piece_square_after); the `eval` command wants each term by colour; the
// tuner wants the terms and how often each weight was used.
enum class Mode { Search, Terms, Trace };

template <Mode M>
class Evaluator {
    static constexpr bool Tracing = M == Mode::Trace;
    static constexpr bool ByTerm = M != Mode::Search;

public:
    explicit Evaluator(const Position& pos, Coefficients* coefficients = nullptr)
        : pos_(pos), coefficients_(coefficients) {}

    // Every term summed, White's view, before blending, mop-up left out. In Search mode material
    // and placement are not summed here but come in as piece_square, and the pawn terms come from
    // the cache when it holds them.
    Score sum(Score piece_square = {}, PawnCache* cache = nullptr) {
        pawn_attacks_[White] = pawn_attacks_of<White>(pos_.pieces(White, Pawn));
        pawn_attacks_[Black] = pawn_attacks_of<Black>(pos_.pieces(Black, Pawn));
        for (Color c : {White, Black}) {
            const Square king = pos_.king_square(c);
            Bitboard zone = king_attacks(king) | square_bb(king);
            king_zone_[c] = zone | (c == White ? shift<North>(zone) : shift<South>(zone));
            attacked_[c] = pawn_attacks_[c] | king_attacks(king);
        }

        pawns_and_shelter(cache);
        for (Color c : {White, Black}) {
            material_and_placement(c);
            pieces(c);
        }
        for (Color c : {White, Black}) {
            passed_pawns(c);
            king_attack(c);
            threats(c);
        }

        if constexpr (ByTerm) {
            Score total;
            for (int t = 0; t < TermCount; ++t) total += terms_[t][White] - terms_[t][Black];
            return total;
        } else {
            return piece_square + sum_[White] - sum_[Black];
        }
    }

    Score term(Term t, Color c) const requires ByTerm { return terms_[t][c]; }

private:
    // What one function adds for one colour: add(term, index, count) adds weight `index` `count`
    // times. The search's sum is kept in the adder (a register) and handed over once, at the end:
    // added straight into the evaluator, each addition would wait for the store of the one before.
    class Adder {
    public:
        Adder(Evaluator& e, Color c) : e_(e), c_(c) {}
        Adder(const Adder&) = delete;
        Adder& operator=(const Adder&) = delete;
        ~Adder() {
            if constexpr (!ByTerm) e_.sum_[c_] += sum_;
        }
        void operator()([[maybe_unused]] Term term, int index, int count = 1) {
            const Score value = Weights[std::size_t(index)] * count;
            if constexpr (ByTerm)
                e_.terms_[term][c_] += value;
            else
                sum_ += value;
            if constexpr (Tracing)
                e_.coefficients_->weights[std::size_t(index)] += std::int16_t(c_ == White ? count : -count);
        }

    private:
        Evaluator& e_;
        const Color c_;
        Score sum_;
    };

    // Pawn structure, passed pawns and the king's pawn shelter: from the cache when it holds them.
    // Only the search uses the cache: the other modes must see every term added.
    void pawns_and_shelter(PawnCache* cache) {
        if constexpr (M == Mode::Search) {
            if (cache) {
                const Key key = pos_.pawn_key() ^ zobrist::PieceSquare[WKing][pos_.king_square(White)]
                                ^ zobrist::PieceSquare[BKing][pos_.king_square(Black)] ^ WeightsSalt;
                PawnCache::Entry& e = cache->slot(key);
                if (e.key != key) {
                    // Nothing has been added yet: the sums so far are the pawns' alone.
                    for (Color c : {White, Black}) {
                        pawns(c);
                        shelter(c);
                    }
                    e = {key, sum_[White] - sum_[Black], {passed_[White], passed_[Black]}};
                    return;
                }
                sum_[White] += e.score;
                passed_[White] = e.passed[White];
                passed_[Black] = e.passed[Black];
                return;
            }
        }
        for (Color c : {White, Black}) {
            pawns(c);
            shelter(c);
        }
    }

    void pawns(Color c) {
        Adder add(*this, c);
        const Color them = ~c;
        const Bitboard ours = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
        for (Bitboard b = ours; b;) {
            const Square s = pop_lsb(b);
            const Bitboard neighbours = ours & adjacent_files(file_of(s));
            const Square stop = Square(s + pawn_push(c));

            if (!neighbours) add(PawnStructure, w::Isolated);
            if (ours & forward_file(c, s)) add(PawnStructure, w::Doubled);
            const bool supported = pawn_attacks(them, s) & ours;
            const bool phalanx = neighbours & rank_bb(rank_of(s));
            if (supported || phalanx) add(PawnStructure, w::Connected + relative_rank(c, rank_of(s)));
            // Backward: every neighbour is ahead, and the stop square is held by an enemy pawn.
            if (neighbours && !(neighbours & ~forward_ranks(c, s)) && (pawn_attacks_[them] & square_bb(stop)))
                add(PawnStructure, w::Backward);
            if (!(theirs & passed_span(c, s)) && !(ours & forward_file(c, s))) passed_[c] |= square_bb(s);
        }
    }

    void shelter(Color c) {
        Adder add(*this, c);
        const Square king = pos_.king_square(c);
        if (relative_rank(c, rank_of(king)) > 1) return;
        const Bitboard ours = pos_.pieces(c, Pawn);
        const int centre_file = std::clamp(file_of(king), 1, 6);
        for (int f = centre_file - 1; f <= centre_file + 1; ++f) {
            const Bitboard on_file = ours & file_bb(f);
            int index = 0;
            if (on_file & rank_bb(c == White ? 1 : 6))
                index = 1;
            else if (on_file & rank_bb(c == White ? 2 : 5))
                index = 2;
            add(KingSafety, w::ShieldPawn + index);
        }
        if (!(file_bb(file_of(king)) & pos_.pieces(Pawn))) add(KingSafety, w::KingOpenFile);
    }

    // Material and placement by term, where the search has them already (piece_square_after).
    void material_and_placement(Color c) {
        Adder add(*this, c);
        if constexpr (ByTerm) {
            for (int pt = Pawn; pt <= King; ++pt) {
                Bitboard b = pos_.pieces(c, PieceType(pt));
                if (pt != King) add(Material, w::PieceValue + pt, popcount(b));
                while (b) {
                    const Square s = relative_square(c, pop_lsb(b));
                    add(Placement, w::PawnSquare + 64 * pt + s);
                }
            }
        }
        if (popcount(pos_.pieces(c, Bishop)) >= 2) add(Pieces, w::BishopPair);
    }

    void pieces(Color c) {
        Adder add(*this, c);
        const Bitboard area = ~(pos_.pieces(c) | pawn_attacks_[~c]);
        pieces_of<Knight>(add, c, area);
        pieces_of<Bishop>(add, c, area);
        pieces_of<Rook>(add, c, area);
        pieces_of<Queen>(add, c, area);
        attacked_by_minor_[c] = attacked_by_[c][Knight] | attacked_by_[c][Bishop];
    }

    // One piece type's mobility, king attacks and placement terms: a template, so that each
    // type's own attacks and terms are chosen when compiling rather than at every piece.
    template <PieceType Pt>
    void pieces_of(Adder& add, Color c, Bitboard area) {
        const Color them = ~c;
        const Bitboard occupied = pos_.pieces();
        for (Bitboard b = pos_.pieces(c, Pt); b;) {
            const Square s = pop_lsb(b);
            const Bitboard attacks = Pt == Knight   ? knight_attacks(s)
                                     : Pt == Bishop ? bishop_attacks(s, occupied)
                                     : Pt == Rook   ? rook_attacks(s, occupied)
                                                    : queen_attacks(s, occupied);
            attacked_[c] |= attacks;
            attacked_by_[c][Pt] |= attacks;
            add(Mobility, w::Mobility[Pt] + std::min(popcount(attacks & area), w::MobilitySize[Pt] - 1));
            if (const Bitboard zone_hits = attacks & king_zone_[them]) {
                ++king_attackers_[c];
                zone_attacks_[c] += popcount(zone_hits);
                add(KingSafety, w::KingAttacker + Pt);
            }
            if constexpr (Pt == Knight || Pt == Bishop) {
                const Bitboard front = c == White ? shift<North>(square_bb(s)) : shift<South>(square_bb(s));
                if (pos_.pieces(c, Pawn) & front) add(Pieces, w::MinorBehindPawn);
                if constexpr (Pt == Bishop)
                    add(Pieces, w::BishopPawns,
                        popcount(pos_.pieces(c, Pawn)
                                 & ((DarkSquares & square_bb(s)) ? DarkSquares : ~DarkSquares)));
                const int r = relative_rank(c, rank_of(s));
                if (r >= 3 && r <= 5 && (pawn_attacks_[c] & square_bb(s))
                    && !(pos_.pieces(them, Pawn) & pawn_attack_span(c, s)))
                    add(Pieces, w::Outpost + (Pt == Bishop));
            }
            if constexpr (Pt == Rook) {
                const Bitboard file = file_bb(file_of(s));
                if (!(file & pos_.pieces(c, Pawn)))
                    add(Pieces, (file & pos_.pieces(them, Pawn)) ? w::RookSemiOpenFile : w::RookOpenFile);
            }
        }
    }

    void passed_pawns(Color c) {
        Adder add(*this, c);
        const Color them = ~c;
        for (Bitboard b = passed_[c]; b;) {
            const Square s = pop_lsb(b);
            const int r = relative_rank(c, rank_of(s));
            const Square stop = Square(s + pawn_push(c));
            add(PassedPawns, w::Passed + r);
            if (pos_.piece_on(stop) != NoPiece) add(PassedPawns, w::PassedBlocked + r);
            if (!(attacked_[them] & square_bb(stop))) add(PassedPawns, w::PassedSafeStop + r);
            add(PassedPawns, w::PassedOwnKing + r, distance(pos_.king_square(c), stop));
            add(PassedPawns, w::PassedEnemyKing + r, distance(pos_.king_square(them), stop));

            // With the defender down to king and pawns, a passer whose queening square the defending
            // king cannot reach in time. Counted as if the defender moved first, so that the term
            // does not depend on the side to move: that is the tempo term's job alone.
            if (!pos_.has_non_pawn_material(them) && !(forward_file(c, s) & pos_.pieces())) {
                const Square queening = make_square(file_of(s), c == White ? 7 : 0);
                const int pawn_moves = std::min(5, 7 - r);
                const int king_moves = distance(pos_.king_square(them), queening) - 1;
                if (king_moves > pawn_moves) add(PassedPawns, w::Unstoppable);
            }
        }
    }

    // Colour c's attack on the enemy king: who hits the zone around it, how often, and from how
    // many squares a piece could give a check that the defender does not cover.
    void king_attack(Color c) {
        Adder add(*this, c);
        const Color them = ~c;
        const Square king = pos_.king_square(them);
        add(KingSafety, w::KingAttackerCount + std::min(king_attackers_[c], 7));
        add(KingSafety, w::KingZoneAttack, zone_attacks_[c]);
        const Bitboard occupied = pos_.pieces();
        const Bitboard safe = ~attacked_[them] & ~pos_.pieces(c);
        const Bitboard diagonal = bishop_attacks(king, occupied), straight = rook_attacks(king, occupied);
        add(KingSafety, w::SafeCheck + Knight,
            popcount(knight_attacks(king) & attacked_by_[c][Knight] & safe));
        add(KingSafety, w::SafeCheck + Bishop, popcount(diagonal & attacked_by_[c][Bishop] & safe));
        add(KingSafety, w::SafeCheck + Rook, popcount(straight & attacked_by_[c][Rook] & safe));
        add(KingSafety, w::SafeCheck + Queen,
            popcount((diagonal | straight) & attacked_by_[c][Queen] & safe));
    }

    void threats(Color c) {
        Adder add(*this, c);
        const Color them = ~c;
        const Bitboard targets = pos_.pieces(them) & ~pos_.pieces(Pawn) & ~pos_.pieces(King);
        add(Threats, w::ThreatByPawn, popcount(targets & pawn_attacks_[c]));
        add(Threats, w::ThreatByMinor, popcount(pos_.pieces(them, Rook, Queen) & attacked_by_minor_[c]));
        add(Threats, w::HangingPiece, popcount(targets & attacked_[c] & ~attacked_[them]));
        add(Threats, w::ThreatByRook, popcount(pos_.pieces(them, Queen) & attacked_by_[c][Rook]));
    }

    const Position& pos_;
    Coefficients* coefficients_;
    // By term and colour where the caller wants terms; the search keeps only the sum by colour.
    struct NoTerms {};
    [[no_unique_address]] std::conditional_t<ByTerm, std::array<std::array<Score, 2>, TermCount>, NoTerms>
        terms_{};
    Score sum_[2] = {};
    Bitboard pawn_attacks_[2] = {};
    Bitboard king_zone_[2] = {};
    Bitboard attacked_[2] = {};
    Bitboard attacked_by_[2][6] = {};
    Bitboard attacked_by_minor_[2] = {};
    Bitboard passed_[2] = {};
    int king_attackers_[2] = {};  // by the attacking colour
    int zone_attacks_[2] = {};
};

}  // namespace

Value tempo_bonus(const Position& pos, int tempo_percent) {
    return blended_tempo(Weights[w::Tempo], game_phase(pos), tempo_percent);
}

Score piece_square(Piece p, Square s) {
    const Color c = color_of(p);
    const PieceType pt = type_of(p);
    Score v = Weights[std::size_t(w::PawnSquare + 64 * pt + relative_square(c, s))];
    if (pt != King) v += Weights[std::size_t(w::PieceValue + pt)];
    return c == White ? v : -v;
}

Score piece_square(const Position& pos) {
    Score total;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        total += piece_square(pos.piece_on(s), s);
    }
    return total;
}

Score piece_square_after(const Position& pos, Move m, Score before) {
    auto remove = [&](Piece p, Square s) { before -= piece_square(p, s); };
    auto add = [&](Piece p, Square s) { before += piece_square(p, s); };
    for_each_piece_change(pos, m, remove, add);
    return before;
}

namespace {
// The value for the side to move of a sum of terms (mop-up included), White's view.
Value for_side_to_move(const Position& pos, Score total, int tempo_percent) {
    const int phase = game_phase(pos);
    const Value white_view = blend(total, phase, endgame_scale(pos, total.eg >= 0 ? White : Black));
    // Tempo, the one place it is added: the side to move gets it, whoever that is.
    return (pos.side_to_move() == White ? white_view : -white_view)
           + blended_tempo(Weights[w::Tempo], phase, tempo_percent);
}

// Keep heuristic scores clear of the mate range.
Value clamped(Value v) { return std::clamp(v, -VALUE_TB_WIN_IN_MAX_PLY + 1, VALUE_TB_WIN_IN_MAX_PLY - 1); }
}  // namespace

Breakdown breakdown(const Position& pos, int tempo_percent) {
    Evaluator<Mode::Terms> e(pos);
    Breakdown b{};
    Score total = e.sum();
    for (int t = 0; t < TermCount; ++t) {
        b.terms[t][White] = e.term(Term(t), White);
        b.terms[t][Black] = e.term(Term(t), Black);
    }
    b.mop_up = mop_up(pos);
    total += b.mop_up;
    b.phase = game_phase(pos);
    b.scale = endgame_scale(pos, total.eg >= 0 ? White : Black);
    b.white_view = blend(total, b.phase, b.scale);
    b.tempo = blended_tempo(Weights[w::Tempo], b.phase, tempo_percent);
    b.total = for_side_to_move(pos, total, tempo_percent);
    return b;
}

std::string trace(const Position& pos, int tempo_percent) {
    const Breakdown t = breakdown(pos, tempo_percent);
    std::string text =
        "      Term    |    White    |    Black    |    Total\n"
        "              |   MG    EG  |   MG    EG  |   MG    EG\n"
        " -------------+-------------+-------------+------------\n";
    char row[160];
    for (int i = 0; i < TermCount; ++i) {
        const Score w = t.terms[i][White], b = t.terms[i][Black], d = w - b;
        std::snprintf(row, sizeof row, " %12s | %5d %5d | %5d %5d | %5d %5d\n", TermNames[i], w.mg, w.eg,
                      b.mg, b.eg, d.mg, d.eg);
        text += row;
    }
    std::snprintf(row, sizeof row, " %12s |             |             | %5d %5d\n", "Mop-up", t.mop_up.mg,
                  t.mop_up.eg);
    text += row;
    text += "Phase: " + std::to_string(t.phase) + "/" + std::to_string(MaxPhase)
            + "  endgame scale: " + std::to_string(t.scale) + "/64\n";
    text += "Blended (White's view): " + std::to_string(t.white_view) + " cp\n";
    text += "Tempo (side to move): " + std::to_string(t.tempo) + " cp\n";
    text += "Evaluation (side to move): " + std::to_string(t.total) + " cp\n";
    return text;
}

Value evaluate(const Position& pos, int tempo_percent, PawnCache* cache) {
    return evaluate(pos, piece_square(pos), tempo_percent, cache);
}

Value evaluate(const Position& pos, Score piece_square, int tempo_percent, PawnCache* cache) {
    const Score total = Evaluator<Mode::Search>(pos).sum(piece_square, cache) + mop_up(pos);
    return clamped(for_side_to_move(pos, total, tempo_percent));
}

Coefficients coefficients(const Position& pos) {
    Coefficients c;
    Evaluator<Mode::Trace>(pos, &c).sum();
    c.phase = game_phase(pos);
    c.scale[White] = endgame_scale(pos, White);
    c.scale[Black] = endgame_scale(pos, Black);
    c.side_to_move = pos.side_to_move();
    c.fixed = mop_up(pos);
    return c;
}

Value evaluate_from(const Coefficients& c, const std::array<Score, WeightCount>& weights, int tempo_percent) {
    Score total = c.fixed;
    for (int i = 0; i < WeightCount; ++i)
        if (c.weights[std::size_t(i)]) total += weights[std::size_t(i)] * c.weights[std::size_t(i)];
    const Value white_view = blend(total, c.phase, c.scale[total.eg >= 0 ? White : Black]);
    return clamped((c.side_to_move == White ? white_view : -white_view)
                   + blended_tempo(weights[w::Tempo], c.phase, tempo_percent));
}

#ifdef SENTE_TUNE
// The weights worth tuning by play rather than by fitting: every group of a few (tempo, material,
// pawn structure, pieces, threats, king safety), not the placement and mobility tables. Each
// middlegame and endgame value is an option such as Passed5_eg, within half its size either way.
namespace {
[[maybe_unused]] const bool WeightsRegistered = [] {
    int index = 0;
    for (const WeightGroup& g : WeightGroups) {
        const std::string_view name = g.name;
        const bool by_rank =
            name == "Connected" || name == "Passed" || name == "PassedBlocked" || name == "PassedSafeStop";
        for (int i = 0; i < g.size; ++i, ++index) {
            if (g.size > 8) continue;
            if (name == "PieceValue" && i == King) continue;
            if (by_rank && (i == 0 || i == 7)) continue;  // no pawn stands there
            const std::string base = std::string(name) + (g.size > 1 ? std::to_string(i) : "");
            Score& s = Weights[std::size_t(index)];
            for (auto [value, phase] : {std::pair{&s.mg, "_mg"}, std::pair{&s.eg, "_eg"}}) {
                const int half = std::max(20, std::abs(*value) / 2);
                register_tunable(base + phase, value, *value - half, *value + half);
            }
        }
    }
    on_tunable_change([] { WeightsSalt += 0x9E3779B97F4A7C15ULL; });
    return true;
}();
}  // namespace
#endif

}  // namespace sente::eval
