// The UCI protocol loop: reads commands, turns them into calls on an Engine, prints replies.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "engine.hpp"
#include "uci/options.hpp"
#include "uci/output.hpp"

namespace sente::uci {

class UciLoop {
public:
    UciLoop(Engine& engine, Output& out);

    // Reads commands until `quit` or the end of input.
    void run(std::istream& in);
    // Handles one line; returns false when the line was `quit`.
    bool execute(std::string_view line);

private:
    using Tokens = std::vector<std::string_view>;

    void info_string(std::string_view text) { out_.line("info string " + std::string(text)); }
    void error(std::string_view text) { info_string("error: " + std::string(text)); }

    void cmd_uci();
    void cmd_position(const Tokens& args);
    void cmd_setoption(const Tokens& args);
    void cmd_go(const Tokens& args);
    void cmd_perft(int depth);

    Engine& engine_;
    Output& out_;
    Options options_;
};

}  // namespace sente::uci
