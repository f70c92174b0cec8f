// Training the network on the CPU: the float model of nnue/network.hpp, its gradient, AdamW,
// checkpoints that resume a run exactly, and the quantised net file it ends in.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nnue/network.hpp"
#include "train/train_data.hpp"

namespace sente::train {

// What the loss compares: p = sigmoid(output_cp / scale) against the target
// lambda * result + (1 - lambda) * sigmoid(score_cp / scale), squared.
struct Objective {
    double lambda = 0.3;  // the share of the game result in the target
    double scale = 160;   // centipawns per unit of the sigmoid's argument
};

struct Options {
    Objective objective;
    // Of the net trained, a shape the engine runs (nnue::Shape::supported); by default the default
    // net's: architecture 2, 512 wide, 8 output buckets.
    nnue::Shape shape{.mirrored = true, .hidden = 512, .output_buckets = 8};
    int epochs = 12;
    int batch = 4096;
    double lr = 0.00025;        // at the first epoch, then cosine decay ...
    double lr_final = 0.00001;  // ... to this at the last
    double weight_decay = 0.1;  // decoupled (AdamW): lr x weight_decay of each weight a step
    int threads = 1;
    std::uint64_t seed = 1;
};

// Parameters of a (768 -> hidden) x 2 -> 1 net in one array, in the order of the net file: feature
// weights (feature by feature), feature biases, output weights (bucket by bucket, each the side to
// move's half first), output biases (one per bucket).
struct Layout {
    nnue::Shape shape;
    std::size_t hidden() const { return std::size_t(shape.hidden); }
    std::size_t feature_bias() const { return std::size_t(nnue::Inputs) * hidden(); }
    std::size_t output_weights() const { return feature_bias() + hidden(); }
    std::size_t output_bias() const {
        return output_weights() + 2 * hidden() * std::size_t(shape.output_buckets);
    }
    std::size_t size() const { return output_bias() + std::size_t(shape.output_buckets); }
};

// Random weights for a new net, the same for the same seed.
std::vector<float> initial_weights(nnue::Shape shape, std::uint64_t seed);
// The float weights of a quantised net (dequantised), for --init; their shape is the net's.
std::vector<float> weights_of(const nnue::Network& net);
// The same net in a larger shape, for --init into a new architecture: mirroring added (a plain net
// learnt from positions and their file mirrors, so it already reads a mirrored view nearly as it
// reads the position), the output layer copied into every bucket, and hidden values added with the
// fresh weights of `seed` and output weights of zero, so that the net starts out evaluating as
// before. Nothing when `to` is not as large as `from` in every respect.
std::optional<std::vector<float>> widen(const std::vector<float>& weights, nnue::Shape from, nnue::Shape to,
                                        std::uint64_t seed);
// The quantised net of float weights of this shape (else std::invalid_argument); weights beyond
// the limit are clipped, as training keeps them.
nnue::Network quantise(const std::vector<float>& weights, nnue::Shape shape);

// The float network's evaluation in centipawns, for the side to move.
template <typename T>
double evaluate(const std::vector<T>& weights, nnue::Shape shape, const PackedPosition& p);
// The loss summed over the positions, and its gradient added into `gradient` (same size as
// weights); float for training, double for checking against finite differences.
template <typename T>
double loss_and_gradient(const std::vector<T>& weights, nnue::Shape shape, const PackedPosition* positions,
                         std::size_t count, const Objective& objective, std::vector<T>* gradient);

// The sigmoid scale that best predicts the game results from the search scores.
double fit_scale(const std::vector<PackedPosition>& positions);

struct Progress {
    int epoch;                // 1-based
    std::size_t done, total;  // positions of this epoch
    double loss;              // mean training loss so far this epoch
    double seconds;           // since this epoch started
};

class Trainer {
public:
    // weights: a layout of options.shape.
    Trainer(const Options& options, const DataSet& data, std::vector<float> weights);

    // One pass over the shuffled training set.
    double train_epoch(const std::function<void(const Progress&)>& progress);
    double validation_loss() const;
    double loss_of(const std::vector<PackedPosition>& positions) const;

    int epochs_done() const { return epoch_; }
    const Options& options() const { return options_; }
    const std::vector<float>& weights() const { return weights_; }
    double learning_rate(int epoch) const;

    // The run's whole state (options, weights, optimiser moments, epoch, data fingerprint).
    std::optional<std::string> save_checkpoint(const std::string& path) const;
    // Restores a checkpoint written for the same data; options come from the checkpoint, but for
    // the thread count, which does not change the result.
    // The shape of the net a checkpoint trains, read from its header alone.
    static std::optional<std::string> checkpoint_shape(const std::string& path, nnue::Shape& shape);
    static std::optional<std::string> load_checkpoint(const std::string& path, const DataSet& data,
                                                      int threads, std::optional<Trainer>& out);

private:
    // One AdamW step on the batch's gradient; returns the batch's summed loss before the step.
    double step(const PackedPosition* const* batch, std::size_t count, double lr);

    Options options_;
    const DataSet& data_;
    Layout layout_;
    std::vector<float> weights_, m_, v_;
    std::vector<std::vector<float>> gradients_;  // one per shard of a batch
    int epoch_ = 0;
    std::uint64_t steps_ = 0;
};

// The largest difference between the float network and the quantised net, in centipawns, over the
// positions (the engine's own integer inference).
double largest_quantisation_error(const std::vector<float>& weights, const nnue::Network& net,
                                  const std::vector<PackedPosition>& positions);

// What the net gives the side to move by itself: over the positions, the mean of the evaluation
// of the position and of the same position with the other side to move (both from the side to
// move's view). Positions where the side not to move could be in check after the swap are left out.
double side_to_move_value(const nnue::Network& net, const std::vector<PackedPosition>& positions);

// Writes a file aside (PATH.part) and renames it over PATH, so that a kill while writing leaves the
// file that was there before whole: the nets and the checkpoints are written so.
std::optional<std::string> write_aside(const std::string& path, const std::vector<unsigned char>& bytes);

}  // namespace sente::train
