// Positions for training the network, read from `sente datagen` game files: each kept position
// packed in 32 bytes with its search score and the game's result, both from the side to move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "datagen/positions.hpp"
#include "nnue/architecture.hpp"

namespace sente::train {

struct PackedPosition {
    std::uint64_t occupied;     // bit i: square i holds a piece
    std::uint8_t pieces[16];    // a Piece per occupied square, in increasing square order, low nibble first
    std::int16_t score;         // the search score, side to move's view, centipawns
    std::uint8_t result;        // the game's result for the side to move: 0 loss, 1 draw, 2 win
    std::uint8_t side_to_move;  // Color
    std::uint32_t reserved;     // 0: keeps the size a multiple of 8
};
static_assert(sizeof(PackedPosition) == 32);

PackedPosition pack(const Position& pos, int score, int white_result);
// The features of both views for a net of this shape: own[] for the side to move, other[] for the
// other side; returns the number of pieces (features per view).
int features(const PackedPosition& p, nnue::Shape shape, int own[32], int other[32]);
// The same position with the board's files mirrored (a <-> h): the same to the net but for
// castling rights, which it does not see. (To a mirrored shape it is the very same position.)
PackedPosition mirrored(const PackedPosition& p);
// The position as a board (castling and en passant are not kept: the net does not see them);
// nothing when the board is not a legal position (the side not to move in check, say).
std::optional<Position> unpack(const PackedPosition& p);

// The positions sente-train keeps by default (datagen/positions.hpp says what the filter drops).
constexpr games::Filter DefaultFilter{8, 3000};

struct DataSet {
    std::vector<PackedPosition> train, validation;
};
// Appends the positions of a game file that the filter keeps, those of held-out games
// (games::held_out) to validation. Returns the reader's error on a bad file.
std::optional<std::string> load_games(const std::string& path, const games::Filter& filter,
                                      int validation_every, DataSet& data, games::LoadStats& stats);
// A fingerprint of a set of positions, so that a resumed run can check it has the same data.
std::uint64_t fingerprint(const std::vector<PackedPosition>& positions);

}  // namespace sente::train
