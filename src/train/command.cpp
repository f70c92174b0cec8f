// sente-train: trains Sente's network on games from `sente datagen` and writes the quantised net.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cxxopts.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "train/trainer.hpp"

using namespace sente;

namespace {

int usage_error(const std::string& message) {
    std::cerr << "sente-train: " << message << '\n';
    return 2;
}

std::string clock_time(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

std::optional<std::string> write_net(const std::string& path, const nnue::Network& net) {
    const std::vector<unsigned char> bytes = nnue::encode(net);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out.flush()) return "cannot write " + path;
    return std::nullopt;
}

// OUT with "-eN" before its extension: the net after epoch N.
std::string epoch_path(const std::string& out, int epoch) {
    const std::filesystem::path p(out);
    return (p.parent_path() / (p.stem().string() + "-e" + std::to_string(epoch) + p.extension().string()))
        .string();
}

}  // namespace

int main(int argc, char** argv) {
    cxxopts::Options cli("sente-train",
                         "Trains Sente's network, (768 -> " + std::to_string(nnue::HiddenSize)
                             + ") x 2 -> 1, on self-play games (sente datagen) with AdamW, "
                               "and writes the quantised net file.");
    const train::Options defaults;
    const games::Filter filter_defaults = train::DefaultFilter;
    cli.add_options()("data", "A game file (repeatable)", cxxopts::value<std::vector<std::string>>())(
        "out", "Where to write the net", cxxopts::value<std::string>()->default_value("sente.nnue"))(
        "epochs", "Passes over the training set",
        cxxopts::value<int>()->default_value(std::to_string(defaults.epochs)))(
        "batch", "Positions per step", cxxopts::value<int>()->default_value(std::to_string(defaults.batch)))(
        "lr", "Learning rate of the first epoch", cxxopts::value<double>()->default_value("0.001"))(
        "lr-final", "Learning rate of the last epoch (cosine decay between)",
        cxxopts::value<double>()->default_value("0.00001"))("weight-decay", "AdamW's decoupled weight decay",
                                                            cxxopts::value<double>()->default_value("0.5"))(
        "lambda", "Share of the game result in the target (the rest is the search score)",
        cxxopts::value<double>()->default_value("0.3"))(
        "scale", "Centipawns per unit of the sigmoid (default: fitted to the results)",
        cxxopts::value<double>())("threads", "Threads",
                                  cxxopts::value<int>()->default_value(std::to_string(
                                      std::clamp(std::thread::hardware_concurrency(), 1u, 256u))))(
        "seed", "Seed of the initial weights and the shuffles",
        cxxopts::value<std::uint64_t>()->default_value("1"))(
        "min-ply", "Skip the positions before this ply of each game",
        cxxopts::value<int>()->default_value(std::to_string(filter_defaults.min_ply)))(
        "max-score", "Skip the positions whose |search score| exceeds this",
        cxxopts::value<int>()->default_value(std::to_string(filter_defaults.max_score)))(
        "validation-every", "Every Nth game is held out for validation (0: none)",
        cxxopts::value<int>()->default_value("10"))(
        "checkpoint", "The checkpoint written after every epoch (default: OUT.ckpt)",
        cxxopts::value<std::string>())("resume", "Continue the run of the checkpoint, with its options")(
        "init", "Start from this net instead of random weights", cxxopts::value<std::string>())(
        "mirror", "Add every training position with its files mirrored (a <-> h)",
        cxxopts::value<bool>()->default_value("true"))(
        "net-every", "Also write the net after every Nth epoch, as OUT-eN.nnue (0: never)",
        cxxopts::value<int>()->default_value("0"))("h,help", "Print this help");
    cxxopts::ParseResult args;
    try {
        args = cli.parse(argc, argv);
    } catch (const cxxopts::exceptions::exception& e) {
        return usage_error(e.what());
    }
    if (args.count("help")) {
        std::cout << cli.help();
        return 0;
    }
    if (!args.count("data")) return usage_error("needs at least one --data FILE");
    train::Options options;
    options.epochs = args["epochs"].as<int>();
    options.batch = args["batch"].as<int>();
    options.lr = args["lr"].as<double>();
    options.lr_final = args["lr-final"].as<double>();
    options.weight_decay = args["weight-decay"].as<double>();
    options.objective.lambda = args["lambda"].as<double>();
    options.threads = args["threads"].as<int>();
    options.seed = args["seed"].as<std::uint64_t>();
    const int net_every = args["net-every"].as<int>();
    if (options.epochs < 1 || options.epochs > 100000)
        return usage_error("--epochs must be from 1 to 100000");
    if (options.batch < 1) return usage_error("--batch must be at least 1");
    if (!(options.lr > 0) || !(options.lr_final >= 0))
        return usage_error("--lr must be above 0 and --lr-final not below");
    if (!(options.weight_decay >= 0)) return usage_error("--weight-decay must not be negative");
    if (!(options.objective.lambda >= 0 && options.objective.lambda <= 1))
        return usage_error("--lambda must be from 0 to 1");
    if (options.threads < 1 || options.threads > 256) return usage_error("--threads must be from 1 to 256");
    if (net_every < 0) return usage_error("--net-every must not be negative");
    if (args.count("scale") && !(args["scale"].as<double>() > 0))
        return usage_error("--scale must be above 0");
    if (args.count("resume") && args.count("init"))
        return usage_error("--resume and --init exclude each other");
    const std::string out = args["out"].as<std::string>();
    const std::string checkpoint =
        args.count("checkpoint") ? args["checkpoint"].as<std::string>() : out + ".ckpt";

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    const games::Filter filter{args["min-ply"].as<int>(), args["max-score"].as<int>()};
    train::DataSet data;
    for (const std::string& path : args["data"].as<std::vector<std::string>>()) {
        games::LoadStats s;
        if (auto error = train::load_games(path, filter, args["validation-every"].as<int>(), data, s))
            return usage_error(*error);
        std::cerr << path << ": " << s.games << " games, " << s.positions << " positions, " << s.kept
                  << " kept; skipped " << s.in_check << " in check, " << s.tactical_move
                  << " with a capture or promotion played, " << s.extreme_score
                  << " mates or beyond the score limit, " << s.early << " before the first ply kept\n";
    }
    if (data.train.empty()) return usage_error("no positions to train on");
    if (args["mirror"].as<bool>()) {
        const std::size_t n = data.train.size();
        for (std::size_t i = 0; i < n; ++i) data.train.push_back(train::mirrored(data.train[i]));
    }
    std::cerr << "training positions " << data.train.size() << ", validation positions "
              << data.validation.size() << " (" << std::lround(seconds()) << " s)\n";

    std::optional<train::Trainer> trainer;
    if (args.count("resume")) {
        if (auto error = train::Trainer::load_checkpoint(checkpoint, data, options.threads, trainer))
            return usage_error(*error);
        if (trainer->options().hidden != nnue::HiddenSize)
            return usage_error(checkpoint + " is a run of hidden size "
                               + std::to_string(trainer->options().hidden) + "; this build writes nets of "
                               + std::to_string(nnue::HiddenSize));
        std::cerr << "resuming " << checkpoint << " after epoch " << trainer->epochs_done() << " of "
                  << trainer->options().epochs << ", with its options\n";
    } else {
        options.objective.scale =
            args.count("scale") ? args["scale"].as<double>() : train::fit_scale(data.train);
        std::vector<float> weights;
        if (args.count("init")) {
            const nnue::LoadResult init = nnue::load_file(args["init"].as<std::string>());
            if (!init.net) return usage_error(init.error);
            weights = train::weights_of(*init.net);
        } else {
            weights = train::initial_weights(nnue::HiddenSize, options.seed);
        }
        trainer.emplace(options, data, std::move(weights));
    }
    const train::Options& o = trainer->options();
    std::fprintf(stderr,
                 "scale %.1f cp, lambda %.2f, lr %g -> %g, batch %d, %d epochs, %d threads, seed %llu\n",
                 o.objective.scale, o.objective.lambda, o.lr, o.lr_final, o.batch, o.epochs, o.threads,
                 (unsigned long long)o.seed);
    if (trainer->epochs_done() == 0)
        std::fprintf(stderr, "epoch 0: validation loss %.6f\n", trainer->validation_loss());

    while (trainer->epochs_done() < o.epochs) {
        const double epoch_start = seconds();
        const double loss = trainer->train_epoch([&](const train::Progress& p) {
            const double rate = p.seconds > 0 ? double(p.done) / p.seconds : 0;
            const double left =
                rate > 0 ? (double(p.total - p.done) + double(p.total) * (o.epochs - p.epoch)) / rate : 0;
            std::fprintf(stderr, "\repoch %d/%d  %zu/%zu  %.0f positions/s  training loss %.6f  left %s   ",
                         p.epoch, o.epochs, p.done, p.total, rate, p.loss, clock_time(left).c_str());
        });
        const int epoch = trainer->epochs_done();
        const double rate = double(data.train.size()) / std::max(1e-9, seconds() - epoch_start);
        std::fprintf(
            stderr,
            "\repoch %d/%d: training loss %.6f, validation loss %.6f, lr %.3g, %.0f positions/s, %s\n", epoch,
            o.epochs, loss, trainer->validation_loss(), trainer->learning_rate(epoch - 1), rate,
            clock_time(seconds()).c_str());
        if (auto error = trainer->save_checkpoint(checkpoint)) return usage_error(*error);
        if (net_every && epoch % net_every == 0)
            if (auto error = write_net(epoch_path(out, epoch), train::quantise(trainer->weights())))
                return usage_error(*error);
    }

    const nnue::Network net = train::quantise(trainer->weights());
    if (auto error = write_net(out, net)) return usage_error(*error);
    // A sample of the validation positions (or training ones when none are held out) for the reports.
    const std::vector<train::PackedPosition>& pool = data.validation.empty() ? data.train : data.validation;
    std::vector<train::PackedPosition> sample;
    for (std::size_t i = 0; i < pool.size() && sample.size() < 20000;
         i += std::max<std::size_t>(1, pool.size() / 20000))
        sample.push_back(pool[i]);
    std::fprintf(
        stderr,
        "wrote %s: largest quantisation error %.2f cp, side-to-move value %.1f cp (over %zu positions)\n",
        out.c_str(), train::largest_quantisation_error(trainer->weights(), net, sample),
        train::side_to_move_value(net, sample), sample.size());
    return 0;
}
