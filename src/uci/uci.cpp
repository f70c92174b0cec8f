#include "uci/uci.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>

#include "core/tunable.hpp"
#include "eval/eval.hpp"
#include "eval/wdl.hpp"
#include "nnue/network.hpp"
#include "search/syzygy.hpp"
#include "util/parse.hpp"
#include "version.hpp"

namespace sente::uci {

namespace {

constexpr std::size_t MaxShownInput = 64;     // characters of bad input echoed back
constexpr std::size_t MaxShownProblem = 200;  // of a problem that quotes it, a FEN with it
// A `go` whose every limit was unreadable ("go wtime abc") thinks this long, as one with only the
// other side's clock does, rather than until a `stop` that may never come.
constexpr std::int64_t UnreadLimitMs = 1000;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::vector<std::string_view> tokenize(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > start) tokens.push_back(line.substr(start, i - start));
    }
    return tokens;
}

std::string join(std::vector<std::string_view>::const_iterator first,
                 std::vector<std::string_view>::const_iterator last) {
    std::string out;
    for (auto it = first; it != last; ++it) {
        if (!out.empty()) out += ' ';
        out += *it;
    }
    return out;
}

// The `go` parameters that take a number.
bool is_go_number(std::string_view word) {
    static constexpr std::array<std::string_view, 9> keywords = {
        "wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "mate"};
    return std::ranges::find(keywords, word) != keywords.end();
}

// A `go` parameter's number as GUIs write it: whole, or with a '+' or a fraction (dropped), as some
// send their clocks ("+2000", "2000.0").
std::optional<std::int64_t> go_value(std::string_view text) {
    if (text.starts_with('+') && text.size() > 1 && text[1] != '-') text.remove_prefix(1);
    if (const std::size_t dot = text.find('.'); dot != std::string_view::npos && dot > 0) {
        const std::string_view fraction = text.substr(dot + 1);
        if (!fraction.empty() && fraction.find_first_not_of("0123456789") != std::string_view::npos)
            return std::nullopt;
        text = text.substr(0, dot);
    }
    return util::parse_clamped(text);
}

// The words that open a `go` parameter. A searchmoves list runs to the first of them, so that
// `go searchmoves e2e4 d2d4 depth 3` keeps its depth and a clock after the list keeps the clock.
bool is_go_keyword(std::string_view word) {
    return is_go_number(word) || word == "searchmoves" || word == "ponder" || word == "infinite";
}

// Text from the GUI shown back in a message: bounded, and only printable ASCII.
std::string shown(std::string_view text, std::size_t limit = MaxShownInput) {
    std::string out;
    for (char c : text.substr(0, limit)) out += (c >= 32 && c < 127) ? c : '?';
    if (text.size() > limit) out += "...";
    return out;
}

// A command's reply under UCI: its lines to the GUI, a refusal as an error, notes not at all.
class UciReply final : public util::Reply {
public:
    // `on_working`, for a command beside the loop: told when it begins its work.
    explicit UciReply(Output& out, std::function<void()> on_working = {})
        : out_(out), on_working_(std::move(on_working)) {}
    void line(std::string_view text) override { out_.line(text); }
    void lines(std::string_view text) override { out_.lines(text); }
    void note(std::string_view) override {}
    void refusal(std::string_view why) override { out_.line("info string error: " + std::string(why)); }
    void working() override {
        if (on_working_) on_working_();
    }

private:
    Output& out_;
    std::function<void()> on_working_;
};

const char* bound_suffix(Bound b) {
    return b == BoundLower ? " lowerbound" : b == BoundUpper ? " upperbound" : "";
}

}  // namespace

std::string format_info(const SearchReport& r, const Position& root, const wdl::Model* wdl_model) {
    std::string line = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.seldepth)
                       + " multipv " + std::to_string(r.multipv) + " score " + format_score(r.score)
                       + bound_suffix(r.bound);
    if (wdl_model) {
        wdl::Odds o = wdl::odds(r.score, wdl::material(root), *wdl_model);
        line += " wdl " + std::to_string(o.win) + " " + std::to_string(o.draw) + " " + std::to_string(o.loss);
    }
    line += " nodes " + std::to_string(r.nodes);
    std::uint64_t nps = r.time_ms > 0 ? r.nodes * 1000 / std::uint64_t(r.time_ms) : r.nodes * 1000;
    line += " nps " + std::to_string(nps) + " hashfull " + std::to_string(r.hashfull) + " tbhits "
            + std::to_string(r.tbhits) + " time " + std::to_string(r.time_ms);
    if (!r.pv.empty()) {
        line += " pv";
        Position pos = root;
        for (Move m : r.pv) {
            if (!pos.is_legal(m)) break;  // never print an illegal move, whatever happened
            line += ' ' + pos.move_to_uci(m);
            pos.make_move(m);
        }
    }
    return line;
}

UciLoop::UciLoop(Engine& engine, Output& out, std::span<const util::Command> commands)
    : engine_(engine), out_(out), commands_(commands) {
    options_.add_spin("Threads", 1, 1, Engine::MaxThreads, [this](long long n) {
        const int started = engine_.set_threads(int(n));
        if (started != int(n))
            info_string("Threads: could not start " + std::to_string(n)
                        + " threads (no memory or threads left), using " + std::to_string(started));
    });
    options_.add_spin("Hash", Engine::DefaultHashMb, 1, Engine::MaxHashMb, [this](long long mb) {
        std::size_t got = engine_.set_hash_mb(int(mb));
        if (got != std::size_t(mb))
            info_string("Hash: could not allocate " + std::to_string(mb) + " MB, using " + std::to_string(got)
                        + " MB");
    });
    options_.add_button("Clear Hash", [this] { engine_.clear_hash(); });
    options_.add_spin("MultiPV", Engine::DefaultMultiPv, 1, Engine::MaxMultiPv,
                      [this](long long n) { engine_.set_multipv(int(n)); });
    options_.add_spin("Move Overhead", Engine::DefaultMoveOverheadMs, 0, 5000,
                      [this](long long ms) { engine_.set_move_overhead_ms(int(ms)); });
    options_.add_check("Ponder", false, [](bool) {});  // the GUI decides when to ponder
    options_.add_check("UCI_Chess960", false, [this](bool on) { engine_.set_chess960(on); });
    options_.add_check("UCI_ShowWDL", false, [this](bool on) { show_wdl_ = on; });
    options_.add_check("UCI_LimitStrength", false, [this](bool on) { engine_.set_limit_strength(on); });
    options_.add_spin("UCI_Elo", StrengthLimit::DefaultElo, StrengthLimit::MinElo, StrengthLimit::MaxElo,
                      [this](long long elo) { engine_.set_elo(int(elo)); });
    // The two string options say what they loaded, but not when they change nothing (the empty path
    // again, the embedded net again): GUIs that send every option's default right after uciok must
    // hear nothing then (lines there broke Aquarium and python-chess).
    options_.add_string("SyzygyPath", "<empty>", [this](const std::string& paths) {
        const bool tables_were_open = syzygy::largest() > 0;
        const std::string report = engine_.set_syzygy_path(paths);  // (Options gives <empty> as "")
        if (!paths.empty() || tables_were_open) info_string(report);
    });
    const SyzygyConfig tablebases;  // the defaults
    options_.add_spin("SyzygyProbeDepth", tablebases.probe_depth, 1, SyzygyConfig::MaxProbeDepth,
                      [this](long long d) { engine_.set_syzygy_probe_depth(int(d)); });
    options_.add_check("Syzygy50MoveRule", tablebases.rule50,
                       [this](bool on) { engine_.set_syzygy_rule50(on); });
    options_.add_spin("SyzygyProbeLimit", tablebases.probe_limit, 0, SyzygyConfig::MaxPieces,
                      [this](long long n) { engine_.set_syzygy_probe_limit(int(n)); });
    // The evaluation, as Stockfish 12 to 15 name its options: the net, and the hand-crafted one.
    options_.add_check("Use NNUE", Engine::DefaultUseNnue, [this](bool on) { engine_.set_use_nnue(on); });
    options_.add_string("EvalFile", nnue::embedded_name(), [this](const std::string& path) {
        const bool was_embedded = engine_.eval_file() == nnue::embedded_name();
        if (auto problem = engine_.set_eval_file(path))
            error(*problem + "; still using " + engine_.eval_file());
        else if (!(was_embedded && engine_.eval_file() == nnue::embedded_name()))
            info_string("NNUE evaluation using " + engine_.eval_file());
    });
    // Research switch for the tempo experiment: the side-to-move bonus in percent (0 = off).
    options_.add_spin("Tempo", eval::DefaultTempoPercent, 0, eval::MaxTempoPercent,
                      [this](long long p) { engine_.set_tempo_percent(int(p)); });
    options_.hide("Tempo");
    // A tune build's search parameters and evaluation weights (none in a normal build).
    for (const Tunable& t : tunables())
        options_.add_spin(t.name, t.default_value, t.min, t.max,
                          [name = t.name](long long v) { set_tunable(name, int(v)); });
}

void UciLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!execute(line)) break;
    end_command(false);  // a perft or bench piped in before the end of input still prints
    engine_.stop();
    engine_.wait();
}

const util::Command* UciLoop::table_command(std::string_view name) const {
    for (const util::Command& command : commands_)
        if (command.name == name && command.reach == util::Reach::Everywhere) return &command;
    return nullptr;
}

std::optional<std::string_view> UciLoop::unknown_command(std::string_view line) const {
    static constexpr std::array<std::string_view, 11> protocol = {
        "uci",  "isready",   "ucinewgame", "position", "setoption", "go",
        "stop", "ponderhit", "quit",       "debug",    "register"};
    const Tokens tokens = tokenize(line);
    if (tokens.empty() || std::ranges::find(protocol, tokens[0]) != protocol.end()
        || table_command(tokens[0]))
        return std::nullopt;
    return tokens[0];
}

void UciLoop::note_hash_refusal() {
    if (const std::optional<std::size_t> backed = engine_.take_hash_refusal())
        info_string("Hash: the system has memory for only " + std::to_string(*backed) + " of the table's "
                    + std::to_string(engine_.hash_mb()) + " MB; searching with those");
}

bool UciLoop::execute(std::string_view line) {
    try {
        return dispatch(line);
    } catch (const std::exception& e) {
        // What cannot be said for want of memory is left unsaid.
        try {
            error("'" + shown(line) + "' failed: " + shown(e.what(), MaxShownProblem));
        } catch (const std::exception&) {
        }
        return true;
    }
}

bool UciLoop::dispatch(std::string_view line) {
    received_ = std::chrono::steady_clock::now();
    Tokens tokens = tokenize(line);
    if (tokens.empty()) return true;
    std::string_view cmd = tokens[0];
    Tokens args(tokens.begin() + 1, tokens.end());

    // While a perft or bench runs, isready is answered and stop ends it; anything else, quit
    // included, waits for it to finish, as for a piped `go perft 6` and `quit`.
    if (command_thread_.joinable()) {
        if (cmd == "isready") {
            out_.line("readyok");
            return true;
        }
        end_command(cmd == "stop");
        if (cmd == "stop") return true;
    }
    if (cmd == "quit") {
        engine_.stop();
        engine_.wait();
        return false;
    }
    if (!search_running()) apply_pending_options();

    if (cmd == "uci")
        cmd_uci();
    else if (cmd == "isready") {
        note_hash_refusal();
        out_.line("readyok");
    } else if (cmd == "ucinewgame") {
        end_search();
        engine_.new_game();
        fen_noted_.clear();
    } else if (cmd == "position") {
        // An option waiting for the search (UCI_Chess960 above all) must be in force before the
        // position is read; a GUI that sends position has finished with that search.
        if (!pending_options_.empty()) end_search();
        cmd_position(args);
    } else if (cmd == "setoption")
        cmd_setoption(args);
    else if (cmd == "go")
        cmd_go(args);
    else if (cmd == "stop")
        engine_.stop();
    else if (cmd == "ponderhit")
        engine_.ponderhit();
    else if (cmd == "debug" || cmd == "register") {
        // The protocol's debug mode (Sente prints the same either way) and registration (it needs
        // none): GUIs may send either at any time, and expect no answer.
    } else if (!run_command(cmd, std::vector<std::string>(args.begin(), args.end())))
        error("unknown command '" + shown(cmd) + "'");
    return true;
}

bool UciLoop::run_command(std::string_view name, const std::vector<std::string>& words) {
    const util::Command* found = table_command(name);
    if (!found) return false;
    const util::Command& command = *found;
    if (command.ends_search) end_search();
    if (command.stoppable) {
        engine_.allow_work();
        command_stage_ = Reading;
        auto reach = [this](Stage stage) {
            command_stage_ = stage;
            command_stage_.notify_all();
        };
        command_thread_ = std::jthread([this, &command, words, reach] {
            UciReply reply(out_, [&] { reach(Working); });
            run_guarded(command, words, reply);
            reach(Finished);
        });
        // Its words are read, and refused, before the loop reads on.
        for (int stage; (stage = command_stage_.load()) == Reading;) command_stage_.wait(stage);
        return true;
    }
    UciReply reply(out_);
    run_guarded(command, words, reply);
    return true;
}

void UciLoop::run_guarded(const util::Command& command, const std::vector<std::string>& words,
                          util::Reply& reply) {
    // Memory the system refuses, or any other failure inside a command, is its error line: the
    // engine goes on.
    try {
        command.run(engine_, words, reply);
    } catch (const std::exception& e) {
        error(std::string(command.name) + " failed: " + shown(e.what(), MaxShownProblem));
    }
}

void UciLoop::end_command(bool stop) {
    if (!command_thread_.joinable()) return;
    // A bench's search can start just after a stop and miss it: stop again until the work ends.
    while (stop && command_stage_ != Finished) {
        engine_.abort_work();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    command_thread_.join();
}

void UciLoop::cmd_uci() {
    out_.line(std::string("id name Sente ") + Version);
    out_.line("id author the Sente developers");
    for (const std::string& l : options_.uci_lines()) out_.line(l);
    out_.line("uciok");
}

void UciLoop::cmd_position(const Tokens& args) {
    if (args.empty()) return error("position needs 'startpos' or 'fen <FEN>'");
    auto moves_at = std::find(args.begin(), args.end(), std::string_view("moves"));
    std::string fen;
    if (args[0] == "startpos") {
        if (args.begin() + 1 != moves_at) return error("unexpected text after 'position startpos'");
        fen = Position::StartFen;
    } else if (args[0] == "fen") {
        fen = join(args.begin() + 1, moves_at);
        if (fen.empty()) return error("position fen needs a FEN");
    } else {
        return error("position needs 'startpos' or 'fen <FEN>', not '" + shown(args[0]) + "'");
    }
    std::vector<std::string> moves;
    if (moves_at != args.end())
        for (auto it = moves_at + 1; it != args.end(); ++it) moves.emplace_back(*it);
    std::string note;
    if (auto problem = engine_.set_position(fen, moves, &note))
        return error(shown(*problem, MaxShownProblem) + "; position unchanged");
    // Once a game: a GUI sends the game's FEN again before every move (or a FEN of each new
    // position, with the same stale rights). A position without stale rights, or ucinewgame, ends it.
    if (!note.empty() && note != fen_noted_)
        info_string(note);  // castling letters and a square only: no need to bound it
    fen_noted_ = note;
}

void UciLoop::cmd_setoption(const Tokens& args) {
    // setoption name <name with spaces> [value <value with spaces>]
    if (args.empty() || args[0] != "name") return error("setoption needs 'name <option>'");
    auto value_at = std::find(args.begin() + 1, args.end(), std::string_view("value"));
    std::string name = join(args.begin() + 1, value_at);
    // The value as written between its first and last words: a file name may hold two spaces in a
    // row ("My  Nets/x.nnue"); only the spaces around it are dropped.
    std::string value;
    if (value_at != args.end() && value_at + 1 != args.end())
        value.assign((value_at + 1)->data(), args.back().data() + args.back().size());
    if (name.empty()) return error("setoption needs an option name");
    // Changing the table or the threads under a running search is not safe: wait for its end.
    if (search_running()) {
        pending_options_.emplace_back(name, value);
        return;
    }
    apply_setoption(name, value);
}

void UciLoop::end_search() {
    engine_.stop();
    engine_.wait();
    apply_pending_options();
}

void UciLoop::apply_pending_options() {
    auto pending = std::move(pending_options_);
    pending_options_.clear();
    for (const auto& [name, value] : pending) apply_setoption(name, value);
}

bool UciLoop::search_running() {
    if (!engine_.searching()) return false;
    if (!bestmove_sent_) return true;
    engine_.wait();  // only the search thread's last bookkeeping remains
    return false;
}

void UciLoop::apply_setoption(const std::string& name, const std::string& value) {
    // (The options quote the GUI's words bounded; the bound here is for the whole line.)
    options_.set(name, value,
                 [this](const std::string& message) { info_string(shown(message, MaxShownProblem)); });
}

SearchCallbacks UciLoop::callbacks() {
    SearchCallbacks cb;
    Position root = engine_.position();
    // Each evaluation scores on its own scale, so each has its own win/draw/loss model.
    const wdl::Model* wdl_model = !show_wdl_           ? nullptr
                                  : engine_.use_nnue() ? &wdl::NetModel
                                                       : &wdl::HandCraftedModel;
    cb.on_iteration = [this, root, wdl_model](const SearchReport& r) {
        if (r.pv.empty() && r.depth == 0) {
            out_.line("info depth 0 score " + format_score(r.score));
            return;
        }
        out_.line(format_info(r, root, wdl_model));
    };
    cb.on_currmove = [this, root](int depth, Move m, int number) {
        out_.line("info depth " + std::to_string(depth) + " currmove " + root.move_to_uci(m)
                  + " currmovenumber " + std::to_string(number));
    };
    cb.on_error = [this](std::string_view problem) { error(problem); };
    cb.on_bestmove = [this, root](Move best, Move ponder) {
        // Short enough to need no memory the system may refuse: the ponder move is what gives way.
        std::string line = "bestmove " + root.move_to_uci(best);
        try {
            if (ponder != Move::none() && best != Move::none()) {
                Position after = root;
                after.make_move(best);
                if (after.is_legal(ponder)) line += " ponder " + after.move_to_uci(ponder);
            }
        } catch (const std::exception&) {
            // The line is as it was before the ponder move (an append changes all or nothing).
        }
        bestmove_sent_ = true;  // before the line: a GUI that has read it may send anything
        out_.line(line);
    };
    return cb;
}

void UciLoop::cmd_go(const Tokens& args) {
    // `go perft DEPTH` is the perft command, with the count below each root move.
    if (!args.empty() && args[0] == "perft") {
        std::vector<std::string> words(args.begin() + 1, args.end());
        words.emplace_back("--divide");
        if (!run_command("perft", words)) error("go perft is not available here");
        return;
    }

    // A second `go` during a search ends the first one (which still sends its bestmove); options
    // that waited for the first search apply to the second, before its moves are read (UCI_Chess960
    // decides how castling is written).
    end_search();

    SearchLimits limits;
    limits.received = received_;
    std::vector<Move> searchmoves;
    const Position& pos = engine_.position();
    std::optional<std::int64_t> movetime;
    bool unread_limit = false;  // a limit whose number could not be read
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view key = args[i];
        if (key == "infinite") {
            limits.infinite = true;
        } else if (key == "ponder") {
            limits.ponder = true;
        } else if (key == "searchmoves") {
            for (; i + 1 < args.size() && !is_go_keyword(args[i + 1]); ++i) {
                Move m = pos.parse_uci_move(args[i + 1]);
                if (m == Move::none())
                    error("searchmoves: '" + shown(args[i + 1]) + "' is not a legal move; ignored");
                else
                    searchmoves.push_back(m);
            }
        } else if (is_go_number(key)) {
            auto value = i + 1 < args.size() ? go_value(args[i + 1]) : std::nullopt;
            if (!value) {
                error("go " + std::string(key) + " needs a number");
                unread_limit = unread_limit || (key != "winc" && key != "binc" && key != "movestogo");
                if (i + 1 < args.size() && !is_go_keyword(args[i + 1])) ++i;  // the unread number
                continue;
            }
            ++i;
            std::int64_t v = *value;
            auto positive = [&](std::int64_t lo, std::int64_t hi) { return std::clamp(v, lo, hi); };
            if (key == "wtime")
                limits.time[White] = std::max<std::int64_t>(v, 0);
            else if (key == "btime")
                limits.time[Black] = std::max<std::int64_t>(v, 0);
            else if (key == "winc")
                limits.inc[White] = std::max<std::int64_t>(v, 0);
            else if (key == "binc")
                limits.inc[Black] = std::max<std::int64_t>(v, 0);
            else if (key == "movestogo")
                limits.movestogo = v < 0 ? 1 : int(positive(0, 1000));
            else if (key == "movetime")
                movetime = v;
            else if (key == "depth")
                limits.depth = int(positive(1, MAX_PLY - 1));
            else if (key == "nodes")
                limits.nodes = std::uint64_t(positive(1, std::numeric_limits<std::int64_t>::max()));
            else if (key == "mate")
                limits.mate = int(positive(1, MAX_PLY / 2));
        } else {
            error("go: unknown token '" + shown(key) + "' ignored");
        }
    }
    // `movetime 0` beside another limit is no limit (as Stockfish reads it); alone, the shortest
    // search.
    if (movetime
        && (*movetime > 0
            || (limits.time[White] < 0 && limits.time[Black] < 0 && !limits.depth && !limits.nodes
                && !limits.mate)))
        limits.movetime = std::clamp<std::int64_t>(*movetime, 1, std::int64_t(1) << 40);
    // A `go` that names no limit searches until `stop`, as `go infinite` does: a GUI analysing with
    // a bare `go` gets no bestmove of the engine's own accord (a mate found, the deepest iteration).
    // One whose limit could not be read is no request to think forever: it thinks briefly.
    const bool unlimited = !limits.ponder && !limits.uses_clock(White) && !limits.uses_clock(Black)
                           && !limits.depth && !limits.nodes && !limits.mate;
    if (unlimited && unread_limit && !limits.infinite) {
        limits.movetime = UnreadLimitMs;
        info_string("go: no limit could be read; searching for " + std::to_string(UnreadLimitMs) + " ms");
    } else if (unlimited) {
        limits.infinite = true;
    }
    note_hash_refusal();
    bestmove_sent_ = false;
    engine_.go(limits, searchmoves, callbacks());
}

}  // namespace sente::uci
