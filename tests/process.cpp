#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <cstring>
#include <stdexcept>

namespace sente::test {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> sente_command(const std::vector<std::string>& args) {
    std::vector<std::string> argv{SENTE_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
}

// Starts argv[0] with the rest of argv as arguments; fills the parent's ends of the pipes.
int spawn(const std::vector<std::string>& command, int& in_fd, int& out_fd, int* err_fd) {
    std::signal(SIGPIPE, SIG_IGN);  // a child that exits early must not kill the test runner
    int in[2], out[2], err[2];
    // Close-on-exec: an engine started by another thread must not inherit this one's pipe ends.
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
        throw std::runtime_error("pipe failed");
    int pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        if (err_fd)
            dup2(err[1], 2);
        else {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 2);
        }
        for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
        std::vector<std::string> copy = command;
        std::vector<char*> argv;
        for (auto& a : copy) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    in_fd = in[1];
    out_fd = out[0];
    if (err_fd)
        *err_fd = err[0];
    else
        close(err[0]);
    return pid;
}

int decode_status(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

int remaining_ms(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? int(left) : 0;
}

}  // namespace

CommandResult run_sente(const std::vector<std::string>& args, const std::string& input,
                        std::chrono::milliseconds timeout) {
    int in_fd, out_fd, err_fd;
    int pid = spawn(sente_command(args), in_fd, out_fd, &err_fd);
    fcntl(in_fd, F_SETFL, O_NONBLOCK);
    CommandResult result;
    std::size_t written = 0;
    if (input.empty()) {
        close(in_fd);
        in_fd = -1;
    }
    auto deadline = Clock::now() + timeout;
    bool out_open = true, err_open = true;
    while ((out_open || err_open) && Clock::now() < deadline) {
        pollfd fds[3];
        int n = 0;
        if (out_open) fds[n++] = {out_fd, POLLIN, 0};
        if (err_open) fds[n++] = {err_fd, POLLIN, 0};
        if (in_fd >= 0) fds[n++] = {in_fd, POLLOUT, 0};
        if (poll(fds, nfds_t(n), remaining_ms(deadline)) <= 0) continue;
        for (int i = 0; i < n; ++i) {
            if (!fds[i].revents) continue;
            if (fds[i].fd == in_fd) {
                ssize_t w = write(in_fd, input.data() + written, input.size() - written);
                if (w > 0) written += std::size_t(w);
                if (w < 0 || written == input.size()) {
                    close(in_fd);
                    in_fd = -1;
                }
                continue;
            }
            char buf[65536];
            ssize_t r = read(fds[i].fd, buf, sizeof buf);
            std::string& target = fds[i].fd == out_fd ? result.out : result.err;
            if (r > 0)
                target.append(buf, std::size_t(r));
            else
                (fds[i].fd == out_fd ? out_open : err_open) = false;
        }
    }
    if (in_fd >= 0) close(in_fd);
    close(out_fd);
    close(err_fd);
    int status = 0;
    if (out_open || err_open) {  // timed out
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        result.exit_status = -1;
        return result;
    }
    waitpid(pid, &status, 0);
    result.exit_status = decode_status(status);
    return result;
}

EngineProcess::EngineProcess(const std::vector<std::string>& args)
    : EngineProcess(Command{sente_command(args)}) {}

EngineProcess::EngineProcess(const Command& command) { pid_ = spawn(command.argv, in_fd_, out_fd_, nullptr); }

EngineProcess::~EngineProcess() {
    if (in_fd_ >= 0) close(in_fd_);
    if (!exited_ && !wait_exit(std::chrono::seconds(5))) {
        kill(pid_, SIGKILL);
        int status;
        waitpid(pid_, &status, 0);
    }
    close(out_fd_);
}

void EngineProcess::send(const std::string& line) {
    std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t w = write(in_fd_, data.data() + done, data.size() - done);
        if (w <= 0) return;  // the engine has gone; the reads will tell
        done += std::size_t(w);
    }
}

void EngineProcess::close_input() {
    if (in_fd_ >= 0) close(in_fd_);
    in_fd_ = -1;
}

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
    auto deadline = Clock::now() + timeout;
    while (true) {
        if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            return line;
        }
        pollfd fd{out_fd_, POLLIN, 0};
        int left = remaining_ms(deadline);
        if (poll(&fd, 1, left) <= 0) return std::nullopt;
        char buf[65536];
        ssize_t r = read(out_fd_, buf, sizeof buf);
        if (r <= 0) return std::nullopt;
        buffer_.append(buf, std::size_t(r));
    }
}

std::vector<std::string> EngineProcess::read_until(const std::string& prefix,
                                                   std::chrono::milliseconds timeout) {
    auto deadline = Clock::now() + timeout;
    std::vector<std::string> lines;
    while (auto line = read_line(std::chrono::milliseconds(remaining_ms(deadline)))) {
        lines.push_back(*line);
        if (line->rfind(prefix, 0) == 0) return lines;
    }
    return {};
}

std::optional<int> EngineProcess::wait_exit(std::chrono::milliseconds timeout) {
    if (exited_) return status_;
    auto deadline = Clock::now() + timeout;
    while (true) {
        int status = 0;
        int r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            exited_ = true;
            status_ = decode_status(status);
            return status_;
        }
        if (Clock::now() >= deadline) return std::nullopt;
        usleep(2000);
    }
}

}  // namespace sente::test
