#include "uci/uci.hpp"

#include <charconv>
#include <chrono>

#include "uci/perft_report.hpp"
#include "version.hpp"

namespace sente::uci {

namespace {

// Deeper perft than this would not finish in a human lifetime; refuse it rather than hang.
constexpr int MaxPerftDepth = 20;

std::vector<std::string_view> tokenize(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; };
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

std::optional<long long> parse_number(std::string_view s) {
    long long n = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
    return n;
}

}  // namespace

UciLoop::UciLoop(Engine& engine, Output& out) : engine_(engine), out_(out) {
    options_.add_spin("Hash", Engine::DefaultHashMb, 1, Engine::MaxHashMb,
                      [this](long long mb) { engine_.set_hash_mb(int(mb)); });
    options_.add_spin("Threads", 1, 1, Engine::MaxThreads,
                      [this](long long n) { engine_.set_threads(int(n)); });
    options_.add_check("UCI_Chess960", false, [this](bool on) { engine_.set_chess960(on); });
}

void UciLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!execute(line)) return;
}

bool UciLoop::execute(std::string_view line) {
    Tokens tokens = tokenize(line);
    if (tokens.empty()) return true;
    std::string_view cmd = tokens[0];
    Tokens args(tokens.begin() + 1, tokens.end());

    if (cmd == "quit") return false;
    if (cmd == "uci") cmd_uci();
    else if (cmd == "isready") out_.line("readyok");
    else if (cmd == "ucinewgame") {}
    else if (cmd == "position") cmd_position(args);
    else if (cmd == "setoption") cmd_setoption(args);
    else if (cmd == "go") cmd_go(args);
    else if (cmd == "stop" || cmd == "ponderhit") {}
    else if (cmd == "d") {
        std::string board = engine_.position().pretty();
        std::size_t start = 0;
        while (start < board.size()) {
            std::size_t end = board.find('\n', start);
            if (end == std::string::npos) end = board.size();
            out_.line(std::string_view(board).substr(start, end - start));
            start = end + 1;
        }
    } else {
        std::string shown(cmd.substr(0, 64));
        error("unknown command '" + shown + "'");
    }
    return true;
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
        return error("position needs 'startpos' or 'fen <FEN>'");
    }
    std::vector<std::string> moves;
    if (moves_at != args.end())
        for (auto it = moves_at + 1; it != args.end(); ++it) moves.emplace_back(*it);
    if (auto problem = engine_.set_position(fen, moves))
        error(*problem + "; position unchanged");
}

void UciLoop::cmd_setoption(const Tokens& args) {
    // setoption name <name with spaces> [value <value with spaces>]
    if (args.empty() || args[0] != "name") return error("setoption needs 'name <option>'");
    auto value_at = std::find(args.begin() + 1, args.end(), std::string_view("value"));
    std::string name = join(args.begin() + 1, value_at);
    std::string value = value_at == args.end() ? "" : join(value_at + 1, args.end());
    if (name.empty()) return error("setoption needs an option name");
    if (auto message = options_.set(name, value)) info_string(*message);
}

void UciLoop::cmd_go(const Tokens& args) {
    if (!args.empty() && args[0] == "perft") {
        auto depth = args.size() > 1 ? parse_number(args[1]) : std::nullopt;
        if (!depth || *depth < 0 || *depth > MaxPerftDepth)
            return error("go perft needs a depth from 0 to " + std::to_string(MaxPerftDepth));
        return cmd_perft(int(*depth));
    }
    error("search is not available in this build");
}

void UciLoop::cmd_perft(int depth) {
    auto start = std::chrono::steady_clock::now();
    PerftResult result = engine_.perft(depth);
    auto elapsed = std::chrono::steady_clock::now() - start;
    for (const std::string& l : perft_report(engine_.position(), result, true, elapsed)) out_.line(l);
}

}  // namespace sente::uci
