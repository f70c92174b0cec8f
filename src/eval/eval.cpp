// Evaluation terms, each computed for both colours and summed from White's point of view.
#include "eval/eval.hpp"

#include <algorithm>
#include <cstdlib>

namespace sente::eval {

namespace {

constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard adjacent_files(int file) {
    return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}
// Squares strictly in front of s, from c's point of view, on the given files.
constexpr Bitboard forward_ranks(Color c, Square s) {
    return c == White ? ~Bitboard(0) << 8 << (8 * rank_of(s)) : ~Bitboard(0) >> 8 >> (8 * (7 - rank_of(s)));
}
constexpr Bitboard forward_file(Color c, Square s) { return forward_ranks(c, s) & file_bb(file_of(s)); }
constexpr Bitboard passed_span(Color c, Square s) {
    return forward_ranks(c, s) & (file_bb(file_of(s)) | adjacent_files(file_of(s)));
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

Value blended_tempo(int phase, int tempo_percent) {
    return (Tempo.mg * phase + Tempo.eg * (MaxPhase - phase)) * tempo_percent / (MaxPhase * 100);
}

struct PstTable {
    Score table[12][64];
    constexpr PstTable() : table{} {
        for (int pt = Pawn; pt <= King; ++pt)
            for (int sq = 0; sq < 64; ++sq) {
                table[pt][sq] = pst::value(PieceType(pt), sq);
                table[pt + 6][sq ^ 56] = pst::value(PieceType(pt), sq);  // black mirrors white
            }
    }
};
constexpr PstTable Pst;

class Evaluator {
public:
    explicit Evaluator(const Position& pos) : pos_(pos) {}

    Trace run(int tempo_percent) {
        Trace t{};
        pawn_attacks_[White] = pawn_attacks_of<White>(pos_.pieces(White, Pawn));
        pawn_attacks_[Black] = pawn_attacks_of<Black>(pos_.pieces(Black, Pawn));
        for (Color c : {White, Black}) {
            Bitboard zone = king_attacks(pos_.king_square(c)) | square_bb(pos_.king_square(c));
            king_zone_[c] = zone | (c == White ? shift<North>(zone) : shift<South>(zone));
            attacked_[c] = pawn_attacks_[c] | king_attacks(pos_.king_square(c));
        }
        for (Color c : {White, Black}) {
            material_and_placement(c, t);
            pieces(c, t);
        }
        for (Color c : {White, Black}) {
            pawns(c, t);
            king_safety(c, t);
            threats(c, t);
        }

        Score total;
        for (auto& term : t.terms) total += term[White] - term[Black];
        t.mop_up = mop_up();
        total += t.mop_up;

        t.phase = game_phase(pos_);
        t.scale = endgame_scale(total.eg >= 0 ? White : Black);
        t.white_view = (total.mg * t.phase + total.eg * t.scale / 64 * (MaxPhase - t.phase)) / MaxPhase;

        // Tempo, the one place it is added: the side to move gets it, whoever that is.
        t.tempo = blended_tempo(t.phase, tempo_percent);
        t.total = (pos_.side_to_move() == White ? t.white_view : -t.white_view) + t.tempo;
        return t;
    }

private:
    void material_and_placement(Color c, Trace& t) {
        for (int pt = Pawn; pt <= King; ++pt) {
            Bitboard b = pos_.pieces(c, PieceType(pt));
            t.terms[Material][c] += PieceValue[pt] * popcount(b);
            while (b) t.terms[Placement][c] += Pst.table[make_piece(c, PieceType(pt))][pop_lsb(b)];
        }
        if (popcount(pos_.pieces(c, Bishop)) >= 2) t.terms[Pieces][c] += BishopPair;
    }

    void pieces(Color c, Trace& t) {
        const Color them = ~c;
        const Bitboard occupied = pos_.pieces();
        const Bitboard area = ~(pos_.pieces(c) | pawn_attacks_[them]);
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            for (Bitboard b = pos_.pieces(c, pt); b;) {
                Square s = pop_lsb(b);
                Bitboard attacks = piece_attacks(pt, s, occupied);
                attacked_[c] |= attacks;
                attacked_by_minor_[c] |= (pt == Knight || pt == Bishop) ? attacks : 0;
                t.terms[Mobility][c] += MobilityWeight[pt] * (popcount(attacks & area) - MobilityCentre[pt]);
                if (attacks & king_zone_[them]) {
                    ++king_attackers_[them];
                    king_attack_units_[them] += KingAttackUnits[pt];
                }
                if (pt == Rook) {
                    Bitboard file = file_bb(file_of(s));
                    if (!(file & pos_.pieces(c, Pawn)))
                        t.terms[Pieces][c] += (file & pos_.pieces(them, Pawn)) ? RookSemiOpenFile : RookOpenFile;
                }
            }
        }
    }

    void pawns(Color c, Trace& t) {
        const Color them = ~c;
        const Bitboard ours = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
        const int up = pawn_push(c);
        for (Bitboard b = ours; b;) {
            Square s = pop_lsb(b);
            const int file = file_of(s);
            const Bitboard neighbours = ours & adjacent_files(file);
            const Square stop = Square(s + up);

            if (!neighbours) t.terms[PawnStructure][c] += Isolated;
            if (ours & forward_file(c, s)) t.terms[PawnStructure][c] += Doubled;
            bool supported = pawn_attacks(them, s) & ours;
            bool phalanx = neighbours & rank_bb(rank_of(s));
            if (supported || phalanx) t.terms[PawnStructure][c] += Connected;
            // Backward: every neighbour is ahead, and the stop square is held by an enemy pawn.
            if (neighbours && !(neighbours & ~forward_ranks(c, s)) && (pawn_attacks_[them] & square_bb(stop)))
                t.terms[PawnStructure][c] += Backward;

            if (!(theirs & passed_span(c, s)) && !(ours & forward_file(c, s)))
                passed(c, s, t);
        }
    }

    void passed(Color c, Square s, Trace& t) {
        const int r = relative_rank(c, rank_of(s));
        const Square stop = Square(s + pawn_push(c));
        Score bonus = Passed[r];
        if (r >= 3) {
            int weight = r - 2;
            bonus.eg += weight * (PassedEnemyKingDistance * distance(pos_.king_square(~c), stop)
                                  - PassedOwnKingDistance * distance(pos_.king_square(c), stop));
        }
        if (pos_.piece_on(stop) != NoPiece) bonus = S(bonus.mg / PassedBlockedDivisor, bonus.eg / PassedBlockedDivisor);

        // In a pawn ending, a passer whose queening square the defending king cannot reach in time.
        if (!pos_.has_non_pawn_material(~c) && !(forward_file(c, s) & pos_.pieces())) {
            Square queening = make_square(file_of(s), c == White ? 7 : 0);
            int pawn_moves = std::min(5, 7 - r);
            // Counted as if the defender moved first, so that the term does not depend on the side
            // to move: that is the tempo term's job alone.
            int king_moves = distance(pos_.king_square(~c), queening) - 1;
            if (king_moves > pawn_moves) bonus.eg += UnstoppablePasser;
        }
        t.terms[PassedPawns][c] += bonus;
    }

    void king_safety(Color c, Trace& t) {
        const Square king = pos_.king_square(c);
        if (pos_.pieces(~c, Queen) || king_attackers_[c] > 2) {
            int units = king_attack_units_[c] * KingAttackScale[std::min(king_attackers_[c], 7)] / 100;
            t.terms[KingSafety][c] -= S(units, units / KingDangerEgDivisor);
        }
        if (relative_rank(c, rank_of(king)) <= 1) {
            const Bitboard ours = pos_.pieces(c, Pawn);
            int centre_file = std::clamp(file_of(king), 1, 6);
            for (int f = centre_file - 1; f <= centre_file + 1; ++f) {
                Bitboard on_file = ours & file_bb(f);
                int index = 0;
                if (on_file & rank_bb(c == White ? 1 : 6)) index = 1;
                else if (on_file & rank_bb(c == White ? 2 : 5)) index = 2;
                t.terms[KingSafety][c] += ShieldPawn[index];
            }
            if (!(file_bb(file_of(king)) & pos_.pieces(Pawn))) t.terms[KingSafety][c] += KingOpenFile;
        }
    }

    void threats(Color c, Trace& t) {
        const Color them = ~c;
        const Bitboard targets = pos_.pieces(them) & ~pos_.pieces(Pawn) & ~pos_.pieces(King);
        t.terms[Threats][c] += ThreatByPawn * popcount(targets & pawn_attacks_[c]);
        t.terms[Threats][c] += ThreatByMinor * popcount(pos_.pieces(them, Rook, Queen) & attacked_by_minor_[c]);
        t.terms[Threats][c] += HangingPiece * popcount(targets & attacked_[c] & ~attacked_[them]);
    }

    // A lone king is driven to the edge and the winning king brought close, so the search finds
    // the mate in endings like KQK and KRK.
    Score mop_up() const {
        for (Color strong : {White, Black}) {
            Color weak = ~strong;
            if (pos_.pieces(weak) != pos_.pieces(weak, King)) continue;
            bool mating = pos_.pieces(strong, Rook, Queen)
                       || (pos_.pieces(strong, Bishop) && pos_.pieces(strong, Knight))
                       || popcount(pos_.pieces(strong, Bishop)) >= 2 || pos_.pieces(strong, Pawn);
            if (!mating) continue;
            int kings = std::abs(file_of(pos_.king_square(White)) - file_of(pos_.king_square(Black)))
                      + std::abs(rank_of(pos_.king_square(White)) - rank_of(pos_.king_square(Black)));
            int bonus = MopUpCentre * centre_distance(pos_.king_square(weak)) + MopUpKingDistance * (14 - kings);
            return strong == White ? S(0, bonus) : S(0, -bonus);
        }
        return S(0, 0);
    }

    // Endings where the side ahead can rarely convert.
    int endgame_scale(Color strong) const {
        const Color weak = ~strong;
        if (!pos_.pieces(strong, Pawn)) {
            int difference = 0;
            for (int pt = Knight; pt <= Queen; ++pt)
                difference += PieceValue[pt].mg
                            * (popcount(pos_.pieces(strong, PieceType(pt))) - popcount(pos_.pieces(weak, PieceType(pt))));
            if (difference <= PieceValue[Bishop].mg) return DrawishScale;
        }
        Bitboard bishops = pos_.pieces(Bishop);
        if (popcount(pos_.pieces(White, Bishop)) == 1 && popcount(pos_.pieces(Black, Bishop)) == 1
            && !(pos_.pieces(Knight) | pos_.pieces(Rook) | pos_.pieces(Queen))
            && (bishops & DarkSquares) && (bishops & ~DarkSquares))
            return OppositeBishopsScale;
        return 64;
    }

    const Position& pos_;
    Bitboard pawn_attacks_[2] = {};
    Bitboard king_zone_[2] = {};
    Bitboard attacked_[2] = {};
    Bitboard attacked_by_minor_[2] = {};
    int king_attackers_[2] = {};
    int king_attack_units_[2] = {};
};

}  // namespace

Value tempo_bonus(const Position& pos, int tempo_percent) { return blended_tempo(game_phase(pos), tempo_percent); }

Trace trace(const Position& pos, int tempo_percent) { return Evaluator(pos).run(tempo_percent); }

Value evaluate(const Position& pos, int tempo_percent) {
    Value v = Evaluator(pos).run(tempo_percent).total;
    // Keep heuristic scores clear of the mate range.
    return std::clamp(v, -VALUE_MATE_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

}  // namespace sente::eval
