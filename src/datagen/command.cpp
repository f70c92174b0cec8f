#include "datagen/command.hpp"

#include <chrono>
#include <cxxopts.hpp>
#include <iostream>
#include <random>

#include "datagen/datagen.hpp"
#include "util/command_line.hpp"
#include "util/parse.hpp"

namespace sente::datagen {

namespace {

constexpr int MaxGames = 100'000'000;
constexpr long long MinNodes = 100, MaxNodes = 100'000'000, MaxHardNodes = 2'000'000'000;
constexpr int MaxRandomPlies = 40;
constexpr int MaxHashMb = 1024;  // a thread's table; a run has as many as threads
constexpr int MaxGenfens = 10'000'000;

}  // namespace

// `datagen --out FILE ...` plays self-play games into a file; `datagen --dump FILE` prints one.
int datagen_command(Engine&, util::Words words, util::Reply& reply) {
    const DatagenOptions defaults;
    cxxopts::Options options("sente datagen",
                             "Plays self-play games for the trainers and appends them to a file.");
    options.add_options()("out", "Append self-play games to this file", cxxopts::value<std::string>())(
        "games", "Games of the seed, counting those already in the file",
        cxxopts::value<int>()->default_value(util::default_text(defaults.games)))(
        "threads", "Games played at once, one thread each",
        cxxopts::value<int>()->default_value(util::default_text(defaults.threads)))(
        "nodes", "Soft node limit of each move's search",
        cxxopts::value<long long>()->default_value(util::default_text(DefaultNodes)))(
        "hard-nodes", "Hard node limit of each move's search (default: --nodes times 2)",
        cxxopts::value<long long>())(
        "hash", "MB of hash table for each thread, which every search of its games shares",
        cxxopts::value<int>()->default_value(util::default_text(defaults.hash_mb)))(
        "random-plies", "Random legal plies that start each game",
        cxxopts::value<int>()->default_value(util::default_text(DefaultRandomPlies)))(
        "seed", "Seed of the random openings (default: a random one, printed)",
        cxxopts::value<std::uint64_t>())("book", "EPD file of openings the random plies start from",
                                         cxxopts::value<std::string>())("chess960", "Play Chess960 games")(
        "net",
        "The evaluation that plays: none (the hand-crafted one), embedded, or a net file "
        "(default: the engine's default, Use NNUE)",
        cxxopts::value<std::string>())("dump",
                                       "Print a game file as 'FEN | score | result' lines (White's view)",
                                       cxxopts::value<std::string>());
    const util::Arguments arguments = util::parse_arguments(options, words, reply);
    if (!arguments.options) return arguments.status;
    const cxxopts::ParseResult& args = *arguments.options;
    if (!arguments.positional.empty())
        return reply.refuse("datagen takes no positional arguments (see --help)");
    if (args.count("dump")) {
        if (args.count("out")) return reply.refuse("datagen: --dump and --out do not go together");
        return dump_games(args["dump"].as<std::string>(), std::cout, std::cerr);
    }
    if (!args.count("out")) return reply.refuse("datagen needs --out FILE (or --dump FILE)");
    DatagenOptions o;
    o.out = args["out"].as<std::string>();
    o.games = args["games"].as<int>();
    o.threads = args["threads"].as<int>();
    const long long nodes = args["nodes"].as<long long>();
    o.random_plies = args["random-plies"].as<int>();
    o.hash_mb = args["hash"].as<int>();
    o.book = args.count("book") ? args["book"].as<std::string>() : "";
    o.chess960 = args.count("chess960") > 0;
    o.net = args.count("net") ? args["net"].as<std::string>() : "";
    if (args.count("net") && o.net.empty()) return reply.refuse("--net needs none, embedded or a net file");
    if (!util::in_range(reply, "--games", o.games, 1, MaxGames)
        || !util::in_range(reply, "--threads", o.threads, 1, Engine::MaxThreads)
        || !util::in_range(reply, "--nodes", nodes, MinNodes, MaxNodes)
        || !util::in_range(reply, "--random-plies", o.random_plies, 0, MaxRandomPlies)
        || !util::in_range(reply, "--hash", o.hash_mb, 1, MaxHashMb))
        return util::BadUsage;
    o.nodes = std::uint64_t(nodes);
    if (args.count("hard-nodes")) {
        const long long hard = args["hard-nodes"].as<long long>();
        if (!util::in_range(reply, "--hard-nodes", hard, nodes, MaxHardNodes)) return util::BadUsage;
        o.hard_nodes = std::uint64_t(hard);
    }
    o.seed = args.count("seed")
                 ? args["seed"].as<std::uint64_t>()
                 : std::random_device{}()
                       ^ std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    return run_datagen(o, std::cerr);
}

// OpenBench's opening generator: `genfens N seed S book <None|FILE>`, anything after ignored.
int genfens_command(Engine& engine, util::Words words, util::Reply& reply) {
    if (words.empty()) return reply.refuse("genfens needs a count N from 1 to " + std::to_string(MaxGenfens));
    const std::optional<int> count = util::number_argument(reply, "genfens N", words[0], 1, MaxGenfens);
    if (!count) return util::BadUsage;
    std::uint64_t seed = 0;
    std::string book_path;
    for (std::size_t i = 1; i + 1 < words.size(); i += 2) {
        if (words[i] == "seed") {
            const std::optional<std::uint64_t> s = util::parse<std::uint64_t>(words[i + 1]);
            if (!s) return reply.refuse("genfens seed must be a number from 0 to 18446744073709551615");
            seed = *s;
        } else if (words[i] == "book" && words[i + 1] != "None") {
            book_path = words[i + 1];
        }
    }
    std::vector<std::string> book;
    if (!book_path.empty()) {
        std::string problem;
        book = read_book(book_path, engine.chess960(), problem);
        if (!problem.empty()) return reply.refuse("genfens: " + problem);
    }
    const int found = generate_fens(*count, seed, book, engine.chess960(), [&](const std::string& fen) {
        reply.line("info string genfens " + fen);
    });
    if (found < *count) {
        reply.refuse("genfens found only " + std::to_string(found) + " distinct undecided openings of "
                     + std::to_string(*count));
        return util::Failed;
    }
    return util::Done;
}

}  // namespace sente::datagen
