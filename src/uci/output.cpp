#include "uci/output.hpp"

namespace sente::uci {

void Output::line(std::string_view text) {
    std::lock_guard lock(mutex_);
    if (sink_) {
        sink_(text);
        return;
    }
    *out_ << text << '\n';
    out_->flush();
}

void Output::lines(std::string_view text) {
    std::lock_guard lock(mutex_);
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view one = text.substr(0, end);
        if (sink_)
            sink_(one);
        else
            *out_ << one << '\n';
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    if (out_) out_->flush();
}

}  // namespace sente::uci
