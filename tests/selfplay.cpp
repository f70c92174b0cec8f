// sente_selfplay: plays the engine against itself through real UCI pipes, with the project's rules
// core as referee. Every bestmove is checked for legality, the clocks are kept from wall time
// measured here, and games end by mate, stalemate, threefold repetition, the fifty-move rule or
// insufficient material. Illegal moves, time losses, crashes and hangs are counted and make the
// exit status 1.
//
// Its options are in Usage below (and --help).
//
// --wdl-data appends, for every move, the material on the board, the mover's last exact score in
// centipawns and the game's result for the mover (1, 0.5, 0): the data scripts/fit_wdl.py fits.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/movegen.hpp"
#include "core/position.hpp"
#include "eval/wdl.hpp"
#include "process.hpp"
#include "uci_text.hpp"

using namespace std::chrono;
using sente::Color;
using sente::Move;
using sente::Position;
using sente::test::EngineProcess;
using sente::test::word_after;

namespace {

struct Settings {
    std::string engine;
    std::string openings;
    int games = 20;
    double base_s = 1.0, inc_s = 0.01;
    int concurrency = 1;
    std::vector<std::pair<std::string, std::string>> options;
    bool verbose = false;
    bool chess960 = false;
    std::string wdl_data;
};

enum class Outcome { WhiteWins, BlackWins, Draw, Failed };

struct GameResult {
    Outcome outcome = Outcome::Failed;
    std::string reason;  // "checkmate", "threefold repetition", "illegal move e2e5", ...
    bool illegal = false, time_loss = false, crash = false, hang = false;
    int plies = 0;
    std::int64_t least_left_ms = 1 << 30;  // the smallest clock reading after a move
    struct Sample {
        int material, score;
        Color mover;
    };
    std::vector<Sample> samples;  // for --wdl-data
};

// How long past its own clock an engine may stay silent before it counts as hung, not just late.
constexpr milliseconds HangGrace{5000};

// Opens an engine and completes the handshake; false if it does not answer.
bool start_engine(EngineProcess& engine, const Settings& s) {
    engine.send("uci");
    if (engine.read_until("uciok", seconds(10)).empty()) return false;
    if (s.chess960) engine.send("setoption name UCI_Chess960 value true");
    for (const auto& [name, value] : s.options) engine.send("setoption name " + name + " value " + value);
    engine.send("ucinewgame");
    engine.send("isready");
    return !engine.read_until("readyok", seconds(10)).empty();
}

bool threefold(const std::vector<sente::Key>& keys, int reversible_plies) {
    const std::size_t last = keys.size() - 1;
    int seen = 1;
    for (int back = 4; back <= reversible_plies && back <= int(last); back += 2)
        if (keys[last - std::size_t(back)] == keys[last] && ++seen == 3) return true;
    return false;
}

GameResult play_game(const Settings& s, const std::string& opening_fen, bool verbose_log, int game_number) {
    GameResult r;
    EngineProcess white(EngineProcess::Command{{s.engine}}), black(EngineProcess::Command{{s.engine}});
    EngineProcess* side[2] = {&white, &black};
    for (EngineProcess* e : side)
        if (!start_engine(*e, s)) {
            r.crash = true;
            r.reason = "engine did not start";
            return r;
        }

    Position pos;
    if (auto problem = pos.set_fen(opening_fen, s.chess960)) {
        r.reason = "bad opening FEN: " + *problem;
        return r;
    }
    std::vector<sente::Key> keys{pos.key()};
    std::string moves;
    std::int64_t clock_ms[2] = {std::int64_t(s.base_s * 1000), std::int64_t(s.base_s * 1000)};
    const std::int64_t inc_ms = std::int64_t(s.inc_s * 1000);

    for (;;) {
        // The referee's verdict on the position before the next move.
        if (sente::count_legal_moves(pos) == 0) {
            if (pos.in_check()) {
                r.outcome = pos.side_to_move() == sente::White ? Outcome::BlackWins : Outcome::WhiteWins;
                r.reason = "checkmate";
            } else {
                r.outcome = Outcome::Draw;
                r.reason = "stalemate";
            }
            break;
        }
        if (pos.rule50() >= 100) {
            r.outcome = Outcome::Draw;
            r.reason = "fifty-move rule";
            break;
        }
        if (threefold(keys, pos.rule50())) {
            r.outcome = Outcome::Draw;
            r.reason = "threefold repetition";
            break;
        }
        if (pos.insufficient_material()) {
            r.outcome = Outcome::Draw;
            r.reason = "insufficient material";
            break;
        }

        const Color us = pos.side_to_move();
        EngineProcess& engine = *side[us];
        engine.send("position fen " + opening_fen + (moves.empty() ? "" : " moves" + moves));
        std::string go = "go wtime " + std::to_string(clock_ms[0]) + " btime " + std::to_string(clock_ms[1])
                         + " winc " + std::to_string(inc_ms) + " binc " + std::to_string(inc_ms);
        auto sent = steady_clock::now();
        engine.send(go);
        auto lines = engine.read_until("bestmove", milliseconds(clock_ms[us]) + HangGrace);
        std::int64_t used = duration_cast<milliseconds>(steady_clock::now() - sent).count();
        const char* colour = us == sente::White ? "white" : "black";
        if (lines.empty()) {
            bool dead = engine.wait_exit(milliseconds(100)).has_value();
            (dead ? r.crash : r.hang) = true;
            r.reason = std::string(colour) + (dead ? " crashed" : " hung");
            break;
        }
        clock_ms[us] -= used;
        if (clock_ms[us] < 0) {
            r.time_loss = true;
            r.reason = std::string(colour) + " lost on time (" + std::to_string(-clock_ms[us]) + " ms over)";
            break;
        }
        r.least_left_ms = std::min(r.least_left_ms, clock_ms[us]);
        clock_ms[us] += inc_ms;

        std::string text = word_after(lines.back(), "bestmove");
        Move m = pos.parse_uci_move(text);
        if (m == Move::none() || pos.move_to_uci(m) != text) {
            r.illegal = true;
            r.reason = std::string(colour) + " played illegal move '" + text + "' in " + pos.fen();
            break;
        }
        // The final score before the bestmove, for the WDL data (mate scores are left out).
        for (auto it = lines.rbegin(); it != lines.rend(); ++it)
            if (it->rfind("info ", 0) == 0 && it->find(" score ") != std::string::npos) {
                if (word_after(*it, "score") == "cp" && it->find("bound") == std::string::npos)
                    r.samples.push_back({sente::wdl::material(pos), std::stoi(word_after(*it, "cp")), us});
                break;
            }
        pos.make_move(m);
        keys.push_back(pos.key());
        moves += " " + text;
        ++r.plies;
    }

    if (r.illegal || r.time_loss || r.crash || r.hang) r.outcome = Outcome::Failed;
    for (EngineProcess* e : side) {
        e->send("quit");
        if (!r.crash && !e->wait_exit(seconds(5))) {
            r.hang = true;
            r.outcome = Outcome::Failed;
            r.reason += "; an engine did not exit on quit";
        }
    }
    if (verbose_log) {
        std::printf("game %d: %s (%s, %d plies, least clock left %lld ms)\n  position fen %s moves%s\n",
                    game_number,
                    r.outcome == Outcome::WhiteWins   ? "1-0"
                    : r.outcome == Outcome::BlackWins ? "0-1"
                    : r.outcome == Outcome::Draw      ? "1/2-1/2"
                                                      : "FAILED",
                    r.reason.c_str(), r.plies, static_cast<long long>(r.least_left_ms), opening_fen.c_str(),
                    moves.c_str());
        std::fflush(stdout);
    }
    return r;
}

std::vector<std::string> read_openings(const std::string& file) {
    std::ifstream in(file);
    std::vector<std::string> fens;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        // EPD: board, side, castling, en passant; operations (if any) follow.
        std::istringstream words(line);
        std::string fen, w;
        for (int i = 0; i < 4 && words >> w; ++i) fen += (i ? " " : "") + w;
        fens.push_back(fen + " 0 1");
    }
    return fens;
}

constexpr const char* Usage =
    "usage: sente_selfplay --engine PATH --openings FILE [--games N] [--tc BASE+INC] [--concurrency C]\n"
    "                      [--option NAME=VALUE ...] [--chess960] [--wdl-data FILE] [--verbose]\n";

int usage(const char* problem) {
    std::fprintf(stderr, "sente_selfplay: %s\n%s", problem, Usage);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        try {
            if (a == "--help" || a == "-h") {
                std::fputs(Usage, stdout);
                return 0;
            } else if (a == "--engine")
                s.engine = next();
            else if (a == "--openings")
                s.openings = next();
            else if (a == "--games")
                s.games = std::stoi(next());
            else if (a == "--concurrency")
                s.concurrency = std::stoi(next());
            else if (a == "--verbose")
                s.verbose = true;
            else if (a == "--chess960")
                s.chess960 = true;
            else if (a == "--wdl-data")
                s.wdl_data = next();
            else if (a == "--tc") {
                std::string tc = next();
                auto plus = tc.find('+');
                s.base_s = std::stod(tc.substr(0, plus));
                s.inc_s = plus == std::string::npos ? 0.0 : std::stod(tc.substr(plus + 1));
            } else if (a == "--option") {
                std::string o = next();
                auto eq = o.find('=');
                if (eq == std::string::npos) return usage("--option needs NAME=VALUE");
                s.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
            } else
                return usage(("unknown argument " + a).c_str());
        } catch (const std::exception&) {
            return usage(("bad value for " + a).c_str());
        }
    }
    if (s.engine.empty() || s.openings.empty()) return usage("--engine and --openings are required");
    if (s.games < 1 || s.concurrency < 1 || s.base_s <= 0 || s.inc_s < 0)
        return usage("games, concurrency and time must be positive");
    std::vector<std::string> openings = read_openings(s.openings);
    if (openings.empty()) return usage("no openings read");

    std::printf("Self-play: %d games at %g+%g, %d at a time, engine %s\n", s.games, s.base_s, s.inc_s,
                s.concurrency, s.engine.c_str());
    std::fflush(stdout);
    std::ofstream wdl_out;
    if (!s.wdl_data.empty()) {
        wdl_out.open(s.wdl_data, std::ios::app);
        if (!wdl_out) return usage("cannot write the --wdl-data file");
    }
    std::atomic<int> next_game{0};
    std::mutex mutex;
    std::map<std::string, int> counts;
    std::int64_t least_left = 1 << 30;
    std::vector<std::thread> workers;
    for (int t = 0; t < s.concurrency; ++t)
        workers.emplace_back([&] {
            for (int g; (g = next_game++) < s.games;) {
                const std::string& fen = openings[std::size_t(g) % openings.size()];
                GameResult r = play_game(s, fen, s.verbose, g + 1);
                std::lock_guard lock(mutex);
                ++counts[r.outcome == Outcome::WhiteWins   ? "white wins"
                         : r.outcome == Outcome::BlackWins ? "black wins"
                         : r.outcome == Outcome::Draw      ? "draws"
                                                           : "failed"];
                ++counts[r.reason.substr(0, r.reason.find(" ("))];
                counts["illegal moves"] += r.illegal;
                counts["time losses"] += r.time_loss;
                counts["crashes"] += r.crash;
                counts["hangs"] += r.hang;
                least_left = std::min(least_left, r.least_left_ms);
                if (wdl_out.is_open() && r.outcome != Outcome::Failed)
                    for (const auto& sample : r.samples) {
                        double white = r.outcome == Outcome::WhiteWins ? 1
                                       : r.outcome == Outcome::Draw    ? 0.5
                                                                       : 0;
                        wdl_out << sample.material << ' ' << sample.score << ' '
                                << (sample.mover == sente::White ? white : 1 - white) << '\n';
                    }
                if (!s.verbose && r.outcome == Outcome::Failed)
                    std::printf("game %d FAILED: %s\n", g + 1, r.reason.c_str());
                if (!s.verbose && (g + 1) % 100 == 0) std::printf("... %d games\n", g + 1);
                std::fflush(stdout);
            }
        });
    for (auto& w : workers) w.join();

    std::printf("Games: %d  white wins %d  black wins %d  draws %d\n", s.games, counts["white wins"],
                counts["black wins"], counts["draws"]);
    std::printf("Endings:");
    for (const char* e :
         {"checkmate", "stalemate", "threefold repetition", "fifty-move rule", "insufficient material"})
        std::printf("  %s %d", e, counts[e]);
    std::printf(
        "\nIllegal moves: %d  time losses: %d  crashes: %d  hangs: %d  least clock left after a move: %lld "
        "ms\n",
        counts["illegal moves"], counts["time losses"], counts["crashes"], counts["hangs"],
        static_cast<long long>(least_left));
    return counts["failed"] == 0 ? 0 : 1;
}
