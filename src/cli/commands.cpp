#include "cli/commands.hpp"

#include <chrono>
#include <filesystem>

#include "core/tunable.hpp"
#include "datagen/command.hpp"
#include "engine.hpp"
#include "eval/eval.hpp"
#include "experiments/commands.hpp"
#include "nnue/accumulator.hpp"
#include "nnue/network.hpp"
#include "nnue/params.hpp"
#include "nnue/simd.hpp"
#include "search/syzygy.hpp"
#include "search/syzygy_check.hpp"
#include "search/table_memory.hpp"
#include "train/command.hpp"
#include "tune/command.hpp"
#include "util/command_line.hpp"
#include "util/files.hpp"
#include "version.hpp"

namespace sente::cli {

namespace {

using util::Reply;
using util::Words;

// `perft DEPTH`: the leaves of the legal move tree, from the engine's position or --fen, with the
// engine's threads or --threads. UCI's `go perft DEPTH` is `perft DEPTH --divide`.
int perft(Engine& engine, Words words, Reply& reply) {
    util::CommandLine cli("sente perft", "Counts the leaves of the legal move tree to DEPTH plies.", "DEPTH");
    cli.option<std::string>("fen", "Start from this FEN (default: the start position)")
        .flag("divide", "Print the count below each root move")
        .option<int>("threads",
                     "Threads that share the root moves (default: 1, or the engine's Threads under UCI)")
        .option<int>("hash", "MB of hash table for the counts of subtrees (0: none)", "0")
        .flag("chess960", "Read the FEN's castling as Chess960 and write castling as king takes rook");
    // Under UCI a line arrives split at its spaces, and so does a FEN written unquoted on the
    // command line: the words after --fen, up to the next option and at most a FEN's six fields,
    // are the FEN ("perft 5 --fen 8/8/8/8/8/8/8/K6k w - - 0 1"). A FEN given as one word is whole.
    std::vector<std::string> joined;
    for (std::size_t i = 0; i < words.size(); ++i) {
        joined.push_back(words[i]);
        if (words[i] != "--fen" || i + 1 >= words.size() || words[i + 1].find(' ') != std::string::npos)
            continue;
        std::string fen = words[++i];
        for (int fields = 1; fields < 6 && i + 1 < words.size() && !words[i + 1].starts_with("--"); ++fields)
            fen += ' ' + words[++i];
        joined.push_back(fen);
    }
    if (!cli.parse(joined, reply)) return cli.status();
    if (cli.positional().empty() && cli.count("fen"))
        return reply.refuse("perft needs exactly one DEPTH (before --fen when the FEN has no clocks)");
    if (cli.positional().size() != 1) return reply.refuse("perft needs exactly one DEPTH");
    const std::optional<int> depth =
        util::number_argument(reply, "perft DEPTH", cli.positional()[0], 0, Engine::MaxPerftDepth);
    if (!depth) return util::BadUsage;
    int hash = cli.get<int>("hash");
    if (!util::in_range(reply, "--hash", hash, 0, Engine::MaxHashMb)) return util::BadUsage;
    // As the Hash option is, the table is held to half the machine's memory.
    if (const std::optional<std::string> note = table_memory::hold_to_usable(hash, 0))
        reply.note("--hash " + *note);
    // Under UCI the engine lives on after the count: its options and position come back as they
    // were, so that `perft 1 --chess960` leaves castling written as UCI_Chess960 says.
    struct Restore {
        Engine& engine;
        const Position position;
        const bool chess960;
        const int threads;
        ~Restore() {
            if (engine.threads() != threads) engine.set_threads(threads);
            engine.set_chess960(chess960);
            engine.set_position(position);
        }
    } restore{engine, engine.position(), engine.chess960(), engine.threads()};
    if (cli.count("threads")) {
        const int threads = cli.get<int>("threads");
        if (!util::in_range(reply, "--threads", threads, 1, Engine::MaxThreads)) return util::BadUsage;
        engine.set_threads(threads);
    }
    if (cli.get<bool>("chess960")) engine.set_chess960(true);
    if (cli.count("fen")) {
        std::string note;
        if (auto problem = engine.set_position(cli.get<std::string>("fen"), {}, &note))
            return reply.refuse("bad FEN: " + *problem);
        if (!note.empty()) reply.note(note);
    }

    reply.working();
    const auto start = std::chrono::steady_clock::now();
    const PerftResult result = engine.perft(*depth, hash);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    // Stopped under UCI: the counts are short, and none of them is printed.
    if (result.stopped) {
        reply.line("info string perft stopped before its count was complete");
        return util::Done;
    }
    const Position& root = engine.position();
    // One block: under UCI a readyok (perft runs beside the loop) comes before or after it.
    std::string text;
    if (cli.get<bool>("divide")) {
        for (const auto& [move, count] : result.divide)
            text += root.move_to_uci(move) + ": " + std::to_string(count) + "\n";
        text += "\n";
    }
    const double seconds = std::chrono::duration<double>(elapsed).count();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
    const auto nps = seconds > 0 ? static_cast<unsigned long long>(double(result.nodes) / seconds) : 0ULL;
    text += "Nodes searched: " + std::to_string(result.nodes) + "\n";
    text += "Time: " + std::to_string(ms) + " ms\n";
    text += "Nodes/second: " + std::to_string(nps);
    reply.lines(text);
    return util::Done;
}

// `bench [DEPTH]`: the fixed search whose node count signs a build; the last line is
// "<nodes> nodes <nps> nps".
int bench(Engine& engine, Words words, Reply& reply) {
    int depth = Engine::DefaultBenchDepth;
    if (words.size() > 1) return reply.refuse("bench takes at most one DEPTH");
    if (!words.empty()) {
        const std::optional<int> d =
            util::number_argument(reply, "bench DEPTH", words[0], 1, Engine::MaxBenchDepth);
        if (!d) return util::BadUsage;
        depth = *d;
    }
    reply.working();
    // The first line names the build, as --version does, so that a bench log tells which one it was.
    reply.note(std::string("Sente ") + Version + " (" + nnue::simd::Name + ")");
    const BenchResult r = engine.bench(depth, [&](int index, std::uint64_t nodes) {
        reply.note("position " + std::to_string(index + 1) + ": " + std::to_string(nodes) + " nodes");
    });
    if (r.stopped) {
        reply.line("info string bench stopped after " + std::to_string(r.positions) + " of its positions");
        return util::Done;
    }
    const std::uint64_t nps = r.time_ms > 0 ? r.nodes * 1000 / std::uint64_t(r.time_ms) : 0;
    reply.note("positions: " + std::to_string(r.positions) + ", depth " + std::to_string(depth) + ", time "
               + std::to_string(r.time_ms) + " ms");
    reply.line(std::to_string(r.nodes) + " nodes " + std::to_string(nps) + " nps");
    return util::Done;
}

// `eval`: the net's evaluation of the engine's position when it plays with the net, and the
// hand-crafted evaluation term by term.
int eval(Engine& engine, Words words, Reply& reply) {
    if (!words.empty()) return reply.refuse("eval takes no arguments");
    const Position& pos = engine.position();
    if (const nnue::Network* net = engine.net()) {
        const Value raw = nnue::evaluate(*net, pos);
        reply.line("NNUE (" + engine.eval_file() + "), side to move: " + std::to_string(raw)
                   + " cp, with tempo "
                   + std::to_string(nnue::evaluate_with_tempo(raw, engine.tempo_percent())) + " cp");
        reply.line("The hand-crafted evaluation, not in use (Use NNUE is on):");
    }
    reply.lines(eval::trace(pos, engine.tempo_percent()));
    return util::Done;
}

// `d`: the board, its FEN, key and checkers.
int display(Engine& engine, Words words, Reply& reply) {
    if (!words.empty()) return reply.refuse("d takes no arguments");
    reply.lines(engine.position().pretty());
    return util::Done;
}

// `flip`: the position turned over, each piece of the other colour and the other side to move (as
// Stockfish's `flip`): the evaluation of both should be the same.
int flip(Engine& engine, Words words, Reply& reply) {
    if (!words.empty()) return reply.refuse("flip takes no arguments");
    if (auto problem = engine.set_position(engine.position().mirrored_fen(), {}))
        return reply.refuse("the position cannot be turned over: " + *problem);
    return util::Done;
}

// The compiler that built this binary, by its own predefined macros.
std::string compiler_name() {
#if defined(__clang__)
    std::string version = __clang_version__;  // "14.0.6 " here, with a space at the end
    while (!version.empty() && version.back() == ' ') version.pop_back();
    return "Clang " + version;
#elif defined(__GNUC__)
    return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "."
           + std::to_string(__GNUC_PATCHLEVEL__);
#elif defined(_MSC_VER)
    return "MSVC " + std::to_string(_MSC_FULL_VER);
#else
    return "an unknown compiler";
#endif
}

std::string target_name() {
#if defined(__ANDROID__)
    std::string os = "Android";
#elif defined(_WIN32)
    std::string os = "Windows";
#elif defined(__APPLE__)
    std::string os = "macOS";
#elif defined(__linux__)
    std::string os = "Linux";
#else
    std::string os = "an unknown system";
#endif
#if defined(__x86_64__) || defined(_M_X64)
    return os + ", x86-64";
#elif defined(__aarch64__) || defined(_M_ARM64)
    return os + ", ARM64";
#else
    return os + ", " + std::to_string(8 * sizeof(void*)) + "-bit";
#endif
}

// Whether the build is instrumented by AddressSanitizer or ThreadSanitizer (GCC names them by
// macros, Clang by __has_feature).
constexpr bool Sanitized =
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

// `compiler`: what built this binary and what it was built with, for a bug report.
int compiler(Engine&, Words words, Reply& reply) {
    if (!words.empty()) return reply.refuse("compiler takes no arguments");
    const nnue::Shape& shape = nnue::embedded().shape;
    std::string text = std::string("Sente ") + Version + "\n";
    text += "Compiled by " + compiler_name() + " for " + target_name() + "\n";
    text += std::string("Instructions: ") + nnue::simd::Name + " for the net"
#if defined(SENTE_USE_PEXT)
            + ", BMI2 PEXT for slider attacks"
#endif
#if defined(__POPCNT__) || defined(__ARM_NEON)
            + ", hardware popcount"
#endif
            + "\n";
    text += "Net: " + nnue::embedded_name() + " embedded (" + std::to_string(shape.hidden) + " wide"
            + (shape.mirrored ? ", mirrored" : "") + ", " + std::to_string(shape.output_buckets)
            + (shape.output_buckets == 1 ? " output layer)" : " output buckets)") + "\n";
    text +=
        std::string("Syzygy tablebases: ") + (syzygy::available() ? "Fathom" : "not in this build") + "\n";
    text += std::string("Build:")
#if defined(NDEBUG)
            + " optimised"
#else
            + " with assertions"
#endif
            + (Sanitized ? ", sanitised" : "")
            + (TuneBuild ? ", tune build (its parameters are UCI options)" : "");
    reply.lines(text);
    return util::Done;
}

// `spsa [TERMS]`: OpenBench's SPSA input for a tune build's parameters, or for those the terms
// select (a room, a set, names, prefixes).
int spsa(Engine&, Words words, Reply& reply) {
    if (!TuneBuild) return reply.refuse(NoTunablesMessage);
    const SpsaInput input = spsa_input(std::vector<std::string>(words.begin(), words.end()));
    if (!input.error.empty()) return reply.refuse(input.error);
    reply.lines(input.lines);
    return util::Done;
}

// `tbcheck PATH`: every Syzygy table file of the path held to the checksum it carries, as the
// tables' own generator checks them (a download cut short or a changed byte shows).
int tbcheck(Engine&, Words words, Reply& reply) {
    util::CommandLine cli("sente tbcheck",
                          "Checks every Syzygy table file in PATH (folders separated as SyzygyPath separates "
                          "them) against the checksum it carries.",
                          "PATH");
    if (!cli.parse(words, reply)) return cli.status();
    if (cli.positional().size() != 1) return reply.refuse("tbcheck needs exactly one PATH");
    const std::string& path = cli.positional()[0];
    const std::string missing = syzygy::not_folders_text(path);
    if (!missing.empty()) {
        std::error_code error;
        if (std::filesystem::is_regular_file(util::native_path(path), error))
            return reply.refuse(path + " is a file: tbcheck takes the folder that holds the tables");
        return reply.refuse("no such folder: " + missing);
    }
    const std::vector<std::string> files = syzygy::table_files(path);
    if (files.empty()) return reply.refuse("no Syzygy table files (*.rtbw, *.rtbz) in " + path);
    std::size_t damaged = 0;
    for (const std::string& file : files) {
        const std::optional<syzygy::TableDamage> problem = syzygy::check_table_file(file, true);
        damaged += problem.has_value();
        reply.line(problem ? problem->what : util::file_name(file) + " is whole");
    }
    reply.line(std::to_string(files.size()) + " table files checked: "
               + (damaged ? std::to_string(damaged) + " damaged" : std::string("all whole")));
    return damaged ? util::Failed : util::Done;
}

using util::Reach;

constexpr util::Command Commands[] = {
    {"perft", "DEPTH [--fen FEN] [--divide] [--threads N] [--hash MB] [--chess960]",
     "the leaves of the legal move tree (UCI: go perft DEPTH)", Reach::Everywhere, true, perft, true, true},
    {"bench", "[DEPTH]", "the fixed-depth search whose node count signs a build", Reach::Everywhere, true,
     bench, true},
    {"eval", "", "the evaluation of the position, term by term", Reach::Everywhere, false, eval},
    {"d", "", "the board, its FEN, key and checkers", Reach::Everywhere, false, display},
    {"flip", "", "the position turned over, with the colours swapped", Reach::Everywhere, true, flip},
    {"compiler", "", "the compiler, target and settings of this build", Reach::Everywhere, false, compiler},
    {"genfens", "N seed S book <None|FILE>", "OpenBench's openings: N undecided positions", Reach::Everywhere,
     true, datagen::genfens_command},
    {"spsa", "[ROOM|SET|NAME|PREFIX* ...]",
     "a tune build's parameters as OpenBench's SPSA input, or a subset", Reach::Everywhere, false, spsa},
    {"solve", "FILE [--movetime MS] [--nodes N] [--depth D]", "an EPD test suite (bm and am)",
     Reach::CommandLine, false, experiments::solve_command, false, true},
    {"tbcheck", "PATH", "every Syzygy table file of PATH against its checksum", Reach::CommandLine, false,
     tbcheck, false, true},
    {"tempo-table", "[DEPTH] [--tempo LIST]", "the tempo experiment", Reach::CommandLine, false,
     experiments::tempo_table_command, false, true},
    {"research", "[--depth D] [--algorithms LIST] [--tempo LIST] [--positions FILE] [--hash MB] ...",
     "the classic algorithms side by side", Reach::CommandLine, false, experiments::research_command, false,
     true},
    {"datagen", "--out FILE [--games N] [--threads T] [--nodes K] [--hash MB] ... | --dump FILE",
     "self-play games for the trainers", Reach::CommandLine, false, datagen::datagen_command, false, true},
    {"tune", "--data FILE ... [--params FILE] [--out FILE] ...",
     "fits the hand-crafted evaluation's weights to games (also sente-tune)", Reach::CommandLine, false,
     tune::tune_command, false, true},
    {"train", "--data FILE ... [--out NET] ...", "trains the network on games (also sente-train)",
     Reach::CommandLine, false, train::train_command, false, true},
};

}  // namespace

std::span<const util::Command> commands() { return Commands; }

const util::Command* find_command(std::string_view name) {
    for (const util::Command& c : Commands)
        if (c.name == name) return &c;
    return nullptr;
}

}  // namespace sente::cli
