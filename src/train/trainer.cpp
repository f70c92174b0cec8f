#include "train/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <numbers>
#include <span>
#include <stdexcept>
#include <thread>

#include "nnue/accumulator.hpp"
#include "util/bytes.hpp"
#include "util/files.hpp"

namespace sente::train {

namespace {

using nnue::Inputs;

constexpr double Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-8;
// Every batch is cut into this many shards, each with a gradient of its own, summed in order:
// the result does not depend on how many threads share the shards.
constexpr int Shards = 8;

std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

// Runs f(begin, end, part) for each of `parts` equal parts of [0, n), shared among `threads`
// threads (this one and threads - 1 others).
template <typename F>
void parallel(std::size_t n, int parts, int threads, F&& f) {
    threads = std::clamp(threads, 1, parts);
    auto work = [&](int first) {
        for (int part = first; part < parts; part += threads)
            f(n * std::size_t(part) / std::size_t(parts), n * std::size_t(part + 1) / std::size_t(parts),
              part);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (std::thread& th : pool) th.join();
}

// The hidden layer of both views for one position, before activation.
template <typename T>
int accumulate(const T* w, nnue::Shape shape, const PackedPosition& p, T* own_acc, T* other_acc, int own[32],
               int other[32]) {
    const Layout l{shape};
    const int hidden = shape.hidden;
    const int n = features(p, shape, own, other);
    std::copy(w + l.feature_bias(), w + l.feature_bias() + hidden, own_acc);
    std::copy(w + l.feature_bias(), w + l.feature_bias() + hidden, other_acc);
    for (int k = 0; k < n; ++k) {
        const T* a = w + std::size_t(own[k]) * std::size_t(hidden);
        const T* b = w + std::size_t(other[k]) * std::size_t(hidden);
#pragma omp simd
        for (int j = 0; j < hidden; ++j) {
            own_acc[j] += a[j];
            other_acc[j] += b[j];
        }
    }
    return n;
}

template <typename T>
T screlu(T x) {
    const T c = std::clamp<T>(x, 0, 1);
    return c * c;
}

// The output layer of a position with this many pieces: its weights' offset and its bias's index.
struct OutputLayer {
    std::size_t weights, bias;
};
OutputLayer output_layer(const Layout& l, int pieces) {
    const std::size_t bucket = std::size_t(l.shape.output_bucket(pieces));
    return {l.output_weights() + bucket * 2 * l.hidden(), l.output_bias() + bucket};
}

template <typename T>
T output_of(const T* w, int hidden, OutputLayer layer, const T* own_acc, const T* other_acc) {
    const T* ow = w + layer.weights;
    T sum = 0;
#pragma omp simd reduction(+ : sum)
    for (int j = 0; j < hidden; ++j)
        sum += screlu(own_acc[j]) * ow[j] + screlu(other_acc[j]) * ow[hidden + j];
    return sum + w[layer.bias];
}

}  // namespace

std::vector<float> initial_weights(nnue::Shape shape, std::uint64_t seed) {
    const Layout l{shape};
    const int hidden = shape.hidden;
    std::vector<float> w(l.size(), 0.0f);
    std::uint64_t state = seed ^ 0x5EA7E5EA7E5EA7EULL;
    auto uniform = [&](double bound) {
        return float((double(splitmix(state) >> 11) / double(1ULL << 53) * 2 - 1) * bound);
    };
    // Uniform in +-1/sqrt(fan-in) for each layer; the feature biases start where a few pieces
    // would put a hidden value of a typical size.
    for (std::size_t i = 0; i < l.feature_bias(); ++i) w[i] = uniform(1 / std::sqrt(32.0));
    for (std::size_t i = l.feature_bias(); i < l.output_weights(); ++i) w[i] = uniform(0.1) + 0.1f;
    for (std::size_t i = l.output_weights(); i < l.output_bias(); ++i)
        w[i] = uniform(1 / std::sqrt(2.0 * hidden));
    return w;
}

std::vector<float> weights_of(const nnue::Network& net) {
    const Layout l{net.shape};
    std::vector<float> w(l.size());
    for (std::size_t i = 0; i < l.feature_bias(); ++i) w[i] = float(net.feature_weights[i]) / nnue::QA;
    for (std::size_t j = 0; j < net.feature_bias.size(); ++j)
        w[l.feature_bias() + j] = float(net.feature_bias[j]) / nnue::QA;
    for (std::size_t j = 0; j < net.output_weights.size(); ++j)
        w[l.output_weights() + j] = float(net.output_weights[j]) / nnue::QB;
    for (std::size_t j = 0; j < net.output_bias.size(); ++j)
        w[l.output_bias() + j] = float(double(net.output_bias[j]) / double(nnue::OutputUnit));
    return w;
}

std::optional<std::vector<float>> widen(const std::vector<float>& weights, nnue::Shape from, nnue::Shape to,
                                        std::uint64_t seed) {
    const Layout a{from}, b{to};
    if (weights.size() != a.size() || to.hidden < from.hidden || to.output_buckets < from.output_buckets
        || (from.mirrored && !to.mirrored)
        || (from.output_buckets > 1 && to.output_buckets != from.output_buckets))
        return std::nullopt;
    std::vector<float> w = initial_weights(to, seed);
    const std::size_t n = a.hidden(), m = b.hidden();
    for (std::size_t f = 0; f < std::size_t(nnue::Inputs); ++f)
        std::copy_n(weights.begin() + std::ptrdiff_t(f * n), n, w.begin() + std::ptrdiff_t(f * m));
    std::copy_n(weights.begin() + std::ptrdiff_t(a.feature_bias()), n,
                w.begin() + std::ptrdiff_t(b.feature_bias()));
    for (std::size_t bucket = 0; bucket < std::size_t(to.output_buckets); ++bucket) {
        const std::size_t source = from.output_buckets == 1 ? 0 : bucket;
        const auto in = weights.begin() + std::ptrdiff_t(a.output_weights() + source * 2 * n);
        const auto out = w.begin() + std::ptrdiff_t(b.output_weights() + bucket * 2 * m);
        // The side to move's half and the other side's, each followed by zeros for the new values.
        std::fill(out, out + std::ptrdiff_t(2 * m), 0.0f);
        std::copy_n(in, n, out);
        std::copy_n(in + std::ptrdiff_t(n), n, out + std::ptrdiff_t(m));
        w[b.output_bias() + bucket] = weights[a.output_bias() + source];
    }
    return w;
}

nnue::Network quantise(const std::vector<float>& weights, nnue::Shape shape) {
    const Layout l{shape};
    if (!shape.supported()) throw std::invalid_argument("the engine does not run nets of this shape");
    if (weights.size() != l.size()) throw std::invalid_argument("the weights do not fit the shape");
    nnue::Network net(shape);
    auto q = [](float w, int factor) {
        return std::int16_t(
            std::lround(std::clamp<double>(w, -nnue::WeightLimit, nnue::WeightLimit) * factor));
    };
    for (std::size_t i = 0; i < l.feature_bias(); ++i) net.feature_weights[i] = q(weights[i], nnue::QA);
    for (std::size_t j = 0; j < net.feature_bias.size(); ++j)
        net.feature_bias[j] = q(weights[l.feature_bias() + j], nnue::QA);
    for (std::size_t j = 0; j < net.output_weights.size(); ++j)
        net.output_weights[j] = q(weights[l.output_weights() + j], nnue::QB);
    // The biases alone are not held to the weight limit; they are kept inside what 32 bits hold.
    const double limit = double(std::numeric_limits<std::int32_t>::max()) / double(nnue::OutputUnit);
    for (std::size_t j = 0; j < net.output_bias.size(); ++j)
        net.output_bias[j] = std::int32_t(std::lround(
            std::clamp<double>(weights[l.output_bias() + j], -limit, limit) * double(nnue::OutputUnit)));
    return net;
}

template <typename T>
double evaluate(const std::vector<T>& weights, nnue::Shape shape, const PackedPosition& p) {
    const Layout l{shape};
    std::vector<T> own_acc(l.hidden()), other_acc(l.hidden());
    int own[32], other[32];
    const int n = accumulate(weights.data(), shape, p, own_acc.data(), other_acc.data(), own, other);
    return double(
               output_of(weights.data(), shape.hidden, output_layer(l, n), own_acc.data(), other_acc.data()))
           * nnue::OutputScale;
}

namespace {

// The loss of one position; with a gradient, its gradient is added there. scratch: 2 * hidden.
template <typename T>
double sample_loss(const T* w, nnue::Shape shape, const PackedPosition& p, const Objective& objective, T* g,
                   T* scratch) {
    const Layout l{shape};
    const int hidden = shape.hidden;
    T* own_acc = scratch;
    T* other_acc = scratch + hidden;
    int own[32], other[32];
    const int n = accumulate(w, shape, p, own_acc, other_acc, own, other);
    const OutputLayer layer = output_layer(l, n);
    const T* ow = w + layer.weights;
    const double cp = double(output_of(w, hidden, layer, own_acc, other_acc)) * nnue::OutputScale;
    const double predicted = sigmoid(cp / objective.scale);
    const double target =
        objective.lambda * p.result / 2.0 + (1 - objective.lambda) * sigmoid(p.score / objective.scale);
    if (!g) return (predicted - target) * (predicted - target);

    // Back through the sigmoid and the output scale to the output, then to both hidden layers
    // (d screlu(a) / da = 2a inside the clip, 0 outside), then to the active feature columns.
    const T dy =
        T(2 * (predicted - target) * predicted * (1 - predicted) * nnue::OutputScale / objective.scale);
    g[layer.bias] += dy;
    T* gow = g + layer.weights;
    T* gb = g + l.feature_bias();
#pragma omp simd
    for (int j = 0; j < hidden; ++j) {
        const T a = own_acc[j], b = other_acc[j];
        gow[j] += dy * screlu(a);
        gow[hidden + j] += dy * screlu(b);
        own_acc[j] = a > 0 && a < 1 ? dy * ow[j] * 2 * a : T(0);
        other_acc[j] = b > 0 && b < 1 ? dy * ow[hidden + j] * 2 * b : T(0);
        gb[j] += own_acc[j] + other_acc[j];
    }
    for (int k = 0; k < n; ++k) {
        T* ga = g + std::size_t(own[k]) * std::size_t(hidden);
        T* gc = g + std::size_t(other[k]) * std::size_t(hidden);
#pragma omp simd
        for (int j = 0; j < hidden; ++j) ga[j] += own_acc[j];
#pragma omp simd
        for (int j = 0; j < hidden; ++j) gc[j] += other_acc[j];
    }
    return (predicted - target) * (predicted - target);
}

}  // namespace

template <typename T>
double loss_and_gradient(const std::vector<T>& weights, nnue::Shape shape, const PackedPosition* positions,
                         std::size_t count, const Objective& objective, std::vector<T>* gradient) {
    std::vector<T> scratch(2 * std::size_t(shape.hidden));
    double total = 0;
    for (std::size_t i = 0; i < count; ++i)
        total += sample_loss(weights.data(), shape, positions[i], objective,
                             gradient ? gradient->data() : nullptr, scratch.data());
    return total;
}

template double evaluate(const std::vector<float>&, nnue::Shape, const PackedPosition&);
template double evaluate(const std::vector<double>&, nnue::Shape, const PackedPosition&);
template double loss_and_gradient(const std::vector<float>&, nnue::Shape, const PackedPosition*, std::size_t,
                                  const Objective&, std::vector<float>*);
template double loss_and_gradient(const std::vector<double>&, nnue::Shape, const PackedPosition*, std::size_t,
                                  const Objective&, std::vector<double>*);

double fit_scale(const std::vector<PackedPosition>& positions) {
    // Every 8th position is plenty for one number; golden-section search on log(scale).
    auto error = [&](double scale) {
        double sum = 0;
        std::size_t n = 0;
        for (std::size_t i = 0; i < positions.size(); i += 8, ++n) {
            const double d = sigmoid(positions[i].score / scale) - positions[i].result / 2.0;
            sum += d * d;
        }
        return n ? sum / double(n) : 0.0;
    };
    double lo = std::log(20.0), hi = std::log(2000.0);
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo), fa = error(std::exp(a)),
           fb = error(std::exp(b));
    for (int i = 0; i < 60; ++i) {
        if (fa < fb)
            hi = b, b = a, fb = fa, a = hi - phi * (hi - lo), fa = error(std::exp(a));
        else
            lo = a, a = b, fa = fb, b = lo + phi * (hi - lo), fb = error(std::exp(b));
    }
    return std::exp((lo + hi) / 2);
}

// ---- Trainer -------------------------------------------------------------------------------------

Trainer::Trainer(const Options& options, const DataSet& data, std::vector<float> weights)
    : options_(options),
      data_(data),
      layout_{options.shape},
      weights_(std::move(weights)),
      m_(weights_.size(), 0.0f),
      v_(weights_.size(), 0.0f),
      gradients_(Shards, std::vector<float>(weights_.size())) {
    if (weights_.size() != layout_.size())
        throw std::invalid_argument("the weights do not fit the hidden size");
}

double Trainer::learning_rate(int epoch) const {
    if (options_.epochs <= 1) return options_.lr;
    const double progress = double(epoch) / double(options_.epochs - 1);
    return options_.lr_final
           + 0.5 * (options_.lr - options_.lr_final) * (1 + std::cos(std::numbers::pi * progress));
}

double Trainer::step(const PackedPosition* const* batch, std::size_t count, double lr) {
    const int threads = options_.threads;
    std::vector<double> losses(Shards, 0.0);
    parallel(count, Shards, threads, [&](std::size_t begin, std::size_t end, int t) {
        std::vector<float>& g = gradients_[std::size_t(t)];
        std::fill(g.begin(), g.end(), 0.0f);
        std::vector<float> scratch(2 * layout_.hidden());
        for (std::size_t i = begin; i < end; ++i)
            losses[std::size_t(t)] += sample_loss(weights_.data(), layout_.shape, *batch[i],
                                                  options_.objective, g.data(), scratch.data());
    });
    ++steps_;
    const double correction1 = 1 - std::pow(Beta1, double(steps_)),
                 correction2 = 1 - std::pow(Beta2, double(steps_));
    const std::size_t biases_from = layout_.feature_bias(), output_weights_from = layout_.output_weights(),
                      output_biases_from = layout_.output_bias();
    parallel(weights_.size(), threads, threads, [&](std::size_t begin, std::size_t end, int) {
        for (std::size_t i = begin; i < end; ++i) {
            float g = 0;
            for (const std::vector<float>& part : gradients_) g += part[i];
            g /= float(count);
            m_[i] = float(Beta1 * m_[i] + (1 - Beta1) * g);
            v_[i] = float(Beta2 * v_[i] + (1 - Beta2) * double(g) * g);
            // Decoupled weight decay (AdamW) on weights, not biases; every weight but the output
            // biases held to what the quantisation can hold.
            const bool is_weight = i < biases_from || (i >= output_weights_from && i < output_biases_from);
            double w = weights_[i];
            if (is_weight) w -= lr * options_.weight_decay * w;
            w -= lr * (m_[i] / correction1) / (std::sqrt(v_[i] / correction2) + Epsilon);
            if (i < output_biases_from) w = std::clamp(w, -nnue::WeightLimit, nnue::WeightLimit);
            weights_[i] = float(w);
        }
    });
    double total = 0;
    for (double l : losses) total += l;
    return total;
}

double Trainer::train_epoch(const std::function<void(const Progress&)>& progress) {
    const std::vector<PackedPosition>& train = data_.train;
    // A fresh shuffle each epoch, from the seed and the epoch alone, so that a resumed run shuffles
    // as the uninterrupted one did.
    std::vector<const PackedPosition*> order(train.size());
    for (std::size_t i = 0; i < train.size(); ++i) order[i] = &train[i];
    std::uint64_t state = options_.seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(epoch_ + 1);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[splitmix(state) % i]);

    const double lr = learning_rate(epoch_);
    const auto start = std::chrono::steady_clock::now();
    auto last_report = start;
    double loss_sum = 0;
    const std::size_t batch = std::size_t(std::max(1, options_.batch));
    for (std::size_t first = 0; first < order.size(); first += batch) {
        const std::size_t count = std::min(batch, order.size() - first);
        // The loss before the step, from the same pass over the batch as its gradient.
        loss_sum += step(order.data() + first, count, lr);
        const auto now = std::chrono::steady_clock::now();
        if (progress && (now - last_report > std::chrono::seconds(1) || first + count == order.size())) {
            last_report = now;
            progress({epoch_ + 1, first + count, order.size(), loss_sum / double(first + count),
                      std::chrono::duration<double>(now - start).count()});
        }
    }
    ++epoch_;
    return order.empty() ? 0.0 : loss_sum / double(order.size());
}

double Trainer::loss_of(const std::vector<PackedPosition>& positions) const {
    if (positions.empty()) return 0;
    std::vector<double> losses(Shards, 0.0);
    parallel(positions.size(), Shards, options_.threads, [&](std::size_t begin, std::size_t end, int t) {
        losses[std::size_t(t)] = loss_and_gradient<float>(weights_, layout_.shape, positions.data() + begin,
                                                          end - begin, options_.objective, nullptr);
    });
    double total = 0;
    for (double l : losses) total += l;
    return total / double(positions.size());
}

double Trainer::validation_loss() const { return loss_of(data_.validation); }

// ---- Checkpoints ---------------------------------------------------------------------------------
//
// A checkpoint is this run's whole state, little-endian as the host writes it (checkpoints stay on
// the machine that trains): magic "SNTC", version, the options, the epoch and step counts, the
// data's sizes and fingerprints, then weights and both Adam moments as floats, and an FNV-1a
// checksum of all of it. It is written to a temporary file and renamed, so that a kill during
// the write leaves the previous checkpoint whole.

namespace {

constexpr char CheckpointMagic[4] = {'S', 'N', 'T', 'C'};
constexpr std::uint32_t CheckpointVersion = 1;

struct CheckpointHeader {
    char magic[4];
    std::uint32_t version;
    std::uint32_t hidden;
    std::int32_t epochs, batch, threads, epoch;
    std::int32_t shape;  // bit 0: mirrored; bits 8 to 15: output buckets - 1 (0 in older checkpoints)
    double lambda, scale, lr, lr_final, weight_decay;
    std::uint64_t seed, steps;
    std::uint64_t train_size, validation_size, train_fingerprint, validation_fingerprint;
};

}  // namespace

std::optional<std::string> Trainer::save_checkpoint(const std::string& path) const {
    CheckpointHeader h{};
    std::memcpy(h.magic, CheckpointMagic, 4);
    h.version = CheckpointVersion;
    h.hidden = std::uint32_t(layout_.shape.hidden);
    h.shape = std::int32_t(layout_.shape.mirrored) | (layout_.shape.output_buckets - 1) << 8;
    h.epochs = options_.epochs, h.batch = options_.batch, h.threads = options_.threads, h.epoch = epoch_;
    h.lambda = options_.objective.lambda, h.scale = options_.objective.scale;
    h.lr = options_.lr, h.lr_final = options_.lr_final, h.weight_decay = options_.weight_decay;
    h.seed = options_.seed, h.steps = steps_;
    h.train_size = data_.train.size(), h.validation_size = data_.validation.size();
    h.train_fingerprint = fingerprint(data_.train), h.validation_fingerprint = fingerprint(data_.validation);

    std::vector<unsigned char> bytes(sizeof h);
    std::memcpy(bytes.data(), &h, sizeof h);
    for (const std::vector<float>* v : {&weights_, &m_, &v_}) {
        const auto* raw = reinterpret_cast<const unsigned char*>(v->data());
        bytes.insert(bytes.end(), raw, raw + v->size() * sizeof(float));
    }
    const std::uint64_t sum = util::fnv1a64(bytes);
    const auto* raw_sum = reinterpret_cast<const unsigned char*>(&sum);
    bytes.insert(bytes.end(), raw_sum, raw_sum + sizeof sum);

    return write_aside(path, bytes);
}

std::optional<std::string> write_aside(const std::string& path, const std::vector<unsigned char>& bytes) {
    const std::string temporary = path + ".part";
    const std::filesystem::path native_temporary = util::native_path(temporary);
    {
        std::ofstream out(native_temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out.flush()) {
            std::error_code ignored;
            std::filesystem::remove(native_temporary, ignored);
            return "cannot write " + temporary;
        }
    }
    std::error_code error;
    std::filesystem::rename(native_temporary, util::native_path(path), error);  // on Windows too
    if (error) {
        std::error_code ignored;
        std::filesystem::remove(native_temporary, ignored);
        return "cannot rename " + temporary + " to " + path + ": " + error.message();
    }
    return std::nullopt;
}

namespace {

// Reads a checkpoint's header and the shape it names.
std::optional<std::string> read_header(std::ifstream& in, const std::string& path, CheckpointHeader& h,
                                       nnue::Shape& shape) {
    std::error_code error;
    if (!in || std::filesystem::is_directory(util::native_path(path), error))
        return "cannot open the checkpoint " + path;
    if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return path + " is too short for a checkpoint";
    if (std::memcmp(h.magic, CheckpointMagic, 4) != 0 || h.version != CheckpointVersion)
        return path + " is not a checkpoint of this trainer";
    shape.hidden = int(std::min<std::uint32_t>(h.hidden, 1u << 20));
    shape.mirrored = (h.shape & 1) != 0;
    shape.output_buckets = (h.shape >> 8 & 0xFF) + 1;
    // Any size trains (tests use tiny nets); only the engine's sizes can be written as net files.
    if (h.hidden == 0 || h.hidden > 4096 || shape.output_buckets > nnue::MaxOutputBuckets
        || (h.shape & ~0xFF01) != 0)
        return path + " names a net of " + nnue::describe(shape) + ", which this trainer does not train";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> Trainer::checkpoint_shape(const std::string& path, nnue::Shape& shape) {
    std::ifstream in(util::native_path(path), std::ios::binary);
    CheckpointHeader h;
    return read_header(in, path, h, shape);
}

std::optional<std::string> Trainer::load_checkpoint(const std::string& path, const DataSet& data, int threads,
                                                    std::optional<Trainer>& out) {
    // The header first: it says how many bytes the rest must have, so nothing else is read blind.
    std::ifstream in(util::native_path(path), std::ios::binary);
    CheckpointHeader h;
    nnue::Shape shape;
    if (auto error = read_header(in, path, h, shape)) return error;
    const std::size_t params = Layout{shape}.size();
    std::error_code error;
    if (std::filesystem::file_size(util::native_path(path), error)
            != sizeof h + 3 * params * sizeof(float) + 8
        || error)
        return path + " has the wrong size for its hidden size (cut short?)";
    std::vector<unsigned char> bytes(sizeof h + 3 * params * sizeof(float) + 8);
    std::memcpy(bytes.data(), &h, sizeof h);
    if (!in.read(reinterpret_cast<char*>(bytes.data() + sizeof h), std::streamsize(bytes.size() - sizeof h)))
        return "cannot read the checkpoint " + path;
    std::uint64_t sum;
    std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
    if (sum != util::fnv1a64(std::span(bytes.data(), bytes.size() - 8)))
        return path + ": checksum mismatch (corrupted)";
    if (h.train_size != data.train.size() || h.validation_size != data.validation.size()
        || h.train_fingerprint != fingerprint(data.train)
        || h.validation_fingerprint != fingerprint(data.validation))
        return path + " was written for other data (give the same --data files and filters)";

    Options o;
    o.shape = shape;
    o.epochs = h.epochs, o.batch = h.batch, o.threads = threads;
    o.objective.lambda = h.lambda, o.objective.scale = h.scale;
    o.lr = h.lr, o.lr_final = h.lr_final, o.weight_decay = h.weight_decay, o.seed = h.seed;
    std::vector<float> arrays[3];
    const unsigned char* p = bytes.data() + sizeof h;
    for (std::vector<float>& a : arrays) {
        a.resize(params);
        std::memcpy(a.data(), p, params * sizeof(float));
        p += params * sizeof(float);
    }
    out.emplace(o, data, std::move(arrays[0]));
    out->m_ = std::move(arrays[1]);
    out->v_ = std::move(arrays[2]);
    out->epoch_ = h.epoch;
    out->steps_ = h.steps;
    return std::nullopt;
}

// ---- Reports -------------------------------------------------------------------------------------

double largest_quantisation_error(const std::vector<float>& weights, const nnue::Network& net,
                                  const std::vector<PackedPosition>& positions) {
    double largest = 0;
    for (const PackedPosition& p : positions) {
        const std::optional<Position> pos = unpack(p);
        if (!pos) continue;
        const double exact = evaluate(weights, net.shape, p);
        const Value quantised = nnue::evaluate(net, *pos);
        largest = std::max(largest, std::abs(exact - quantised));
    }
    return largest;
}

double side_to_move_value(const nnue::Network& net, const std::vector<PackedPosition>& positions) {
    double sum = 0;
    std::size_t count = 0;
    for (PackedPosition p : positions) {
        const std::optional<Position> pos = unpack(p);
        p.side_to_move ^= 1;
        const std::optional<Position> swapped = unpack(p);
        if (!pos || !swapped || pos->in_check() || swapped->in_check()) continue;
        sum += (nnue::evaluate(net, *pos) + nnue::evaluate(net, *swapped)) / 2.0;
        ++count;
    }
    return count ? sum / double(count) : 0.0;
}

}  // namespace sente::train
