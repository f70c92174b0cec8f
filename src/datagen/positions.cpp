#include "datagen/positions.hpp"

#include <cstdlib>

namespace sente::games {

std::optional<std::string> load_positions(const std::string& path, const Filter& filter, int validation_every,
                                          LoadStats& stats, const Keep& keep) {
    Reader reader(path);
    for (std::size_t index = 0; auto game = reader.next(); ++index) {
        const bool validation = held_out(index, validation_every);
        ++stats.games;
        replay(*game, [&](const Sample& s) {
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
        });
    }
    if (!reader.error().empty()) return reader.error();
    return std::nullopt;
}

}  // namespace sente::games
