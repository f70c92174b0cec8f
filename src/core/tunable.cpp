#include "core/tunable.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string_view>

namespace sente {

std::vector<Tunable>& tunables() {
    static std::vector<Tunable> all;
    return all;
}

static std::vector<void (*)()>& listeners() {
    static std::vector<void (*)()> all;
    return all;
}

// The directory a file lies in: "search" for ".../src/search/params.hpp".
static std::string room_of(std::string_view file) {
    const std::size_t end = file.find_last_of("/\\");
    if (end == std::string_view::npos || end == 0) return "";
    const std::size_t slash = file.find_last_of("/\\", end - 1);
    const std::size_t start = slash == std::string_view::npos ? 0 : slash + 1;
    return std::string(file.substr(start, end - start));
}

void register_tunable(std::string name, int* value, int min, int max, const char* file) {
    tunables().push_back({std::move(name), room_of(file), value, *value, min, max});
}

static std::vector<std::pair<std::string, std::string>>& tunable_sets() {
    static std::vector<std::pair<std::string, std::string>> all;
    return all;
}

void register_tunable_set(std::string name, std::string terms) {
    tunable_sets().emplace_back(std::move(name), std::move(terms));
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

// Every term of the words: split at commas and blanks, empty ones dropped.
static std::vector<std::string> split_terms(const std::vector<std::string>& words) {
    std::vector<std::string> terms;
    for (const std::string& word : words) {
        std::string term;
        for (char c : word + ',') {
            if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
                if (!term.empty()) terms.push_back(std::move(term));
                term.clear();
            } else {
                term += c;
            }
        }
    }
    return terms;
}

static bool has_prefix(const std::string& name, const std::string& prefix) {
    return name.size() >= prefix.size() && same_name(name.substr(0, prefix.size()), prefix);
}

// Marks the tunables one term selects: a room, a name, or a prefix ending in '*'. False if none.
static bool mark(const std::string& term, std::vector<bool>& chosen) {
    const std::vector<Tunable>& all = tunables();
    const bool prefix = term.size() > 1 && term.back() == '*';
    bool any = false;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const bool match = prefix ? has_prefix(all[i].name, term.substr(0, term.size() - 1))
                                  : same_name(all[i].name, term) || same_name(all[i].room, term);
        if (match) chosen[i] = any = true;
    }
    return any;
}

// "eval, nnue, search": the rooms, or the sets, for an error message.
static std::string known_words(bool rooms) {
    std::vector<std::string> words;
    if (rooms)
        for (const Tunable& t : tunables()) words.push_back(t.room);
    else
        for (const auto& set : tunable_sets()) words.push_back(set.first);
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    std::string list;
    for (const std::string& w : words) list += (list.empty() ? "" : ", ") + w;
    return list.empty() ? "none" : list;
}

TunableSelection select_tunables(const std::vector<std::string>& words) {
    const std::vector<Tunable>& all = tunables();
    const std::vector<std::string> terms = split_terms(words);
    std::vector<bool> chosen(all.size(), terms.empty());
    TunableSelection selection;
    for (const std::string& term : terms) {
        bool any = false;
        // A set selects its terms, each of which must select something: a renamed tunable
        // cannot silently drop out of one.
        for (const auto& [name, set_terms] : tunable_sets()) {
            if (!same_name(name, term)) continue;
            for (const std::string& t : split_terms({set_terms})) {
                if (!mark(t, chosen)) {
                    selection.error = "the set " + name + " names '" + t + "', which selects nothing";
                    return selection;
                }
            }
            any = true;
        }
        if (mark(term, chosen) || any) continue;
        selection.error = "nothing is called '" + term + "': a term is a room (" + known_words(true)
                          + "), a set (" + known_words(false)
                          + "), a tunable's name, or a prefix such as Lmr*";
        return selection;
    }
    for (std::size_t i = 0; i < all.size(); ++i)
        if (chosen[i]) selection.tunables.push_back(&all[i]);
    return selection;
}

std::string spsa_lines() {
    std::vector<const Tunable*> all;
    for (const Tunable& t : tunables()) all.push_back(&t);
    return spsa_lines(all);
}

SpsaInput spsa_input(const std::vector<std::string>& terms) {
    const TunableSelection selection = select_tunables(terms);
    if (!selection.error.empty()) return {"", "spsa: " + selection.error};
    return {spsa_lines(selection.tunables), ""};
}

std::string spsa_lines(const std::vector<const Tunable*>& selected) {
    std::ostringstream out;
    for (const Tunable* p : selected) {
        const Tunable& t = *p;
        // OpenBench's advice: a final perturbation of about a twentieth of the range, learning
        // rate 0.002.
        const double c_end = std::max(0.5, (t.max - t.min) / 20.0);
        out << t.name << ", int, " << *t.value << ", " << t.min << ", " << t.max << ", " << c_end
            << ", 0.002\n";
    }
    return out.str();
}

}  // namespace sente
