#include "datagen/gamefile.hpp"

#include <algorithm>
#include <cstring>

#include "util/bytes.hpp"
#include "util/files.hpp"

namespace sente::games {

namespace {

constexpr std::uint8_t Magic[4] = {'S', 'G', 'A', 'M'};
constexpr std::uint8_t Version = 1;
constexpr std::size_t HeaderSize = 12;
constexpr std::size_t PositionSize = 32;
constexpr std::size_t PlySize = 4;
constexpr std::size_t ChecksumSize = 4;
constexpr std::uint8_t NoSquareCode = 64;

using util::put_le;
using util::read_le;

}  // namespace

void pack_position(const Position& pos, std::uint8_t out[PositionSize]) {
    std::memset(out, 0, PositionSize);
    const Bitboard occupied = pos.pieces();
    if (popcount(occupied) > MaxPackedPieces) return;  // cannot be packed; encode() refuses such positions
    for (int i = 0; i < 8; ++i) out[i] = std::uint8_t(occupied >> (8 * i));
    int n = 0;
    for (Bitboard b = occupied; b; ++n) {
        Square s = pop_lsb(b);
        out[8 + n / 2] |= std::uint8_t(pos.piece_on(s) << (4 * (n % 2)));
    }
    out[24] = std::uint8_t((pos.ep_square() == NoSquare ? int(NoSquareCode) : int(pos.ep_square()))
                           | (pos.side_to_move() == Black ? 0x80 : 0));
    out[25] = std::uint8_t(std::min(pos.rule50(), 255));
    const int fullmove = 1 + pos.game_ply() / 2;
    out[26] = std::uint8_t(fullmove);
    out[27] = std::uint8_t(fullmove >> 8);
    for (int i = 0; i < 4; ++i)
        out[28 + i] = (pos.castling_rights() & (1u << i)) ? std::uint8_t(pos.castling_rook(i)) : NoSquareCode;
}

// Builds a FEN from the packed bytes; the caller's Position::set_fen then checks it like any FEN.
std::optional<std::string> unpack_position(const std::uint8_t in[PositionSize], bool chess960,
                                           std::string& fen) {
    Bitboard occupied = 0;
    for (int i = 0; i < 8; ++i) occupied |= Bitboard(in[i]) << (8 * i);
    if (popcount(occupied) > MaxPackedPieces)
        return "more than " + std::to_string(MaxPackedPieces) + " pieces";
    Piece board[64];
    std::fill(board, board + 64, NoPiece);
    int n = 0;
    for (Bitboard b = occupied; b; ++n) {
        Square s = pop_lsb(b);
        int code = (in[8 + n / 2] >> (4 * (n % 2))) & 15;
        if (code >= NoPiece) return "piece code " + std::to_string(code) + " on " + square_name(s);
        board[s] = Piece(code);
    }
    fen = board_fen(board);
    fen += (in[24] & 0x80) ? " b " : " w ";
    std::string castling;
    for (int i = 0; i < 4; ++i) {
        if (in[28 + i] == NoSquareCode) continue;
        if (in[28 + i] > 63) return "castling rook square " + std::to_string(in[28 + i]);
        Square rook = Square(in[28 + i]);
        char letter = char('a' + file_of(rook));
        if (!chess960 && (file_of(rook) == 0 || file_of(rook) == 7)) letter = file_of(rook) == 7 ? 'k' : 'q';
        castling += i < 2 ? char(std::toupper(letter)) : letter;
    }
    fen += castling.empty() ? "-" : castling;
    const int ep = in[24] & 0x7F;
    if (ep != NoSquareCode && ep > 63) return "en-passant square " + std::to_string(ep);
    fen += ' ' + (ep == NoSquareCode ? std::string("-") : square_name(Square(ep)));
    fen += ' ' + std::to_string(in[25]) + ' ' + std::to_string(std::max(1, in[26] | (in[27] << 8)));
    return std::nullopt;
}

bool result_fits(int result, GameEnd end) {
    if (result < 0 || result > 2) return false;
    if (end == GameEnd::Checkmate) return result != 1;
    if (end == GameEnd::WinAdjudicated) return true;
    return result == 1;
}

std::vector<std::uint8_t> encode(const Game& game) {
    Position start;
    if (start.set_fen(game.start_fen, game.chess960) || popcount(start.pieces()) > MaxPackedPieces
        || game.plies.size() > 65535 || start.game_ply() / 2 + 1 > 65535
        || !result_fits(game.result, game.end))
        return {};
    std::vector<std::uint8_t> out(Magic, Magic + 4);
    out.push_back(Version);
    out.push_back(game.chess960 ? 1 : 0);
    out.push_back(std::uint8_t(game.result));
    out.push_back(std::uint8_t(game.end));
    put_le(out, std::uint16_t(game.plies.size()));
    put_le(out, std::uint16_t(0));
    std::uint8_t packed[PositionSize];
    pack_position(start, packed);
    out.insert(out.end(), packed, packed + PositionSize);
    for (const Ply& p : game.plies) {
        put_le(out, std::uint16_t(p.move.raw()));
        put_le(out, std::uint16_t(p.score));
    }
    put_le(out, util::fnv1a32(out));
    return out;
}

Reader::Reader(const std::string& path) : path_(path) {
    file_ = util::open_file(path, "rb");
    if (!file_) error_ = "cannot open " + path;
}

Reader::~Reader() {
    if (file_) std::fclose(file_);
}

bool Reader::fail(const std::string& what) {
    error_ =
        path_ + ": game " + std::to_string(games_ + 1) + " at byte " + std::to_string(offset_) + ": " + what;
    return false;
}

std::nullopt_t Reader::read_failed() {
    // A directory, or a read that failed: not a file cut short.
    read_error_ = true;
    error_ = "cannot read " + path_;
    return std::nullopt;
}

std::optional<Game> Reader::next() {
    if (!file_ || !error_.empty()) return std::nullopt;
    std::uint8_t head[HeaderSize + PositionSize];
    std::size_t got = std::fread(head, 1, sizeof head, file_);
    if (std::ferror(file_)) return read_failed();
    if (got == 0 && std::feof(file_)) return std::nullopt;  // a clean end
    if (got < sizeof head) {
        fail("the file ends inside a game's header (truncated)");
        return std::nullopt;
    }
    if (std::memcmp(head, Magic, 4) != 0) {
        fail(
            "no game starts here (bad magic: not a Sente game file, or corrupt; a PGN file is read as one "
            "when "
            "its name ends in .pgn)");
        return std::nullopt;
    }
    if (head[4] != Version) {
        fail("format version " + std::to_string(head[4]) + ", this build reads " + std::to_string(Version));
        return std::nullopt;
    }
    Game game;
    if (head[5] > 1 || head[10] || head[11]) {
        fail("a reserved byte or flag bit is set (corrupt)");
        return std::nullopt;
    }
    game.chess960 = head[5] & 1;
    game.result = head[6];
    if (head[7] > std::uint8_t(GameEnd::LengthLimit)) {
        fail("unknown game ending " + std::to_string(head[7]));
        return std::nullopt;
    }
    game.end = GameEnd(head[7]);
    if (!result_fits(game.result, game.end)) {
        fail("result " + std::to_string(game.result) + " contradicts how the game ended (corrupt)");
        return std::nullopt;
    }
    const std::size_t plies = read_le<std::uint16_t>(head + 8);

    std::vector<std::uint8_t> record(head, head + sizeof head);
    record.resize(sizeof head + plies * PlySize + ChecksumSize);
    std::size_t body = record.size() - sizeof head;
    if (std::fread(record.data() + sizeof head, 1, body, file_) != body) {
        if (std::ferror(file_)) return read_failed();
        fail("the file ends inside a game of " + std::to_string(plies) + " plies (truncated)");
        return std::nullopt;
    }
    const std::size_t checked = record.size() - ChecksumSize;
    if (util::fnv1a32(std::span(record.data(), checked)) != read_le<std::uint32_t>(record.data() + checked)) {
        fail("checksum mismatch (corrupt)");
        return std::nullopt;
    }
    if (auto problem = unpack_position(head + HeaderSize, game.chess960, game.start_fen)) {
        fail("bad start position: " + *problem);
        return std::nullopt;
    }
    Position pos;
    if (auto problem = pos.set_fen(game.start_fen, game.chess960)) {
        fail("bad start position: " + *problem);
        return std::nullopt;
    }
    // Only the writer's own packing is accepted: stray nibbles, a castling square on the wrong rank
    // or an en-passant square no capture can use would otherwise be silently read as something else.
    std::uint8_t repacked[PositionSize];
    pack_position(pos, repacked);
    if (std::memcmp(repacked, head + HeaderSize, PositionSize) != 0) {
        fail("the start position is not packed as the writer packs it (corrupt)");
        return std::nullopt;
    }
    game.start_fen = pos.fen();
    game.plies.reserve(plies);
    for (std::size_t i = 0; i < plies; ++i) {
        const std::uint8_t* p = record.data() + sizeof head + i * PlySize;
        Ply ply{Move::from_raw(read_le<std::uint16_t>(p)), std::int16_t(read_le<std::uint16_t>(p + 2))};
        if (!pos.is_legal(ply.move)) {
            fail("ply " + std::to_string(i + 1) + " is not a legal move in " + pos.fen());
            return std::nullopt;
        }
        pos.make_move(ply.move);
        game.plies.push_back(ply);
    }
    offset_ += record.size();
    ++games_;
    return game;
}

}  // namespace sente::games
