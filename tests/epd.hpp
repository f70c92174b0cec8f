// Reads perft suites in the `FEN ;D1 n ;D2 n ...` format.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace sente::test {

struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, expected count)
    int line = 0;
};

inline std::string perft_path(const std::string& file) { return std::string(SENTE_PERFT_DIR) + "/" + file; }

// Returns the cases of one suite file; an unreadable file gives an empty list, which the tests
// catch by checking how many cases they ran.
inline std::vector<PerftCase> read_perft_suite(const std::string& file) {
    std::vector<PerftCase> cases;
    std::ifstream in(perft_path(file));
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        PerftCase c;
        c.line = number;
        std::stringstream fields(line);
        std::string field;
        std::getline(fields, c.fen, ';');
        while (c.fen.size() && c.fen.back() == ' ') c.fen.pop_back();
        while (std::getline(fields, field, ';')) {
            std::stringstream f(field);
            std::string depth_tag;
            std::uint64_t count = 0;
            if (f >> depth_tag >> count && depth_tag.size() > 1 && depth_tag[0] == 'D')
                c.depths.emplace_back(std::stoi(depth_tag.substr(1)), count);
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

}  // namespace sente::test
