// The network trainer: its gradient against finite differences, a short run lowering the held-out
// loss, an interrupted and resumed run equal to an uninterrupted one, and the same seed giving
// the same net.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/movegen.hpp"
#include "datagen/datagen.hpp"
#include "epd.hpp"
#include "train/trainer.hpp"

using namespace sente;

namespace {

std::vector<train::PackedPosition> random_packed(std::size_t wanted, std::uint64_t seed) {
    std::vector<train::PackedPosition> out;
    std::mt19937_64 rng(seed);
    const auto suite = test::read_perft_suite("standard.epd");
    while (out.size() < wanted) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(suite[rng() % suite.size()].fen));
        for (int ply = 0; ply < 30 && out.size() < wanted; ++ply) {
            MoveList moves;
            generate<GenType::All>(pos, moves);
            if (moves.size() == 0) break;
            pos.make_move(moves[rng() % moves.size()]);
            out.push_back(train::pack(pos, int(rng() % 600) - 300, int(rng() % 3)));
        }
    }
    return out;
}

// A small game file of real self-play, made once for the tests that train, removed at exit.
struct TempFile {
    std::string path;
    ~TempFile() { std::filesystem::remove(path); }
};

const std::string& game_file() {
    static const TempFile file{[] {
        const std::string p = (std::filesystem::temp_directory_path()
                               / ("sente-train-test-" + std::to_string(::getpid()) + ".bin"))
                                  .string();
        std::filesystem::remove(p);
        DatagenOptions o;
        o.out = p;
        o.games = 40;
        o.nodes = 300;
        o.seed = 99;
        o.threads = 1;   // one thread writes the same bytes every run, so the held-out games are fixed
        o.net = "none";  // the hand-crafted evaluation plays, so that a new default net leaves the games as
                         // they are
        std::ostringstream log;
        REQUIRE(run_datagen(o, log) == 0);
        return p;
    }()};
    return file.path;
}

train::DataSet load_data() {
    train::DataSet data;
    games::LoadStats stats;
    REQUIRE_FALSE(train::load_games(game_file(), train::DefaultFilter, 5, data, stats));
    REQUIRE(data.train.size() > 1000);
    REQUIRE(data.validation.size() > 100);
    return data;
}

}  // namespace

TEST_CASE("Train: the gradient equals finite differences of the loss on a tiny net", "[train]") {
    // Plain, and mirrored by the kings' files with output buckets: every parameter a position
    // touches, through whichever columns and output layer its shape picks.
    const nnue::Shape shape = GENERATE(nnue::Shape{false, 4, 1}, nnue::Shape{true, 4, 3});
    const int Hidden = shape.hidden;
    const std::vector<train::PackedPosition> positions = random_packed(12, 5);
    const train::Objective objective{0.4, 150};
    std::vector<double> w;
    for (float x : train::initial_weights(shape, 3)) w.push_back(x);
    // Larger output weights and biases than a fresh net has, so that every term matters.
    const train::Layout l{shape};
    for (std::size_t i = l.output_weights(); i < l.size(); ++i) w[i] *= 4;
    std::vector<double> gradient(w.size(), 0.0);
    train::loss_and_gradient(w, shape, positions.data(), positions.size(), objective, &gradient);

    // Every parameter a position touches: the active features' columns, the biases and the output.
    std::vector<std::size_t> checked;
    int own[32], other[32];
    const int n = train::features(positions[0], shape, own, other);
    for (int k = 0; k < n; ++k)
        for (int j = 0; j < Hidden; ++j)
            checked.push_back(std::size_t(own[k]) * std::size_t(Hidden) + std::size_t(j));
    for (std::size_t i = l.feature_bias(); i < l.size(); ++i) checked.push_back(i);
    int compared = 0;
    for (std::size_t i : checked) {
        constexpr double H = 1e-6;
        std::vector<double> up = w, down = w;
        up[i] += H, down[i] -= H;
        const double numeric = (train::loss_and_gradient<double>(up, shape, positions.data(),
                                                                 positions.size(), objective, nullptr)
                                - train::loss_and_gradient<double>(down, shape, positions.data(),
                                                                   positions.size(), objective, nullptr))
                               / (2 * H);
        INFO(nnue::describe(shape) << ", parameter " << i << ": analytic " << gradient[i] << ", numeric "
                                   << numeric);
        CHECK(std::abs(gradient[i] - numeric) <= 1e-6 + 1e-4 * std::abs(numeric));
        compared += gradient[i] != 0;
    }
    CHECK(compared > int(checked.size()) / 2);  // most of them carry a gradient
}

TEST_CASE("Train: a mirrored shape sees each view with its king on files a to d", "[train]") {
    // Every feature of a view lies on the king's half of the board after the mirroring, and a
    // position and its file-mirrored twin have the same features (so the trainer does not add
    // mirrored copies for such a shape).
    const nnue::Shape plain{false, 128, 1}, mirrored{true, 128, 1};
    int flipped_views = 0, checked = 0;
    for (const train::PackedPosition& p : random_packed(500, 21)) {
        int own[32], other[32], own_m[32], other_m[32], own_p[32], other_p[32];
        const int n = train::features(p, mirrored, own, other);
        REQUIRE(train::features(train::mirrored(p), mirrored, own_m, other_m) == n);
        train::features(p, plain, own_p, other_p);
        std::sort(own, own + n), std::sort(other, other + n), std::sort(own_m, own_m + n),
            std::sort(other_m, other_m + n);
        CHECK(std::equal(own, own + n, own_m));
        CHECK(std::equal(other, other + n, other_m));
        // The own king is feature (0 * 6 + King) * 64 + square: on files a to d in the mirrored view.
        for (int k = 0; k < n; ++k) {
            if (own[k] / 64 == int(King)) CHECK(own[k] % 8 < 4);
            if (other[k] / 64 == int(King)) CHECK(other[k] % 8 < 4);
        }
        std::sort(own_p, own_p + n);
        flipped_views += !std::equal(own, own + n, own_p);
        ++checked;
    }
    CHECK(checked == 500);
    CHECK(flipped_views > 100);  // random kings stand on files e to h about half the time
}

TEST_CASE("Train: the float gradient used in training follows the double one", "[train]") {
    const std::vector<train::PackedPosition> positions = random_packed(200, 6);
    const train::Objective objective{0.3, 200};
    const nnue::Shape shape{false, 16, 1};
    const std::vector<float> wf = train::initial_weights(shape, 4);
    const std::vector<double> wd(wf.begin(), wf.end());
    std::vector<float> gf(wf.size(), 0.0f);
    std::vector<double> gd(wd.size(), 0.0);
    const double lf = train::loss_and_gradient(wf, shape, positions.data(), positions.size(), objective, &gf);
    const double ld = train::loss_and_gradient(wd, shape, positions.data(), positions.size(), objective, &gd);
    CHECK(lf == Approx(ld).epsilon(1e-5));
    double largest = 0;
    for (double g : gd) largest = std::max(largest, std::abs(g));
    for (std::size_t i = 0; i < gd.size(); ++i) CHECK(std::abs(gf[i] - gd[i]) <= 1e-4 * largest);
}

TEST_CASE("Train: a short run on self-play games lowers the validation loss", "[train]") {
    const train::DataSet data = load_data();
    train::Options o;
    // Architecture 1, 128 wide (not the trainer's default): the property holds for any shape, and
    // this one is quick.
    o.shape = nnue::Shape{};
    o.epochs = 8;
    o.batch = 128;
    o.lr = 0.005;
    o.weight_decay = 0.5;
    o.threads = 2;
    o.objective.scale = 200;
    train::Trainer trainer(o, data, train::initial_weights(o.shape, 1));
    const double before = trainer.validation_loss();
    double first_epoch = 0;
    for (int e = 0; e < o.epochs; ++e) {
        const double loss = trainer.train_epoch({});
        if (e == 0) first_epoch = loss;
        if (e == o.epochs - 1) CHECK(loss < first_epoch);
    }
    const double after = trainer.validation_loss();
    INFO("validation loss " << before << " -> " << after);
    CHECK(after < before * 0.9);
}

TEST_CASE("Train: the fitted sigmoid scale is the one the results were drawn with", "[train]") {
    // Results drawn from a known model: a win with probability sigmoid(score / 180), else a loss.
    std::vector<train::PackedPosition> positions = random_packed(40000, 8);
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> uniform(0, 1);
    for (train::PackedPosition& p : positions) {
        p.score = std::int16_t(int(rng() % 1601) - 800);
        p.result = uniform(rng) < 1 / (1 + std::exp(-p.score / 180.0)) ? 2 : 0;
    }
    CHECK(train::fit_scale(positions) == Approx(180).epsilon(0.1));
}

TEST_CASE("Train: an interrupted and resumed run equals an uninterrupted one, and a seed its net",
          "[train]") {
    // Positions of random play: the properties hold for any data, and ThreadSanitizer runs this
    // test, under which the self-play games of load_data() take half a minute to play.
    const train::DataSet data{random_packed(4000, 21), random_packed(500, 22)};
    train::Options o;
    // Narrow: the property holds at any width, and the test runs seven trainings.
    o.shape = nnue::Shape{.hidden = 32};
    o.epochs = 3;
    o.batch = 300;
    o.threads = 2;
    o.seed = 11;
    auto run = [&](int epochs) {
        train::Trainer t(o, data, train::initial_weights(o.shape, o.seed));
        for (int e = 0; e < epochs; ++e) t.train_epoch({});
        return t;
    };
    const std::vector<float> whole = run(3).weights();
    CHECK(whole == run(3).weights());  // the same seed: the same net
    o.threads = 3;
    CHECK(whole == run(3).weights());  // ... with any number of threads
    o.threads = 2;

    const std::string path = (std::filesystem::temp_directory_path()
                              / ("sente-train-test-" + std::to_string(::getpid()) + ".ckpt"))
                                 .string();
    REQUIRE_FALSE(run(1).save_checkpoint(path));
    std::optional<train::Trainer> resumed;
    // Resumed with one thread: the shards, not the threads, decide the sums.
    REQUIRE_FALSE(train::Trainer::load_checkpoint(path, data, 1, resumed));
    CHECK(resumed->epochs_done() == 1);
    while (resumed->epochs_done() < o.epochs) resumed->train_epoch({});
    CHECK(resumed->weights() == whole);

    // A checkpoint for other data, or a damaged one, is refused.
    train::DataSet fewer = data;
    fewer.train.pop_back();
    std::optional<train::Trainer> refused;
    CHECK(train::Trainer::load_checkpoint(path, fewer, 2, refused).value_or("").find("other data")
          != std::string::npos);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(200);
        f.put('\x7f');
    }
    CHECK(train::Trainer::load_checkpoint(path, data, 2, refused).value_or("").find("checksum")
          != std::string::npos);
    // A folder is no checkpoint (it opens, and reads as nothing).
    CHECK(train::Trainer::load_checkpoint(std::filesystem::temp_directory_path().string(), data, 2, refused)
              .value_or("")
              .find("cannot open the checkpoint")
          == 0);
    // A run of another hidden size resumes as itself, and cannot be written as the engine's net.
    {
        train::Options tiny = o;
        tiny.shape.hidden = 4;
        train::Trainer t(tiny, data, train::initial_weights(tiny.shape, 1));
        t.train_epoch({});
        REQUIRE_FALSE(t.save_checkpoint(path));
        REQUIRE_FALSE(train::Trainer::load_checkpoint(path, data, 2, refused));
        CHECK(refused->options().shape.hidden == 4);
        CHECK_THROWS_AS(train::quantise(refused->weights(), refused->options().shape), std::invalid_argument);
    }
    std::filesystem::remove(path);

    // A different seed: a different net.
    o.seed = 12;
    CHECK(run(3).weights() != whole);
}

TEST_CASE("Train: a mirrored position is the board with its files swapped", "[train]") {
    int checked = 0;
    for (const train::PackedPosition& p : random_packed(500, 10)) {
        const train::PackedPosition m = train::mirrored(p);
        const train::PackedPosition back = train::mirrored(m);
        CHECK(std::memcmp(&back, &p, sizeof p) == 0);
        const std::optional<Position> a = train::unpack(p), b = train::unpack(m);
        if (!a || !b) continue;
        for (int s = 0; s < 64; ++s) REQUIRE(a->piece_on(Square(s)) == b->piece_on(Square(s ^ 7)));
        CHECK(m.score == p.score);
        CHECK(m.result == p.result);
        CHECK(m.side_to_move == p.side_to_move);
        ++checked;
    }
    CHECK(checked > 400);
}

TEST_CASE("Train: a score beyond the packed field is held at its end, never wrapped", "[train]") {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(std::string(Position::StartFen)));
    CHECK(train::pack(pos, 35'000, 2).score == 32767);  // a PGN comment of +350.00
    CHECK(train::pack(pos, -35'000, 0).score == -32768);
    CHECK(train::pack(pos, 1234, 1).score == 1234);
}
