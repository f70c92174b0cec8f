#include "datagen/datagen.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_set>

#include "core/movegen.hpp"
#include "datagen/gamefile.hpp"
#include "engine.hpp"
#include "util/epd.hpp"
#include "util/files.hpp"

#ifdef O_BINARY
constexpr int BinaryMode = O_BINARY;  // Windows: no newline translation in the game file
#else
constexpr int BinaryMode = 0;
#endif

namespace sente {

using namespace datagen;

namespace {

// Everything one game needs from the run, shared by the threads.
struct Run {
    explicit Run(const DatagenOptions& o) : options(o) {}

    const DatagenOptions& options;
    std::vector<std::string> book;
    // The start positions of the games already in the file: a game of this seed whose opening is
    // among them was played by an earlier run into the same file, and is not played again.
    std::unordered_set<std::string> played;
    // The games in the file, record by record: two games of a seed can start from one position
    // (the random plies of two openings can meet), so there may be more than start positions.
    int games_before = 0;
    int fd = -1;
    std::mutex write_mutex;
    std::atomic<int> next_game{0};
    std::atomic<int> games_done{0};     // played by this run or found in the file
    std::atomic<int> games_in_file{0};  // of those, found in the file
    std::atomic<std::uint64_t> positions{0};
    // The searches of the games' moves: how many, their nodes, and how many the hard limit stopped.
    std::atomic<std::uint64_t> searches{0}, search_nodes{0}, searches_at_limit{0};
    std::atomic<std::uint64_t> discarded_openings{0};
    std::atomic<bool> failed{false};
    std::string failure;  // why, under write_mutex
};

struct SearchResult {
    Move move = Move::none();
    Value score = 0;
    std::uint64_t nodes = 0;
    bool at_limit = false;  // the hard limit stopped the search
};

SearchResult search_move(Engine& engine, const Position& pos, std::uint64_t soft_nodes,
                         std::uint64_t hard_nodes = 0) {
    engine.set_position(pos);
    SearchLimits limits;
    limits.soft_nodes = soft_nodes;
    limits.nodes = hard_nodes ? hard_nodes : soft_nodes * HardNodeFactor;
    const std::uint64_t nodes = engine.search_sync(limits, {});
    const RootMove& best = engine.last_root_moves().front();
    return {best.move, best.score, nodes, nodes >= limits.nodes};
}

struct Opening {
    std::optional<Position>
        pos;               // none: no usable opening turned up (a book of decided or finished positions)
    bool in_file = false;  // the game from it is already in the file
};

// The opening of game `index` of the seed: the first of its random openings that a short search
// does not call decided. An opening found in the file ends the search for it unsearched.
Opening choose_opening(Run& run, Engine& engine, int index) {
    SplitMix64 rng{run.options.seed ^ (0xD1B54A32D192ED03ULL * std::uint64_t(index + 1))};
    for (int attempt = 0; attempt < OpeningAttempts; ++attempt) {
        std::optional<Position> opening =
            random_opening(run.book, run.options.chess960, run.options.random_plies, rng);
        if (!opening) continue;
        if (run.played.contains(opening->fen())) return {opening, true};
        engine.new_game();
        if (std::abs(search_move(engine, *opening, run.options.nodes, run.options.hard_nodes).score)
            <= OpeningMaxScore)
            return {opening, false};
        ++run.discarded_openings;
    }
    return {};
}

games::Game play_game(Run& run, Engine& engine, Position pos) {
    games::Game game;
    game.chess960 = run.options.chess960;
    game.start_fen = pos.fen();
    // The start position's history is dropped: repetitions count from the first searched move.
    if (pos.set_fen(game.start_fen, game.chess960)) return game;  // cannot happen: fen() wrote it
    engine.new_game();
    int win_run = 0, draw_run = 0, win_side = 0;
    while (true) {
        // The rules first, then adjudication: a mate or stalemate on the board is what it is.
        const bool no_moves = count_legal_moves(pos) == 0;
        using games::GameEnd;
        auto finish = [&](int white_result, GameEnd end) {
            game.result = white_result;
            game.end = end;
            return game;
        };
        const int loser_result = pos.side_to_move() == White ? 0 : 2;
        if (no_moves)
            return pos.in_check() ? finish(loser_result, GameEnd::Checkmate) : finish(1, GameEnd::Stalemate);
        if (pos.rule50() >= 100) return finish(1, GameEnd::FiftyMoves);
        if (pos.is_repetition(0)) return finish(1, GameEnd::Repetition);
        if (pos.insufficient_material()) return finish(1, GameEnd::InsufficientMaterial);
        if (win_run >= WinPlies) return finish(win_side > 0 ? 2 : 0, GameEnd::WinAdjudicated);
        if (draw_run >= DrawPlies && int(game.plies.size()) >= DrawMinPly)
            return finish(1, GameEnd::DrawAdjudicated);
        if (int(game.plies.size()) >= MaxPlies) return finish(1, GameEnd::LengthLimit);

        SearchResult r = search_move(engine, pos, run.options.nodes, run.options.hard_nodes);
        ++run.searches;
        run.search_nodes += r.nodes;
        run.searches_at_limit += r.at_limit;
        game.plies.push_back({r.move, std::int16_t(std::clamp<Value>(r.score, -VALUE_MATE, VALUE_MATE))});
        const int white_score = pos.side_to_move() == White ? r.score : -r.score;
        pos.make_move(r.move);

        // Adjudication (checked at the top, after the rules): a score both sides agree on for long
        // enough ends the game.
        const int side = white_score > 0 ? 1 : -1;
        win_run = std::abs(white_score) < WinScore ? 0 : side == win_side ? win_run + 1 : 1;
        win_side = side;
        draw_run = std::abs(white_score) <= DrawScore ? draw_run + 1 : 0;
    }
}

void fail(Run& run, const std::string& why) {
    std::lock_guard lock(run.write_mutex);
    if (!run.failed) run.failure = why;
    run.failed = true;
}

void write_game(Run& run, const games::Game& game) {
    std::vector<std::uint8_t> bytes = games::encode(game);
    if (bytes.empty()) return fail(run, "a game could not be encoded");
    std::lock_guard lock(run.write_mutex);
    // One write per game on a file opened for appending: a kill between games loses nothing, and
    // other runs appending to the same local file do not interleave inside a record. A short write
    // (a full disk) is taken back, so that the file stays whole for later runs.
    const off_t before = ::lseek(run.fd, 0, SEEK_END);
    if (::write(run.fd, bytes.data(), bytes.size()) != ssize_t(bytes.size())) {
        const bool undone = before >= 0 && ::ftruncate(run.fd, before) == 0;
        if (!run.failed)
            run.failure =
                "writing to " + run.options.out + " failed (disk full?)"
                + (undone ? "; the partial game was removed" : "; a partial game may remain at its end");
        run.failed = true;
    }
}

// Selects the run's evaluation (DatagenOptions::net) in an engine; on a problem returns it.
std::optional<std::string> choose_evaluation(Engine& engine, const std::string& net) {
    if (net.empty()) return std::nullopt;
    engine.set_use_nnue(net != "none");
    if (net == "none" || net == "embedded") return std::nullopt;
    return engine.set_eval_file(net);
}

std::string evaluation_name(const Engine& engine) {
    return engine.use_nnue() ? "the net " + engine.eval_file() : "the hand-crafted evaluation";
}

void worker(Run& run) {
    Engine engine;
    engine.set_hash_mb(run.options.hash_mb);
    engine.set_chess960(run.options.chess960);
    if (choose_evaluation(engine, run.options.net)) return fail(run, "the net could not be loaded");
    for (int index; !run.failed && (index = run.next_game++) < run.options.games;) {
        Opening opening = choose_opening(run, engine, index);
        if (opening.in_file) {
            ++run.games_in_file;
            ++run.games_done;
            continue;
        }
        if (!opening.pos)
            return fail(run, std::to_string(OpeningAttempts) + " openings in a row were decided or finished");
        games::Game game = play_game(run, engine, *opening.pos);
        write_game(run, game);
        run.positions += game.plies.size();
        ++run.games_done;
    }
}

std::string clock_text(double seconds) {
    long s = std::lround(seconds);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

}  // namespace

std::vector<std::string> read_book(const std::string& path, bool chess960, std::string& error) {
    const std::optional<std::vector<util::Epd>> book = util::read_epd(path);
    if (!book) {
        error = "cannot read the book " + path;
        return {};
    }
    std::vector<std::string> lines;
    for (const util::Epd& epd : *book) {
        Position pos;
        if (auto problem = pos.set_fen(epd.position, chess960)) {
            error = path + " line " + std::to_string(epd.line) + ": " + *problem;
            return {};
        }
        if (popcount(pos.pieces()) > games::MaxPackedPieces || count_legal_moves(pos) == 0) {
            error = path + " line " + std::to_string(epd.line) + ": more than "
                    + std::to_string(games::MaxPackedPieces) + " pieces, or no legal move";
            return {};
        }
        lines.push_back(epd.position + " 0 1");
    }
    if (lines.empty()) error = "the book " + path + " has no positions";
    return lines;
}

std::optional<Position> random_opening(const std::vector<std::string>& book, bool chess960, int plies,
                                       SplitMix64& rng) {
    Position pos;
    std::string fen = !book.empty() ? book[rng.below(book.size())]
                      : chess960    ? chess960_start_fen(int(rng.below(960)))
                                    : std::string(Position::StartFen);
    if (pos.set_fen(fen, chess960)) return std::nullopt;
    for (int i = 0; i < plies; ++i) {
        MoveList moves;
        generate<GenType::All>(pos, moves);
        if (moves.size() == 0) return std::nullopt;
        pos.make_move(moves[rng.below(moves.size())]);
    }
    if (count_legal_moves(pos) == 0) return std::nullopt;
    return pos;
}

int generate_fens(int count, std::uint64_t seed, const std::vector<std::string>& book, bool chess960,
                  const std::function<void(const std::string&)>& emit) {
    SplitMix64 rng{seed};
    Engine engine;
    engine.set_chess960(chess960);
    std::set<Key> seen;
    const int plies = book.empty() ? GenfensPlies : GenfensBookPlies;
    int found = 0;
    for (int misses = 0; found < count && misses < OpeningAttempts;) {
        std::optional<Position> opening = random_opening(book, chess960, plies, rng);
        ++misses;
        if (!opening || !seen.insert(opening->key()).second) continue;
        engine.new_game();
        if (std::abs(search_move(engine, *opening, GenfensNodes).score) > OpeningMaxScore) continue;
        emit(opening->fen());
        ++found;
        misses = 0;
    }
    return found;
}

std::string chess960_start_fen(int index) {
    char rank[8] = {};
    auto nth_empty = [&](int n) {
        for (int f = 0; f < 8; ++f)
            if (!rank[f] && n-- == 0) return f;
        return -1;
    };
    int n = index;
    rank[2 * (n % 4) + 1] = 'b';  // light-squared bishop: b, d, f or h
    n /= 4;
    rank[2 * (n % 4)] = 'b';  // dark-squared bishop: a, c, e or g
    n /= 4;
    rank[nth_empty(n % 6)] = 'q';
    n /= 6;
    static constexpr int Knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                           {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    int first = nth_empty(Knights[n][0]), second = nth_empty(Knights[n][1]);
    rank[first] = rank[second] = 'n';
    const char rest[3] = {'r', 'k', 'r'};
    for (char piece : rest) rank[nth_empty(0)] = piece;

    std::string black(rank, 8), white = black, castling;
    for (char& c : white) c = char(std::toupper(c));
    for (int f = 7; f >= 0; --f)
        if (rank[f] == 'r') castling += char('A' + f);
    std::string lower = castling;
    for (char& c : lower) c = char(std::tolower(c));
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castling + lower + " - 0 1";
}

int run_datagen(const DatagenOptions& options, std::ostream& log) {
    Run run(options);
    if (!options.book.empty()) {
        std::string error;
        run.book = read_book(options.book, options.chess960, error);
        if (!error.empty()) {
            log << "sente: " << error << '\n';
            return 2;
        }
    }
    // Appending to a file whose last record is broken would bury every new game behind it.
    std::error_code absent;
    if (std::filesystem::exists(util::native_path(options.out), absent)) {
        games::Reader existing(options.out);
        while (std::optional<games::Game> game = existing.next()) {
            run.played.insert(game->start_fen);
            ++run.games_before;
        }
        if (!existing.error().empty()) {
            log << "sente: will not append: " << existing.error() << '\n';
            // Cutting the file back is advice only where whole games come before a bad record: a
            // file with none (another kind of file) is the wrong --out, not a game file to mend, and
            // after a failed read (a folder, a disk error) nothing is known of the rest.
            if (existing.read_error()) return 2;
            if (existing.good_bytes() > 0)
                log << "       (the games before byte " << existing.good_bytes() << " are whole: truncate -s "
                    << existing.good_bytes() << " " << options.out << " keeps them)\n";
            else
                log << "       (it holds no whole game: is " << options.out << " a game file?)\n";
            return 2;
        }
    }
    Engine probe;
    if (auto error = choose_evaluation(probe, options.net)) {
        log << "sente: " << *error << '\n';
        return 2;
    }
#ifdef _WIN32
    run.fd =
        ::_wopen(util::native_path(options.out).c_str(), O_WRONLY | O_CREAT | O_APPEND | BinaryMode, 0644);
#else
    run.fd = ::open(options.out.c_str(), O_WRONLY | O_CREAT | O_APPEND | BinaryMode, 0644);
#endif
    if (run.fd < 0) {
        log << "sente: cannot open " << options.out << " for appending\n";
        return 2;
    }
    log << "datagen: " << options.games << " games, " << options.threads
        << (options.threads == 1 ? " thread, " : " threads, ") << options.nodes << " nodes a move"
        << (options.hard_nodes ? " (at most " + std::to_string(options.hard_nodes) + ")" : "") << ", "
        << options.hash_mb << " MB of hash a thread, " << options.random_plies << " random plies, seed "
        << options.seed << ", " << evaluation_name(probe) << ", appending to " << options.out << '\n';
    if (run.games_before > 0)
        log << "datagen: " << options.out << " holds " << run.games_before
            << " games; the seed's games among them are kept, not played again\n";

    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int i = 0; i < options.threads; ++i) threads.emplace_back(worker, std::ref(run));

    auto report = [&](bool last) {
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const int done = run.games_done, in_file = run.games_in_file, played = done - in_file;
        std::uint64_t positions = run.positions;
        double rate = seconds > 0 ? double(positions) / seconds : 0;
        log << "games " << done << "/" << options.games;
        if (in_file > 0) log << " (" << in_file << " already in the file)";
        log << ", positions " << positions << ", " << std::lround(rate) << " positions/s";
        if (const std::uint64_t searches = run.searches; searches > 0)
            log << ", " << std::lround(double(run.search_nodes) / double(searches))
                << " nodes a move on average ("
                << std::lround(100.0 * double(run.searches_at_limit) / double(searches))
                << "% at the hard limit)";
        log << ", elapsed " << clock_text(seconds);
        if (!last && played > 0) log << ", left " << clock_text(seconds * (options.games - done) / played);
        log << ", openings discarded " << run.discarded_openings << '\n';
    };
    // A progress line every ten seconds. The first waits like the others: at once, the workers
    // would still be passing over the games already in the file, and it would count only some.
    constexpr auto ReportEvery = std::chrono::seconds(10);
    auto next_report = start + ReportEvery;
    while (run.games_done < options.games && !run.failed) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (std::chrono::steady_clock::now() >= next_report) {
            report(false);
            next_report = std::chrono::steady_clock::now() + ReportEvery;
        }
    }
    for (std::thread& t : threads) t.join();
    ::close(run.fd);
    report(true);
    if (run.failed) {
        log << "sente: " << run.failure << '\n';
        return 1;
    }
    return 0;
}

int dump_games(const std::string& path, std::ostream& out, std::ostream& err) {
    games::Reader reader(path);
    while (auto game = reader.next()) {
        const char* result = game->result == 2 ? "1" : game->result == 1 ? "0.5" : "0";
        games::replay(*game, [&](const games::Sample& s) {
            const int white_score = s.position->side_to_move() == White ? s.score : -s.score;
            out << s.position->fen() << " | " << white_score << " | " << result << '\n';
        });
    }
    if (!reader.error().empty()) {
        err << "sente: " << reader.error() << '\n';
        return 2;
    }
    return 0;
}

}  // namespace sente
