// The network: incremental accumulators against a full refresh, the integer inference against
// the trainer's float model, the net file's validation, and the EvalFile option.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numbers>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/movegen.hpp"
#include "epd.hpp"
#include "nnue/accumulator.hpp"
#include "nnue/network.hpp"
#include "nnue/simd.hpp"
#include "process.hpp"
#include "train/trainer.hpp"
#include "util/bytes.hpp"

using namespace sente;

namespace {

bool same(const nnue::Accumulator& a, const nnue::Accumulator& b, int hidden) {
    for (int view = 0; view < 2; ++view)
        if (a.flipped[view] != b.flipped[view]
            || !std::equal(a.values[view], a.values[view] + hidden, b.values[view]))
            return false;
    return true;
}

// A net of the newer architecture, 256 wide, mirrored by the kings' files, with 8 output buckets:
// random weights, with output weights larger than a fresh net's so that every bucket and every
// activation shows in the evaluation.
const nnue::Network& mirrored_net() {
    static const nnue::Network net = [] {
        const nnue::Shape shape{true, 256, 8};
        std::vector<float> w = train::initial_weights(shape, 5);
        const train::Layout l{shape};
        std::mt19937_64 rng(8);
        for (std::size_t i = l.feature_bias(); i < l.output_weights(); ++i)
            w[i] += float(rng() % 100) / 400.0f;
        for (std::size_t i = l.output_weights(); i < l.size(); ++i)
            w[i] = float(int(rng() % 2001) - 1000) / 1000.0f;
        return train::quantise(w, shape);
    }();
    return net;
}

// r3, the last default net of architecture 1 (plain, 128 wide, one output), kept in nets/: it keeps
// that architecture's inference tested whatever the default net is.
const nnue::Network& r3_net() {
    static const std::unique_ptr<nnue::Network> net = [] {
        const auto path = std::filesystem::path(SENTE_SOURCE_DIR) / "nets" / "sente-716a7392f901.nnue";
        nnue::LoadResult r = nnue::load_file(path.string());
        if (!r.net) throw std::runtime_error(path.string() + ": " + r.error);
        return std::move(r.net);
    }();
    return *net;
}

// The nets the tests run: r3 (architecture 1), a random one of architecture 2, and the embedded
// default net.
const nnue::Network& test_net(int which) {
    return which == 0 ? r3_net() : which == 1 ? mirrored_net() : nnue::embedded();
}

std::vector<unsigned char> r3_bytes() { return nnue::encode(r3_net()); }

std::string write_temp(const std::string& name, const std::vector<unsigned char>& bytes) {
    const std::string path =
        (std::filesystem::temp_directory_path() / ("sente-test-" + std::to_string(::getpid()) + "-" + name))
            .string();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return path;
}

// Recomputes the file's checksum after an edit, so that a later check is what refuses it.
void reseal(std::vector<unsigned char>& bytes) {
    const std::uint64_t sum = util::fnv1a64(std::span(bytes.data(), bytes.size() - 8));
    for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + std::size_t(i)] = (unsigned char)(sum >> (8 * i));
}

}  // namespace

TEST_CASE("NNUE: incremental accumulators equal a full refresh after every move of random playouts",
          "[nnue]") {
    const int which = GENERATE(0, 1);  // one net of each architecture
    const nnue::Network& net = test_net(which);
    INFO("net: " << nnue::describe(net.shape));
    std::vector<std::pair<std::string, bool>> starts;
    for (const char* file : {"standard.epd", "tricky.epd"})
        for (const auto& c : test::read_perft_suite(file)) starts.emplace_back(c.fen, false);
    for (const char* file : {"chess960.epd", "tricky960.epd"})
        for (const auto& c : test::read_perft_suite(file)) starts.emplace_back(c.fen, true);
    REQUIRE(starts.size() > 1000);

#ifdef SENTE_SANITIZED
    constexpr int Playouts = 1000;
#else
    constexpr int Playouts = 10000;
#endif
    std::mt19937_64 rng(2024);
    int castles[2] = {}, en_passant = 0, promotions[6] = {}, captures = 0, nulls = 0, takebacks = 0,
        checked = 0;
    int capture_promotions = 0, overlapping_castles = 0, king_crossings = 0;
    nnue::AccumulatorStack stack;
    for (int game = 0; game < Playouts; ++game) {
        const auto& [fen, chess960] = starts[rng() % starts.size()];
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen, chess960));
        stack.reset(net, pos);
        std::vector<Move> line;  // Move::null() for a null move
        for (int step = 0; step < 80; ++step) {
            MoveList moves;
            generate<GenType::All>(pos, moves);
            const auto roll = rng() % 100;
            if (!line.empty() && (roll < 15 || moves.size() == 0)) {
                const Move m = line.back();
                line.pop_back();
                if (m == Move::null())
                    pos.unmake_null_move();
                else
                    pos.unmake_move(m);
                stack.pop();
                ++takebacks;
            } else if (moves.size() == 0) {
                break;
            } else if (roll < 20 && !pos.in_check()) {
                stack.push(nnue::Delta{});
                pos.make_null_move();
                line.push_back(Move::null());
                ++nulls;
            } else {
                // Captures, castling and promotions first when there are any, so that they turn up often.
                Move m = moves[rng() % moves.size()];
                for (int tries = 0; tries < 3 && m.kind() == Move::Normal && !pos.is_capture(m); ++tries)
                    m = moves[rng() % moves.size()];
                castles[chess960] += m.kind() == Move::Castling;
                en_passant += m.kind() == Move::EnPassant;
                if (m.kind() == Move::Promotion) ++promotions[m.promotion()];
                captures += pos.is_capture(m);
                capture_promotions += m.kind() == Move::Promotion && pos.is_capture(m);
                const nnue::Delta delta = nnue::delta_of(pos, m);
                king_crossings += delta.king_crossed != 0;
                // Chess960 castling where the king lands on the rook's square or the reverse.
                if (m.kind() == Move::Castling)
                    for (int i = 0; i < 2; ++i)
                        for (int j = 0; j < 2; ++j)
                            overlapping_castles += delta.added[i].square == delta.removed[j].square;
                stack.push(delta);
                pos.make_move(m);
                line.push_back(m);
            }
            // Evaluate at about half the plies, so that the lazy update also bridges several plies.
            if (rng() % 2 == 0 || step == 79) {
                nnue::Accumulator fresh;
                nnue::refresh(net, pos, fresh);
                INFO(fen << " after " << line.size() << " plies: " << pos.fen());
                REQUIRE(same(stack.current(net, pos), fresh, net.shape.hidden));
                REQUIRE(stack.evaluate(net, pos) == nnue::evaluate(net, pos));
                ++checked;
            }
        }
    }
    INFO("castling " << castles[0] << "/" << castles[1] << ", en passant " << en_passant << ", captures "
                     << captures << ", nulls " << nulls << ", take-backs " << takebacks);
    CHECK(castles[0] > 0);
    CHECK(castles[1] > 0);
    CHECK(en_passant > 0);
    for (PieceType pt : {Knight, Bishop, Rook, Queen}) CHECK(promotions[pt] > 0);
    CHECK(captures > 0);
    CHECK(capture_promotions > 0);
    CHECK(overlapping_castles > 0);
    CHECK(nulls > 0);
    CHECK(king_crossings > Playouts / 10);  // the mirrored net's views are rebuilt, and bridged after
    CHECK(checked > Playouts * 30);
}

TEST_CASE("NNUE: one accumulator stack serves nets of both architectures and widths in turn", "[nnue]") {
    // A rebuilt view starts from the last one rebuilt on the same side of the mirror; a search with
    // another net (after reset) must not start from the old net's. King walks back and forth across
    // the d/e line, so that the views are rebuilt again and again.
    nnue::AccumulatorStack stack;
    std::mt19937_64 rng(77);
    int checked = 0;
    for (int game = 0; game < 60; ++game) {
        const nnue::Network& net = test_net(game % 3);
        INFO("game " << game << ", net " << nnue::describe(net.shape));
        Position pos;
        REQUIRE_FALSE(pos.set_fen("4k3/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/4K3 w - - 0 1", false));
        stack.reset(net, pos);
        for (int ply = 0; ply < 40; ++ply) {
            MoveList moves;
            generate<GenType::All>(pos, moves);
            if (moves.size() == 0) break;
            Move m = moves[rng() % moves.size()];
            for (int tries = 0; tries < 6 && pos.piece_on(m.from()) != make_piece(pos.side_to_move(), King);
                 ++tries)
                m = moves[rng() % moves.size()];
            stack.push(nnue::delta_of(pos, m));
            pos.make_move(m);
            nnue::Accumulator fresh;
            nnue::refresh(net, pos, fresh);
            INFO(pos.fen());
            REQUIRE(same(stack.current(net, pos), fresh, net.shape.hidden));
            ++checked;
        }
    }
    CHECK(checked > 1000);
}

TEST_CASE("NNUE: the integer evaluation equals the trainer's float model of the same net", "[nnue]") {
    // The float model of each net has the same weights (dequantised). The integer pass
    // rounds each activation to 8 bits, by at most half of 256 / QA^2, and truncates the result
    // to whole centipawns: together at most this many centipawns apart.
    const int which = GENERATE(0, 1, 2);
    const nnue::Network& net = test_net(which);
    INFO("net: " << nnue::describe(net.shape));
    const std::vector<float> weights = train::weights_of(net);
    // The bound and the spread of the bucket with the largest weights.
    double output_weight_sum = 0, output_weight_squares = 0;
    const std::size_t layer = 2 * std::size_t(net.shape.hidden);
    for (std::size_t b = 0; b < std::size_t(net.shape.output_buckets); ++b) {
        double sum = 0, squares = 0;
        for (std::size_t i = b * layer; i < (b + 1) * layer; ++i) {
            const double w = net.output_weights[i] / double(nnue::QB);
            sum += std::abs(w);
            squares += w * w;
        }
        output_weight_sum = std::max(output_weight_sum, sum);
        output_weight_squares = std::max(output_weight_squares, squares);
    }
    const double Step = nnue::OutputScale * 256.0 / (nnue::QA * nnue::QA);  // cp per activation step
    const double Tolerance = Step * 0.5 * output_weight_sum + 1.01;
    // Were the roundings independent and uniform, their sum would have this standard deviation,
    // and the mean distance would be about 0.5 cp (truncation) plus sqrt(2 / pi) of it.
    const double Spread = Step * std::sqrt(output_weight_squares / 12);
    const double ExpectedMean = 0.5 + std::sqrt(2 / std::numbers::pi) * Spread;
    double error_sum = 0;
    std::mt19937_64 rng(7);
    int checked = 0;
    double largest = 0;
    for (const auto& c : test::read_perft_suite("standard.epd")) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        for (int ply = 0; ply < 40 && checked < 1000; ++ply) {
            const train::PackedPosition packed = train::pack(pos, 0, 1);
            const double exact = train::evaluate(weights, net.shape, packed);
            const Value integer = nnue::evaluate(net, pos);
            INFO(pos.fen() << ": float " << exact << ", integer " << integer);
            REQUIRE(std::abs(exact - integer) <= Tolerance);
            largest = std::max(largest, std::abs(exact - integer));
            error_sum += std::abs(exact - integer);
            ++checked;
            MoveList moves;
            generate<GenType::All>(pos, moves);
            if (moves.size() == 0) break;
            pos.make_move(moves[rng() % moves.size()]);
        }
    }
    CHECK(checked == 1000);
    // The rounding errors mostly cancel: on average no further apart than independent roundings
    // would be, with half a centipawn to spare; a systematic error (a rounding in the wrong
    // direction, an off-by-one shift) would exceed it.
    INFO("largest difference " << largest << " cp, bound " << Tolerance << " cp; mean " << error_sum / checked
                               << " cp, expected about " << ExpectedMean << " cp");
    CHECK(error_sum / checked < ExpectedMean + 0.5);
    CHECK(largest > 0);  // not the same code twice
}

TEST_CASE("NNUE: a net widened into a larger shape evaluates as before where the kings stand on a to d",
          "[nnue][train]") {
    // r3 into 256 mirrored values with 8 buckets: its columns copied, the new values' output weights
    // zero, its output layer in every bucket. Where neither view is mirrored the integer evaluation
    // is the very same; where one is, the net reads that view's mirror image.
    const nnue::Network& r3 = r3_net();
    const nnue::Shape wide{true, 256, 8};
    const std::optional<std::vector<float>> w = train::widen(train::weights_of(r3), r3.shape, wide, 3);
    REQUIRE(w);
    const nnue::Network widened = train::quantise(*w, wide);
    int same = 0, mirrored_views = 0;
    std::mt19937_64 rng(5);
    for (const auto& c : test::read_perft_suite("standard.epd")) {
        Position pos;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        for (int ply = 0; ply < 30; ++ply) {
            if (file_of(pos.king_square(White)) < 4 && file_of(pos.king_square(Black)) < 4) {
                INFO(pos.fen());
                REQUIRE(nnue::evaluate(widened, pos) == nnue::evaluate(r3, pos));
                ++same;
            } else {
                ++mirrored_views;
            }
            MoveList moves;
            generate<GenType::All>(pos, moves);
            if (moves.size() == 0) break;
            pos.make_move(moves[rng() % moves.size()]);
        }
    }
    CHECK(same > 200);
    CHECK(mirrored_views > 200);
    // Narrower, fewer buckets, or mirroring dropped: refused.
    CHECK_FALSE(train::widen(*w, wide, r3.shape, 3));
    CHECK_FALSE(train::widen(*w, wide, nnue::Shape{true, 256, 4}, 3));
    CHECK_FALSE(train::widen(*w, wide, nnue::Shape{false, 512, 8}, 3));
}

TEST_CASE("NNUE: a position and its colour-flipped mirror evaluate the same", "[nnue]") {
    const nnue::Network& net = test_net(GENERATE(0, 1, 2));
    int checked = 0;
    for (const auto& c : test::read_perft_suite("standard.epd")) {
        Position pos, mirror;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        REQUIRE_FALSE(mirror.set_fen(test::mirrored_fen(c.fen)));
        CHECK(nnue::evaluate(net, pos) == nnue::evaluate(net, mirror));
        ++checked;
    }
    CHECK(checked == 128);
}

TEST_CASE("NNUE: a net reads back from its own encoding, whatever its architecture", "[nnue]") {
    const nnue::Network& net = test_net(GENERATE(0, 1, 2));
    const std::vector<unsigned char> bytes = nnue::encode(net);
    CHECK(bytes.size() == nnue::file_bytes(net.shape));
    const nnue::LoadResult r = nnue::load(bytes);
    REQUIRE(r.net);
    CHECK(r.net->shape == net.shape);
    CHECK(nnue::encode(*r.net) == bytes);
    CHECK(nnue::embedded_name().ends_with(".nnue"));
    // The header names the architecture: 1 for the plain net, 2 for the mirrored one.
    CHECK(bytes[8] == (net.shape.mirrored ? 2 : 1));
}

TEST_CASE("NNUE: the older nets in nets/ still load and evaluate", "[nnue]") {
    const std::filesystem::path nets = std::filesystem::path(SENTE_SOURCE_DIR) / "nets";
    int loaded = 0;
    for (const auto& entry : std::filesystem::directory_iterator(nets)) {
        if (entry.path().extension() != ".nnue") continue;
        const nnue::LoadResult r = nnue::load_file(entry.path().string());
        INFO(entry.path() << ": " << r.error);
        REQUIRE(r.net);
        Position pos;
        CHECK(std::abs(nnue::evaluate(*r.net, pos)) < 100);  // the start position is about level
        ++loaded;
    }
    CHECK(loaded >= 2);
}

TEST_CASE("NNUE: a net file that is cut, corrupted or of another architecture is refused", "[nnue]") {
    const std::vector<unsigned char> good = r3_bytes();  // architecture 1
    auto refused = [](const std::vector<unsigned char>& bytes, const std::string& reason) {
        const nnue::LoadResult r = nnue::load(bytes);
        INFO(r.error);
        CHECK_FALSE(r.net);
        CHECK(r.error.find(reason) != std::string::npos);
    };
    refused({}, "not a Sente net file");
    refused(std::vector<unsigned char>(good.begin(), good.begin() + 1000), "cut short");
    // Cut inside the header, after the magic: said to be cut, not to be another kind of file.
    refused(std::vector<unsigned char>(good.begin(), good.begin() + 16),
            "16 bytes, shorter than its 32-byte header");
    std::vector<unsigned char> longer = good;
    longer.push_back(0);
    refused(longer, "(data after its end?)");
    std::vector<unsigned char> flipped = good;
    flipped[good.size() / 2] ^= 0x10;
    refused(flipped, "checksum");
    std::vector<unsigned char> magic = good;
    magic[0] = 'X';
    refused(magic, "not a Sente net file");
    // Header fields: version, architecture, hidden size, QA, QB, scale, each resealed.
    const char* names[] = {"format version", "architecture", "hidden size", "QA", "QB", "output scale"};
    for (int field = 0; field < 6; ++field) {
        std::vector<unsigned char> other = good;
        other[4 + 4 * std::size_t(field)] ^= 0x02;
        reseal(other);
        refused(other, names[field]);
    }
    CHECK(nnue::load_file("/nonexistent/sente.nnue").error
          == "cannot open the net file /nonexistent/sente.nnue (no such file)");
    // A NUL in the name would open the file named by what comes before it; an escape would reach
    // the GUI in every message naming the net.
    for (char c : {'\0', '\033', '\n'})
        CHECK(nnue::load_file(std::string("/nonexistent/a") + c + "b").error
              == "a net file's name cannot hold a control character");

    // Architecture 2's own field, the bucket count, and architectures this build does not know.
    const std::vector<unsigned char> newer = nnue::encode(mirrored_net());
    for (std::uint32_t buckets : {0u, 9u, 1000u}) {
        std::vector<unsigned char> other = newer;
        for (int i = 0; i < 4; ++i) other[28 + std::size_t(i)] = (unsigned char)(buckets >> (8 * i));
        reseal(other);
        refused(other, "output bucket count");
    }
    std::vector<unsigned char> reserved = good;
    reserved[28] = 1;
    reseal(reserved);
    refused(reserved, "reserved field");
    for (unsigned char architecture : {0, 3, 200}) {
        std::vector<unsigned char> other = newer;
        other[8] = architecture;
        reseal(other);
        refused(other, "architecture");
    }
    std::vector<unsigned char> hidden = newer;
    hidden[12] = 0, hidden[13] = 3;  // 768
    reseal(hidden);
    refused(hidden, "hidden size");
}

TEST_CASE("NNUE: EvalFile loads a net, refuses a bad one with one error line, and keeps the net in use",
          "[nnue][uci]") {
    // A net that differs from the embedded one: every output weight negated.
    auto other = std::make_unique<nnue::Network>(nnue::embedded());
    for (std::int16_t& w : other->output_weights) w = std::int16_t(-w);
    for (std::int32_t& b : other->output_bias) b = -b;
    const std::string good = write_temp("other.nnue", nnue::encode(*other));
    std::vector<unsigned char> cut = nnue::encode(*other);
    cut.resize(cut.size() / 2);
    const std::string bad = write_temp("cut.nnue", cut);

    auto eval_line = [](const std::string& setup) {
        test::CommandResult r = test::run_sente(
            {}, "uci\n" + setup + "position fen 4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1\neval\nquit\n");
        std::string nnue_line;
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);)
            if (line.starts_with("NNUE")) nnue_line = line;
        return std::make_pair(nnue_line, r.out);
    };
    const auto [embedded, embedded_out] = eval_line("");  // Use NNUE is on by default
    const auto [loaded, loaded_out] = eval_line("setoption name EvalFile value " + good + "\n");
    const auto [kept, kept_out] =
        eval_line("setoption name EvalFile value " + good + "\nsetoption name EvalFile value " + bad + "\n");
    const auto [missing, missing_out] = eval_line("setoption name EvalFile value /nonexistent/x.nnue\n");
    REQUIRE_FALSE(embedded.empty());
    CHECK(embedded.find(nnue::embedded_name()) != std::string::npos);
    CHECK(loaded.find(good) != std::string::npos);
    CHECK(loaded.substr(loaded.find(':')) != embedded.substr(embedded.find(':')));
    CHECK(kept == loaded);  // the bad file changed nothing
    // A name with two spaces in a row is read as written; the spaces around the value are not part
    // of it.
    const std::string spaced = write_temp("two  spaces.nnue", nnue::encode(*other));
    const auto [spaced_line, spaced_out] = eval_line("setoption name EvalFile value  " + spaced + " \t\n");
    INFO(spaced_out);
    CHECK(spaced_line.starts_with("NNUE (" + spaced + "), "));
    CHECK(spaced_line.substr(spaced_line.find("), ")) == loaded.substr(loaded.find("), ")));
    CHECK(spaced_out.find("info string error") == std::string::npos);
    std::remove(spaced.c_str());
    // A net of the newer architecture loads through the same option.
    const std::string newer = write_temp("mirrored.nnue", nnue::encode(mirrored_net()));
    const auto [newer_line, newer_out] = eval_line("setoption name EvalFile value " + newer + "\n");
    CHECK(newer_line.find(newer) != std::string::npos);
    CHECK(newer_out.find("info string error") == std::string::npos);
    std::remove(newer.c_str());
    CHECK(missing == embedded);
    auto count = [](const std::string& out, const std::string& what) {
        std::size_t n = 0;
        for (std::size_t at = out.find(what); at != std::string::npos; at = out.find(what, at + 1)) ++n;
        return n;
    };
    CHECK(count(kept_out, "info string error:") == 1);
    CHECK(kept_out.find("cut short") != std::string::npos);
    CHECK(count(missing_out, "info string error:") == 1);
    // Use NNUE off: no NNUE line, the hand-crafted table only.
    const auto [off, off_out] = eval_line("setoption name Use NNUE value false\n");
    CHECK(off.empty());
    CHECK(off_out.find("Evaluation (side to move)") != std::string::npos);
    std::remove(good.c_str());
    std::remove(bad.c_str());
}

namespace {

// Checks update<N, Isa> and screlu_dot<N, Isa> against the arithmetic written out here, which every
// instruction set must reproduce exactly; returns the rounds run.
template <int N, class Isa>
int check_vector_path(std::uint64_t seed) {
    auto reference_dot = [](const std::int16_t* h, const std::int16_t* w) {
        std::int64_t sum = 0;
        for (int i = 0; i < N; ++i) {
            const std::int64_t v = std::clamp<int>(h[i], 0, nnue::QA);
            sum += (v * v + 128) / 256 * w[i];
        }
        // The sum is defined modulo 2^32 (it only wraps for weights no trained net has).
        return std::int32_t(std::uint32_t(std::uint64_t(sum)));
    };
    std::mt19937_64 rng(seed);
    alignas(64) std::int16_t h[N], w[N], in[N], out[N], a[2][N], b[2][N];
    const std::int16_t extremes[] = {-32768, -32767, -1, 0, 1, 127, 128, 254, 255, 256, 32767};
    int rounds = 0;
    for (int round = 0; round < 1000; ++round, ++rounds) {
        for (int i = 0; i < N; ++i) {
            const bool extreme = rng() % 4 == 0;
            h[i] = extreme ? extremes[rng() % std::size(extremes)] : std::int16_t(int(rng() % 600) - 150);
            w[i] = extreme ? extremes[rng() % std::size(extremes)] : std::int16_t(rng());
            in[i] = std::int16_t(rng());
            for (int k = 0; k < 2; ++k) a[k][i] = std::int16_t(rng()), b[k][i] = std::int16_t(rng());
        }
        REQUIRE(nnue::simd::screlu_dot<N, Isa>(h, w, nnue::QA) == reference_dot(h, w));
        const std::int16_t* adds[2] = {a[0], a[1]};
        const std::int16_t* subs[2] = {b[0], b[1]};
        const int n_add = int(rng() % 3), n_sub = int(rng() % 3);
        nnue::simd::update<N, Isa>(out, in, adds, n_add, subs, n_sub);
        for (int i = 0; i < N; ++i) {
            // 16-bit wrap-around, as the accumulators define it.
            int expected = in[i];
            for (int k = 0; k < n_add; ++k) expected += a[k][i];
            for (int k = 0; k < n_sub; ++k) expected -= b[k][i];
            REQUIRE(out[i] == std::int16_t(std::uint16_t(expected & 0xFFFF)));
        }
    }
    return rounds;
}

}  // namespace

// Every instruction set the build compiled, not only the one it runs: a build for a wide target
// checks the narrower paths (and the plain one, which only the oldest CPUs' binary runs) as well.
TEST_CASE("NNUE: every vector path of the build computes what plain integer arithmetic does", "[nnue]") {
    INFO("the build runs " << nnue::simd::Name);
    std::vector<std::string> checked;
    std::apply(
        [&](auto... isa) {
            auto check = [&](auto set) {
                using Isa = decltype(set);
                INFO("vector path: " << Isa::Name);
                CHECK(check_vector_path<128, Isa>(3) == 1000);
                CHECK(check_vector_path<256, Isa>(4) == 1000);
                CHECK(check_vector_path<512, Isa>(5) == 1000);
                checked.push_back(Isa::Name);
            };
            (check(isa), ...);
        },
        nnue::simd::Compiled{});
    CHECK(checked.front() == std::string("generic"));
    CHECK(checked.back() == std::string(nnue::simd::Name));
}
