// The fitting pipeline: the evaluation's coefficient trace, the game file format, and the tuner's
// loss, gradient and fit.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/movegen.hpp"
#include "core/tunable.hpp"
#include "datagen/datagen.hpp"
#include "datagen/gamefile.hpp"
#include "epd.hpp"
#include "eval/eval.hpp"
#include "tune/tuner.hpp"

using namespace sente;

namespace {

// Positions from random games that start at the perft suites' positions: every kind of term turns
// up (passers, king attacks, outposts, drawish endings), which natural games would show rarely.
std::vector<Position> random_positions(std::size_t wanted, std::uint64_t seed) {
    std::vector<Position> out;
    std::mt19937_64 rng(seed);
    std::vector<std::string> starts;
    for (const char* file : {"standard.epd", "tricky.epd"})
        for (const auto& c : test::read_perft_suite(file)) starts.push_back(c.fen);
    while (out.size() < wanted) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(starts[rng() % starts.size()]));
        for (int ply = 0; ply < 120 && out.size() < wanted; ++ply) {
            MoveList moves;
            generate<GenType::All>(pos, moves);
            if (moves.size() == 0) break;
            // Captures twice as likely as other moves, so that games reach endings.
            Move m = moves[rng() % moves.size()];
            if (!pos.is_capture(m)) m = moves[rng() % moves.size()];
            pos.make_move(m);
            out.push_back(pos);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("Eval: the coefficient trace times the weights is the evaluation, exactly", "[eval][tune]") {
    std::vector<Position> positions = random_positions(20000, 1);
    eval::PawnCache cache;
    std::array<int, eval::WeightCount> used{};
    int checked = 0, scaled = 0, mop_ups = 0;
    for (const Position& pos : positions) {
        const eval::Coefficients c = eval::coefficients(pos);
        const Value v = eval::evaluate(pos);
        if (eval::evaluate_from(c, eval::Weights) != v) {
            FAIL_CHECK(pos.fen() << ": trace gives " << eval::evaluate_from(c, eval::Weights)
                                 << ", evaluate() " << v);
        }
        CHECK(eval::evaluate_from(c, eval::Weights, 0) == eval::evaluate(pos, 0));
        CHECK(eval::evaluate_from(c, eval::Weights, 250) == eval::evaluate(pos, 250));
        // The pawn cache changes nothing but speed (the sequence revisits pawn structures).
        CHECK(eval::evaluate(pos, 100, &cache) == v);
        for (int i = 0; i < eval::WeightCount; ++i) used[std::size_t(i)] += c.weights[std::size_t(i)] != 0;
        scaled += c.scale[White] < 64 || c.scale[Black] < 64;
        mop_ups += c.fixed.eg != 0;
        ++checked;
    }
    CHECK(checked == 20000);
    CHECK(scaled > 100);
    CHECK(mop_ups > 0);
    // Every group but the never-reached squares is exercised by this set.
    for (const eval::WeightGroup& g : eval::WeightGroups) {
        int index = eval::weight_index(g.name), hits = 0;
        for (int i = 0; i < g.size; ++i) hits += used[std::size_t(index + i)] > 0;
        INFO(g.name);
        CHECK((hits > 0 || std::string(g.name) == "Tempo"));
    }
}

TEST_CASE("Eval: weights other than the built-in ones change the trace's value as a linear function",
          "[eval][tune]") {
    // Doubling every material weight changes a position a pawn up (and nothing else) by a pawn.
    Position pos;
    REQUIRE_FALSE(pos.set_fen("4k3/pppp4/8/8/8/8/PPPPP3/4K3 w - - 0 1"));
    const eval::Coefficients c = eval::coefficients(pos);
    CHECK(c.weights[eval::w::PieceValue + Pawn] == 1);
    auto doubled = eval::Weights;
    doubled[eval::w::PieceValue + Pawn] = doubled[eval::w::PieceValue + Pawn] * 2;
    const int phase = c.phase;  // 0: pawns only
    CHECK(phase == 0);
    CHECK(eval::evaluate_from(c, doubled) - eval::evaluate_from(c, eval::Weights)
          == eval::PieceValue[Pawn].eg);
}

// ---- The tuner -------------------------------------------------------------------------------

TEST_CASE("Tuner: params.hpp is exactly what the tuner writes for its own weights", "[tune]") {
    std::ifstream in(std::string(SENTE_SOURCE_DIR) + "/src/eval/params.hpp");
    std::stringstream text;
    text << in.rdbuf();
    const std::string file = text.str();
    const std::string begin = "// ---- Fitted weights", end = "// ---- End of fitted weights";
    auto b = file.find(begin), e = file.find(end);
    REQUIRE(b != std::string::npos);
    REQUIRE(e != std::string::npos);
    b = file.find('\n', b) + 1;
    CHECK(file.substr(b, e - b) == tune::format_weights(tune::initial_params()));
}

TEST_CASE("Tuner: the weights it reads from a params.hpp are the ones written there", "[tune]") {
    const std::string shipped =
        (std::filesystem::path(SENTE_SOURCE_DIR) / "src" / "eval" / "params.hpp").string();
    tune::Params read;
    REQUIRE_FALSE(tune::read_params(shipped, read));
    CHECK(read == tune::initial_params());  // the shipped file is the build's weights

    // Other weights (negative ones too) written into a copy read back as written.
    tune::Params other = tune::initial_params();
    for (std::size_t i = 0; i < other.size(); ++i) other[i] = double(int(i % 97) - 48);
    const auto dir = std::filesystem::temp_directory_path();
    const std::string path =
        (dir / ("sente-test-read-params-" + std::to_string(::getpid()) + ".hpp")).string();
    REQUIRE_FALSE(tune::write_params(shipped, path, other));
    REQUIRE_FALSE(tune::read_params(path, read));
    CHECK(read == other);

    // A file without the block, or with a weight too few, is refused and leaves the weights alone.
    const tune::Params before = read;
    { std::ofstream(path) << "// no weights here\n"; }
    auto error = tune::read_params(path, read);
    REQUIRE(error);
    CHECK(error->find("Fitted weights") != std::string::npos);
    error = tune::read_params(dir.string(), read);  // a folder: not a file without the block
    REQUIRE(error);
    CHECK(error->find("cannot read") == 0);
    {
        std::ifstream in(shipped);
        std::stringstream text;
        text << in.rdbuf();
        std::string file = text.str();
        const auto at = file.find("inline constexpr Score Tempo = S(");
        REQUIRE(at != std::string::npos);
        file.erase(at, file.find('\n', at) - at);
        std::ofstream(path) << file;
    }
    error = tune::read_params(path, read);
    REQUIRE(error);
    CHECK(error->find("holds " + std::to_string(eval::WeightCount - 1) + " weights") != std::string::npos);
    CHECK(read == before);
    std::filesystem::remove(path);
}

namespace {

// A dataset of varied positions whose results come from a known evaluation: the built-in one with
// the bishop pair worth `pair` centipawns.
tune::Dataset synthetic(std::size_t n, int pair, double k, std::uint64_t seed) {
    auto truth = eval::Weights;
    truth[eval::w::BishopPair] = eval::S(pair, pair);
    std::vector<Position> positions = random_positions(n, seed);
    tune::Dataset data;
    std::mt19937_64 rng(seed);
    for (const Position& pos : positions) {
        eval::Coefficients c = eval::coefficients(pos);
        double v = eval::evaluate_from(c, truth);
        double white = pos.side_to_move() == White ? v : -v;
        double p = 1 / (1 + std::exp(-k * white));
        double result = double(rng() % 1000000) / 1e6 < p ? 1.0 : 0.0;
        data.add(pos, result, white);
    }
    return data;
}

}  // namespace

TEST_CASE("Tuner: its model of a position is the engine's evaluation from White's side", "[tune]") {
    // The tuner's own arithmetic (unrounded) against evaluate(): equal within the engine's three
    // truncations (the endgame scale, the blend, the tempo), each under a centipawn.
    std::vector<Position> positions = random_positions(3000, 21);
    tune::Dataset data;
    for (const Position& pos : positions) data.add(pos, 0.5, 0);
    const tune::Params params = tune::initial_params();
    REQUIRE(data.size() == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Value v = eval::evaluate(positions[i]);
        if (std::abs(v) >= VALUE_MATE_IN_MAX_PLY - 1) continue;  // clamped
        const double white = positions[i].side_to_move() == White ? v : -v;
        INFO(positions[i].fen());
        CHECK(tune::evaluate(data, data.entries()[i], params) == Approx(white).margin(3.0));
    }
}

TEST_CASE("Tuner: the gradient of the loss matches finite differences", "[tune]") {
    tune::Dataset data = synthetic(3000, 30, 0.004, 11);
    tune::Params params = tune::initial_params();
    for (double lambda : {1.0, 0.5, 0.0}) {
        tune::Objective objective{0.004, lambda, 2};
        std::vector<double> gradient;
        tune::loss(data, params, objective, &gradient);
        // Weights that these positions use: material, a square, mobility, king safety, tempo.
        for (int index : {eval::w::PieceValue + Knight, eval::w::PawnSquare + 64 * Knight + F3,
                          eval::w::Mobility[Bishop] + 7, eval::w::BishopPair, eval::w::KingAttacker + Queen,
                          eval::w::Tempo}) {
            for (int part : {0, 1}) {
                const std::size_t i = 2 * std::size_t(index) + std::size_t(part);
                const double h = 0.01;
                tune::Params up = params, down = params;
                up[i] += h, down[i] -= h;
                const double numeric =
                    (tune::loss(data, up, objective) - tune::loss(data, down, objective)) / (2 * h);
                INFO("lambda " << lambda << " weight " << index << " part " << part);
                CHECK(gradient[i] == Approx(numeric).epsilon(0.01).margin(1e-9));
                CHECK(std::abs(numeric) > 0);
            }
        }
    }
}

TEST_CASE("Tuner: a fit moves a weight toward the value that produced the results", "[tune]") {
    // The games were "played" with the bishop pair worth 250 cp; the built-in weight is far lower.
    tune::Dataset data = synthetic(8000, 250, 0.004, 12);
    tune::Params params = tune::initial_params();
    const double start = params[2 * eval::w::BishopPair];
    REQUIRE(start < 100);
    tune::Objective objective{tune::fit_scale(data, params, 2), 1.0, 2};
    CHECK(objective.k > 0.001);
    CHECK(objective.k < 0.02);
    const double before = tune::loss(data, params, objective);
    tune::AdamOptions adam;
    adam.epochs = 300;
    adam.learning_rate = 2.0;
    tune::fit(data, params, objective, adam, {});
    CHECK(tune::loss(data, params, objective) < before);
    CHECK(params[2 * eval::w::BishopPair] > start + 40);
    // With the search score as the whole target (lambda 0) the truth is seen without noise, but
    // these lopsided positions saturate the sigmoid, so it moves more slowly.
    tune::Params exact = tune::initial_params();
    tune::Objective scores{0.004, 0.0, 2};
    tune::fit(data, exact, scores, adam, {});
    CHECK(exact[2 * eval::w::BishopPair] > start + 40);
}

// ---- Tune builds ---------------------------------------------------------------------------------

TEST_CASE("Tunables: set by name within their range, rebuild what depends on them, and print SPSA lines",
          "[tune]") {
    // A normal build registers none (the tests register their own); a tune build registers the
    // search parameters and weights.
    if (!TuneBuild)
        for (const Tunable& t : tunables())
            CHECK((t.room != "search" && t.room != "eval" && t.room != "nnue"));
    static int widget = 40;
    static int rebuilds = 0;
    register_tunable("TestWidget", &widget, 0, 100);
    on_tunable_change([] { ++rebuilds; });

    CHECK(set_tunable("testwidget", 60));  // names match as UCI option names do
    CHECK(widget == 60);
    CHECK(rebuilds == 1);
    CHECK(set_tunable("TestWidget", 500));
    CHECK(widget == 100);
    CHECK_FALSE(set_tunable("NoSuchWidget", 1));
    CHECK(rebuilds == 2);

    set_tunable("TestWidget", 40);
    const std::string lines = spsa_lines();
    CHECK(lines.find("TestWidget, int, 40, 0, 100, 5, 0.002\n") != std::string::npos);
}
