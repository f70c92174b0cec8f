#include "train/command.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

#include "train/trainer.hpp"
#include "util/command_line.hpp"
#include "util/files.hpp"

namespace sente::train {

namespace {

constexpr int MaxThreads = 256;
constexpr int MaxEpochs = 100000;

std::string clock_time(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

std::optional<std::string> write_net(const std::string& path, const nnue::Network& net) {
    return write_aside(path, nnue::encode(net));
}

// OUT with "-eN" before its extension: the net after epoch N.
std::string epoch_path(const std::string& out, int epoch) {
    // By the text of the name, which on Windows need not convert to a file system path and back.
    const std::size_t name = out.size() - util::file_name(out).size();
    std::size_t dot = out.rfind('.');
    if (dot == std::string::npos || dot <= name) dot = out.size();  // ".nnue" alone is a name, no extension
    return out.substr(0, dot) + "-e" + std::to_string(epoch) + out.substr(dot);
}

// The shape the options name over `base`: each of --hidden, --king-mirror and --output-buckets
// given replaces base's, and architecture 1 (--king-mirror=false) has its one output bucket unless
// the options say otherwise.
nnue::Shape named_shape(const util::CommandLine& cli, nnue::Shape base) {
    if (cli.count("hidden")) base.hidden = cli.get<int>("hidden");
    if (cli.count("king-mirror")) base.mirrored = cli.get<bool>("king-mirror");
    if (cli.count("output-buckets"))
        base.output_buckets = cli.get<int>("output-buckets");
    else if (!base.mirrored)
        base.output_buckets = 1;
    return base;
}

}  // namespace

// `train` (sente-train): trains Sente's network on games from `sente datagen` and writes the
// quantised net.
int train_command(Engine&, util::Words words, util::Reply& reply) {
    util::CommandLine cli("sente train",
                          "Trains Sente's network, (768 -> N) x 2 -> 1, on self-play games (sente datagen) "
                          "with AdamW, and writes the quantised net file.");
    const Options defaults;
    cli.option<std::vector<std::string>>("data", "A game file (repeatable)")
        .option<std::string>("out", "Where to write the net", "sente.nnue")
        .option<int>("epochs", "Passes over the training set", util::default_text(defaults.epochs))
        .option<int>("batch", "Positions per step", util::default_text(defaults.batch))
        .option<double>("lr", "Learning rate of the first epoch", util::default_text(defaults.lr))
        .option<double>("lr-final", "Learning rate of the last epoch (cosine decay between)",
                        util::default_text(defaults.lr_final))
        .option<double>("weight-decay", "AdamW's decoupled weight decay",
                        util::default_text(defaults.weight_decay))
        .option<double>("lambda", "Share of the game result in the target (the rest is the search score)",
                        util::default_text(defaults.objective.lambda))
        .option<double>("scale", "Centipawns per unit of the sigmoid (default: fitted to the results)")
        .option<int>("threads", "Threads",
                     util::default_text(std::clamp(int(std::thread::hardware_concurrency()), 1, MaxThreads)))
        .option<std::uint64_t>("seed", "Seed of the initial weights and the shuffles",
                               util::default_text(defaults.seed))
        .option<int>("min-ply", "Skip the positions before this ply of each game",
                     util::default_text(DefaultFilter.min_ply))
        .option<int>("max-score", "Skip the positions whose |search score| exceeds this",
                     util::default_text(DefaultFilter.max_score))
        .option<int>("validation-every", games::ValidationEveryHelp,
                     util::default_text(games::DefaultValidationEvery))
        .option<std::string>("checkpoint", "The checkpoint written after every epoch (default: OUT.ckpt)")
        .flag("resume", "Continue the run of the checkpoint, with its options")
        .option<std::string>("init",
                             "Start from this net instead of random weights; with --hidden, --king-mirror or "
                             "--output-buckets naming a larger shape, the net widened into it")
        .option<bool>(
            "mirror",
            "Add every training position with its files mirrored (a <-> h); a net with --king-mirror "
            "sees both alike, so it takes none",
            "true")
        .option<int>("hidden", "N, the hidden size (128, 256 or 512)", std::to_string(defaults.shape.hidden))
        .option<bool>(
            "king-mirror",
            "Mirror each view across the d/e files when its king stands on files e to h (architecture "
            "2; --king-mirror=false: architecture 1, which has one output bucket)",
            defaults.shape.mirrored ? "true" : "false")
        .option<int>("output-buckets",
                     "Output layers chosen by the number of pieces (1 to 8; more than 1 needs --king-mirror)",
                     std::to_string(defaults.shape.output_buckets))
        .option<int>("net-every", "Also write the net after every Nth epoch, as OUT-eN.nnue (0: never)", "0");
    if (!cli.parse(words, reply)) return cli.status();
    if (!cli.positional().empty()) return reply.refuse("takes no positional arguments (see --help)");
    if (!cli.count("data")) return reply.refuse("needs at least one --data FILE");
    Options options;
    options.epochs = cli.get<int>("epochs");
    options.batch = cli.get<int>("batch");
    options.lr = cli.get<double>("lr");
    options.lr_final = cli.get<double>("lr-final");
    options.weight_decay = cli.get<double>("weight-decay");
    options.objective.lambda = cli.get<double>("lambda");
    options.threads = cli.get<int>("threads");
    options.seed = cli.get<std::uint64_t>("seed");
    const int net_every = cli.get<int>("net-every");
    if (!util::in_range(reply, "--epochs", options.epochs, 1, MaxEpochs)) return util::BadUsage;
    if (options.batch < 1) return reply.refuse("--batch must be at least 1");
    if (!(options.lr > 0) || !(options.lr_final >= 0))
        return reply.refuse("--lr must be above 0 and --lr-final not below");
    if (!(options.weight_decay >= 0)) return reply.refuse("--weight-decay must not be negative");
    if (!util::in_range(reply, "--lambda", options.objective.lambda, 0.0, 1.0)
        || !util::in_range(reply, "--threads", options.threads, 1, MaxThreads))
        return util::BadUsage;
    if (net_every < 0) return reply.refuse("--net-every must not be negative");
    if (cli.get<int>("validation-every") < 0) return reply.refuse("--validation-every must not be negative");
    if (cli.count("scale") && !(cli.get<double>("scale") > 0)) return reply.refuse("--scale must be above 0");
    const bool resume = cli.get<bool>("resume");
    if (resume && cli.count("init")) return reply.refuse("--resume and --init exclude each other");
    const std::string out = cli.get<std::string>("out");
    const std::string checkpoint =
        cli.count("checkpoint") ? cli.get<std::string>("checkpoint") : out + ".ckpt";
    // Both are written after hours of work, perhaps: a name that cannot be is refused first.
    for (const std::string& path : {out, checkpoint})
        if (auto error = util::unwritable(path)) return reply.refuse(*error);

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    // The shape: a resumed run's own; an --init net's, or the larger one the options name over it,
    // into which the net is widened; else the options' (over the defaults).
    const bool shape_given = cli.count("hidden") || cli.count("king-mirror") || cli.count("output-buckets");
    if (resume && shape_given)
        return reply.refuse(
            "the shape of a resumed run is its own: leave out --hidden, --king-mirror and --output-buckets");
    nnue::LoadResult init;
    std::vector<float> init_weights;
    if (cli.count("init")) {
        init = nnue::load_file(cli.get<std::string>("init"));
        if (!init.net) return reply.refuse(init.error);
        init_weights = weights_of(*init.net);
    }
    options.shape = named_shape(cli, init.net ? init.net->shape : defaults.shape);
    if (!options.shape.supported())
        return reply.refuse(
            "the engine runs no net of " + nnue::describe(options.shape)
            + " (--hidden 128, 256 or 512; --output-buckets 1 to 8, more than 1 with --king-mirror)");
    if (init.net && options.shape != init.net->shape) {
        std::optional<std::vector<float>> wider =
            widen(init_weights, init.net->shape, options.shape, options.seed);
        if (!wider)
            return reply.refuse("cannot widen the --init net of " + nnue::describe(init.net->shape) + " into "
                                + nnue::describe(options.shape)
                                + " (no smaller hidden size, no fewer buckets, mirroring kept)");
        init_weights = std::move(*wider);
    }
    if (resume)
        if (auto error = Trainer::checkpoint_shape(checkpoint, options.shape)) return reply.refuse(*error);

    const games::Filter filter{cli.get<int>("min-ply"), cli.get<int>("max-score")};
    DataSet data;
    for (const std::string& path : cli.get<std::vector<std::string>>("data")) {
        games::LoadStats s;
        if (auto error = load_games(path, filter, cli.get<int>("validation-every"), data, s))
            return reply.refuse(*error);
        std::cerr << path << ": " << games::describe(s) << '\n';
    }
    if (data.train.empty()) return reply.refuse("no positions to train on");
    if (cli.get<bool>("mirror") && !options.shape.mirrored) {
        const std::size_t n = data.train.size();
        for (std::size_t i = 0; i < n; ++i) data.train.push_back(mirrored(data.train[i]));
    }
    std::cerr << "training positions " << data.train.size() << ", validation positions "
              << data.validation.size() << " (" << std::lround(seconds()) << " s)\n";

    std::optional<Trainer> trainer;
    if (resume) {
        if (auto error = Trainer::load_checkpoint(checkpoint, data, options.threads, trainer))
            return reply.refuse(*error);
        std::cerr << "resuming " << checkpoint << " after epoch " << trainer->epochs_done() << " of "
                  << trainer->options().epochs << ", with its options\n";
        // The same command run again with --resume is the usual way back, so the run's options
        // given again are no mistake; but a value meant to change the run would silently not.
        std::string unused;
        for (const char* name :
             {"epochs", "batch", "lr", "lr-final", "weight-decay", "lambda", "scale", "seed"})
            if (cli.count(name)) unused += std::string(unused.empty() ? "" : ", ") + "--" + name;
        if (!unused.empty())
            std::cerr << "note: " << unused << " given: a resumed run keeps the checkpoint's own\n";
    } else {
        options.objective.scale = cli.count("scale") ? cli.get<double>("scale") : fit_scale(data.train);
        trainer.emplace(options, data,
                        init.net ? std::move(init_weights) : initial_weights(options.shape, options.seed));
    }
    const Options& o = trainer->options();
    std::fprintf(
        stderr,
        "net %s; scale %.1f cp, lambda %.2f, lr %g -> %g, batch %d, %d epochs, %d threads, seed %llu\n",
        nnue::describe(o.shape).c_str(), o.objective.scale, o.objective.lambda, o.lr, o.lr_final, o.batch,
        o.epochs, o.threads, (unsigned long long)o.seed);
    // With nothing held out there is no validation loss to show, only the training one.
    const auto validation = [&] {
        return games::describe_validation(
            data.validation.empty() ? std::nullopt : std::optional(trainer->validation_loss()));
    };
    if (trainer->epochs_done() == 0) std::fprintf(stderr, "epoch 0: %s\n", validation().c_str());

    while (trainer->epochs_done() < o.epochs) {
        const double epoch_start = seconds();
        const double loss = trainer->train_epoch([&](const Progress& p) {
            const double rate = p.seconds > 0 ? double(p.done) / p.seconds : 0;
            const double left =
                rate > 0 ? (double(p.total - p.done) + double(p.total) * (o.epochs - p.epoch)) / rate : 0;
            std::fprintf(stderr, "\repoch %d/%d  %zu/%zu  %.0f positions/s  training loss %.6f  left %s   ",
                         p.epoch, o.epochs, p.done, p.total, rate, p.loss, clock_time(left).c_str());
        });
        const int epoch = trainer->epochs_done();
        const double rate = double(data.train.size()) / std::max(1e-9, seconds() - epoch_start);
        std::fprintf(stderr, "\repoch %d/%d: training loss %.6f, %s, lr %.3g, %.0f positions/s, %s\n", epoch,
                     o.epochs, loss, validation().c_str(), trainer->learning_rate(epoch - 1), rate,
                     clock_time(seconds()).c_str());
        if (auto error = trainer->save_checkpoint(checkpoint)) return reply.fail(*error);
        if (net_every && epoch % net_every == 0)
            if (auto error = write_net(epoch_path(out, epoch), quantise(trainer->weights(), o.shape)))
                return reply.fail(*error);
    }

    const nnue::Network net = quantise(trainer->weights(), o.shape);
    if (auto error = write_net(out, net)) return reply.fail(*error);
    // A sample of the validation positions (or training ones when none are held out) for the reports.
    const std::vector<PackedPosition>& pool = data.validation.empty() ? data.train : data.validation;
    std::vector<PackedPosition> sample;
    for (std::size_t i = 0; i < pool.size() && sample.size() < 20000;
         i += std::max<std::size_t>(1, pool.size() / 20000))
        sample.push_back(pool[i]);
    std::fprintf(
        stderr,
        "wrote %s: largest quantisation error %.2f cp, side-to-move value %.1f cp (over %zu positions)\n",
        out.c_str(), largest_quantisation_error(trainer->weights(), net, sample),
        side_to_move_value(net, sample), sample.size());
    return util::Done;
}

}  // namespace sente::train
