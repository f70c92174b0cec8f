// Syzygy endgame tablebases, probed through Fathom (Debian's libfathom-dev). A build without
// Fathom keeps the options and says so when a path is set; nothing else changes.
//
// Tablebase results are scores of their own band, between the evaluation and mates: a win found
// at ply p scores VALUE_TB_WIN - p (types.hpp), so it beats any evaluation, loses to any mate, and
// is stored in the hash table with the same ply care as a mate.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"

namespace sente::syzygy {

// Whether this build can probe tables at all.
bool available();

// Loads the tables in the folders of `paths` (separated by ':', or ';' on Windows); an empty
// string or "<empty>" unloads them. Returns a line for the GUI saying what was found.
std::string init(const std::string& paths);

// The most pieces (kings included) of any loaded table; 0 when none are loaded.
int largest();

// Win, draw or loss for the side to move, with the fifty-move rule's nuance:
// -2 loss, -1 loss that the fifty-move rule saves, 0 draw, 1 win that the rule spoils, 2 win.
// Only for positions just after a capture or pawn move (rule50 0) without castling rights and
// with few enough pieces; nullopt otherwise or when a table is missing.
std::optional<int> probe_wdl(const Position& pos);

// The root moves ranked by distance to zeroing (DTZ), so that a won ending is converted within the
// fifty-move rule (when rule50 is true) and a drawn one is held: each move's rank is higher for
// better moves, and `value` is the position's tablebase score from the side to move's view. Every
// win that counts ranks alike, so that the search may find the shortest mate among them; until it
// finds one, `progress` orders them by their distance to zeroing, so that the move played makes
// progress whatever the evaluation knows of the ending.
struct RankedMove {
    Move move;
    int rank;     // higher is better
    Value value;  // the result the move keeps, as the root's score: VALUE_TB_WIN, VALUE_DRAW or -VALUE_TB_WIN
    // For a win ranked by DTZ: the move's score at the root while the search finds no mate in it,
    // VALUE_TB_WIN less its distance to zeroing beyond the shortest one's (in the band of
    // tablebase wins: above every evaluation, below every mate). VALUE_NONE for any other move.
    Value progress = VALUE_NONE;
};
struct RootRanking {
    std::vector<RankedMove> moves;  // every legal move
    Value value = VALUE_DRAW;       // the best move's
    bool by_dtz = false;            // false: ranked by WDL alone (DTZ tables missing)
};
std::optional<RootRanking> rank_root_moves(const Position& pos, bool rule50);

// The search's score for a WDL result at this ply: a tablebase win or loss, or a draw (blessed
// losses and cursed wins are draws when the fifty-move rule counts, else wins and losses).
Value wdl_to_value(int wdl, int ply, bool rule50);

}  // namespace sente::syzygy
