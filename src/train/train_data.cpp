#include "train/train_data.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <span>

#include "datagen/gamefile.hpp"
#include "nnue/architecture.hpp"
#include "util/bytes.hpp"

namespace sente::train {

PackedPosition pack(const Position& pos, int score, int white_result) {
    PackedPosition p{};
    p.occupied = pos.pieces();
    int i = 0;
    for (Bitboard b = p.occupied; b; ++i) {
        const Square s = pop_lsb(b);
        p.pieces[i / 2] |= std::uint8_t(pos.piece_on(s) << (4 * (i % 2)));
    }
    const Color us = pos.side_to_move();
    // A PGN comment may say +350.00: stored as the largest score the field holds, never wrapped.
    p.score = std::int16_t(std::clamp<int>(score, std::numeric_limits<std::int16_t>::min(),
                                           std::numeric_limits<std::int16_t>::max()));
    p.result = std::uint8_t(us == White ? white_result : 2 - white_result);
    p.side_to_move = us;
    return p;
}

int features(const PackedPosition& p, nnue::Shape shape, int own[32], int other[32]) {
    const Color us = Color(p.side_to_move);
    Square kings[2] = {A1, A1};
    int i = 0;
    for (Bitboard b = p.occupied; b; ++i) {
        const Square s = pop_lsb(b);
        const Piece piece = Piece((p.pieces[i / 2] >> (4 * (i % 2))) & 15);
        if (type_of(piece) == King) kings[color_of(piece)] = s;
        own[i] = nnue::feature_index(us, piece, s, false);
        other[i] = nnue::feature_index(~us, piece, s, false);
    }
    // A mirrored view flips the file of every square: the low three bits of each feature.
    if (shape.flips(kings[us]))
        for (int k = 0; k < i; ++k) own[k] ^= 7;
    if (shape.flips(kings[~us]))
        for (int k = 0; k < i; ++k) other[k] ^= 7;
    return i;
}

PackedPosition mirrored(const PackedPosition& p) {
    Piece board[64];
    std::fill(board, board + 64, NoPiece);
    int i = 0;
    for (Bitboard b = p.occupied; b; ++i) {
        const Square s = pop_lsb(b);
        board[s ^ 7] = Piece((p.pieces[i / 2] >> (4 * (i % 2))) & 15);
    }
    PackedPosition m = p;
    m.occupied = 0;
    std::memset(m.pieces, 0, sizeof m.pieces);
    for (int s = 0; s < 64; ++s)
        if (board[s] != NoPiece) m.occupied |= Bitboard(1) << s;
    i = 0;
    for (int s = 0; s < 64; ++s)
        if (board[s] != NoPiece) m.pieces[i / 2] |= std::uint8_t(board[s] << (4 * (i % 2))), ++i;
    return m;
}

std::optional<Position> unpack(const PackedPosition& p) {
    // The first 24 bytes are laid out as a game file's start position: unpacked by its reader.
    std::uint8_t packed[32];
    for (int i = 0; i < 8; ++i) packed[i] = std::uint8_t(p.occupied >> (8 * i));
    std::memcpy(packed + 8, p.pieces, 16);
    packed[24] = std::uint8_t(64 | (p.side_to_move == Black ? 0x80 : 0));
    packed[25] = 0;
    packed[26] = 1;
    packed[27] = 0;
    std::memset(packed + 28, 64, 4);
    std::string fen;
    Position pos;
    if (games::unpack_position(packed, false, fen) || pos.set_fen(fen)) return std::nullopt;
    return pos;
}

std::optional<std::string> load_games(const std::string& path, const games::Filter& filter,
                                      int validation_every, DataSet& data, games::LoadStats& stats) {
    return games::load_positions(
        path, filter, validation_every, stats, [&](const games::Sample& s, bool held_out) {
            (held_out ? data.validation : data.train).push_back(pack(*s.position, s.score, s.result));
            return true;
        });
}

std::uint64_t fingerprint(const std::vector<PackedPosition>& positions) {
    return util::fnv1a64(std::span(reinterpret_cast<const unsigned char*>(positions.data()),
                                   positions.size() * sizeof(PackedPosition)));
}

}  // namespace sente::train
