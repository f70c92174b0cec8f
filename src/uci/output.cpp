#include "uci/output.hpp"

#include "util/command.hpp"

namespace sente::uci {

void Output::write(std::string_view text) {
    if (sink_)
        sink_(text);
    else
        *out_ << text << '\n';
}

void Output::line(std::string_view text) {
    std::lock_guard lock(mutex_);
    write(text);
    if (out_) out_->flush();
}

void Output::lines(std::string_view text) {
    std::lock_guard lock(mutex_);
    util::for_each_line(text, [this](std::string_view one) { write(one); });
    if (out_) out_->flush();
}

}  // namespace sente::uci
