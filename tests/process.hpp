// Runs the built `sente` binary as a child process for command-line and protocol tests.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace sente::test {

struct CommandResult {
    int exit_status = -1;  // -1 when the process did not exit normally (signal or timeout)
    std::string out, err;
};

// Runs the binary with arguments, feeds it the input, and waits for it (killing it after timeout).
CommandResult run_sente(const std::vector<std::string>& args, const std::string& input = "",
                        std::chrono::milliseconds timeout = std::chrono::seconds(60));

// An engine process driven line by line through pipes, as a GUI drives it.
class EngineProcess {
public:
    // The built sente binary with these arguments.
    explicit EngineProcess(const std::vector<std::string>& args = {});
    // Any program: argv[0] is its path.
    struct Command {
        std::vector<std::string> argv;
    };
    explicit EngineProcess(const Command& command);
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    void send(const std::string& line);
    void close_input();
    // The next output line, or nothing if none arrives in time.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout);
    // Reads lines until one starts with the prefix; returns every line read, that one last.
    // Empty when the prefix did not appear in time.
    std::vector<std::string> read_until(const std::string& prefix, std::chrono::milliseconds timeout);
    int pid() const { return pid_; }
    // Waits for the process to exit; its exit status, or nothing on timeout.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);

private:
    int pid_ = -1;
    int in_fd_ = -1, out_fd_ = -1;
    std::string buffer_;
    bool exited_ = false;
    int status_ = -1;
};

}  // namespace sente::test
