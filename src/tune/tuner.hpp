// Fitting the evaluation's weights to games: positions become their coefficient traces (exact, see
// eval::coefficients), and gradient descent (Adam) minimises the logistic loss between the
// evaluation and a target that blends the game's result with the search's score.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "datagen/positions.hpp"
#include "eval/eval.hpp"

namespace sente::tune {

// The fitted numbers: for weight i, params[2i] is its middlegame and params[2i+1] its endgame part.
using Params = std::vector<double>;
Params initial_params();

// Positions as the tuner needs them: sparse coefficients and what the game says of them.
class Dataset {
public:
    // `result` is the game's result and `score` the search's score, both from White's side
    // (result 0, 0.5 or 1; score in centipawns).
    void add(const Position& pos, double result, double score);
    std::size_t size() const { return entries_.size(); }

    struct Entry {
        std::uint32_t first;  // into terms_ (add() refuses to go past 2^32 terms)
        std::uint16_t count;
        std::int8_t phase;
        std::int8_t stm;       // +1 White to move, -1 Black
        std::int8_t scale[2];  // endgame scale when White, or Black, is stronger
        float result, score;
        float fixed_mg, fixed_eg;
    };
    struct Term {
        std::uint16_t index;
        std::int16_t coefficient;
    };
    const std::vector<Entry>& entries() const { return entries_; }
    const std::vector<Term>& terms() const { return terms_; }

private:
    std::vector<Entry> entries_;
    std::vector<Term> terms_;
};

// The positions sente-tune keeps by default (datagen/positions.hpp says what the filter drops); of
// those it fits only the quiet ones (is_quiet below), whose static evaluation is what a search
// would say if it looked only at captures.
constexpr games::Filter DefaultFilter{0, 2000};
// Reads a game file: the quiet positions the filter keeps go to `train`, those of held-out games
// (games::held_out) to `validation`. Returns the reader's error message on a bad file.
std::optional<std::string> load_games(const std::string& path, const games::Filter& filter,
                                      int validation_every, Dataset& train, Dataset& validation,
                                      games::LoadStats& stats);
// Whether the position is quiet in the tuner's sense: not in check, and a search of captures
// (and promotions) finds nothing better than the static evaluation.
bool is_quiet(const Position& pos);

// The defaults here are sente-tune's.
struct Objective {
    double k = 0.01;      // sigmoid scale: win probability = 1 / (1 + exp(-k * eval))
    double lambda = 0.5;  // weight of the game result in the target; the rest is the search score
    int threads = 1;
};
// Mean logistic loss (cross-entropy) of the dataset under params; with `gradient`, also its
// gradient with respect to every parameter (resized to params.size()).
double loss(const Dataset& data, const Params& params, const Objective& objective,
            std::vector<double>* gradient = nullptr);
// The evaluation (White's view, centipawns, unrounded) of one entry.
double evaluate(const Dataset& data, const Dataset::Entry& e, const Params& params);
// The sigmoid scale that best predicts the game results from the evaluation under params.
double fit_scale(const Dataset& data, const Params& params, int threads);

struct AdamOptions {
    int epochs = 1000;
    double learning_rate = 1.0;  // centipawns per step, at the start
    double decay = 0.998;        // per epoch: the learning rate shrinks geometrically
    double beta1 = 0.9, beta2 = 0.999;
};
// Runs Adam on the full batch; `epoch_done(epoch, training loss)` after every epoch (may be empty).
void fit(const Dataset& data, Params& params, const Objective& objective, const AdamOptions& adam,
         const std::function<void(int, double)>& epoch_done);

// The fitted-weights block of params.hpp for params (rounded to whole centipawns).
std::string format_weights(const Params& params);
// The weights in the fitted block of the params.hpp at `path` (in the order format_weights writes
// them); the problem, if any (no block, or not this build's number of weights).
std::optional<std::string> read_params(const std::string& path, Params& params);
// Copies the params.hpp at `in` to `out` with its fitted-weights block replaced; the problem, if any.
std::optional<std::string> write_params(const std::string& in, const std::string& out, const Params& params);

}  // namespace sente::tune
