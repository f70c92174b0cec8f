#include "core/tunable.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace sente {

std::vector<Tunable>& tunables() {
    static std::vector<Tunable> all;
    return all;
}

static std::vector<void (*)()>& listeners() {
    static std::vector<void (*)()> all;
    return all;
}

void register_tunable(std::string name, int* value, int min, int max) {
    tunables().push_back({std::move(name), value, *value, min, max});
}

void on_tunable_change(void (*rebuild)()) { listeners().push_back(rebuild); }

static bool same_name(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x))
                      == std::tolower(static_cast<unsigned char>(y));
           });
}

bool set_tunable(const std::string& name, int value) {
    for (Tunable& t : tunables()) {
        if (!same_name(t.name, name)) continue;
        *t.value = std::clamp(value, t.min, t.max);
        for (auto rebuild : listeners()) rebuild();
        return true;
    }
    return false;
}

std::string spsa_lines() {
    std::ostringstream out;
    for (const Tunable& t : tunables()) {
        // OpenBench's advice: a final perturbation of about a twentieth of the range, learning
        // rate 0.002.
        const double c_end = std::max(0.5, (t.max - t.min) / 20.0);
        out << t.name << ", int, " << *t.value << ", " << t.min << ", " << t.max << ", " << c_end
            << ", 0.002\n";
    }
    return out.str();
}

}  // namespace sente
