// A chess position: the board, the side to move, castling rights (standard and Chess960), the
// en-passant square, clocks and a stack of earlier states for unmake and repetition detection.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/attacks.hpp"
#include "core/types.hpp"

namespace sente {

// Piece values for static exchange evaluation, indexed by PieceType.
constexpr int SeeValue[7] = {100, 320, 330, 500, 950, 20000, 0};

// How a legal move changes the piece bitboards: a captured piece leaves its square, the mover's
// type toggles the squares of its trip, and a promotion's new piece or the castling rook toggles
// its own. Toggling keeps Chess960 castling right when the king or the rook lands on the other's
// square. PieceBitboards::apply() and applied() below carry it out.
struct MoveChanges {
    PieceType mover;
    Bitboard trip;
    PieceType extra_type = NoPieceType;  // when there is no promotion or castling rook
    Bitboard extra = 0;
    PieceType taken_type = NoPieceType;  // when nothing is captured
    Bitboard taken = 0;
    // The squares behind the bitboards, for make_move's board squares and keys.
    Square taken_square = NoSquare;  // the destination, or the square behind it en passant
    Square king_to = NoSquare;       // castling only: where the king and the rook land
    Square rook_to = NoSquare;
};

// The pieces by type and by colour, and what can be asked of them alone. A Position keeps its
// pieces in one, and so does a Successor.
struct PieceBitboards {
    Bitboard by_type[6] = {};
    Bitboard by_color[2] = {};

    Bitboard all() const { return by_color[White] | by_color[Black]; }
    Bitboard of(Color c, PieceType pt) const { return by_color[c] & by_type[pt]; }
    Bitboard of(Color c, PieceType a, PieceType b) const { return by_color[c] & (by_type[a] | by_type[b]); }
    Square king(Color c) const { return lsb(of(c, King)); }

    // The pieces of both colours that attack s, when the board holds `occupied`.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    // The same for colour c alone.
    Bitboard attackers_by(Color c, Square s, Bitboard occupied) const;
    // Pieces of colour c alone between `king` and a slider of colour `sniper` aimed at it.
    Bitboard blockers(Square king, Color sniper, Color c) const {
        Bitboard snipers =
            (rook_rays(king) & of(sniper, Rook, Queen)) | (bishop_rays(king) & of(sniper, Bishop, Queen));
        const Bitboard occupied = all();
        Bitboard result = 0;
        while (snipers) {
            Bitboard between = between_bb(king, pop_lsb(snipers)) & occupied;
            if (between && !more_than_one(between)) result |= between & by_color[c];
        }
        return result;
    }
    // Whether colour c has a legal en-passant capture onto ep.
    bool ep_capture_legal(Color c, Square ep) const;

    // The changes c of a move by Us, in two forms that must agree: apply() makes them in place
    // (for make_move), applied() returns the bitboards they lead to and leaves these as they are
    // (for Position::after()).
    template <Color Us>
    void apply(const MoveChanges& c) {
        by_type[c.mover] ^= c.trip;
        if (c.extra_type != NoPieceType) by_type[c.extra_type] ^= c.extra;
        if (c.taken_type != NoPieceType) by_type[c.taken_type] ^= c.taken;
        by_color[Us] ^= c.trip ^ c.extra;
        by_color[~Us] ^= c.taken;
    }
    template <Color Us>
    [[gnu::always_inline]] PieceBitboards applied(const MoveChanges& c) const {
        // One statement per type rather than a loop: with constant indices the compiler keeps a
        // successor in registers. Built in memory by vector stores, it made every scalar read of
        // the generator wait, since a store is not forwarded to a load of another size.
        const auto toggled = [&](PieceType pt) {
            return (by_type[pt] & ~c.taken) ^ (pt == c.mover ? c.trip : 0)
                   ^ (pt == c.extra_type ? c.extra : 0);
        };
        PieceBitboards next;
        next.by_type[Pawn] = toggled(Pawn);
        next.by_type[Knight] = toggled(Knight);
        next.by_type[Bishop] = toggled(Bishop);
        next.by_type[Rook] = toggled(Rook);
        next.by_type[Queen] = toggled(Queen);
        next.by_type[King] = toggled(King);
        next.by_color[Us] = by_color[Us] ^ c.trip ^ c.extra;
        next.by_color[~Us] = by_color[~Us] ^ c.taken;
        return next;
    }
};

// What make_move changes that unmake_move cannot recompute, plus values cached per ply.
struct StateInfo {
    Key key = 0;
    Key pawn_key = 0;             // the pawns alone: for the pawn cache and correction history
    std::uint64_t material = 0;   // the count of each piece but the kings: see material()
    Bitboard checkers = 0;        // enemy pieces giving check to the side to move
    Bitboard pinned = 0;          // the side to move's pieces pinned to its king: see pinned()
    Square ep_square = NoSquare;  // set only when an en-passant capture is legal
    std::uint8_t castling = NoCastling;
    Piece captured = NoPiece;
    int rule50 = 0;           // plies since the last capture or pawn move
    int plies_from_null = 0;  // plies since the last null move (repetitions stop there)
};

// What a Position and a Successor both answer from their pieces alone, in the same words, so that
// move generation reads either.
class PieceQueries {
public:
    Bitboard pieces() const { return bb_.all(); }
    Bitboard pieces(Color c) const { return bb_.by_color[c]; }
    Bitboard pieces(Color c, PieceType pt) const { return bb_.of(c, pt); }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return bb_.of(c, a, b); }
    Square king_square(Color c) const { return bb_.king(c); }
    Bitboard attackers_by(Color c, Square s, Bitboard occupied) const {
        return bb_.attackers_by(c, s, occupied);
    }
    bool attacked_by(Color c, Square s, Bitboard occupied) const { return attackers_by(c, s, occupied); }

protected:
    PieceBitboards bb_;
};

class Position;

// A position one move on, reduced to what move generation reads: the pieces, the side to move,
// its checkers and pins, the en-passant square and the castling rights. Position::after() builds
// it without changing the position (no board squares, keys, clocks or state stack), from the same
// MoveChanges and Position::consequences() that make_move uses, so that both find checks, pins and
// the en-passant square with the same code. Perft counts its last two plies with successors: the
// replies to each move, counted without making the move.
// Only after() makes one, with every field set. It asks its parent for the castling geometry, so
// it is valid only while the parent lives unchanged.
class Successor : public PieceQueries {
public:
    // The rest of what move generation asks, in Position's words.
    Color side_to_move() const { return side_; }
    Bitboard checkers() const { return checkers_; }
    Bitboard pinned() const { return pinned_; }
    Square ep_square() const { return ep_square_; }
    unsigned castling_rights() const { return castling_; }
    // No move changes the castling geometry: the parent's.
    Square castling_rook(int index) const;
    Bitboard castling_path(int index) const;
    Bitboard castling_king_path(int index) const;

private:
    friend class Position;
    Successor() = default;  // the fields are left for after() to fill

    const Position* parent_;
    Bitboard checkers_;
    Bitboard pinned_;
    Color side_;
    Square ep_square_;
    std::uint8_t castling_;
};

class Position : public PieceQueries {
public:
    static constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();  // the start position

    // Reads a FEN (standard, X-FEN or Shredder-FEN castling; the clocks, or the move number alone,
    // may be left out). Returns the problem on failure, and then leaves *this (and *note)
    // unchanged. Castling rights and an en-passant square the board cannot have are left out;
    // note, when given, is set to a line naming them, or to "" when there are none.
    [[nodiscard]] std::optional<std::string> set_fen(std::string_view fen, bool chess960 = false,
                                                     std::string* note = nullptr);
    // Shredder-FEN castling letters in Chess960 mode, KQkq otherwise.
    std::string fen() const;
    // The FEN of this position turned over: the board upside down, every piece of the other
    // colour, the other side to move (as Stockfish's `flip`). Its evaluation is the same.
    std::string mirrored_fen() const;

    // Board access, besides the piece queries it shares with a Successor.
    Piece piece_on(Square s) const { return board_[s]; }
    using PieceQueries::pieces;
    Bitboard pieces(PieceType pt) const { return bb_.by_type[pt]; }
    Color side_to_move() const { return side_; }
    bool chess960() const { return chess960_; }
    // Changes only how castling is written: the castling geometry is the same in both modes.
    void set_chess960(bool on) { chess960_ = on; }

    // State of the current ply.
    const StateInfo& state() const { return states_.back(); }
    Key key() const { return state().key; }
    Key pawn_key() const { return state().pawn_key; }
    // The count of each kind of piece but the kings, four bits each (no count reaches 16), white
    // pawns in the highest nibble and black queens in the lowest: equal for equal material.
    std::uint64_t material() const { return state().material; }
    Bitboard checkers() const { return state().checkers; }
    bool in_check() const { return state().checkers != 0; }
    Square ep_square() const { return state().ep_square; }
    unsigned castling_rights() const { return state().castling; }
    int rule50() const { return state().rule50; }
    int game_ply() const { return game_ply_; }

    // Castling geometry of one right (index from castling_index()).
    Square castling_rook(int index) const { return castling_rook_[index]; }
    // Squares that must be empty (besides the king and the castling rook themselves).
    Bitboard castling_path(int index) const { return castling_path_[index]; }
    // Squares the king passes through or lands on, which must not be attacked.
    Bitboard castling_king_path(int index) const { return castling_king_path_[index]; }

    // Attacks.
    Bitboard attackers_to(Square s, Bitboard occupied) const { return bb_.attackers_to(s, occupied); }
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    // Pieces of colour c that alone stand between c's king and an enemy slider. Kept for the side
    // to move, which move generation and legality ask for at every node.
    Bitboard pinned(Color c) const {
        return c == side_ ? state().pinned : bb_.blockers(king_square(c), ~c, c);
    }
    // The side to move's pinned pieces only: pinned(side_to_move()), read from the state.
    Bitboard pinned() const { return state().pinned; }

    // Whether a legal move gives check, without making it. The CheckInfo form is for a node that
    // asks of many moves: what every move's answer shares is computed once.
    struct CheckInfo {
        Bitboard squares[6];   // by piece type: where a piece of ours would attack the enemy king
        Bitboard discoverers;  // our pieces that alone stand between the enemy king and our slider
        Square king;           // the enemy king
    };
    CheckInfo check_info() const;
    bool gives_check(Move m, const CheckInfo& info) const;
    bool gives_check(Move m) const { return gives_check(m, check_info()); }
    // Static exchange evaluation: whether the exchange that the move starts on its destination
    // square gains at least threshold (in SeeValue units), with both sides free to stop capturing.
    bool see_ge(Move m, int threshold = 0) const;
    // Whether the side has a piece other than king and pawns (the null-move zugzwang guard).
    bool has_non_pawn_material(Color c) const { return pieces(c) & ~pieces(Pawn) & ~pieces(King); }
    // Neither side can ever mate: bare kings, or one minor piece, or bishops all on one colour.
    bool insufficient_material() const;
    bool is_capture(Move m) const {
        return (board_[m.to()] != NoPiece && m.kind() != Move::Castling) || m.kind() == Move::EnPassant;
    }
    bool is_capture_or_promotion(Move m) const { return is_capture(m) || m.kind() == Move::Promotion; }
    Piece moved_piece(Move m) const { return board_[m.from()]; }

    // The position the legal move m leads to, as move generation sees it, built without changing
    // this one. The template form is for a caller that knows the side to move (Us must be it):
    // with every colour a constant, perft keeps the successor in registers. Forced inline for the
    // same reason.
    Successor after(Move m) const { return side_ == White ? after<White>(m) : after<Black>(m); }
    template <Color Us>
    [[gnu::always_inline]] Successor after(Move m) const;

    // Moves. make_move takes a legal move; null moves pass the turn (never while in check).
    void make_move(Move m);
    void unmake_move(Move m);
    void make_null_move();
    void unmake_null_move();

    // The key the position will have after the legal move m, without making it, so that the hash
    // table's bucket can be fetched while the move is made. Exact, except after a double pawn push
    // that leaves an en-passant capture (make_move adds the en-passant file then).
    Key key_after(Move m) const;
    // The keys computed from the board alone, for checking the incremental ones.
    Key compute_key() const;
    Key compute_pawn_key() const;
    std::uint64_t compute_material() const;
    // A draw by repetition for the search: the position occurred before within the last `ply`
    // plies (inside the search tree, where a second occurrence is as good as a third), or twice
    // before in the game.
    bool is_repetition(int ply = 0) const;
    // A draw whatever comes next: a repetition as is_repetition(ply) counts it, too little material
    // to mate, or the hundredth ply without a capture or a pawn move unless it is mate. With ply 0,
    // the game is over.
    bool is_draw(int ply = 0) const;
    // Whether a move from any source (the hash table, a killer slot) is legal here.
    bool is_legal(Move m) const;

    // Moves in UCI notation. Castling is king-to-destination (e1g1) normally and king-takes-rook
    // (e1h1) in Chess960 mode.
    std::string move_to_uci(Move m) const;
    // The legal move a UCI string names, or Move::none(). In standard mode both castling forms are
    // accepted, since some GUIs send king-takes-rook there too.
    Move parse_uci_move(std::string_view text) const;

    // Standard algebraic notation (Nf3, exd5, O-O, e8=Q+, Qh7#) of a legal move.
    std::string move_to_san(Move m) const;
    // The legal move a SAN token names, or Move::none() (no such move, or more than one: then
    // *ambiguous is set, when given). Check marks and annotations may follow; also taken: castling
    // with zeros, a promotion without '=' (e8Q), and more of the origin square than the move needs
    // (Ng1f3, e2e4).
    Move parse_san_move(std::string_view san, bool* ambiguous = nullptr) const;

    // A diagram with the FEN, key and checkers, for the `d` command.
    std::string pretty() const;

    friend bool operator==(const Position& a, const Position& b);

private:
    struct Blank {};
    explicit Position(Blank) {}
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void add_castling_right(Color c, Square rook_square);
    // The FEN's castling field; `turned`: for the board turned over, each right the other colour's.
    std::string castling_field(bool turned) const;
    std::optional<std::string> validate() const;

    template <Color Us>
    void make_move(Move m);
    template <Color Us>
    [[gnu::always_inline]] MoveChanges changes(Move m) const;
    // The castling rights the move m takes away: a king or rook leaves its square, or a rook is
    // captured on it.
    unsigned rights_lost(Move m) const {
        return state().castling & (castling_mask_[m.from()] | castling_mask_[m.to()]);
    }

    // What follows for the side to move after a move of Us that made the changes c, read from
    // `after`, the pieces after it: the checkers, the pins and a usable en-passant square.
    struct Consequences {
        Bitboard checkers;
        Bitboard pinned;
        Square ep_square;
    };
    template <Color Us>
    [[gnu::always_inline]] static Consequences consequences(const PieceBitboards& after, const MoveChanges& c,
                                                            Move m, Square their_king);

    Piece board_[64];
    Color side_ = White;
    int game_ply_ = 0;
    bool chess960_ = false;

    Square castling_rook_[4] = {NoSquare, NoSquare, NoSquare, NoSquare};
    Bitboard castling_path_[4] = {};
    Bitboard castling_king_path_[4] = {};
    std::uint8_t castling_mask_[64] = {};  // rights lost when a piece leaves or enters the square

    std::vector<StateInfo> states_;
};

inline Square Successor::castling_rook(int index) const { return parent_->castling_rook(index); }
inline Bitboard Successor::castling_path(int index) const { return parent_->castling_path(index); }
inline Bitboard Successor::castling_king_path(int index) const { return parent_->castling_king_path(index); }

template <Color Us>
inline MoveChanges Position::changes(Move m) const {
    const Square from = m.from(), to = m.to();
    MoveChanges c{.mover = type_of(board_[from]), .trip = square_bb(from) ^ square_bb(to)};
    if (m.kind() == Move::Castling) {
        const bool kingside = to > from;
        c.king_to = relative_square(Us, kingside ? G1 : C1);
        c.rook_to = relative_square(Us, kingside ? F1 : D1);
        c.trip = square_bb(from) ^ square_bb(c.king_to);
        c.extra_type = Rook;
        c.extra = square_bb(to) ^ square_bb(c.rook_to);
        return c;
    }
    const Square capture_square = m.kind() == Move::EnPassant ? Square(to - pawn_push(Us)) : to;
    if (const Piece captured = board_[capture_square]; captured != NoPiece) {
        c.taken_type = type_of(captured);
        c.taken_square = capture_square;
        c.taken = square_bb(capture_square);
    }
    if (m.kind() == Move::Promotion) {
        c.trip = square_bb(from);
        c.extra_type = m.promotion();
        c.extra = square_bb(to);
    }
    return c;
}

template <Color Us>
inline Position::Consequences Position::consequences(const PieceBitboards& after, const MoveChanges& c,
                                                     Move m, Square their_king) {
    constexpr Color Them = ~Us;
    Consequences r;
    // Checks: the enemy king was not in check before the move, so a slider of ours can check it
    // now only along a line through a square the move emptied or filled. Pawns and knights cost a
    // lookup each and are always looked at.
    const Bitboard occupied = after.all();
    const Bitboard changed = c.trip | c.extra | c.taken;
    r.checkers = (pawn_attacks(Them, their_king) & after.of(Us, Pawn))
                 | (knight_attacks(their_king) & after.of(Us, Knight));
    if (rook_rays(their_king) & changed)
        r.checkers |= rook_attacks(their_king, occupied) & after.of(Us, Rook, Queen);
    if (bishop_rays(their_king) & changed)
        r.checkers |= bishop_attacks(their_king, occupied) & after.of(Us, Bishop, Queen);
    r.pinned = after.blockers(their_king, Us, Them);

    // A double push leaves an en-passant square only when the reply can really use it.
    r.ep_square = NoSquare;
    if (c.mover == Pawn && (int(m.to()) ^ int(m.from())) == 16) {
        const Square ep = Square((int(m.from()) + int(m.to())) / 2);
        if ((pawn_attacks(Us, ep) & after.of(Them, Pawn)) && after.ep_capture_legal(Them, ep))
            r.ep_square = ep;
    }
    return r;
}

template <Color Us>
inline Successor Position::after(Move m) const {
    constexpr Color Them = ~Us;
    const MoveChanges c = changes<Us>(m);
    Successor next;
    next.parent_ = this;
    next.bb_ = bb_.applied<Us>(c);
    next.side_ = Them;
    next.castling_ = std::uint8_t(state().castling & ~rights_lost(m));
    const Consequences facts = consequences<Us>(next.bb_, c, m, king_square(Them));
    next.checkers_ = facts.checkers;
    next.pinned_ = facts.pinned;
    next.ep_square_ = facts.ep_square;
    return next;
}

// What the legal move m does to pos (pos before the move), piece by piece: remove(piece, square)
// for each piece leaving a square, then add(piece, square) for each arriving; at most two of each
// (a capture-promotion removes two and adds one, castling moves two). The net's accumulators and
// the hand-crafted evaluation's running material both follow it. A template, so that a caller
// that only sums compiles to the few additions the move's kind needs.
template <class Remove, class Add>
void for_each_piece_change(const Position& pos, Move m, Remove&& remove, Add&& add) {
    const Piece moved = pos.moved_piece(m);
    const Color us = color_of(moved);
    const Piece captured = pos.piece_on(m.to());
    switch (m.kind()) {
        case Move::Castling: {
            // King takes own rook: the king lands on the g- or c-file, the rook beside it.
            const bool kingside = m.to() > m.from();
            remove(moved, m.from());
            remove(captured, m.to());
            add(moved, relative_square(us, kingside ? G1 : C1));
            add(captured, relative_square(us, kingside ? F1 : D1));
            break;
        }
        case Move::EnPassant:
            remove(moved, m.from());
            remove(make_piece(~us, Pawn), Square(m.to() - pawn_push(us)));
            add(moved, m.to());
            break;
        case Move::Promotion:
            remove(moved, m.from());
            if (captured != NoPiece) remove(captured, m.to());
            add(make_piece(us, m.promotion()), m.to());
            break;
        case Move::Normal:
            remove(moved, m.from());
            if (captured != NoPiece) remove(captured, m.to());
            add(moved, m.to());
            break;
    }
}

// A FEN's first field: the pieces of `board` (indexed by square, a1 = 0) rank by rank from the
// eighth, runs of empty squares as digits.
std::string board_fen(const Piece board[64]);

}  // namespace sente
