// The move picker: hands out moves one at a time in the order most likely to cut off early,
// generating each group only when the previous one is exhausted.
#pragma once

#include "core/movegen.hpp"
#include "search/history.hpp"

namespace sente {

// The statistics the picker orders by, all owned by the search thread.
struct OrderingStats {
    const ButterflyHistory& main;
    const CaptureHistory& captures;
    ContinuationView continuation;  // 1, 2 and 4 plies back

    // A quiet move's history: butterfly plus every continuation.
    int quiet(const Position& pos, Move m) const {
        const Piece p = pos.moved_piece(m);
        int h = main.get(pos.side_to_move(), m);
        for (const PieceToHistory* c : continuation) h += c->get(p, m.to());
        return h;
    }
};

class MovePicker {
public:
    // Main search: hash move, good captures, killers, counter move, quiets by history, bad captures.
    MovePicker(const Position& pos, Move tt_move, const Move killers[2], Move counter,
               const OrderingStats& stats);
    // Quiescence: hash move and captures (all moves when in check).
    MovePicker(const Position& pos, Move tt_move, const OrderingStats& stats);

    // The next move, or Move::none() when there are no more.
    Move next();
    // The stage the last move came from, for pruning decisions.
    bool last_was_bad_capture() const { return stage_ == Stage::BadCaptures; }
    // From now on quiet moves come out only if they give check, in the same order as before.
    // For the search, once it would prune every later quiet move that gives no check.
    void skip_quiets(const Position::CheckInfo& check_info) { skip_quiets_ = &check_info; }

private:
    enum class Stage {
        TTMove,
        GenerateCaptures,
        GoodCaptures,
        Killer1,
        Killer2,
        Counter,
        GenerateQuiets,
        Quiets,
        BadCaptures,
        QsTTMove,
        QsGenerate,
        QsCaptures,
        Done
    };
    struct Scored {
        Move move;
        int score;
    };
    // Quiet moves found one at a time before the rest are sorted.
    static constexpr int SelectedQuiets = 8;

    void score_captures();
    void score_quiets();
    void bring_next_quiet_forward();
    void drop_skipped_quiets();
    Move pick_best(Scored* begin, Scored* end);
    bool is_special(Move m) const;
    bool skipped(Move m) const {
        return skip_quiets_ && !pos_.is_capture_or_promotion(m) && !pos_.gives_check(m, *skip_quiets_);
    }

    const Position& pos_;
    const OrderingStats& stats_;
    Move tt_move_;
    Move killers_[2] = {Move::none(), Move::none()};
    Move counter_ = Move::none();
    Stage stage_;
    bool quiescence_in_check_ = false;
    const Position::CheckInfo* skip_quiets_ = nullptr;  // set: quiet moves that give no check are left out
    bool quiets_dropped_ = false;                       // those among the quiet moves waiting are gone
    bool quiets_sorted_ = false;                        // the quiet moves waiting are in order
    int quiets_selected_ = 0;                           // quiet moves found one at a time so far

    Scored moves_[MAX_MOVES];
    Scored* current_ = moves_;
    Scored* end_ = moves_;
    Scored bad_captures_[MAX_MOVES];
    Scored* bad_end_ = bad_captures_;
    Scored* bad_current_ = bad_captures_;
};

}  // namespace sente
