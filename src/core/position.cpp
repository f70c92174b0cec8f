// Position: FEN reading and writing, make/unmake, keys and repetitions.
#include "core/position.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "core/movegen.hpp"
#include "core/zobrist.hpp"
#include "util/parse.hpp"

namespace sente {

namespace {

// One piece's weight in Position::material(): white pawn to queen, then black pawn to queen, in
// nibbles from the tenth down; kings weigh nothing.
constexpr std::uint64_t material_unit(Piece p) {
    return type_of(p) == King ? 0 : std::uint64_t(1) << (4 * (9 - (5 * color_of(p) + type_of(p))));
}

constexpr std::string_view PieceChars = "PNBRQKpnbrqk";

// Enough for any game a GUI can send plus a deep search, before the first reallocation.
constexpr std::size_t InitialStateCapacity = 1024;

// FEN clocks beyond these bounds are rejected as nonsense rather than silently wrapped.
constexpr int MaxHalfmoveClock = 10000;
constexpr int MaxFullmoveNumber = 100000;

// Fields are separated by any white space: a FEN copied from a file may end in "\r\n".
bool is_fen_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_fen_space(text[i])) ++i;
        std::size_t start = i;
        while (i < text.size() && !is_fen_space(text[i])) ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    return fields;
}

}  // namespace

std::string square_name(Square s) {
    if (s == NoSquare) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char piece_char(Piece p) { return p == NoPiece ? '.' : PieceChars[p]; }

Position::Position() {
    auto error = set_fen(StartFen);
    (void)error;  // the start position is always valid
}

void Position::clear() {
    std::fill(std::begin(board_), std::end(board_), NoPiece);
    bb_ = PieceBitboards{};
    std::fill(std::begin(castling_rook_), std::end(castling_rook_), NoSquare);
    std::fill(std::begin(castling_path_), std::end(castling_path_), 0);
    std::fill(std::begin(castling_king_path_), std::end(castling_king_path_), 0);
    std::fill(std::begin(castling_mask_), std::end(castling_mask_), 0);
    side_ = White;
    game_ply_ = 0;
    chess960_ = false;
    states_.clear();
    states_.reserve(InitialStateCapacity);
    states_.emplace_back();
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    bb_.by_type[type_of(p)] |= square_bb(s);
    bb_.by_color[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    bb_.by_type[type_of(p)] ^= square_bb(s);
    bb_.by_color[color_of(p)] ^= square_bb(s);
    board_[s] = NoPiece;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard both = square_bb(from) | square_bb(to);
    bb_.by_type[type_of(p)] ^= both;
    bb_.by_color[color_of(p)] ^= both;
    board_[from] = NoPiece;
    board_[to] = p;
}

void Position::add_castling_right(Color c, Square rook_square) {
    Square king = king_square(c);
    bool kingside = rook_square > king;
    CastlingRight cr = castling_right(c, kingside);
    int index = castling_index(cr);
    Square king_to = relative_square(c, kingside ? G1 : C1);
    Square rook_to = relative_square(c, kingside ? F1 : D1);

    states_.back().castling |= cr;
    castling_rook_[index] = rook_square;
    castling_mask_[king] |= cr;
    castling_mask_[rook_square] |= cr;
    castling_path_[index] = (between_bb(king, king_to) | between_bb(rook_square, rook_to) | square_bb(king_to)
                             | square_bb(rook_to))
                            & ~(square_bb(king) | square_bb(rook_square));
    castling_king_path_[index] = between_bb(king, king_to) | square_bb(king_to);
}

Bitboard PieceBitboards::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(Black, s) & of(White, Pawn)) | (pawn_attacks(White, s) & of(Black, Pawn))
           | (knight_attacks(s) & by_type[Knight])
           | (bishop_attacks(s, occupied) & (by_type[Bishop] | by_type[Queen]))
           | (rook_attacks(s, occupied) & (by_type[Rook] | by_type[Queen]))
           | (king_attacks(s) & by_type[King]);
}

Bitboard PieceBitboards::attackers_by(Color c, Square s, Bitboard occupied) const {
    return ((pawn_attacks(~c, s) & by_type[Pawn]) | (knight_attacks(s) & by_type[Knight])
            | (bishop_attacks(s, occupied) & (by_type[Bishop] | by_type[Queen]))
            | (rook_attacks(s, occupied) & (by_type[Rook] | by_type[Queen]))
            | (king_attacks(s) & by_type[King]))
           & by_color[c];
}

// Every capture is played out on the occupancy, which also covers the pin along the rank that a
// two-pawn capture can expose.
bool PieceBitboards::ep_capture_legal(Color c, Square ep) const {
    const Square captured = Square(ep - pawn_push(c));
    const Square king = this->king(c);
    Bitboard capturers = pawn_attacks(~c, ep) & of(c, Pawn);
    while (capturers) {
        Square from = pop_lsb(capturers);
        Bitboard occupied = (all() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        if (!(attackers_to(king, occupied) & by_color[~c] & occupied)) return true;
    }
    return false;
}

std::optional<std::string> Position::set_fen(std::string_view fen, bool chess960, std::string* note) {
    Position p{Blank{}};  // built aside so that *this stays as it was on any error
    p.clear();
    p.chess960_ = chess960;

    auto fields = split_fields(fen);
    if (fields.size() < 4 || fields.size() > 6) {
        return fields.size() > 6 ? "FEN has unexpected text after the move number"
                                 : "FEN needs 4 to 6 fields, found " + std::to_string(fields.size());
    }

    // 1. Piece placement, from rank 8 down to rank 1.
    int rank = 7, file = 0;
    char previous = 0;
    for (char ch : fields[0]) {
        if (ch == '/') {
            if (file != 8)
                return "FEN rank " + std::to_string(rank + 1) + " has " + std::to_string(file)
                       + " squares, not 8";
            if (--rank < 0) return std::string("FEN board has more than 8 ranks");
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            if (previous >= '1' && previous <= '8')
                return "FEN rank " + std::to_string(rank + 1) + " has two digits in a row";
            file += ch - '0';
            if (file > 8) return "FEN rank " + std::to_string(rank + 1) + " has more than 8 squares";
        } else if (auto idx = PieceChars.find(ch); idx != std::string_view::npos) {
            if (file > 7) return "FEN rank " + std::to_string(rank + 1) + " has more than 8 squares";
            p.put_piece(Piece(idx), make_square(file++, rank));
        } else {
            return "FEN board has an invalid character " + util::quoted(std::string_view(&ch, 1));
        }
        previous = ch;
    }
    if (rank != 0) return std::string("FEN board has ") + std::to_string(8 - rank) + " ranks, not 8";
    if (file != 8) return "FEN rank 1 has " + std::to_string(file) + " squares, not 8";

    for (Color c : {White, Black}) {
        int kings = popcount(p.pieces(c, King));
        if (kings != 1)
            return std::string("FEN must have exactly one ") + (c == White ? "white" : "black")
                   + " king, found " + std::to_string(kings);
    }
    if (p.pieces(Pawn) & (rank_bb(0) | rank_bb(7)))
        return std::string("FEN has a pawn on the first or last rank");
    // Material no game can reach: every piece beyond the first queen, the first two rooks,
    // bishops and knights is a promoted pawn. (Past it, a position can have more legal moves
    // than a move list holds.)
    for (Color c : {White, Black}) {
        const char* side = c == White ? "white" : "black";
        const int pawns = popcount(p.pieces(c, Pawn));
        if (pawns > 8) return "FEN has " + std::to_string(pawns) + " " + side + " pawns, more than 8";
        int promoted = std::max(0, popcount(p.pieces(c, Queen)) - 1);
        for (PieceType t : {Rook, Bishop, Knight}) promoted += std::max(0, popcount(p.pieces(c, t)) - 2);
        if (promoted > 8 - pawns)
            return "FEN has more " + std::string(side)
                   + " pieces than promotions can give: " + std::to_string(promoted) + " promoted, with "
                   + std::to_string(pawns) + " pawns still on the board";
    }

    // 2. Side to move.
    if (fields[1] == "w")
        p.side_ = White;
    else if (fields[1] == "b")
        p.side_ = Black;
    else
        return "FEN side to move must be 'w' or 'b', not " + util::quoted(fields[1]);

    // 3. Castling: KQkq (outermost rook), or the file letter of the rook (Shredder-FEN, X-FEN). A
    // right the board cannot have (its king off the first rank, no rook on that side, the right
    // named twice) is left out and named in *note: GUIs send stale rights after a position is
    // edited, and refusing the whole FEN would keep a position the GUI is no longer in.
    std::string ignored;
    int ignored_count = 0;
    auto ignore = [&](char ch, const char* why) {
        if (++ignored_count > 4) {  // a field of a thousand K's gets a short note
            if (ignored_count == 5) ignored += ", ...";
            return;
        }
        ignored += (ignored.empty() ? "" : ", ") + std::string(1, ch) + " (" + why + ")";
    };
    if (fields[2] != "-") {
        for (char ch : fields[2]) {
            Color c = std::isupper(static_cast<unsigned char>(ch)) ? White : Black;
            char lower = char(std::tolower(static_cast<unsigned char>(ch)));
            if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
                return "FEN castling field has an invalid character "
                       + util::quoted(std::string_view(&ch, 1));
            Square king = p.king_square(c);
            Piece rook = make_piece(c, Rook);
            if (relative_rank(c, rank_of(king)) != 0) {
                ignore(ch, "the king is not on its first rank");
                continue;
            }
            int back_rank = rank_of(king);
            Square rook_square = NoSquare;
            if (lower == 'k') {
                for (int f = 7; f > file_of(king) && rook_square == NoSquare; --f)
                    if (p.board_[make_square(f, back_rank)] == rook) rook_square = make_square(f, back_rank);
            } else if (lower == 'q') {
                for (int f = 0; f < file_of(king) && rook_square == NoSquare; ++f)
                    if (p.board_[make_square(f, back_rank)] == rook) rook_square = make_square(f, back_rank);
            } else {
                Square s = make_square(lower - 'a', back_rank);
                if (p.board_[s] == rook && s != king) rook_square = s;
            }
            if (rook_square == NoSquare) {
                ignore(ch, "no matching rook");
                continue;
            }
            if (p.states_.back().castling & castling_right(c, rook_square > king)) {
                ignore(ch, "a right named twice");
                continue;
            }
            p.add_castling_right(c, rook_square);
        }
    }

    // 4. En passant: the square a pawn just skipped. Kept only when a capture there is legal, so
    // positions that differ only in an unusable en-passant square share a key. A square no pawn
    // can just have skipped is left out and named in *note, as stale castling rights are.
    StateInfo& st = p.states_.back();
    std::string ep_ignored;
    if (fields[3] != "-") {
        const auto& f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return "FEN en-passant square " + util::quoted(f) + " is not a square";
        Square ep = make_square(f[0] - 'a', f[1] - '1');
        Color us = p.side_;
        Square pushed_pawn = Square(ep - pawn_push(us));
        Square origin = Square(ep + pawn_push(us));
        if (relative_rank(us, rank_of(ep)) != 5 || p.board_[ep] != NoPiece || p.board_[origin] != NoPiece
            || p.board_[pushed_pawn] != make_piece(~us, Pawn))
            ep_ignored =
                "FEN en-passant square ignored: " + std::string(f) + " (no pawn has just skipped it)";
        else if (p.bb_.ep_capture_legal(us, ep))
            st.ep_square = ep;
    }

    // 5-6. Clocks, optional (the move number alone too).
    int fullmove = 1;
    if (fields.size() >= 5) {
        auto halfmove = util::parse<int>(fields[4], 0, MaxHalfmoveClock);
        if (!halfmove)
            return "FEN halfmove clock " + util::quoted(fields[4]) + " is not a number from 0 to "
                   + std::to_string(MaxHalfmoveClock);
        st.rule50 = *halfmove;
    }
    if (fields.size() == 6) {
        auto moves = util::parse<int>(fields[5], 0, MaxFullmoveNumber);
        if (!moves)
            return "FEN move number " + util::quoted(fields[5]) + " is not a number from 0 (read as 1) to "
                   + std::to_string(MaxFullmoveNumber);
        fullmove = std::max(*moves, 1);  // some programs write 0
    }
    p.game_ply_ = 2 * (fullmove - 1) + (p.side_ == Black);

    Color them = ~p.side_;
    if (p.attackers_to(p.king_square(them)) & p.pieces(p.side_))
        return std::string("FEN leaves the side not to move in check");
    st.checkers = p.attackers_to(p.king_square(p.side_)) & p.pieces(them);
    st.pinned = p.bb_.blockers(p.king_square(p.side_), them, p.side_);
    st.key = p.compute_key();
    st.pawn_key = p.compute_pawn_key();
    st.material = p.compute_material();

    *this = std::move(p);
    if (note) {
        *note = ignored.empty() ? "" : "FEN castling rights ignored: " + ignored;
        if (!ep_ignored.empty()) *note += (note->empty() ? "" : "; ") + ep_ignored;
    }
    return std::nullopt;
}

std::string board_fen(const Piece board[64]) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Piece pc = board[make_square(file, rank)];
            if (pc == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += piece_char(pc);
        }
        if (empty) out += char('0' + empty);
        if (rank) out += '/';
    }
    return out;
}

std::string Position::castling_field(bool turned) const {
    constexpr CastlingRight Order[] = {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside};
    std::string field;
    for (int i = 0; i < 4; ++i) {
        // Written in White's then Black's place; turned over, Black's rights take White's place.
        const CastlingRight cr = Order[turned ? i ^ 2 : i];
        if (!(castling_rights() & cr)) continue;
        Color c = cr & (WhiteKingside | WhiteQueenside) ? White : Black;
        bool kingside = cr & (WhiteKingside | BlackKingside);
        Square rook = castling_rook_[castling_index(cr)];
        // X-FEN: a letter for the rook's file only when another rook stands further out.
        Bitboard outer = 0;
        for (int f = kingside ? file_of(rook) + 1 : 0; f < (kingside ? 8 : file_of(rook)); ++f)
            outer |= square_bb(make_square(f, rank_of(rook)));
        char ch = chess960_ || (outer & pieces(c, Rook)) ? char('a' + file_of(rook)) : (kingside ? 'k' : 'q');
        field += i < 2 ? char(std::toupper(ch)) : ch;
    }
    return field.empty() ? "-" : field;
}

std::string Position::fen() const {
    std::string out = board_fen(board_);
    out += side_ == White ? " w " : " b ";
    out += castling_field(false);
    out += ' ' + square_name(ep_square());
    // Clocks past what a FEN may say (a game read move by move can run that long) are written at
    // the most it may, so that the FEN reads back.
    out += ' ' + std::to_string(std::min(rule50(), MaxHalfmoveClock)) + ' '
           + std::to_string(std::min(1 + game_ply_ / 2, MaxFullmoveNumber));
    return out;
}

std::string Position::mirrored_fen() const {
    Piece board[64];
    for (int s = 0; s < 64; ++s)
        board[s ^ 56] = board_[s] == NoPiece ? NoPiece : make_piece(~color_of(board_[s]), type_of(board_[s]));
    std::string out = board_fen(board);
    out += side_ == White ? " b " : " w ";
    out += castling_field(true);
    out += ' ' + square_name(ep_square() == NoSquare ? NoSquare : Square(ep_square() ^ 56));
    // Clocks past what a FEN may say (a game read move by move can run that long) are written at
    // the most it may, so that the FEN reads back.
    out += ' ' + std::to_string(std::min(rule50(), MaxHalfmoveClock)) + ' '
           + std::to_string(std::min(1 + game_ply_ / 2, MaxFullmoveNumber));
    return out;
}

Key Position::compute_key() const {
    Key k = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NoPiece) k ^= zobrist::PieceSquare[board_[s]][s];
    if (side_ == Black) k ^= zobrist::SideToMove;
    k ^= zobrist::castling_key(castling_rights());
    if (ep_square() != NoSquare) k ^= zobrist::EnPassantFile[file_of(ep_square())];
    return k;
}

std::uint64_t Position::compute_material() const {
    std::uint64_t m = 0;
    for (Bitboard b = pieces(); b;) m += material_unit(board_[pop_lsb(b)]);
    return m;
}

Key Position::compute_pawn_key() const {
    Key k = 0;
    for (Bitboard b = pieces(Pawn); b;) {
        Square s = pop_lsb(b);
        k ^= zobrist::PieceSquare[board_[s]][s];
    }
    return k;
}

Key Position::key_after(Move m) const {
    const StateInfo& st = state();
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    Key k = st.key ^ zobrist::SideToMove;
    if (st.ep_square != NoSquare) k ^= zobrist::EnPassantFile[file_of(st.ep_square)];
    if (unsigned lost = rights_lost(m)) k ^= zobrist::castling_key(lost);

    if (m.kind() == Move::Castling) {
        const bool kingside = to > from;
        const Piece rook = make_piece(us, Rook);
        return k ^ zobrist::PieceSquare[pc][from]
               ^ zobrist::PieceSquare[pc][relative_square(us, kingside ? G1 : C1)]
               ^ zobrist::PieceSquare[rook][to]
               ^ zobrist::PieceSquare[rook][relative_square(us, kingside ? F1 : D1)];
    }
    const Square capture_square = m.kind() == Move::EnPassant ? Square(to - pawn_push(us)) : to;
    if (const Piece captured = board_[capture_square]; captured != NoPiece)
        k ^= zobrist::PieceSquare[captured][capture_square];
    const Piece arriving = m.kind() == Move::Promotion ? make_piece(us, m.promotion()) : pc;
    return k ^ zobrist::PieceSquare[pc][from] ^ zobrist::PieceSquare[arriving][to];
}

void Position::make_move(Move m) {
    if (side_ == White)
        make_move<White>(m);
    else
        make_move<Black>(m);
}

template <Color Us>
void Position::make_move(Move m) {
    constexpr Color Them = ~Us;
    if (states_.size() == states_.capacity()) states_.reserve(2 * states_.capacity());
    states_.push_back(states_.back());
    StateInfo& st = states_.back();

    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    const MoveChanges c = changes<Us>(m);

    // The piece bitboards first: the checks and pins below read them, and the keys and board
    // squares are other work for the processor while they are written (perft with a move made
    // at every node was 7% slower with this block last).
    bb_.apply<Us>(c);

    Key k = st.key ^ zobrist::SideToMove;
    if (st.ep_square != NoSquare) k ^= zobrist::EnPassantFile[file_of(st.ep_square)];
    ++st.rule50;
    ++st.plies_from_null;
    st.captured = NoPiece;

    // The board squares, and the keys and counts that follow them.
    if (m.kind() == Move::Castling) {
        const Piece rook = make_piece(Us, Rook);
        board_[from] = board_[to] = NoPiece;
        board_[c.king_to] = pc;
        board_[c.rook_to] = rook;
        k ^= zobrist::PieceSquare[pc][from] ^ zobrist::PieceSquare[pc][c.king_to]
             ^ zobrist::PieceSquare[rook][to] ^ zobrist::PieceSquare[rook][c.rook_to];
    } else {
        if (c.taken_type != NoPieceType) {
            const Piece captured = make_piece(Them, c.taken_type);
            board_[c.taken_square] = NoPiece;
            k ^= zobrist::PieceSquare[captured][c.taken_square];
            if (c.taken_type == Pawn) st.pawn_key ^= zobrist::PieceSquare[captured][c.taken_square];
            st.material -= material_unit(captured);
            st.captured = captured;
            st.rule50 = 0;
        }
        const Piece arriving = m.kind() == Move::Promotion ? make_piece(Us, m.promotion()) : pc;
        board_[from] = NoPiece;
        board_[to] = arriving;
        k ^= zobrist::PieceSquare[pc][from] ^ zobrist::PieceSquare[arriving][to];
        if (type_of(pc) == Pawn) {
            st.rule50 = 0;
            st.pawn_key ^= zobrist::PieceSquare[pc][from];
            if (arriving == pc)
                st.pawn_key ^= zobrist::PieceSquare[pc][to];
            else
                st.material += material_unit(arriving) - material_unit(pc);
        }
    }

    if (unsigned lost = rights_lost(m)) {
        k ^= zobrist::castling_key(lost);
        st.castling &= ~lost;
    }
    side_ = Them;
    ++game_ply_;
    const Consequences next = consequences<Us>(bb_, c, m, king_square(Them));
    st.checkers = next.checkers;
    st.pinned = next.pinned;
    st.ep_square = next.ep_square;
    if (next.ep_square != NoSquare) k ^= zobrist::EnPassantFile[file_of(next.ep_square)];
    st.key = k;
}

void Position::unmake_move(Move m) {
    side_ = ~side_;
    --game_ply_;
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const StateInfo& st = states_.back();

    if (m.kind() == Move::Castling) {
        bool kingside = to > from;
        Square king_to = relative_square(us, kingside ? G1 : C1);
        Square rook_to = relative_square(us, kingside ? F1 : D1);
        remove_piece(king_to);
        remove_piece(rook_to);
        put_piece(make_piece(us, King), from);
        put_piece(make_piece(us, Rook), to);
    } else {
        if (m.kind() == Move::Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, Pawn), to);
        }
        move_piece(to, from);
        if (st.captured != NoPiece)
            put_piece(st.captured, m.kind() == Move::EnPassant ? Square(to - pawn_push(us)) : to);
    }
    states_.pop_back();
}

void Position::make_null_move() {
    if (states_.size() == states_.capacity()) states_.reserve(2 * states_.capacity());
    states_.push_back(states_.back());
    StateInfo& st = states_.back();
    if (st.ep_square != NoSquare) {
        st.key ^= zobrist::EnPassantFile[file_of(st.ep_square)];
        st.ep_square = NoSquare;
    }
    st.key ^= zobrist::SideToMove;
    st.captured = NoPiece;
    ++st.rule50;
    st.plies_from_null = 0;
    st.checkers = 0;  // a null move is never made in check, and passing cannot give one
    side_ = ~side_;
    st.pinned = bb_.blockers(king_square(side_), ~side_, side_);
    ++game_ply_;
}

void Position::unmake_null_move() {
    states_.pop_back();
    side_ = ~side_;
    --game_ply_;
}

Position::CheckInfo Position::check_info() const {
    const Color us = side_;
    const Square king = king_square(~us);
    const Bitboard occupied = pieces();
    CheckInfo info;
    info.king = king;
    info.squares[Pawn] = pawn_attacks(~us, king);
    info.squares[Knight] = knight_attacks(king);
    info.squares[Bishop] = bishop_attacks(king, occupied);
    info.squares[Rook] = rook_attacks(king, occupied);
    info.squares[Queen] = info.squares[Bishop] | info.squares[Rook];
    info.squares[King] = 0;
    info.discoverers = bb_.blockers(king, us, us);
    return info;
}

bool Position::gives_check(Move m, const CheckInfo& info) const {
    const Color us = side_;
    const Square king = info.king;
    const Square from = m.from(), to = m.to();
    // A plain move: a direct check from a square that sees the king (the mover cannot have been
    // blocking its own line to the king, or the king would be in check now), or a discovered one
    // when a blocker leaves the line.
    if (m.kind() == Move::Normal)
        return (info.squares[type_of(board_[from])] & square_bb(to))
               || ((info.discoverers & square_bb(from)) && !aligned(king, from, to));

    Bitboard occupied = pieces() ^ square_bb(from);
    Bitboard ours = pieces(us) ^ square_bb(from);

    if (m.kind() == Move::Castling) {
        bool kingside = to > from;
        Square rook_to = relative_square(us, kingside ? F1 : D1);
        Square king_to = relative_square(us, kingside ? G1 : C1);
        occupied = (occupied ^ square_bb(to)) | square_bb(rook_to) | square_bb(king_to);
        return rook_attacks(rook_to, occupied) & square_bb(king);
    }
    if (m.kind() == Move::EnPassant) occupied ^= square_bb(Square(to - pawn_push(us)));
    occupied |= square_bb(to);
    ours |= square_bb(to);

    // Direct check by the piece on its new square.
    PieceType moved = m.kind() == Move::Promotion ? m.promotion() : type_of(board_[from]);
    Bitboard direct = moved == Pawn ? pawn_attacks(us, to) : piece_attacks(moved, to, occupied);
    if (direct & square_bb(king)) return true;
    // Discovered check by a slider behind the origin square (or, for en passant, the captured pawn).
    Bitboard sliders = ((bishop_attacks(king, occupied) & pieces(us, Bishop, Queen))
                        | (rook_attacks(king, occupied) & pieces(us, Rook, Queen)));
    return sliders & ours & ~square_bb(to);
}

bool Position::see_ge(Move m, int threshold) const {
    if (m.kind() != Move::Normal) return threshold <= 0;  // castling, en passant, promotion: assume even

    auto value_on = [&](Square s) { return board_[s] == NoPiece ? 0 : SeeValue[type_of(board_[s])]; };
    const Square from = m.from(), to = m.to();
    int swap = value_on(to) - threshold;
    if (swap < 0) return false;
    swap = value_on(from) - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
    Bitboard attackers = attackers_to(to, occupied);
    const Bitboard diagonal = pieces(Bishop) | pieces(Queen);
    const Bitboard straight = pieces(Rook) | pieces(Queen);
    // Pinned pieces may recapture only along their pin line (an approximation: pins are taken
    // from the board before the exchange).
    Bitboard unable = 0;
    for (Color c : {White, Black})
        for (Bitboard p = pinned(c); p;) {
            Square s = pop_lsb(p);
            if (!aligned(king_square(c), s, to)) unable |= square_bb(s);
        }

    // Each side in turn recaptures with its least valuable attacker; x-ray attackers behind a piece
    // join when it leaves. `result` says whether the side that made the move is ahead if the
    // exchange stops now; the side that cannot or should not recapture ends it.
    Color stm = side_;
    bool result = true;
    while (true) {
        stm = ~stm;
        attackers &= occupied;
        Bitboard mine = attackers & pieces(stm) & ~unable;
        if (!mine) break;
        result = !result;

        PieceType pt = Pawn;
        while (!(mine & pieces(pt))) pt = PieceType(pt + 1);
        if (pt == King)  // the king may recapture only if nothing defends the square any more
            return (attackers & pieces(~stm)) ? !result : result;
        swap = SeeValue[pt] - swap;
        if (swap < int(result)) break;
        occupied ^= square_bb(lsb(mine & pieces(pt)));
        if (pt == Pawn || pt == Bishop || pt == Queen) attackers |= bishop_attacks(to, occupied) & diagonal;
        if (pt == Rook || pt == Queen) attackers |= rook_attacks(to, occupied) & straight;
    }
    return result;
}

bool Position::insufficient_material() const {
    if (pieces(Pawn) | pieces(Rook) | pieces(Queen)) return false;
    Bitboard minors = pieces(Knight) | pieces(Bishop);
    if (!more_than_one(minors)) return true;
    // Only bishops, all on squares of one colour.
    constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;
    return !pieces(Knight) && (!(pieces(Bishop) & DarkSquares) || !(pieces(Bishop) & ~DarkSquares));
}

bool Position::is_repetition(int ply) const {
    const StateInfo& st = states_.back();
    int reach = std::min(st.rule50, st.plies_from_null);
    int last = int(states_.size()) - 1;
    int earlier = 0;
    for (int back = 4; back <= reach && last - back >= 0; back += 2)
        if (states_[last - back].key == st.key && (back <= ply || ++earlier == 2)) return true;
    return false;
}

bool Position::is_draw(int ply) const {
    if (is_repetition(ply) || insufficient_material()) return true;
    return rule50() >= 100 && (!in_check() || count_legal_moves(*this) > 0);
}

bool Position::is_legal(Move m) const {
    if (!m.is_ok()) return false;
    if (m.kind() != Move::Promotion && m.promotion() != Knight) return false;  // stray bits
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    if (pc == NoPiece || color_of(pc) != us) return false;

    // Castling, en passant and promotions are rare: ask the generator.
    if (m.kind() != Move::Normal) {
        MoveList moves;
        generate<GenType::All>(*this, moves);
        return moves.contains(m);
    }
    if (pieces(us) & square_bb(to)) return false;

    const Bitboard occupied = pieces();
    const PieceType pt = type_of(pc);
    if (pt == Pawn) {
        if (relative_rank(us, rank_of(to)) == 7) return false;  // needs the Promotion kind
        const int up = pawn_push(us);
        bool capture = (pawn_attacks(us, from) & pieces(~us)) & square_bb(to);
        bool single = int(to) == int(from) + up && board_[to] == NoPiece;
        bool dbl = int(to) == int(from) + 2 * up && relative_rank(us, rank_of(from)) == 1
                   && board_[to] == NoPiece && board_[Square(int(from) + up)] == NoPiece;
        if (!capture && !single && !dbl) return false;
    } else if (!(piece_attacks(pt, from, occupied) & square_bb(to))) {
        return false;
    }

    const Square king = king_square(us);
    if (pt == King) return !(attackers_to(to, occupied ^ square_bb(from)) & pieces(~us));
    const Bitboard check = checkers();
    if (more_than_one(check)) return false;
    if (check && !((between_bb(king, lsb(check)) | check) & square_bb(to))) return false;
    return !(pinned(us) & square_bb(from)) || aligned(king, from, to);
}

std::string Position::move_to_uci(Move m) const {
    if (m == Move::none()) return "(none)";
    if (m == Move::null()) return "0000";
    Square to = m.to();
    // Outside Chess960, castling is the king's two steps (e1g1) where standard chess has it: a king
    // on the e-file and its rook in the corner. A FEN of Chess960 read in standard chess can give
    // other castlings, which that form would write as no move (g1g1) or as a plain king step:
    // those are written as king takes rook, which is read in either mode.
    if (m.kind() == Move::Castling && !chess960_ && file_of(m.from()) == 4
        && (file_of(to) == 0 || file_of(to) == 7))
        to = make_square(to > m.from() ? 6 : 2, rank_of(m.from()));
    std::string s = square_name(m.from()) + square_name(to);
    if (m.kind() == Move::Promotion) s += "nbrq"[m.promotion() - Knight];
    return s;
}

Move Position::parse_uci_move(std::string_view text) const {
    if (text.size() != 4 && text.size() != 5) return Move::none();
    std::string lowered(text);
    for (char& ch : lowered) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    MoveList moves;
    generate<GenType::All>(*this, moves);
    for (Move m : moves) {
        if (move_to_uci(m) == lowered) return m;
        if (m.kind() == Move::Castling && !chess960_
            && square_name(m.from()) + square_name(m.to()) == lowered)
            return m;
    }
    return Move::none();
}

std::string Position::move_to_san(Move m) const {
    const Piece pc = board_[m.from()];
    const PieceType pt = type_of(pc);
    std::string san;
    if (m.kind() == Move::Castling) {
        san = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        if (pt == Pawn) {
            if (is_capture(m)) san += char('a' + file_of(m.from()));
        } else {
            san += "PNBRQK"[pt];
            // Name the origin file, rank or both when another such piece can reach the square.
            MoveList moves;
            generate<GenType::All>(*this, moves);
            bool ambiguous = false, same_file = false, same_rank = false;
            for (Move other : moves) {
                if (other.to() != m.to() || other.from() == m.from() || board_[other.from()] != pc) continue;
                ambiguous = true;
                same_file |= file_of(other.from()) == file_of(m.from());
                same_rank |= rank_of(other.from()) == rank_of(m.from());
            }
            if (ambiguous) {
                if (!same_file)
                    san += char('a' + file_of(m.from()));
                else if (!same_rank)
                    san += char('1' + rank_of(m.from()));
                else
                    san += square_name(m.from());
            }
        }
        if (is_capture(m)) san += 'x';
        san += square_name(m.to());
        if (m.kind() == Move::Promotion) san += std::string("=") + "PNBRQK"[m.promotion()];
    }
    Position after = *this;
    after.make_move(m);
    if (after.in_check()) san += count_legal_moves(after) ? '+' : '#';
    return san;
}

Move Position::parse_san_move(std::string_view san, bool* ambiguous) const {
    std::string s(san);
    while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos) s.pop_back();
    MoveList moves;
    generate<GenType::All>(*this, moves);
    if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
        const bool kingside = s.size() == 3;
        for (Move m : moves)
            if (m.kind() == Move::Castling && (m.to() > m.from()) == kingside) return m;
        return Move::none();
    }
    // Promotion: "e8=Q" or "e8Q".
    PieceType promotion = NoPieceType;
    auto piece_of = [](char c) {
        const std::size_t at = std::string_view("PNBRQK").find(c);
        return at == std::string_view::npos ? NoPieceType : PieceType(at);
    };
    if (s.size() >= 2 && piece_of(s.back()) != NoPieceType && s.back() != 'P' && s.back() != 'K'
        && (s[s.size() - 2] == '=' || std::isdigit(static_cast<unsigned char>(s[s.size() - 2])))) {
        promotion = piece_of(s.back());
        s.pop_back();
        if (s.back() == '=') s.pop_back();
    }
    if (s.size() < 2) return Move::none();
    const char file = s[s.size() - 2], rank = s[s.size() - 1];
    if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return Move::none();
    const Square to = Square((rank - '1') * 8 + (file - 'a'));
    std::string prefix = s.substr(0, s.size() - 2);
    std::erase(prefix, 'x');
    PieceType moving = Pawn;
    if (!prefix.empty() && std::isupper(static_cast<unsigned char>(prefix[0]))) {
        moving = piece_of(prefix[0]);
        if (moving == NoPieceType || moving == Pawn) return Move::none();
        prefix.erase(0, 1);
    }
    int from_file = -1, from_rank = -1;
    for (char c : prefix) {
        if (c >= 'a' && c <= 'h')
            from_file = c - 'a';
        else if (c >= '1' && c <= '8')
            from_rank = c - '1';
        else
            return Move::none();
    }
    Move found = Move::none();
    for (Move m : moves) {
        if (m.kind() == Move::Castling || m.to() != to || type_of(moved_piece(m)) != moving) continue;
        if ((m.kind() == Move::Promotion ? m.promotion() : NoPieceType) != promotion) continue;
        if ((from_file >= 0 && file_of(m.from()) != from_file)
            || (from_rank >= 0 && rank_of(m.from()) != from_rank))
            continue;
        if (found != Move::none()) {
            if (ambiguous) *ambiguous = true;
            return Move::none();
        }
        found = m;
    }
    return found;
}

std::string Position::pretty() const {
    std::ostringstream out;
    out << "\n +---+---+---+---+---+---+---+---+\n";
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) {
            Piece pc = board_[make_square(file, rank)];
            out << " | " << (pc == NoPiece ? ' ' : piece_char(pc));
        }
        out << " | " << rank + 1 << "\n +---+---+---+---+---+---+---+---+\n";
    }
    out << "   a   b   c   d   e   f   g   h\n\n";
    out << "Fen: " << fen() << "\nKey: ";
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llX", static_cast<unsigned long long>(key()));
    out << buf << "\nCheckers:";
    for (Bitboard b = checkers(); b;) out << ' ' << square_name(pop_lsb(b));
    out << '\n';
    return out.str();
}

bool operator==(const Position& a, const Position& b) {
    const StateInfo &sa = a.state(), &sb = b.state();
    return std::equal(std::begin(a.board_), std::end(a.board_), std::begin(b.board_))
           && std::equal(std::begin(a.bb_.by_type), std::end(a.bb_.by_type), std::begin(b.bb_.by_type))
           && std::equal(std::begin(a.bb_.by_color), std::end(a.bb_.by_color), std::begin(b.bb_.by_color))
           && a.side_ == b.side_ && a.game_ply_ == b.game_ply_
           && std::equal(std::begin(a.castling_rook_), std::end(a.castling_rook_),
                         std::begin(b.castling_rook_))
           && sa.key == sb.key && sa.checkers == sb.checkers && sa.ep_square == sb.ep_square
           && sa.castling == sb.castling && sa.rule50 == sb.rule50 && sa.plies_from_null == sb.plies_from_null
           && a.states_.size() == b.states_.size();
}

}  // namespace sente
