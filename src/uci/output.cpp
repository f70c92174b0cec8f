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

}  // namespace sente::uci
