#include "experiments/commands.hpp"

#include <cstdio>
#include <fstream>
#include <new>

#include "engine.hpp"
#include "experiments/epd_suite.hpp"
#include "experiments/research.hpp"
#include "experiments/tempo_experiment.hpp"
#include "search/table_memory.hpp"
#include "util/command_line.hpp"
#include "util/epd.hpp"
#include "util/parse.hpp"

namespace sente::experiments {

namespace {

constexpr int DefaultMovetimeMs = 250, MaxMovetimeMs = 3'600'000;  // solve, per position
constexpr long long MaxSolveNodes = 1'000'000'000'000;
constexpr int MaxSolveDepth = 100;
constexpr int DefaultTempoDepth = 12;  // tempo-table
constexpr int DefaultResearchDepth = 6, MaxResearchDepth = 20;
// Plain negamax visits every node: about 35 times as many at each ply (199 M nodes to depth 3 on
// the bench positions, two minutes), so a day's run ends near depth 5 on one position.
constexpr int MaxNegamaxDepth = 5;
constexpr int MaxResearchHashMb = 4096;
constexpr const char* DefaultTempi = "0,100";  // the tempo settings compared, in percent
constexpr const char* DefaultAlgorithms = "alphabeta,pvs,aspiration,mtdf,mtdf2,sss,dual";

using util::Reply;

// The tempo settings of --tempo: percentages of the built-in bonus.
std::optional<std::vector<int>> tempo_settings(const util::CommandLine& cli, Reply& reply) {
    std::vector<int> settings = cli.get<std::vector<int>>("tempo");
    for (int p : settings)
        if (!util::in_range(reply, "--tempo values", p, 0, eval::MaxTempoPercent)) return std::nullopt;
    return settings;
}

// Text from a file, for a line of the report: a file that is not EPD at all must not flood it.
std::string shown(std::string_view text) { return util::printable(text, 100); }

// A line of printf-formatted numbers.
template <typename... Args>
std::string formatted(const char* format, Args... args) {
    char text[256];
    std::snprintf(text, sizeof text, format, args...);
    return text;
}

// The research tables: each algorithm at each tempo setting, to `depth`.
void run_research(const std::vector<research::Algorithm>& algorithms, const std::vector<int>& tempi,
                  const std::string& kind, std::size_t hash, const std::vector<std::string>& fens, int depth,
                  bool csv, Reply& reply) {
    for (research::Algorithm a : algorithms) {
        for (int tempo : tempi) {
            const research::Settings s{
                kind == "full" ? research::EvalKind::Full : research::EvalKind::Material, tempo, hash};
            if (!csv) {
                reply.line("");
                reply.line(std::string(research::name(a)) + ", tempo " + std::to_string(tempo) + "%, " + kind
                           + " evaluation, " + std::to_string(fens.size()) + " positions");
                reply.line("depth  mean score  mean change          nodes    time ms    EBF  re-searches");
            }
            for (const research::Row& r : research::run(a, s, fens, depth)) {
                if (csv)
                    reply.line(formatted("%s,%d,%s,%d,%.1f,%.1f,%llu,%.0f,%.2f,%llu,%d",
                                         std::string(research::name(a)).c_str(), tempo, kind.c_str(), r.depth,
                                         r.mean_score, r.mean_change,
                                         static_cast<unsigned long long>(r.nodes), r.time_ms, r.branching,
                                         static_cast<unsigned long long>(r.researches), r.positions));
                else
                    reply.line(formatted("%5d  %10.1f  %11.1f  %13llu  %9.0f  %5.2f  %11llu", r.depth,
                                         r.mean_score, r.mean_change,
                                         static_cast<unsigned long long>(r.nodes), r.time_ms, r.branching,
                                         static_cast<unsigned long long>(r.researches)));
            }
        }
    }
}

}  // namespace

// `solve FILE`: searches every position of an EPD suite and checks the move against bm and am.
// Each search stops at the first of the limits given; with none, after the default movetime.
int solve_command(Engine& engine, util::Words words, Reply& reply) {
    util::CommandLine cli("sente solve",
                          "Runs an EPD test suite: each position's move against its bm and am.", "FILE");
    cli.option<int>("movetime", "Milliseconds per position (" + util::default_text(DefaultMovetimeMs)
                                    + " unless --nodes or --depth is given)")
        .option<long long>("nodes", "Nodes per position (the same answers on any machine)")
        .option<int>("depth", "Deepest iteration per position");
    if (!cli.parse(words, reply)) return cli.status();
    if (cli.positional().size() != 1) return reply.refuse("solve needs exactly one EPD FILE");

    SearchLimits limits;
    std::vector<std::string> named;  // the limits, for the summary line
    if (cli.count("movetime")) {
        const int movetime = cli.get<int>("movetime");
        if (!util::in_range(reply, "--movetime", movetime, 1, MaxMovetimeMs)) return util::BadUsage;
        limits.movetime = movetime;
        named.push_back(std::to_string(movetime) + " ms");
    }
    if (cli.count("nodes")) {
        const long long nodes = cli.get<long long>("nodes");
        if (!util::in_range(reply, "--nodes", nodes, 1LL, MaxSolveNodes)) return util::BadUsage;
        limits.nodes = static_cast<std::uint64_t>(nodes);
        named.push_back(std::to_string(nodes) + " nodes");
    }
    if (cli.count("depth")) {
        const int depth = cli.get<int>("depth");
        if (!util::in_range(reply, "--depth", depth, 1, MaxSolveDepth)) return util::BadUsage;
        limits.depth = depth;
        named.push_back("depth " + std::to_string(depth));
    }
    if (named.empty()) {
        limits.movetime = DefaultMovetimeMs;
        named.push_back(std::to_string(DefaultMovetimeMs) + " ms");
    }

    // One line at a time, as the file is read: a pipe can be read only once, and a long file need
    // not be held in memory.
    const std::string& path = cli.positional()[0];
    int solved = 0, total = 0, skipped = 0;
    const std::optional<std::string> unreadable = util::for_each_epd(path, [&](const util::Epd& epd) {
        const EpdOutcome o = run_epd_test(engine, epd, limits);
        const std::string name = shown(o.id.empty() ? o.fen : o.id);
        if (!o.skipped.empty()) {
            ++skipped;
            reply.line("skipped  " + name + "  line " + std::to_string(o.line) + ": " + shown(o.skipped));
            return;
        }
        ++total;
        solved += o.solved;
        reply.line(std::string(o.solved ? "solved  " : "missed  ") + name + "  "
                   + (o.played.empty() ? "(no move)" : o.played));
    });
    if (unreadable) return reply.refuse("cannot read " + util::quoted(path) + ": " + *unreadable);
    if (total + skipped == 0) return reply.refuse(path + " holds no positions");
    if (total == 0) return reply.refuse("no line of " + path + " is a test (see the skipped lines)");
    std::string summary = "solved " + std::to_string(solved) + " of " + std::to_string(total) + " at ";
    for (std::size_t i = 0; i < named.size(); ++i) summary += (i ? ", " : "") + named[i];
    if (skipped) summary += "; " + std::to_string(skipped) + (skipped == 1 ? " line" : " lines") + " skipped";
    reply.line(summary);
    return util::Done;
}

// `tempo-table [DEPTH]`: per depth, the mean score, the mean change of score from the previous
// depth, the nodes and the branching factor over the bench positions, once per tempo setting, as a
// Markdown table.
int tempo_table_command(Engine& engine, util::Words words, Reply& reply) {
    util::CommandLine cli("sente tempo-table", "The tempo experiment over the bench positions to DEPTH.",
                          "[DEPTH]");
    cli.option<std::vector<int>>("tempo", "Tempo settings to compare, in percent of the built-in bonus",
                                 DefaultTempi);
    if (!cli.parse(words, reply)) return cli.status();
    if (cli.positional().size() > 1) return reply.refuse("tempo-table takes at most one DEPTH");
    int depth = DefaultTempoDepth;
    if (!cli.positional().empty()) {
        const std::optional<int> d =
            util::number_argument(reply, "tempo-table DEPTH", cli.positional()[0], 2, Engine::MaxBenchDepth);
        if (!d) return util::BadUsage;
        depth = *d;
    }
    const std::optional<std::vector<int>> settings = tempo_settings(cli, reply);
    if (!settings) return util::BadUsage;

    std::vector<std::vector<TempoRow>> tables;
    for (int p : *settings) tables.push_back(tempo_experiment(engine, bench_positions(), depth, p));
    std::string head = "| depth |", rule = "|---|";
    for (int p : *settings) {
        head += " tempo " + std::to_string(p) + "%: score | change | nodes | EBF |";
        rule += "---|---|---|---|";
    }
    reply.line(head);
    reply.line(rule);
    for (int d = 0; d < depth; ++d) {
        std::string row = "| " + std::to_string(d + 1) + " |";
        for (const auto& t : tables) {
            const TempoRow& r = t[std::size_t(d)];
            row += formatted(" %.1f | %.1f | %llu | %.2f |", r.mean_score, r.mean_score_change,
                             static_cast<unsigned long long>(r.nodes), r.branching);
        }
        reply.line(row);
    }
    std::string counts = "positions without a mate score: ";
    for (const auto& t : tables) counts += std::to_string(t.back().positions) + ' ';
    reply.line(counts);
    return util::Done;
}

// `research`: the classic algorithms side by side; a table per algorithm and tempo setting.
int research_command(Engine&, util::Words words, Reply& reply) {
    const research::Settings defaults;
    util::CommandLine cli("sente research", "The classic fixed-depth algorithms side by side.");
    cli.option<int>("depth", "Deepest iteration", util::default_text(DefaultResearchDepth))
        .option<std::vector<std::string>>(
            "algorithms", "negamax, alphabeta, pvs, aspiration, mtdf, mtdf2, sss, dual (comma-separated)",
            DefaultAlgorithms)
        .option<std::vector<int>>("tempo", "Tempo settings to compare, in percent of the built-in bonus",
                                  DefaultTempi)
        .option<std::string>("positions", "FEN or EPD file of positions (default: the bench positions)")
        .option<std::string>("eval", "full (Sente's evaluation) or material", "full")
        .option<int>("hash", "MB of the table of bounds", util::default_text(defaults.hash_mb))
        .flag("csv", "Print CSV instead of aligned tables");
    if (!cli.parse(words, reply)) return cli.status();
    if (!cli.positional().empty()) return reply.refuse("research takes no positional arguments (see --help)");
    const int depth = cli.get<int>("depth");
    if (!util::in_range(reply, "--depth", depth, 1, MaxResearchDepth)) return util::BadUsage;
    std::vector<research::Algorithm> algorithms;
    for (const std::string& a : cli.get<std::vector<std::string>>("algorithms")) {
        research::Algorithm parsed;
        if (!research::parse_algorithm(a, parsed))
            return reply.refuse("unknown algorithm '" + a
                                + "' (negamax, alphabeta, pvs, aspiration, mtdf, mtdf2, sss, dual)");
        if (parsed == research::Algorithm::Negamax && depth > MaxNegamaxDepth) {
            std::string refusal = "negamax to depth " + std::to_string(depth);
            if (!cli.count("depth")) refusal += " (the default)";
            refusal +=
                ": it prunes nothing, and each ply visits about 35 times the nodes of the ply before; ";
            refusal += "give --depth " + std::to_string(MaxNegamaxDepth) + " or less";
            return reply.refuse(refusal);
        }
        algorithms.push_back(parsed);
    }
    const std::optional<std::vector<int>> tempi = tempo_settings(cli, reply);
    if (!tempi) return util::BadUsage;
    const std::string kind = cli.get<std::string>("eval");
    if (kind != "full" && kind != "material") return reply.refuse("--eval must be full or material");
    int hash = cli.get<int>("hash");
    if (!util::in_range(reply, "--hash", hash, 1, MaxResearchHashMb)) return util::BadUsage;
    // As perft's and the Hash option's, the table is held to half the machine's memory.
    if (const std::optional<std::string> note = table_memory::hold_to_usable(hash, 1))
        reply.note("--hash " + *note);

    std::vector<std::string> fens;
    if (cli.count("positions")) {
        const std::string path = cli.get<std::string>("positions");
        std::optional<std::string> bad;
        const std::optional<std::string> unreadable = util::for_each_epd(path, [&](const util::Epd& epd) {
            if (bad) return;
            Position pos;
            if (auto problem = pos.set_fen(epd.fen()))
                bad =
                    "bad FEN in --positions, " + path + " line " + std::to_string(epd.line) + ": " + *problem;
            fens.push_back(epd.fen());
        });
        if (unreadable) return reply.refuse("cannot read " + util::quoted(path) + ": " + *unreadable);
        if (bad) return reply.refuse(*bad);
        if (fens.empty()) return reply.refuse(path + " holds no positions");
    } else {
        fens = bench_positions();
    }
    const bool csv = cli.get<bool>("csv");
    if (csv)
        reply.line(
            "algorithm,tempo,eval,depth,mean_score,mean_change,nodes,time_ms,ebf,researches,positions");
    try {
        run_research(algorithms, *tempi, kind, std::size_t(hash), fens, depth, csv, reply);
    } catch (const std::bad_alloc&) {
        return reply.fail("no memory for a table of " + std::to_string(hash) + " MB (try a smaller --hash)");
    }
    return util::Done;
}

}  // namespace sente::experiments
