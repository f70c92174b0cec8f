// A UCI loop driven in the test's own process, as a GUI would drive it, with every line it prints
// kept: for what a pipe to the binary cannot reach, such as the engine's table memory or a line it
// cannot print.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <mutex>
#include <new>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine.hpp"
#include "uci/output.hpp"
#include "uci/uci.hpp"

namespace sente::test {

class InProcessUci {
public:
    // The engine's table is backed by `populate` (the system's way when null).
    explicit InProcessUci(TranspositionTable::Populate populate = nullptr)
        : engine_(populate), out_([this](std::string_view line) { print(line); }), loop_(engine_, out_) {}

    // The next line printed that starts with `prefix` is not printed: the printing throws
    // std::bad_alloc instead, as it does when the system refuses memory.
    void fail_next(std::string prefix) {
        std::lock_guard lock(mutex_);
        to_fail_.push_back(std::move(prefix));
    }

    // Whether the loop goes on (false after quit).
    bool send(const std::string& line) { return loop_.execute(line); }
    Engine& engine() { return engine_; }
    std::vector<std::string> lines() {
        std::lock_guard lock(mutex_);
        return lines_;
    }
    long count(const std::string& text) {
        const auto all = lines();
        return long(std::count(all.begin(), all.end(), text));
    }
    long bestmoves() {
        const auto all = lines();
        return long(std::count_if(all.begin(), all.end(),
                                  [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }));
    }
    // Whether the n-th bestmove came within a minute.
    bool wait_for_bestmoves(long n) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (bestmoves() < n && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return bestmoves() >= n;
    }

private:
    void print(std::string_view line) {
        std::lock_guard lock(mutex_);
        for (auto it = to_fail_.begin(); it != to_fail_.end(); ++it)
            if (line.starts_with(*it)) {
                to_fail_.erase(it);
                throw std::bad_alloc();
            }
        lines_.emplace_back(line);
    }

    Engine engine_;
    std::mutex mutex_;
    std::vector<std::string> lines_;
    std::vector<std::string> to_fail_;
    uci::Output out_;
    uci::UciLoop loop_;
};

}  // namespace sente::test
