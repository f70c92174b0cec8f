// The research mode: every algorithm finds exactly plain negamax's value at each depth, and the
// node counts fall in the order the theory gives.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>

#include "epd.hpp"
#include "experiments/research.hpp"

using namespace sente;
using research::Algorithm;

namespace {

std::vector<std::string> research_positions() {
    std::vector<std::string> fens;
    std::ifstream in(std::string(SENTE_TEST_DATA_DIR) + "/research.epd");
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') fens.push_back(line);
    return fens;
}

// Iterative deepening of one position from depth 1 to `depth`, as the experiment runs it; the
// value at every depth. mtdf2 guesses from two depths back (the static capture-search value first).
std::vector<Value> values(Algorithm a, const research::Settings& settings, const std::string& fen, int depth,
                          std::uint64_t* nodes = nullptr, std::uint64_t* researches = nullptr) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen));
    research::Searcher s(settings);
    std::vector<Value> out;
    for (int d = 1; d <= depth; ++d) {
        const int back = a == Algorithm::Mtdf2 ? 2 : 1;
        if (a == Algorithm::Mtdf2 && d <= 2) s.new_position();  // each parity is its own chain
        const Value guess =
            d > back ? out[std::size_t(d - back - 1)] : s.search(Algorithm::AlphaBeta, pos, 0, 0);
        out.push_back(s.search(a, pos, d, guess));
    }
    if (nodes) *nodes += s.nodes;
    if (researches) *researches += s.researches;
    return out;
}

}  // namespace

TEST_CASE("Research: every algorithm returns negamax's value at depths 1 to 4", "[research]") {
    const std::vector<std::string> fens = research_positions();
    REQUIRE(fens.size() == 32);
    for (research::EvalKind kind : {research::EvalKind::Material, research::EvalKind::Full}) {
        for (int tempo : {0, 100}) {
            research::Settings settings{kind, tempo, 4};
            int compared = 0;
            for (const std::string& fen : fens) {
                const std::vector<Value> truth = values(Algorithm::Negamax, settings, fen, 4);
                for (Algorithm a : research::AllAlgorithms) {
                    if (a == Algorithm::Negamax) continue;
                    const std::vector<Value> v = values(a, settings, fen, 4);
                    for (int d = 0; d < 4; ++d) {
                        INFO(fen << ": " << research::name(a) << " at depth " << d + 1 << ", tempo " << tempo
                                 << (kind == research::EvalKind::Full ? ", full" : ", material")
                                 << " evaluation");
                        CHECK(v[std::size_t(d)] == truth[std::size_t(d)]);
                        ++compared;
                    }
                }
            }
            CHECK(compared == 32 * 7 * 4);
        }
    }
}

TEST_CASE("Research: the window algorithms agree with alpha-beta at depth 5", "[research]") {
    const std::vector<std::string> fens = research_positions();
    REQUIRE(fens.size() == 32);
    research::Settings settings{research::EvalKind::Material, 100, 4};
    int compared = 0;
    for (const std::string& fen : fens) {
        const std::vector<Value> truth = values(Algorithm::AlphaBeta, settings, fen, 5);
        for (Algorithm a : {Algorithm::Pvs, Algorithm::Aspiration, Algorithm::Mtdf, Algorithm::Mtdf2,
                            Algorithm::Sss, Algorithm::Dual}) {
            INFO(fen << ": " << research::name(a));
            CHECK(values(a, settings, fen, 5)[4] == truth[4]);
            ++compared;
        }
    }
    CHECK(compared == 32 * 6);
}

TEST_CASE("Research: node counts fall in the expected order, and window searches re-search", "[research]") {
    const std::vector<std::string> fens = research_positions();
    REQUIRE(fens.size() == 32);
    research::Settings settings{research::EvalKind::Material, 100, 4};
    std::map<Algorithm, std::uint64_t> nodes, researches;
    // Under a sanitizer every fourth position: negamax's whole trees are nearly all of the test's
    // time there, and the searches are deterministic, so those eight positions give the same sums
    // in every build (and order the algorithms as all 32 do).
#ifdef SENTE_SANITIZED
    constexpr std::size_t step = 4;
#else
    constexpr std::size_t step = 1;
#endif
    for (std::size_t i = 0; i < fens.size(); i += step)
        for (Algorithm a : research::AllAlgorithms)
            values(a, settings, fens[i], 4, &nodes[a], &researches[a]);
    // Loosely, on the sum over positions: alpha-beta prunes most of negamax's tree, and PVS's null
    // windows do not cost more than alpha-beta's full ones.
    CHECK(nodes[Algorithm::Negamax] > 5 * nodes[Algorithm::AlphaBeta]);
    CHECK(nodes[Algorithm::Pvs] <= nodes[Algorithm::AlphaBeta] * 11 / 10);
    CHECK(researches[Algorithm::Negamax] == 0);
    CHECK(researches[Algorithm::AlphaBeta] == 0);
    for (Algorithm a : {Algorithm::Pvs, Algorithm::Mtdf, Algorithm::Sss, Algorithm::Dual})
        CHECK(researches[a] > 0);
    // MT-SSS* must come down from +infinity one bound at a time: more passes than MTD(f) from a guess.
    CHECK(researches[Algorithm::Sss] > researches[Algorithm::Mtdf]);
}

TEST_CASE("Research: the experiment's rows", "[research]") {
    const std::vector<std::string> fens = research_positions();
    REQUIRE(fens.size() == 32);
    std::vector<std::string> some(fens.begin(), fens.begin() + 6);
    research::Settings settings{research::EvalKind::Full, 100, 4};
    std::vector<research::Row> rows = research::run(Algorithm::Mtdf2, settings, some, 4);
    REQUIRE(rows.size() == 4);
    for (int d = 0; d < 4; ++d) {
        CHECK(rows[std::size_t(d)].depth == d + 1);
        CHECK(rows[std::size_t(d)].nodes > 0);
        CHECK(rows[std::size_t(d)].positions > 0);
    }
    // Cumulative within each parity chain.
    CHECK(rows[2].nodes > rows[0].nodes);
    CHECK(rows[3].nodes > rows[1].nodes);
    std::vector<research::Row> pvs = research::run(Algorithm::Pvs, settings, some, 4);
    for (int d = 0; d < 4; ++d)
        CHECK(pvs[std::size_t(d)].mean_score == Approx(rows[std::size_t(d)].mean_score));
}
