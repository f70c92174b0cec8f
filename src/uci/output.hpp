// The single writer of protocol output: whole lines, one at a time, flushed at once, so lines from
// the search thread and the input thread never splice.
#pragma once

#include <functional>
#include <mutex>
#include <ostream>
#include <string_view>

namespace sente::uci {

class Output {
public:
    explicit Output(std::ostream& out) : out_(&out) {}
    // For tests: every line goes to the callback instead of a stream.
    explicit Output(std::function<void(std::string_view)> sink) : sink_(std::move(sink)) {}

    void line(std::string_view text);
    // Each line of a text, with no other thread's line among them.
    void lines(std::string_view text);

private:
    void write(std::string_view text);  // one line, the lock held

    std::mutex mutex_;
    std::ostream* out_ = nullptr;
    std::function<void(std::string_view)> sink_;
};

}  // namespace sente::uci
