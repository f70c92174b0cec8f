// The handcrafted evaluation: tapered middlegame/endgame terms, scored for the side to move. Every
// term is a fitted weight times a whole number the position gives (a count, a distance), so the
// evaluation is linear in its weights and can be fitted exactly (see coefficients()).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/position.hpp"
#include "eval/weights.hpp"

namespace sente::eval {

enum Term {
    Material,
    Placement,
    PawnStructure,
    PassedPawns,
    Mobility,
    KingSafety,
    Pieces,
    Threats,
    TermCount
};
constexpr const char* TermNames[TermCount] = {"Material", "Placement",   "Pawns",  "Passed",
                                              "Mobility", "King safety", "Pieces", "Threats"};

// Every term for both sides, before blending, for the `eval` command.
struct Breakdown {
    Score terms[TermCount][2];
    Score mop_up;          // White's view
    int phase = 0;         // MaxPhase = opening, 0 = bare endgame
    int scale = 64;        // endgame part is multiplied by scale / 64
    Value white_view = 0;  // blended, before tempo, from White's side
    Value tempo = 0;       // blended tempo for the side to move
    Value total = 0;       // what evaluate() returns
};

// Pawn structure and king shelter depend only on the pawns and the kings, which change far less
// often than the rest of the position: each search thread keeps them by pawn-and-king key.
class PawnCache {
public:
    struct Entry {
        Key key = 0;
        Score score;  // pawn structure and shelter, White's view
        Bitboard passed[2];
    };
    static constexpr std::size_t Entries = 1 << 14;

    // Allocated on first use: a search with the net, and a pool of hundreds of threads, need none.
    Entry& slot(Key key) {
        if (!entries_) [[unlikely]]
            entries_ = std::make_unique<Entry[]>(Entries);
        return entries_[key & (Entries - 1)];
    }
    void clear() {
        if (entries_) std::fill(entries_.get(), entries_.get() + Entries, Entry{});
    }

private:
    std::unique_ptr<Entry[]> entries_;
};

// The position's value for the side to move. tempo_percent scales the side-to-move bonus: 100 is
// the value in params.hpp, 0 leaves it out (for the tempo experiment). A cache, when given, saves
// recomputing the pawn terms; the result is the same with or without it.
constexpr int DefaultTempoPercent = 100;
constexpr int MaxTempoPercent = 400;  // the most the tempo experiment and the Tempo option take
Value evaluate(const Position& pos, int tempo_percent = DefaultTempoPercent, PawnCache* cache = nullptr);
// The same given piece_square(pos), which the search keeps move by move.
Value evaluate(const Position& pos, Score piece_square, int tempo_percent, PawnCache* cache);
Breakdown breakdown(const Position& pos, int tempo_percent = DefaultTempoPercent);
// The breakdown as the `eval` command prints it: a table of the terms, then the phase, the blend,
// tempo and the total, a line each.
std::string trace(const Position& pos, int tempo_percent = DefaultTempoPercent);
// Material and placement, White's view: what each piece is worth on its square, summed. Every
// move changes it by the few pieces it moves, so the search keeps it up to date with
// piece_square_after (m legal in pos, before is piece_square(pos)) instead of summing every piece
// at every node.
Score piece_square(Piece p, Square s);
Score piece_square(const Position& pos);
Score piece_square_after(const Position& pos, Move m, Score before);

// The tempo bonus blended for the position's phase, at the given scale.
Value tempo_bonus(const Position& pos, int tempo_percent = DefaultTempoPercent);

// What the evaluation did with each weight in one position, for the tuner: weights[i] is how many
// times weight i was added for White minus for Black. Tempo is not counted there: it goes to the
// side to move after blending. Mop-up is a fixed (unfitted) endgame term, given in White's view.
struct Coefficients {
    std::array<std::int16_t, WeightCount> weights{};
    int phase = 0;
    int scale[2] = {64, 64};  // endgame scale when White, or Black, is the stronger side
    Color side_to_move = White;
    Score fixed;
};
Coefficients coefficients(const Position& pos);
// The evaluation rebuilt from coefficients and any set of weights, with the same integer
// arithmetic as evaluate(): with the built-in weights it equals evaluate() exactly.
Value evaluate_from(const Coefficients& c, const std::array<Score, WeightCount>& weights,
                    int tempo_percent = DefaultTempoPercent);

}  // namespace sente::eval
