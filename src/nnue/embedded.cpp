// The net built into the binary (the generated source holds its bytes and file name).
#include <cstdio>
#include <cstdlib>

#include "nnue/network.hpp"

namespace sente::nnue {

namespace embedded_data {
extern const char name[];
extern const std::size_t size;
extern const unsigned char bytes[];
}  // namespace embedded_data

const Network& embedded() {
    // Checked once, on first use; the build embeds only a net its own loader accepts (a test says
    // so), so a failure here is a broken build, not bad input.
    static const std::unique_ptr<Network> net = [] {
        LoadResult r = load(std::span(embedded_data::bytes, embedded_data::size));
        if (!r.net) {
            std::fprintf(stderr, "the embedded net cannot be read: %s\n", r.error.c_str());
            std::abort();
        }
        return std::move(r.net);
    }();
    return *net;
}

const std::string& embedded_name() {
    static const std::string name = embedded_data::name;
    return name;
}

}  // namespace sente::nnue
