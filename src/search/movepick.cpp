#include "search/movepick.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace sente {

namespace {

using namespace search;

// Most valuable victim first, then what captures of this kind achieved before; promotions by the
// new piece.
int capture_score(const Position& pos, Move m, const CaptureHistory& history) {
    int victim = m.kind() == Move::EnPassant       ? SeeValue[Pawn]
                 : pos.piece_on(m.to()) == NoPiece ? 0
                                                   : SeeValue[type_of(pos.piece_on(m.to()))];
    int score = victim * CaptureVictimWeight + history.get(pos, m) / CaptureHistoryDivisor;
    if (m.kind() == Move::Promotion)
        score += m.promotion() == Queen ? SeeValue[Queen] * CaptureVictimWeight : -100000;
    return score;
}

}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, const Move killers[2], Move counter,
                       const OrderingStats& stats)
    : pos_(pos), stats_(stats), tt_move_(tt_move), counter_(counter), stage_(Stage::TTMove) {
    killers_[0] = killers[0];
    killers_[1] = killers[1];
    if (!pos.is_legal(tt_move_)) tt_move_ = Move::none();
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const OrderingStats& stats)
    : pos_(pos),
      stats_(stats),
      tt_move_(tt_move),
      stage_(Stage::QsTTMove),
      quiescence_in_check_(pos.in_check()) {
    if (!pos.is_legal(tt_move_) || (!quiescence_in_check_ && !pos.is_capture_or_promotion(tt_move_)))
        tt_move_ = Move::none();
}

void MovePicker::score_captures() {
    for (Scored* s = current_; s != end_; ++s) s->score = capture_score(pos_, s->move, stats_.captures);
}

void MovePicker::score_quiets() {
    for (Scored* s = current_; s != end_; ++s) s->score = stats_.quiet(pos_, s->move);
}

// Puts the next quiet move at current_: the quiet moves come out best first, ties in the order
// generated. Most nodes take only the first few before a cut-off or before pruning ends the list,
// so the first ones are found one at a time (the best moved to the front, the rest kept in order),
// and only a node that asks for more sorts what is left.
void MovePicker::bring_next_quiet_forward() {
    if (quiets_sorted_) return;
    if (quiets_selected_ < SelectedQuiets) {
        ++quiets_selected_;
        // The best score, and among equals the first: the score and the distance from the end in
        // one key, so that the scan is a running maximum without a branch to mispredict.
        static_assert(MAX_MOVES <= 256);
        const long count = end_ - current_;
        std::int64_t best_key = std::numeric_limits<std::int64_t>::min();
        for (long i = 0; i < count; ++i)
            best_key = std::max(best_key, std::int64_t(current_[i].score) * 256 + (count - 1 - i));
        Scored* best = current_ + (count - 1 - (best_key & 255));
        std::rotate(current_, best, best + 1);
        return;
    }
    // Insertion sort: what is left is short and often nearly ordered already.
    for (Scored* p = current_ + 1; p < end_; ++p) {
        Scored tmp = *p;
        Scored* q = p;
        for (; q > current_ && (q - 1)->score < tmp.score; --q) *q = *(q - 1);
        *q = tmp;
    }
    quiets_sorted_ = true;
}

// Once the search skips quiet moves without check, those still waiting are dropped, keeping the
// order of the rest.
void MovePicker::drop_skipped_quiets() {
    Scored* kept = current_;
    for (Scored* s = current_; s < end_; ++s)
        if (!skipped(s->move)) *kept++ = *s;
    end_ = kept;
    quiets_dropped_ = true;
}

Move MovePicker::pick_best(Scored* begin, Scored* end) {
    std::iter_swap(begin, std::max_element(begin, end, [](const Scored& a, const Scored& b) {
                       return a.score < b.score;
                   }));
    return begin->move;
}

// Moves already handed out before the generated lists.
bool MovePicker::is_special(Move m) const {
    return m == tt_move_ || m == killers_[0] || m == killers_[1] || m == counter_;
}

Move MovePicker::next() {
    while (true) {
        switch (stage_) {
            case Stage::TTMove:
                stage_ = Stage::GenerateCaptures;
                if (tt_move_ != Move::none() && !skipped(tt_move_)) return tt_move_;
                break;

            case Stage::GenerateCaptures: {
                MoveList list;
                generate<GenType::Captures>(pos_, list);
                current_ = end_ = moves_;
                for (Move m : list) *end_++ = {m, 0};
                score_captures();
                stage_ = Stage::GoodCaptures;
                break;
            }

            case Stage::GoodCaptures:
                while (current_ < end_) {
                    Move m = pick_best(current_++, end_);
                    if (m == tt_move_) continue;
                    // Losing captures and underpromotions wait until after the quiet moves.
                    bool underpromotion = m.kind() == Move::Promotion && m.promotion() != Queen;
                    if (underpromotion || !pos_.see_ge(m, 0)) {
                        *bad_end_++ = {m, 0};
                        continue;
                    }
                    return m;
                }
                stage_ = Stage::Killer1;
                break;

            case Stage::Killer1:
            case Stage::Killer2:
            case Stage::Counter: {
                Move m = stage_ == Stage::Killer1   ? killers_[0]
                         : stage_ == Stage::Killer2 ? killers_[1]
                                                    : counter_;
                bool duplicate = m == tt_move_ || (stage_ == Stage::Killer2 && m == killers_[0])
                                 || (stage_ == Stage::Counter && (m == killers_[0] || m == killers_[1]));
                stage_ = Stage(int(stage_) + 1);
                if (!duplicate && m != Move::none() && !pos_.is_capture_or_promotion(m) && pos_.is_legal(m)
                    && !skipped(m))
                    return m;
                break;
            }

            case Stage::GenerateQuiets: {
                stage_ = Stage::Quiets;
                current_ = end_ = moves_;
                MoveList list;
                generate<GenType::Quiets>(pos_, list);
                for (Move m : list) *end_++ = {m, 0};
                if (skip_quiets_) drop_skipped_quiets();
                score_quiets();
                break;
            }

            case Stage::Quiets:
                if (skip_quiets_ && !quiets_dropped_) drop_skipped_quiets();
                while (current_ < end_) {
                    bring_next_quiet_forward();
                    Move m = (current_++)->move;
                    if (!is_special(m)) return m;
                }
                stage_ = Stage::BadCaptures;
                break;

            case Stage::BadCaptures:
                if (bad_current_ < bad_end_) return (bad_current_++)->move;
                stage_ = Stage::Done;
                break;

            case Stage::QsTTMove:
                stage_ = Stage::QsGenerate;
                if (tt_move_ != Move::none()) return tt_move_;
                break;

            case Stage::QsGenerate: {
                MoveList list;
                if (quiescence_in_check_)
                    generate<GenType::All>(pos_, list);
                else
                    generate<GenType::Captures>(pos_, list);
                current_ = end_ = moves_;
                for (Move m : list)
                    *end_++ = {m, pos_.is_capture_or_promotion(m)
                                      ? capture_score(pos_, m, stats_.captures) + (1 << 20)
                                      : stats_.quiet(pos_, m)};
                stage_ = Stage::QsCaptures;
                break;
            }

            case Stage::QsCaptures:
                while (current_ < end_) {
                    Move m = pick_best(current_++, end_);
                    if (m != tt_move_) return m;
                }
                stage_ = Stage::Done;
                break;

            case Stage::Done:
                return Move::none();
        }
    }
}

}  // namespace sente
