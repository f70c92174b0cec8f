// Legal move generation. One generator, templated on the side to move, the kind of moves and a
// sink: the list sink writes moves out, the counting sink only adds up popcounts (bulk counting).
#include "core/movegen.hpp"

namespace sente {

namespace {

constexpr PieceType PromotionOrder[] = {Queen, Rook, Bishop, Knight};

struct ListSink {
    Move*& cursor;

    void add(Move m) { *cursor++ = m; }
    void add_targets(Square from, Bitboard targets) {
        while (targets) *cursor++ = Move(from, pop_lsb(targets));
    }
    void add_promotions(Square from, Bitboard targets) {
        while (targets) {
            Square to = pop_lsb(targets);
            for (PieceType pt : PromotionOrder) *cursor++ = Move(from, to, Move::Promotion, pt);
        }
    }
    // Pawn moves in bulk: each target came from the square Offset behind it.
    template <int Offset>
    void add_pawn_targets(Bitboard targets) {
        while (targets) {
            Square to = pop_lsb(targets);
            *cursor++ = Move(Square(to - Offset), to);
        }
    }
    template <int Offset>
    void add_pawn_promotions(Bitboard targets) {
        while (targets) {
            Square to = pop_lsb(targets);
            for (PieceType pt : PromotionOrder)
                *cursor++ = Move(Square(to - Offset), to, Move::Promotion, pt);
        }
    }
};

struct CountSink {
    std::uint64_t count = 0;

    void add(Move) { ++count; }
    void add_targets(Square, Bitboard targets) { count += popcount(targets); }
    void add_promotions(Square, Bitboard targets) { count += 4 * popcount(targets); }
    template <int>
    void add_pawn_targets(Bitboard targets) {
        count += popcount(targets);
    }
    template <int>
    void add_pawn_promotions(Bitboard targets) {
        count += 4 * popcount(targets);
    }
};

// Pos is a Position or a Successor.
template <Color Us, GenType Type, class Sink, class Pos>
void generate_for(const Pos& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction CaptureWest = Us == White ? NorthWest : SouthWest;
    constexpr Direction CaptureEast = Us == White ? NorthEast : SouthEast;
    constexpr Bitboard PromotionRank = rank_bb(Us == White ? 6 : 1);   // pawns about to promote
    constexpr Bitboard DoublePushRank = rank_bb(Us == White ? 2 : 5);  // after one step
    constexpr bool WantCaptures = Type != GenType::Quiets;
    constexpr bool WantQuiets = Type != GenType::Captures;

    const Square king = pos.king_square(Us);
    const Bitboard occupied = pos.pieces();
    const Bitboard ours = pos.pieces(Us);
    const Bitboard theirs = pos.pieces(Them);
    const Bitboard checkers = pos.checkers();

    // 1. King moves: a destination is safe if no enemy piece attacks it once the king has left its
    // square, so that a slider checking along a line still covers the square behind the king.
    Bitboard king_targets = king_attacks(king) & ~ours;
    if constexpr (!WantQuiets) king_targets &= theirs;
    if constexpr (!WantCaptures) king_targets &= ~theirs;
    const Bitboard without_king = occupied ^ square_bb(king);
    while (king_targets) {
        Square to = pop_lsb(king_targets);
        if (!pos.attacked_by(Them, to, without_king)) sink.add(Move(king, to));
    }

    // 2. In double check only the king can move.
    if (more_than_one(checkers)) return;

    // 3. Every other move must land on the check mask: the checker or a square between it and the
    // king when in check, anywhere not our own otherwise. Pinned pieces stay on their pin line.
    const Bitboard target = checkers ? between_bb(king, lsb(checkers)) | checkers : ~ours;
    const Bitboard capture_target = target & theirs;
    const Bitboard quiet_target = target & ~occupied;
    const Bitboard piece_target = Type == GenType::All        ? target
                                  : Type == GenType::Captures ? capture_target
                                                              : quiet_target;
    const Bitboard pinned = pos.pinned();
    const Bitboard empty = ~occupied;

    // 4. Pawns that are not pinned, in bulk.
    const Bitboard pawns = pos.pieces(Us, Pawn);
    const Bitboard free_pawns = pawns & ~pinned;
    {
        const Bitboard normal = free_pawns & ~PromotionRank;
        const Bitboard promoting = free_pawns & PromotionRank;
        if constexpr (WantQuiets) {
            Bitboard one = shift<Up>(normal) & empty;
            Bitboard two = shift<Up>(one & DoublePushRank) & empty;
            sink.template add_pawn_targets<Up>(one & target);
            sink.template add_pawn_targets<2 * Up>(two & target);
        }
        if constexpr (WantCaptures) {
            sink.template add_pawn_targets<CaptureWest>(shift<CaptureWest>(normal) & capture_target);
            sink.template add_pawn_targets<CaptureEast>(shift<CaptureEast>(normal) & capture_target);
            if (promoting) {
                sink.template add_pawn_promotions<Up>(shift<Up>(promoting) & empty & target);
                sink.template add_pawn_promotions<CaptureWest>(shift<CaptureWest>(promoting)
                                                               & capture_target);
                sink.template add_pawn_promotions<CaptureEast>(shift<CaptureEast>(promoting)
                                                               & capture_target);
            }
        }
    }

    // 5. Pinned pawns, one at a time (a pinned piece can never answer a check).
    if (!checkers) {
        Bitboard pinned_pawns = pawns & pinned;
        while (pinned_pawns) {
            Square from = pop_lsb(pinned_pawns);
            Bitboard line = line_bb(king, from);
            Bitboard pushes = shift<Up>(square_bb(from)) & empty;
            pushes |= shift<Up>(pushes & DoublePushRank) & empty;
            pushes &= line;
            Bitboard captures = pawn_attacks(Us, from) & theirs & line;
            if (square_bb(from) & PromotionRank) {
                if constexpr (WantCaptures) sink.add_promotions(from, pushes | captures);
            } else {
                if constexpr (WantQuiets) sink.add_targets(from, pushes);
                if constexpr (WantCaptures) sink.add_targets(from, captures);
            }
        }
    }

    // 6. En passant, played out on the occupancy: it removes two pawns from one rank at once, which
    // no pin mask describes, and it may capture a checking pawn.
    if constexpr (WantCaptures) {
        if (Square ep = pos.ep_square(); ep != NoSquare) {
            const Square captured = Square(int(ep) - int(Up));
            Bitboard capturers = pawn_attacks(Them, ep) & pawns;
            while (capturers) {
                Square from = pop_lsb(capturers);
                Bitboard occupied_after = (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
                if (!(pos.attackers_by(Them, king, occupied_after) & occupied_after))
                    sink.add(Move(from, ep, Move::EnPassant));
            }
        }
    }

    // 7. Knights (a pinned knight never moves) and sliders.
    Bitboard knights = pos.pieces(Us, Knight) & ~pinned;
    while (knights) {
        Square from = pop_lsb(knights);
        sink.add_targets(from, knight_attacks(from) & piece_target);
    }
    Bitboard diagonal = pos.pieces(Us, Bishop, Queen);
    while (diagonal) {
        Square from = pop_lsb(diagonal);
        Bitboard moves = bishop_attacks(from, occupied) & piece_target;
        if (pinned & square_bb(from)) [[unlikely]]
            moves &= line_bb(king, from);
        sink.add_targets(from, moves);
    }
    Bitboard straight = pos.pieces(Us, Rook, Queen);
    while (straight) {
        Square from = pop_lsb(straight);
        Bitboard moves = rook_attacks(from, occupied) & piece_target;
        if (pinned & square_bb(from)) [[unlikely]]
            moves &= line_bb(king, from);
        sink.add_targets(from, moves);
    }

    // 8. Castling: the squares between king, rook and their destinations empty, and no square the
    // king crosses or lands on attacked. The castling rook is lifted off the board for that test,
    // since in Chess960 it may be the piece that shields the king's destination.
    if constexpr (WantQuiets) {
        // Our rights, kingside (the lower bit) first.
        unsigned rights =
            checkers ? 0 : pos.castling_rights() & (castling_right(Us, true) | castling_right(Us, false));
        while (rights) {
            const int index = std::countr_zero(rights);
            rights &= rights - 1;
            if (pos.castling_path(index) & occupied) continue;
            const Square rook = pos.castling_rook(index);
            const Bitboard occupied_after = occupied ^ square_bb(king) ^ square_bb(rook);
            Bitboard path = pos.castling_king_path(index);
            bool safe = true;
            while (path && safe) safe = !pos.attacked_by(Them, pop_lsb(path), occupied_after);
            if (safe) sink.add(Move(king, rook, Move::Castling));
        }
    }
}

template <GenType Type, class Sink>
void generate_into(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == White)
        generate_for<White, Type>(pos, sink);
    else
        generate_for<Black, Type>(pos, sink);
}

}  // namespace

template <GenType Type>
void generate(const Position& pos, MoveList& list) {
    ListSink sink{list.cursor()};
    generate_into<Type>(pos, sink);
}

template void generate<GenType::All>(const Position&, MoveList&);
template void generate<GenType::Captures>(const Position&, MoveList&);
template void generate<GenType::Quiets>(const Position&, MoveList&);

std::uint64_t count_legal_moves(const Position& pos) {
    CountSink sink;
    generate_into<GenType::All>(pos, sink);
    return sink.count;
}

// The successor is built and counted in one function, so that it stays in registers.
std::uint64_t count_replies(const Position& pos, Move m) {
    CountSink sink;
    if (pos.side_to_move() == White)
        generate_for<Black, GenType::All>(pos.after<White>(m), sink);
    else
        generate_for<White, GenType::All>(pos.after<Black>(m), sink);
    return sink.count;
}

}  // namespace sente
