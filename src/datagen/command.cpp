#include "datagen/command.hpp"

#include <chrono>
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
    util::CommandLine cli("sente datagen",
                          "Plays self-play games for the trainers and appends them to a file.");
    cli.option<std::string>("out", "Append self-play games to this file")
        .option<int>("games", "Games of the seed, counting those already in the file",
                     util::default_text(defaults.games))
        .option<int>("threads", "Games played at once, one thread each", util::default_text(defaults.threads))
        .option<long long>("nodes", "Soft node limit of each move's search", util::default_text(DefaultNodes))
        .option<long long>("hard-nodes", "Hard node limit of each move's search (default: --nodes times 2)")
        .option<int>("hash", "MB of hash table for each thread, which every search of its games shares",
                     util::default_text(defaults.hash_mb))
        .option<int>("random-plies", "Random legal plies that start each game",
                     util::default_text(DefaultRandomPlies))
        .option<std::uint64_t>("seed", "Seed of the random openings (default: a random one, printed)")
        .option<std::string>("book", "EPD file of openings the random plies start from")
        .flag("chess960", "Play Chess960 games")
        .option<std::string>(
            "net",
            "The evaluation that plays: none (the hand-crafted one), embedded, or a net file "
            "(default: the engine's default, Use NNUE)")
        .option<std::string>("dump", "Print a game file as 'FEN | score | result' lines (White's view)");
    if (!cli.parse(words, reply)) return cli.status();
    if (!cli.positional().empty()) return reply.refuse("datagen takes no positional arguments (see --help)");
    if (cli.count("dump")) {
        if (cli.count("out")) return reply.refuse("datagen: --dump and --out do not go together");
        return dump_games(cli.get<std::string>("dump"), std::cout, std::cerr);
    }
    if (!cli.count("out")) return reply.refuse("datagen needs --out FILE (or --dump FILE)");
    DatagenOptions o;
    o.out = cli.get<std::string>("out");
    o.games = cli.get<int>("games");
    o.threads = cli.get<int>("threads");
    const long long nodes = cli.get<long long>("nodes");
    o.random_plies = cli.get<int>("random-plies");
    o.hash_mb = cli.get<int>("hash");
    o.book = cli.count("book") ? cli.get<std::string>("book") : "";
    o.chess960 = cli.get<bool>("chess960");
    o.net = cli.count("net") ? cli.get<std::string>("net") : "";
    if (cli.count("net") && o.net.empty()) return reply.refuse("--net needs none, embedded or a net file");
    if (!util::in_range(reply, "--games", o.games, 1, MaxGames)
        || !util::in_range(reply, "--threads", o.threads, 1, Engine::MaxThreads)
        || !util::in_range(reply, "--nodes", nodes, MinNodes, MaxNodes)
        || !util::in_range(reply, "--random-plies", o.random_plies, 0, MaxRandomPlies)
        || !util::in_range(reply, "--hash", o.hash_mb, 1, MaxHashMb))
        return util::BadUsage;
    o.nodes = std::uint64_t(nodes);
    if (cli.count("hard-nodes")) {
        const long long hard = cli.get<long long>("hard-nodes");
        if (!util::in_range(reply, "--hard-nodes", hard, nodes, MaxHardNodes)) return util::BadUsage;
        o.hard_nodes = std::uint64_t(hard);
    }
    o.seed = cli.count("seed")
                 ? cli.get<std::uint64_t>("seed")
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
    // Words after the pairs OpenBench sends are left alone (a workload may add its own), but a key of
    // the pairs given last without its value is a command cut short.
    if (words.size() % 2 == 0 && (words.back() == "seed" || words.back() == "book"))
        return reply.refuse("genfens " + words.back() + " needs a value");
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
