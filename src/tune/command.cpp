#include "tune/command.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cxxopts.hpp>
#include <iostream>
#include <thread>

#include "tune/tuner.hpp"
#include "util/command_line.hpp"

namespace sente::tune {

namespace {

constexpr int MaxThreads = 256;

void print_stats(const std::string& path, const games::LoadStats& s) {
    std::cerr << path << ": " << games::describe(s) << '\n';
}

}  // namespace

// `tune` (sente-tune): fits the evaluation's weights to games from `sente datagen` and writes
// params.hpp.
int tune_command(Engine&, util::Words words, util::Reply& reply) {
    const AdamOptions adam_defaults;
    const Objective objective_defaults;
    cxxopts::Options cli(
        "sente tune",
        "Fits Sente's evaluation weights to self-play games (sente datagen) by gradient descent on "
        "the logistic loss, and writes a new params.hpp.");
    cli.add_options()("data", "A game file (repeatable)", cxxopts::value<std::vector<std::string>>())(
        "params", "The params.hpp whose weights the fit starts from, and whose text it writes them into",
        cxxopts::value<std::string>()->default_value("src/eval/params.hpp"))(
        "out", "Where to write the fitted params.hpp",
        cxxopts::value<std::string>()->default_value("params.hpp"))(
        "epochs", "Epochs of Adam over the whole training set",
        cxxopts::value<int>()->default_value(util::default_text(adam_defaults.epochs)))(
        "lr", "Learning rate at the start (centipawns per step)",
        cxxopts::value<double>()->default_value(util::default_text(adam_defaults.learning_rate)))(
        "decay", "Learning rate factor per epoch",
        cxxopts::value<double>()->default_value(util::default_text(adam_defaults.decay)))(
        "lambda", "Share of the game result in the target (the rest is the search score)",
        cxxopts::value<double>()->default_value(util::default_text(objective_defaults.lambda)))(
        "k", "Sigmoid scale (default: fitted to the results first)", cxxopts::value<double>())(
        "validation-every", games::ValidationEveryHelp,
        cxxopts::value<int>()->default_value(util::default_text(games::DefaultValidationEvery)))(
        "min-ply", "Skip positions before this ply of a game",
        cxxopts::value<int>()->default_value(util::default_text(DefaultFilter.min_ply)))(
        "max-score", "Skip positions whose |search score| exceeds this",
        cxxopts::value<int>()->default_value(util::default_text(DefaultFilter.max_score)))(
        "report", "Print the losses every N epochs", cxxopts::value<int>()->default_value("25"))(
        "threads", "Threads",
        cxxopts::value<int>()->default_value(
            util::default_text(std::clamp(int(std::thread::hardware_concurrency()), 1, MaxThreads))));
    const util::Arguments arguments = util::parse_arguments(cli, words, reply);
    if (!arguments.options) return arguments.status;
    const cxxopts::ParseResult& args = *arguments.options;
    if (!arguments.positional.empty()) return reply.refuse("takes no positional arguments (see --help)");
    if (!args.count("data")) return reply.refuse("needs at least one --data FILE");
    const double lambda = args["lambda"].as<double>();
    const int epochs = args["epochs"].as<int>(), threads = args["threads"].as<int>(),
              report = args["report"].as<int>();
    if (!util::in_range(reply, "--lambda", lambda, 0.0, 1.0)
        || !util::in_range(reply, "--threads", threads, 1, MaxThreads))
        return util::BadUsage;
    if (epochs < 0) return reply.refuse("--epochs must not be negative");
    if (report < 1) return reply.refuse("--report must be at least 1");

    Params params;
    if (auto error = read_params(args["params"].as<std::string>(), params)) return reply.refuse(*error);

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    games::Filter filter{args["min-ply"].as<int>(), args["max-score"].as<int>()};
    Dataset train, validation;
    try {
        for (const std::string& path : args["data"].as<std::vector<std::string>>()) {
            games::LoadStats stats;
            if (auto error =
                    load_games(path, filter, args["validation-every"].as<int>(), train, validation, stats))
                return reply.refuse(*error);
            print_stats(path, stats);
        }
    } catch (const std::length_error& e) {
        return reply.refuse(e.what());
    }
    if (train.size() == 0) return reply.refuse("no positions to fit");
    std::cerr << "training positions " << train.size() << ", validation positions " << validation.size()
              << " (" << std::lround(seconds()) << " s)\n";

    Objective objective{0, lambda, threads};
    objective.k = args.count("k") ? args["k"].as<double>() : fit_scale(train, params, threads);
    std::fprintf(stderr, "sigmoid scale k = %.6f (a 50%% edge at 100 cp: %.1f%%)\n", objective.k,
                 100.0 / (1 + std::exp(-objective.k * 100)));
    auto validation_loss = [&] { return validation.size() ? loss(validation, params, objective) : 0.0; };
    std::fprintf(stderr, "epoch 0: training loss %.6f, validation loss %.6f\n",
                 loss(train, params, objective), validation_loss());

    AdamOptions adam;
    adam.epochs = epochs;
    adam.learning_rate = args["lr"].as<double>();
    adam.decay = args["decay"].as<double>();
    fit(train, params, objective, adam, [&](int epoch, double) {
        // Both losses of the weights after this epoch's step (fit's own figure is from before it).
        if (epoch % report == 0 || epoch == epochs)
            std::fprintf(stderr, "epoch %d: training loss %.6f, validation loss %.6f (%.0f s)\n", epoch,
                         loss(train, params, objective), validation_loss(), seconds());
    });
    std::fprintf(stderr, "final: training loss %.6f, validation loss %.6f\n", loss(train, params, objective),
                 validation_loss());

    const std::string in = args["params"].as<std::string>(), out = args["out"].as<std::string>();
    if (auto error = write_params(in, out, params)) return reply.refuse(*error);
    std::cerr << "wrote " << out << '\n';
    return util::Done;
}

}  // namespace sente::tune
