#include "datagen/positions.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include "core/splitmix.hpp"
#include "datagen/pgn.hpp"

namespace sente::games {

namespace {

// One position through the filter to `keep`.
void offer(const Sample& s, const Filter& filter, bool validation, LoadStats& stats, const Keep& keep) {
    ++stats.positions;
    const Position& pos = *s.position;
    if (s.ply < filter.min_ply)
        ++stats.early;
    else if (pos.in_check())
        ++stats.in_check;
    else if (pos.is_capture_or_promotion(s.move))
        ++stats.tactical_move;
    else if (std::abs(s.score) > filter.max_score || is_decisive(s.score))
        ++stats.extreme_score;
    else if (!keep(s, validation))
        ++stats.refused;
    else
        ++stats.kept;
}

// A PGN file's games: the positions before the moves of the engine learnt from that carry a score.
// Match files play each opening twice, colours reversed (fastchess -repeat), and write the games in
// the order they end: the split goes by the opening (the position before the first scored move,
// after any book moves) and by which pair of its games this is (its first two games, its next
// two, ...), so that both games of a pair fall on the same side, and a file of one opening played
// many times (no book) is still split.
std::optional<std::string> load_pgn_positions(const std::string& path, const Filter& filter,
                                              int validation_every, LoadStats& stats, const Keep& keep) {
    PgnReader reader(path);
    std::unordered_map<Key, std::uint64_t> games_of;  // the games seen so far of each opening
    auto pair_of = [&](Key opening) {
        SplitMix64 mix{opening ^ (games_of[opening]++ / 2) * 0xD6E8FEB86659FD93ULL};
        return std::size_t(mix.next());
    };
    while (auto game = reader.next()) {
        ++stats.games;
        Position pos;
        if (pos.set_fen(game->start_fen, game->chess960)) continue;  // the reader has checked it
        std::optional<bool> validation;                              // decided at the opening's end
        int ply = 0;  // from the start position, as in game files (whose start follows the opening)
        for (const PgnPly& p : game->plies) {
            if (!validation && p.score) validation = held_out(pair_of(pos.key()), validation_every);
            if (p.wanted && p.score)
                offer(Sample{&pos, p.move, *p.score, game->result, ply}, filter, *validation, stats, keep);
            else
                ++stats.unscored;
            pos.make_move(p.move);
            ++ply;
        }
    }
    stats.skipped_games += reader.skipped();
    if (stats.first_skip.empty()) stats.first_skip = reader.first_skip();
    if (!reader.error().empty()) return reader.error();
    return std::nullopt;
}

}  // namespace

std::string describe(const LoadStats& s) {
    auto n = [](std::size_t v) { return std::to_string(v); };
    std::string text = n(s.games) + " games, " + n(s.positions) + " positions, " + n(s.kept)
                       + " kept; skipped " + n(s.in_check) + " in check, " + n(s.tactical_move)
                       + " with a capture or promotion played, " + n(s.extreme_score)
                       + " mates or beyond the score limit, " + n(s.early) + " before the first ply kept";
    if (s.refused) text += ", " + n(s.refused) + " not quiet";
    if (s.unscored || s.skipped_games)
        text += "; " + n(s.unscored) + " moves of another engine or without a score, " + n(s.skipped_games)
                + " games not usable";
    if (!s.first_skip.empty()) text += " (the first, " + s.first_skip + ")";
    return text;
}

std::string describe_validation(std::optional<double> loss) {
    if (!loss) return "no validation positions";
    char text[64];
    std::snprintf(text, sizeof text, "validation loss %.6f", *loss);
    return text;
}

bool is_pgn(const std::string& path) {
    return path.size() >= 4 && std::equal(path.end() - 4, path.end(), ".pgn", [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

std::optional<std::string> load_positions(const std::string& path, const Filter& filter, int validation_every,
                                          LoadStats& stats, const Keep& keep) {
    if (is_pgn(path)) return load_pgn_positions(path, filter, validation_every, stats, keep);
    Reader reader(path);
    for (std::size_t index = 0; auto game = reader.next(); ++index) {
        const bool validation = held_out(index, validation_every);
        ++stats.games;
        replay(*game, [&](const Sample& s) { offer(s, filter, validation, stats, keep); });
    }
    if (!reader.error().empty()) return reader.error();
    return std::nullopt;
}

}  // namespace sente::games
