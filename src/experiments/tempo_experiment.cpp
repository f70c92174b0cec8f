#include "experiments/tempo_experiment.hpp"

#include <cmath>
#include <map>

namespace sente {

std::vector<TempoRow> tempo_experiment(Engine& engine, const std::vector<std::string>& fens, int max_depth,
                                       int tempo_percent) {
    std::vector<TempoRow> rows(std::size_t(max_depth) + 1);
    std::vector<double> score_sum(rows.size()), change_sum(rows.size());
    // The experiment is the hand-crafted evaluation's: its tempo is one of its fitted weights.
    const bool used_nnue = engine.use_nnue();
    engine.set_use_nnue(false);
    engine.set_tempo_percent(tempo_percent);
    for (const std::string& fen : fens) {
        if (engine.set_position(fen, {})) continue;
        engine.new_game();
        std::map<int, SearchReport> by_depth;
        SearchLimits limits;
        limits.depth = max_depth;
        SearchCallbacks cb;
        cb.on_iteration = [&](const SearchReport& r) { by_depth[r.depth] = r; };
        engine.search_sync(limits, cb);
        // Positions with a mate score say nothing about the odd/even effect.
        bool mate = false;
        for (const auto& [d, r] : by_depth) mate |= is_mate_score(r.score);
        if (mate || int(by_depth.size()) < max_depth) continue;
        for (int d = 1; d <= max_depth; ++d) {
            const SearchReport& r = by_depth[d];
            TempoRow& row = rows[std::size_t(d)];
            ++row.positions;
            row.nodes += r.nodes;
            score_sum[std::size_t(d)] += r.score;
            if (d > 1) change_sum[std::size_t(d)] += std::abs(r.score - by_depth[d - 1].score);
        }
    }
    engine.set_tempo_percent(eval::DefaultTempoPercent);
    engine.set_use_nnue(used_nnue);
    for (int d = 1; d <= max_depth; ++d) {
        TempoRow& row = rows[std::size_t(d)];
        row.depth = d;
        if (row.positions == 0) continue;
        row.mean_score = score_sum[std::size_t(d)] / row.positions;
        row.mean_score_change = change_sum[std::size_t(d)] / row.positions;
        if (d > 1 && rows[std::size_t(d) - 1].nodes)
            row.branching = double(row.nodes) / double(rows[std::size_t(d) - 1].nodes);
    }
    rows.erase(rows.begin());
    return rows;
}

}  // namespace sente
