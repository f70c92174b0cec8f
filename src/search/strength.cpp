#include "search/strength.hpp"

#include <algorithm>
#include <cmath>

#include "search/root_move.hpp"

namespace sente {

namespace {

int clamped(int elo) { return std::clamp(elo, StrengthLimit::MinElo, StrengthLimit::MaxElo); }

}  // namespace

std::uint64_t StrengthLimit::node_budget() const {
    const double curve = MinNodes * std::exp2((clamped(elo) - MinElo) / EloPerDoubling);
    return std::uint64_t(std::llround(candidate_lines() > 1 ? curve : curve * OneLineShare));
}

int StrengthLimit::candidate_lines() const { return margin_cp() > 0 ? CandidateLines : 1; }

int StrengthLimit::margin_cp() const {
    static_assert(MinElo < MarginZeroElo && MarginZeroElo <= MaxElo,
                  "the choice margin must reach zero within the range of levels");
    // The margin falls linearly to zero at MarginZeroElo.
    double fraction = double(MarginZeroElo - clamped(elo)) / (MarginZeroElo - MinElo);
    return std::max(0, int(std::lround(MarginAtMinElo * fraction)));
}

std::size_t choose_line(const StrengthLimit& limit, const std::vector<RootMove>& lines, std::size_t count,
                        std::mt19937_64& rng) {
    count = std::min(count, lines.size());
    const int margin = limit.margin_cp();
    if (count <= 1 || margin == 0 || is_mate_score(lines[0].score)) return 0;

    // Candidates within the margin, weighted so that each centipawn given up halves the odds
    // every margin/4 centipawns: the best move stays the most likely.
    std::vector<double> weights;
    for (std::size_t i = 0; i < count; ++i) {
        const Value loss = lines[0].score - lines[i].score;
        const bool mated = lines[i].score <= -VALUE_TB_WIN_IN_MAX_PLY;
        const bool searched = lines[i].score != -VALUE_INFINITE;
        weights.push_back(searched && !mated && loss <= margin ? std::exp2(-4.0 * loss / margin) : 0.0);
    }
    if (std::none_of(weights.begin(), weights.end(), [](double w) { return w > 0; })) return 0;
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    return pick(rng);
}

}  // namespace sente
