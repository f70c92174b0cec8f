// The vocabulary of the rules core: colours, pieces, squares, moves and bitboard helpers.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <type_traits>

namespace sente {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };

// Piece = type + 6 * colour, so a piece indexes the 12 x 64 Zobrist table directly.
enum Piece : std::uint8_t {
    WPawn,
    WKnight,
    WBishop,
    WRook,
    WQueen,
    WKing,
    BPawn,
    BKnight,
    BBishop,
    BRook,
    BQueen,
    BKing,
    NoPiece
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt + 6 * c); }
constexpr PieceType type_of(Piece p) { return PieceType(p % 6); }
constexpr Color color_of(Piece p) { return Color(p >= BPawn); }

// a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : std::uint8_t {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    NoSquare
};

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
// The same square seen from Black's side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// A rank counted from the given side's first rank.
constexpr int relative_rank(Color c, int rank) { return c == White ? rank : 7 - rank; }
constexpr Square relative_square(Color c, Square s) { return c == White ? s : flip_rank(s); }
// One step forward for the given side.
constexpr int pawn_push(Color c) { return c == White ? 8 : -8; }

// Castling rights, one bit each.
enum CastlingRight : std::uint8_t {
    NoCastling = 0,
    WhiteKingside = 1,
    WhiteQueenside = 2,
    BlackKingside = 4,
    BlackQueenside = 8,
    AllCastling = 15
};
constexpr int castling_index(CastlingRight cr) { return std::countr_zero(unsigned(cr)); }
constexpr CastlingRight castling_right(Color c, bool kingside) {
    return CastlingRight((kingside ? 1 : 2) << (2 * c));
}

// A move in 16 bits:
//   bits 0-5   destination square (for castling: the square of the castling rook)
//   bits 6-11  origin square
//   bits 12-13 promotion piece minus Knight (only meaningful with kind Promotion)
//   bits 14-15 kind: Normal, Promotion, EnPassant, Castling
// Castling is encoded as "king takes own rook", which serves standard chess and Chess960 alike.
class Move {
public:
    enum Kind : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

    // Trivial, so that move arrays cost nothing to create; Move() (value-initialised) is none().
    Move() = default;
    constexpr Move(Square from, Square to, Kind kind = Normal, PieceType promo = Knight)
        : data_(std::uint16_t(to | (from << 6) | ((promo - Knight) << 12) | (kind << 14))) {}

    // The empty move (nothing known) and the null move (pass, for the search) are distinct,
    // and neither can be a real move because a real move never has from == to.
    static constexpr Move none() { return from_raw(0); }
    static constexpr Move null() { return from_raw(65); }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m{};
        m.data_ = raw;
        return m;
    }

    constexpr Square from() const { return Square((data_ >> 6) & 63); }
    constexpr Square to() const { return Square(data_ & 63); }
    constexpr Kind kind() const { return Kind(data_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + Knight); }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool is_ok() const { return data_ != none().data_ && data_ != null().data_; }

    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_;
};
static_assert(sizeof(Move) == 2);
static_assert(std::is_trivially_default_constructible_v<Move>);

// 218 legal moves is the known maximum; the margin keeps generators free of bound checks.
constexpr int MAX_MOVES = 256;

static_assert(sizeof(Color) == 1 && sizeof(PieceType) == 1 && sizeof(Piece) == 1 && sizeof(Square) == 1);

// ---- Scores ----------------------------------------------------------------------------------

// Search scores in centipawns. A mate found at ply p scores MATE - p (mated: -MATE + p), so the
// shortest mate is preferred; everything beyond MATE_IN_MAX_PLY is a mate score. Below the mates
// lies the band of tablebase wins, TB_WIN - p for a win proven by the tables at ply p; the
// evaluation stays below TB_WIN_IN_MAX_PLY.
using Value = int;
constexpr int MAX_PLY = 128;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE = 32002;
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_TB_WIN = VALUE_MATE_IN_MAX_PLY - 1;
constexpr Value VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB_WIN - MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY; }
// A mate or a tablebase result: a score that is a proof, not an estimate.
constexpr bool is_decisive(Value v) { return v >= VALUE_TB_WIN_IN_MAX_PLY || v <= -VALUE_TB_WIN_IN_MAX_PLY; }

// ---- Bitboard helpers ------------------------------------------------------------------------

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard file_bb(int file) { return FileABB << file; }
constexpr Bitboard rank_bb(int rank) { return Rank1BB << (8 * rank); }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
// Removes and returns the lowest set square.
constexpr Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift every square one step in a direction, dropping what falls off the board edge.
enum Direction : int {
    North = 8,
    South = -8,
    East = 1,
    West = -1,
    NorthEast = 9,
    NorthWest = 7,
    SouthEast = -7,
    SouthWest = -9
};

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    constexpr Bitboard NotA = ~FileABB, NotH = ~(FileABB << 7);
    if constexpr (D == North)
        return b << 8;
    else if constexpr (D == South)
        return b >> 8;
    else if constexpr (D == East)
        return (b & NotH) << 1;
    else if constexpr (D == West)
        return (b & NotA) >> 1;
    else if constexpr (D == NorthEast)
        return (b & NotH) << 9;
    else if constexpr (D == NorthWest)
        return (b & NotA) << 7;
    else if constexpr (D == SouthEast)
        return (b & NotH) >> 7;
    else
        return (b & NotA) >> 9;
}

// Text forms.
std::string square_name(Square s);
char piece_char(Piece p);  // "PNBRQKpnbrqk", '.' for NoPiece

}  // namespace sente
