// Reading fields out of UCI output lines, for the tests and the self-play referee.
#pragma once

#include <sstream>
#include <string>

namespace sente::test {

// The word after `key` in a line ("" when the key is absent): word_after(line, "bestmove").
inline std::string word_after(const std::string& line, const std::string& key) {
    std::istringstream in(line);
    for (std::string w; in >> w;)
        if (w == key) {
            std::string v;
            in >> v;
            return v;
        }
    return "";
}

inline bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// An info line without the fields that depend on the clock: time and nps.
inline std::string without_time(const std::string& line) {
    std::istringstream in(line);
    std::string kept;
    for (std::string w; in >> w;) {
        if (w == "time" || w == "nps") {
            in >> w;
            continue;
        }
        kept += (kept.empty() ? "" : " ") + w;
    }
    return kept;
}

}  // namespace sente::test
