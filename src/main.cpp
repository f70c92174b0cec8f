// The command line: no command speaks UCI; the commands (perft, bench and the others in Commands)
// are tools for people and scripts.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include "command_line.hpp"
#include "core/tunable.hpp"
#include "datagen.hpp"
#include "engine.hpp"
#include "epd_suite.hpp"
#include "nnue/simd.hpp"
#include "research/research.hpp"
#include "tempo_experiment.hpp"
#include "uci/perft_report.hpp"
#include "uci/uci.hpp"
#include "version.hpp"

using namespace sente;

namespace {

int usage_error(const std::string& message) { return command_line::usage_error("sente", message); }

std::optional<int> parse_int(const std::string& text, int lo, int hi) {
    try {
        std::size_t used = 0;
        long long n = std::stoll(text, &used);
        if (used != text.size() || n < lo || n > hi) return std::nullopt;
        return int(n);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

int run_bench(const cxxopts::ParseResult&, const std::vector<std::string>& rest) {
    if (rest.size() > 1) return usage_error("bench takes at most one DEPTH");
    int depth = Engine::DefaultBenchDepth;
    if (!rest.empty()) {
        auto d = parse_int(rest[0], 1, Engine::MaxBenchDepth);
        if (!d)
            return usage_error("bench DEPTH must be a number from 1 to "
                               + std::to_string(Engine::MaxBenchDepth));
        depth = *d;
    }
    Engine engine;
    BenchResult r = engine.bench(depth, [](int index, std::uint64_t nodes) {
        std::cerr << "position " << index + 1 << ": " << nodes << " nodes\n";
    });
    std::uint64_t nps = r.time_ms > 0 ? r.nodes * 1000 / std::uint64_t(r.time_ms) : 0;
    std::cerr << "positions: " << r.positions << ", depth " << depth << ", time " << r.time_ms << " ms\n";
    std::cout << r.nodes << " nodes " << nps << " nps" << std::endl;
    return 0;
}

// Prints, per depth, the mean score, the mean change of score from the previous depth, the nodes and
// the branching factor over the bench positions, once per tempo setting, as a Markdown table.
int run_tempo_table(const cxxopts::ParseResult& args, const std::vector<std::string>& rest) {
    if (rest.size() > 1) return usage_error("tempo-table takes at most one DEPTH");
    int depth = 12;
    if (!rest.empty()) {
        auto d = parse_int(rest[0], 2, Engine::MaxBenchDepth);
        if (!d)
            return usage_error("tempo-table DEPTH must be a number from 2 to "
                               + std::to_string(Engine::MaxBenchDepth));
        depth = *d;
    }
    std::vector<int> settings;
    for (int p : args["tempo"].as<std::vector<int>>()) {
        if (p < 0 || p > eval::MaxTempoPercent)
            return usage_error("--tempo values are percentages from 0 to "
                               + std::to_string(eval::MaxTempoPercent));
        settings.push_back(p);
    }
    Engine engine;
    std::vector<std::vector<TempoRow>> tables;
    for (int p : settings) tables.push_back(tempo_experiment(engine, bench_positions(), depth, p));

    std::cout << "| depth |";
    for (int p : settings) std::cout << " tempo " << p << "%: score | change | nodes | EBF |";
    std::cout << "\n|---|";
    for (std::size_t i = 0; i < settings.size(); ++i) std::cout << "---|---|---|---|";
    std::cout << '\n';
    for (int d = 0; d < depth; ++d) {
        std::cout << "| " << d + 1 << " |";
        for (const auto& t : tables) {
            const TempoRow& r = t[std::size_t(d)];
            char buf[128];
            std::snprintf(buf, sizeof buf, " %.1f | %.1f | %llu | %.2f |", r.mean_score, r.mean_score_change,
                          static_cast<unsigned long long>(r.nodes), r.branching);
            std::cout << buf;
        }
        std::cout << '\n';
    }
    std::cout << "positions without a mate score: ";
    for (const auto& t : tables) std::cout << t.back().positions << ' ';
    std::cout << std::endl;
    return 0;
}

int run_solve(const cxxopts::ParseResult& args, const std::vector<std::string>& rest) {
    if (rest.size() != 1) return usage_error("solve needs exactly one EPD FILE");
    int movetime = args["movetime"].as<int>();
    if (movetime < 1 || movetime > 3'600'000) return usage_error("--movetime must be from 1 to 3600000 ms");
    if (!std::ifstream(rest[0])) return usage_error("cannot read " + rest[0]);
    Engine engine;
    int solved = 0, total = 0;
    run_epd_suite(engine, rest[0], movetime, [&](const EpdOutcome& o) {
        ++total;
        solved += o.solved;
        std::cout << (o.solved ? "solved  " : "missed  ") << (o.id.empty() ? o.fen : o.id) << "  "
                  << (o.played.empty() ? "(no move)" : o.played) << '\n';
    });
    std::cout << "solved " << solved << " of " << total << " at " << movetime << " ms" << std::endl;
    return 0;
}

int run_perft(const cxxopts::ParseResult& args, const std::vector<std::string>& rest) {
    if (rest.size() != 1) return usage_error("perft needs exactly one DEPTH");
    auto depth = parse_int(rest[0], 0, Engine::MaxPerftDepth);
    if (!depth)
        return usage_error("perft DEPTH must be a number from 0 to " + std::to_string(Engine::MaxPerftDepth));
    int threads = args["threads"].as<int>();
    int hash = args["hash"].as<int>();
    if (threads < 1 || threads > Engine::MaxThreads)
        return usage_error("--threads must be from 1 to " + std::to_string(Engine::MaxThreads));
    if (hash < 0 || hash > Engine::MaxHashMb)
        return usage_error("--hash must be from 0 to " + std::to_string(Engine::MaxHashMb) + " MB");

    Engine engine;
    engine.set_chess960(args.count("chess960") > 0);
    engine.set_threads(threads);
    std::string fen = args.count("fen") ? args["fen"].as<std::string>() : std::string(Position::StartFen);
    if (auto problem = engine.set_position(fen, {})) return usage_error("bad FEN: " + *problem);

    auto start = std::chrono::steady_clock::now();
    PerftResult result = engine.perft(*depth, hash);
    auto elapsed = std::chrono::steady_clock::now() - start;
    for (const std::string& line :
         uci::perft_report(engine.position(), result, args.count("divide") > 0, elapsed))
        std::cout << line << '\n';
    return 0;
}

// `research`: the classic algorithms side by side; a table per algorithm and tempo setting.
int run_research(const cxxopts::ParseResult& args, const std::vector<std::string>& rest) {
    if (!rest.empty()) return usage_error("research takes no positional arguments (see --help)");
    const int depth = args["depth"].as<int>();
    if (depth < 1 || depth > 20) return usage_error("--depth must be from 1 to 20");
    std::vector<research::Algorithm> algorithms;
    for (const std::string& a : args["algorithms"].as<std::vector<std::string>>()) {
        research::Algorithm parsed;
        if (!research::parse_algorithm(a, parsed))
            return usage_error("unknown algorithm '" + a
                               + "' (negamax, alphabeta, pvs, aspiration, mtdf, mtdf2, sss, dual)");
        algorithms.push_back(parsed);
    }
    std::vector<int> tempi;
    for (int p : args["tempo"].as<std::vector<int>>()) {
        if (p < 0 || p > eval::MaxTempoPercent)
            return usage_error("--tempo values are percentages from 0 to "
                               + std::to_string(eval::MaxTempoPercent));
        tempi.push_back(p);
    }
    const std::string kind = args["eval"].as<std::string>();
    if (kind != "full" && kind != "material") return usage_error("--eval must be full or material");
    const int hash = args.count("hash") ? args["hash"].as<int>() : 16;
    if (hash < 1 || hash > 4096) return usage_error("--hash must be from 1 to 4096 MB for research");

    std::vector<std::string> fens;
    if (args.count("positions")) {
        std::ifstream in(args["positions"].as<std::string>());
        if (!in) return usage_error("cannot read " + args["positions"].as<std::string>());
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream words(line);
            std::string fen, w;
            for (int i = 0; i < 6 && words >> w && w.find(';') == std::string::npos; ++i) {
                if (i >= 4 && !std::isdigit(static_cast<unsigned char>(w[0]))) break;
                fen += (i ? " " : "") + w;
            }
            if (fen.empty()) continue;
            Position pos;
            if (auto problem = pos.set_fen(fen)) return usage_error("bad FEN in --positions: " + *problem);
            fens.push_back(fen);
        }
    } else {
        fens = bench_positions();
    }
    const bool csv = args.count("csv") > 0;
    if (csv)
        std::cout
            << "algorithm,tempo,eval,depth,mean_score,mean_change,nodes,time_ms,ebf,researches,positions\n";
    for (research::Algorithm a : algorithms) {
        for (int tempo : tempi) {
            research::Settings s{kind == "full" ? research::EvalKind::Full : research::EvalKind::Material,
                                 tempo, std::size_t(hash)};
            std::vector<research::Row> rows = research::run(a, s, fens, depth);
            char buf[256];
            if (!csv) {
                std::cout << "\n"
                          << research::name(a) << ", tempo " << tempo << "%, " << kind << " evaluation, "
                          << fens.size() << " positions\n";
                std::cout << "depth  mean score  mean change          nodes    time ms    EBF  re-searches\n";
            }
            for (const research::Row& r : rows) {
                if (csv)
                    std::snprintf(buf, sizeof buf, "%s,%d,%s,%d,%.1f,%.1f,%llu,%.0f,%.2f,%llu,%d\n",
                                  std::string(research::name(a)).c_str(), tempo, kind.c_str(), r.depth,
                                  r.mean_score, r.mean_change, static_cast<unsigned long long>(r.nodes),
                                  r.time_ms, r.branching, static_cast<unsigned long long>(r.researches),
                                  r.positions);
                else
                    std::snprintf(buf, sizeof buf, "%5d  %10.1f  %11.1f  %13llu  %9.0f  %5.2f  %11llu\n",
                                  r.depth, r.mean_score, r.mean_change,
                                  static_cast<unsigned long long>(r.nodes), r.time_ms, r.branching,
                                  static_cast<unsigned long long>(r.researches));
                std::cout << buf << std::flush;
            }
        }
    }
    return 0;
}

// `datagen --out FILE --games N ...` plays self-play games; `datagen --dump FILE` prints one.
int run_datagen_command(const cxxopts::ParseResult& args, const std::vector<std::string>& rest) {
    if (!rest.empty()) return usage_error("datagen takes no positional arguments (see --help)");
    if (args.count("dump")) {
        if (args.count("out")) return usage_error("datagen: --dump and --out do not go together");
        return dump_games(args["dump"].as<std::string>(), std::cout, std::cerr);
    }
    if (!args.count("out")) return usage_error("datagen needs --out FILE (or --dump FILE)");
    DatagenOptions o;
    o.out = args["out"].as<std::string>();
    o.games = args["games"].as<int>();
    o.threads = args["threads"].as<int>();
    long long nodes = args["nodes"].as<long long>();
    o.random_plies = args["random-plies"].as<int>();
    if (args.count("hash")) o.hash_mb = args["hash"].as<int>();
    o.book = args.count("book") ? args["book"].as<std::string>() : "";
    o.chess960 = args.count("chess960") > 0;
    o.net = args.count("net") ? args["net"].as<std::string>() : "";
    if (args.count("net") && o.net.empty()) return usage_error("--net needs none, embedded or a net file");
    if (o.games < 1 || o.games > 100'000'000) return usage_error("--games must be from 1 to 100000000");
    if (o.threads < 1 || o.threads > Engine::MaxThreads)
        return usage_error("--threads must be from 1 to " + std::to_string(Engine::MaxThreads));
    if (nodes < 100 || nodes > 100'000'000) return usage_error("--nodes must be from 100 to 100000000");
    if (o.random_plies < 0 || o.random_plies > 40) return usage_error("--random-plies must be from 0 to 40");
    if (o.hash_mb < 1 || o.hash_mb > 1024) return usage_error("--hash must be from 1 to 1024 MB for datagen");
    o.nodes = std::uint64_t(nodes);
    if (args.count("hard-nodes")) {
        const long long hard = args["hard-nodes"].as<long long>();
        if (hard < nodes || hard > 2'000'000'000)
            return usage_error("--hard-nodes must be from --nodes to 2000000000");
        o.hard_nodes = std::uint64_t(hard);
    }
    if (args.count("seed")) {
        o.seed = args["seed"].as<std::uint64_t>();
    } else {
        o.seed = std::random_device{}()
                 ^ std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    }
    return run_datagen(o, std::cerr);
}

// OpenBench's SPSA input lines for a tune build's options.
int run_spsa(const cxxopts::ParseResult&, const std::vector<std::string>&) {
    if (!TuneBuild) return usage_error(NoTunablesMessage);
    std::cout << spsa_lines();
    return 0;
}

// Sente's commands; any other first argument that is not an option starts a list of UCI lines.
struct Command {
    std::string_view name;
    std::string_view usage;
    int (*run)(const cxxopts::ParseResult& args, const std::vector<std::string>& rest);
};
constexpr Command Commands[] = {
    {"perft", "perft DEPTH", run_perft},
    {"bench", "bench [DEPTH]", run_bench},
    {"solve", "solve FILE", run_solve},
    {"tempo-table", "tempo-table [DEPTH]", run_tempo_table},
    {"research", "research", run_research},
    {"datagen", "datagen", run_datagen_command},
    {"spsa", "spsa", run_spsa},
};

const Command* find_command(std::string_view name) {
    for (const Command& c : Commands)
        if (c.name == name) return &c;
    return nullptr;
}

}  // namespace

// Arguments that are not one of Sente's commands are UCI lines, run in order (OpenBench runs
// `sente "genfens ..." quit`); a search they start is waited for, then the loop goes on with
// standard input unless one of them was quit.
int run_uci_lines(int argc, char** argv) {
    Engine engine;
    uci::Output out(std::cout);
    uci::UciLoop loop(engine, out);
    for (int i = 1; i < argc; ++i) {
        const std::string line = argv[i];
        if (!loop.execute(line)) return 0;
        const bool open_ended =
            line.find("infinite") != std::string::npos || line.find("ponder") != std::string::npos;
        if (line.rfind("go", 0) == 0 && !open_ended) engine.wait();
    }
    loop.run(std::cin);
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 1 && argv[1][0] != '-' && !find_command(argv[1])) return run_uci_lines(argc, argv);

    cxxopts::Options cli(
        "sente", "Sente " + std::string(Version)
                     + ", a UCI chess engine. Without a command it speaks UCI on standard input and output.");
    std::string usages;
    for (const Command& c : Commands)
        usages += std::string(usages.empty() ? "[" : " | ") + std::string(c.usage);
    cli.positional_help(usages + "]").show_positional_help();
    cli.add_options()("h,help", "Print this help and exit")("v,version", "Print the version and exit");
    cli.add_options("perft")("fen", "Start from this FEN instead of the start position",
                             cxxopts::value<std::string>())("divide", "Print the count below each root move")(
        "threads", "Threads: perft shares the root moves among them, datagen plays that many games at once",
        cxxopts::value<int>()->default_value("1"))(
        "hash",
        "perft: table of subtree counts in MB (0: none); research: the bound table (16); "
        "datagen: each thread's hash table (16)",
        cxxopts::value<int>()->default_value("0"))(
        "chess960", "Chess960: perft reads the FEN so; datagen plays Chess960 games");
    cli.add_options("research")("depth", "Deepest iteration", cxxopts::value<int>()->default_value("6"))(
        "algorithms", "negamax, alphabeta, pvs, aspiration, mtdf, mtdf2, sss, dual (comma-separated)",
        cxxopts::value<std::vector<std::string>>()->default_value(
            "alphabeta,pvs,aspiration,mtdf,mtdf2,sss,dual"))(
        "positions", "FEN or EPD file of positions (default: the bench positions)",
        cxxopts::value<std::string>())("eval", "full (Sente's evaluation) or material",
                                       cxxopts::value<std::string>()->default_value("full"))(
        "csv", "Print CSV instead of aligned tables");
    cli.add_options("datagen")("out", "Append self-play games to this file", cxxopts::value<std::string>())(
        "games", "Games of the seed, counting those already in the file",
        cxxopts::value<int>()->default_value("1000"))(
        "nodes", "Soft node limit of each move's search",
        cxxopts::value<long long>()->default_value(std::to_string(datagen_params::DefaultNodes)))(
        "hard-nodes", "Hard node limit of each move's search (default: --nodes times 20)",
        cxxopts::value<long long>())(
        "random-plies", "Random legal plies that start each game",
        cxxopts::value<int>()->default_value(std::to_string(datagen_params::DefaultRandomPlies)))(
        "seed", "Seed of the random openings (default: a random one, printed)",
        cxxopts::value<std::uint64_t>())("book", "EPD file of openings the random plies start from",
                                         cxxopts::value<std::string>())(
        "net",
        "The evaluation that plays: none (the hand-crafted one), embedded, or a net file "
        "(default: the engine's default, Use NNUE)",
        cxxopts::value<std::string>())("dump",
                                       "Print a game file as 'FEN | score | result' lines (White's view)",
                                       cxxopts::value<std::string>());
    cli.add_options("solve")("movetime", "Milliseconds per position",
                             cxxopts::value<int>()->default_value("250"));
    cli.add_options("tempo-table")(
        "tempo", "Tempo settings to compare (tempo-table, research), in percent of the built-in bonus",
        cxxopts::value<std::vector<int>>()->default_value("0,100"));
    cli.add_options("hidden")("command", "One of the commands above", cxxopts::value<std::string>())(
        "args", "Arguments of the command", cxxopts::value<std::vector<std::string>>());
    cli.parse_positional({"command", "args"});

    const std::optional<cxxopts::ParseResult> parsed = command_line::parse(cli, argc, argv);
    if (!parsed) return command_line::BadUsage;
    const cxxopts::ParseResult& args = *parsed;

    if (args.count("help")) {
        // The general options, then those of each command that has any, in the order of Commands.
        std::vector<std::string> groups{""};
        const std::vector<std::string> defined = cli.groups();
        for (const Command& c : Commands)
            if (std::find(defined.begin(), defined.end(), c.name) != defined.end())
                groups.emplace_back(c.name);
        std::cout << cli.help(groups);
        return 0;
    }
    if (args.count("version")) {
        // The network's vector path too: builds for other CPUs must give the same bench, and CI
        // checks that each path it means to compare is the one built.
        std::cout << "Sente " << Version << " (" << nnue::simd::Name << ")\n";
        return 0;
    }

    std::vector<std::string> rest;
    if (args.count("args")) rest = args["args"].as<std::vector<std::string>>();
    try {
        if (!args.count("command")) {
            Engine engine;
            uci::Output out(std::cout);
            uci::UciLoop loop(engine, out);
            loop.run(std::cin);
            return 0;
        }
        const std::string command = args["command"].as<std::string>();
        if (const Command* c = find_command(command)) return c->run(args, rest);
        return usage_error("unknown command '" + command + "' (try --help)");
    } catch (const cxxopts::exceptions::exception& e) {
        return usage_error(e.what());
    }
}
