#include "tune/command.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

#include "tune/tuner.hpp"
#include "util/command_line.hpp"
#include "util/files.hpp"

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
    util::CommandLine cli(
        "sente tune",
        "Fits Sente's evaluation weights to self-play games (sente datagen) by gradient descent on "
        "the logistic loss, and writes a new params.hpp.");
    cli.option<std::vector<std::string>>("data", "A game file (repeatable)")
        .option<std::string>(
            "params", "The params.hpp whose weights the fit starts from, and whose text it writes them into",
            "src/eval/params.hpp")
        .option<std::string>("out", "Where to write the fitted params.hpp", "params.hpp")
        .option<int>("epochs", "Epochs of Adam over the whole training set",
                     util::default_text(adam_defaults.epochs))
        .option<double>("lr", "Learning rate at the start (centipawns per step)",
                        util::default_text(adam_defaults.learning_rate))
        .option<double>("decay", "Learning rate factor per epoch", util::default_text(adam_defaults.decay))
        .option<double>("lambda", "Share of the game result in the target (the rest is the search score)",
                        util::default_text(objective_defaults.lambda))
        .option<double>("k", "Sigmoid scale (default: fitted to the results first)")
        .option<int>("validation-every", games::ValidationEveryHelp,
                     util::default_text(games::DefaultValidationEvery))
        .option<int>("min-ply", "Skip positions before this ply of a game",
                     util::default_text(DefaultFilter.min_ply))
        .option<int>("max-score", "Skip positions whose |search score| exceeds this",
                     util::default_text(DefaultFilter.max_score))
        .option<int>("report", "Print the losses every N epochs", "25")
        .option<int>("threads", "Threads",
                     util::default_text(std::clamp(int(std::thread::hardware_concurrency()), 1, MaxThreads)));
    if (!cli.parse(words, reply)) return cli.status();
    if (!cli.positional().empty()) return reply.refuse("takes no positional arguments (see --help)");
    if (!cli.count("data")) return reply.refuse("needs at least one --data FILE");
    const double lambda = cli.get<double>("lambda");
    const int epochs = cli.get<int>("epochs"), threads = cli.get<int>("threads"),
              report = cli.get<int>("report");
    if (!util::in_range(reply, "--lambda", lambda, 0.0, 1.0)
        || !util::in_range(reply, "--threads", threads, 1, MaxThreads))
        return util::BadUsage;
    if (epochs < 0) return reply.refuse("--epochs must not be negative");
    if (report < 1) return reply.refuse("--report must be at least 1");
    if (cli.get<int>("validation-every") < 0) return reply.refuse("--validation-every must not be negative");
    if (cli.count("k") && !(cli.get<double>("k") > 0)) return reply.refuse("-k must be above 0");
    if (!(cli.get<double>("lr") > 0)) return reply.refuse("--lr must be above 0");
    const double decay = cli.get<double>("decay");
    if (!(decay > 0 && decay <= 1)) return reply.refuse("--decay must be above 0 and at most 1");
    if (auto error = util::unwritable(cli.get<std::string>("out"))) return reply.refuse(*error);

    Params params;
    if (auto error = read_params(cli.get<std::string>("params"), params)) {
        // The default is the source tree's own file, relative to where the tuner runs.
        if (!cli.count("params")
            && !std::filesystem::exists(util::native_path(cli.get<std::string>("params"))))
            *error +=
                " (the default --params, found from the top of Sente's source tree: run there or give "
                "--params)";
        return reply.refuse(*error);
    }

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    games::Filter filter{cli.get<int>("min-ply"), cli.get<int>("max-score")};
    Dataset train, validation;
    try {
        for (const std::string& path : cli.get<std::vector<std::string>>("data")) {
            games::LoadStats stats;
            if (auto error =
                    load_games(path, filter, cli.get<int>("validation-every"), train, validation, stats))
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
    objective.k = cli.count("k") ? cli.get<double>("k") : fit_scale(train, params, threads);
    std::fprintf(stderr, "sigmoid scale k = %.6f (a 50%% edge at 100 cp: %.1f%%)\n", objective.k,
                 100.0 / (1 + std::exp(-objective.k * 100)));
    // With nothing held out there is no validation loss to show, only the training one.
    auto validation_loss = [&] {
        return games::describe_validation(
            validation.size() == 0 ? std::nullopt : std::optional(loss(validation, params, objective)));
    };
    std::fprintf(stderr, "epoch 0: training loss %.6f, %s\n", loss(train, params, objective),
                 validation_loss().c_str());

    AdamOptions adam;
    adam.epochs = epochs;
    adam.learning_rate = cli.get<double>("lr");
    adam.decay = decay;
    fit(train, params, objective, adam, [&](int epoch, double) {
        // Both losses of the weights after this epoch's step (fit's own figure is from before it).
        if (epoch % report == 0 || epoch == epochs)
            std::fprintf(stderr, "epoch %d: training loss %.6f, %s (%.0f s)\n", epoch,
                         loss(train, params, objective), validation_loss().c_str(), seconds());
    });
    std::fprintf(stderr, "final: training loss %.6f, %s\n", loss(train, params, objective),
                 validation_loss().c_str());

    const std::string in = cli.get<std::string>("params"), out = cli.get<std::string>("out");
    if (auto error = write_params(in, out, params)) return reply.fail(*error);
    std::cerr << "wrote " << out << '\n';
    return util::Done;
}

}  // namespace sente::tune
