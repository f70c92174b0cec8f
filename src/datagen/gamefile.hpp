// Self-play games on disk: the compact binary format `sente datagen` writes, and the reader both
// trainers (through datagen/positions.hpp), `sente datagen --dump` and the tests share.
//
// A file is a sequence of game records, each complete in itself, so that games can be appended
// and a file cut short by a kill loses at most its last record. Little-endian throughout:
//
//   offset  size  field
//   0       4     magic "SGAM"
//   4       1     format version (1)
//   5       1     flags: bit 0 set when castling is Chess960 (king takes rook)
//   6       1     result from White's side: 0 Black won, 1 draw, 2 White won
//   7       1     how the game ended (GameEnd below)
//   8       2     N, the number of plies
//   10      2     reserved, 0
//   12      32    the start position, packed:
//                   8   occupied squares (bit i = square i, a1 = 0)
//                   16  a 4-bit piece code (0-5 white pawn..king, 6-11 black) for each occupied
//                       square in increasing square order, low nibble first, unused nibbles 0
//                   1   bits 0-6 en-passant square (64: none), bit 7 side to move (1: Black)
//                   1   plies since the last capture or pawn move (fifty-move counter, at most 255)
//                   2   full-move number (modulo 65536)
//                   4   castling rook squares for White kingside, White queenside, Black
//                       kingside, Black queenside (64: that right is gone)
//   44      4N    for each ply: the move (2 bytes, Sente's Move encoding: destination in bits
//                 0-5, origin 6-11, promotion piece minus knight 12-13, kind 14-15 with 0 normal,
//                 1 promotion, 2 en passant, 3 castling written as king takes rook) and the
//                 search score (2 bytes, signed centipawns from the mover's side; mates as
//                 +-(32000 - plies to mate))
//   44+4N   4     FNV-1a checksum of bytes 0 .. 43+4N
//
// A record is canonical: what the writer produces for its game. The reader refuses any other (a
// reserved byte or unused bit set, a packed position that does not re-pack to the same bytes, a
// result that contradicts how the game ended), so that two files hold the same games only if they
// hold the same bytes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"

namespace sente::games {

// The most pieces a packed position holds: 16 bytes of 4-bit piece codes. A legal FEN may have
// more (promotions), but no game from the start position reaches them.
inline constexpr int MaxPackedPieces = 32;

enum class GameEnd : std::uint8_t {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    WinAdjudicated,
    DrawAdjudicated,
    LengthLimit
};

struct Ply {
    Move move;
    std::int16_t score;  // mover's view
};

struct Game {
    std::string start_fen;  // six fields; Shredder-FEN castling when chess960
    bool chess960 = false;
    int result = 1;  // White's view: 0, 1 or 2 (loss, draw, win)
    GameEnd end = GameEnd::DrawAdjudicated;
    std::vector<Ply> plies;
};

// The bytes of one record; empty when the game cannot be written (a bad start position, more
// than MaxPackedPieces pieces, more than 65535 plies).
std::vector<std::uint8_t> encode(const Game& game);
// Whether the result (White's view, 0-2) is one the ending allows: a mate is won, the rest but
// win adjudication drawn.
bool result_fits(int result, GameEnd end);

// One position of a game with what is known about it, for tools that read positions.
struct Sample {
    const Position* position;  // before `move`
    Move move;                 // the move played from it
    int score;                 // the mover's search score
    int result;                // White's view: 0, 1 or 2
    int ply;                   // from the game's start position
};

// Reads records one at a time and checks each completely (magic, version, sizes, checksum, the
// start position and the legality of every move) before handing it out.
class Reader {
public:
    explicit Reader(const std::string& path);
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    // The next game; nothing at a clean end of file or on an error (then error() says what).
    std::optional<Game> next();
    const std::string& error() const { return error_; }
    std::size_t games_read() const { return games_; }
    // Bytes of whole, valid games read so far (where a bad record starts, after an error).
    std::uint64_t good_bytes() const { return offset_; }
    // Whether reading stopped on a failed read (a folder, a disk error) rather than on a bad record.
    bool read_error() const { return read_error_; }

private:
    bool fail(const std::string& what);
    std::nullopt_t read_failed();

    std::FILE* file_ = nullptr;
    std::string path_;
    bool read_error_ = false;
    std::string error_;
    std::uint64_t offset_ = 0;
    std::size_t games_ = 0;
};

// Replays a game, calling `visit` on each position before its move. Returns false (and stops) if a
// move is illegal, which the reader has already excluded for games it returns.
template <typename Visit>
bool replay(const Game& game, Visit&& visit) {
    Position pos;
    if (pos.set_fen(game.start_fen, game.chess960)) return false;
    int ply = 0;
    for (const Ply& p : game.plies) {
        if (!pos.is_legal(p.move)) return false;
        visit(Sample{&pos, p.move, p.score, game.result, ply++});
        pos.make_move(p.move);
    }
    return true;
}

// Packs and unpacks the 32-byte start position (exposed for the tests).
void pack_position(const Position& pos, std::uint8_t out[32]);
std::optional<std::string> unpack_position(const std::uint8_t in[32], bool chess960, std::string& fen);

}  // namespace sente::games
