// The UCI protocol loop: reads commands, turns them into calls on an Engine, prints replies.
#pragma once

#include <atomic>
#include <chrono>
#include <istream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine.hpp"
#include "eval/wdl.hpp"
#include "uci/options.hpp"
#include "uci/output.hpp"
#include "util/command.hpp"

namespace sente::uci {

class UciLoop {
public:
    // `commands`: the command table (cli/commands.hpp), whose commands that GUIs and OpenBench
    // send (bench, genfens, go perft, eval, d) the loop runs beside the protocol's own.
    UciLoop(Engine& engine, Output& out, std::span<const util::Command> commands = {});
    // Stops a perft or bench still running (run() waits for it; a loop driven by execute() alone
    // may not have).
    ~UciLoop() { end_command(true); }

    // Reads commands until `quit` or the end of input, then stops any search and returns.
    void run(std::istream& in);
    // Handles one line; returns false when the line was `quit`. A line that fails (memory the
    // system refuses) is an error line, and the loop goes on.
    bool execute(std::string_view line);
    // The word a line opens with when it is no command the loop knows (neither one of the
    // protocol's nor one of the table's that UCI reaches); nothing for a known or blank line.
    std::optional<std::string_view> unknown_command(std::string_view line) const;

private:
    using Tokens = std::vector<std::string_view>;

    bool dispatch(std::string_view line);
    void info_string(std::string_view text) { out_.line("info string " + std::string(text)); }
    void error(std::string_view text) { info_string("error: " + std::string(text)); }

    // Says so when the system refused memory for part of a large hash table (which otherwise works
    // with less, unannounced): before readyok or a search, once for each refusal.
    void note_hash_refusal();

    void cmd_uci();
    void cmd_position(const Tokens& args);
    void cmd_setoption(const Tokens& args);
    void apply_setoption(const std::string& name, const std::string& value);
    // Stops any search, waits for it, then applies the options that waited for it.
    void end_search();
    // Applies the setoption commands that waited for a search to end (call with no search running).
    void apply_pending_options();
    // Whether a search is still thinking; once its bestmove is out, waits for it to finish.
    bool search_running();
    void cmd_go(const Tokens& args);
    // The command of the table that UCI reaches by this name, if any.
    const util::Command* table_command(std::string_view name) const;
    // Runs a command of the table that UCI reaches; false when `name` is none of them.
    bool run_command(std::string_view name, const std::vector<std::string>& words);
    // Waits for the stoppable command running beside the loop (perft, bench), first asking it to
    // stop when `stop`; returns at once when none runs.
    void end_command(bool stop);
    // Runs a command of the table, its exceptions turned into an error line.
    void run_guarded(const util::Command& command, const std::vector<std::string>& words, util::Reply& reply);
    SearchCallbacks callbacks();

    Engine& engine_;
    Output& out_;
    std::span<const util::Command> commands_;
    Options options_;
    // setoption commands that arrived during a search, applied once it has finished.
    std::vector<std::pair<std::string, std::string>> pending_options_;
    // Set by the search thread when it has printed its bestmove.
    std::atomic<bool> bestmove_sent_{true};
    bool show_wdl_ = false;
    // When the line being executed arrived: a search's clock runs from its `go`.
    std::chrono::steady_clock::time_point received_;
    // The FEN's note (stale castling rights, an en-passant square) that went out last, so that
    // the rest of its game does not repeat it.
    std::string fen_noted_;
    // How far a stoppable command has gone, and its thread (declared after: it is joined before
    // the stage it writes goes).
    enum Stage : int { Reading, Working, Finished };
    std::atomic<int> command_stage_{Finished};
    std::jthread command_thread_;
};

// Formats one search report as a UCI info line.
// Given a model, win/draw/loss odds in per mille from it follow the score.
std::string format_info(const SearchReport& r, const Position& root, const wdl::Model* wdl_model = nullptr);

}  // namespace sente::uci
