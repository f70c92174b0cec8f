// Reads perft suites in the `FEN ;D1 n ;D2 n ...` format, and mirrors FENs.
#pragma once

#include <algorithm>
#include <cctype>
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

// The walks over the large perft suites (every move of every position a few plies deep) take one
// root in SuiteThinning under a sanitizer, which runs them dozens of times slower: that pass looks
// for memory errors and undefined behaviour, which an eighth of the roots (16 of the standard
// suite's 128, 15 of the 960 Chess960 starts) exercise as well as all, and the Release pass walks
// them all. The small suites of tricky positions are always walked whole.
#ifdef SENTE_SANITIZED
constexpr std::size_t SuiteThinning = 8;
#else
constexpr std::size_t SuiteThinning = 1;
#endif
// The step between the roots such a walk visits in a suite of `positions`.
constexpr std::size_t thinned_stride(std::size_t positions) { return positions > 100 ? SuiteThinning : 1; }

inline std::string perft_path(const std::string& file) {
    // Appended step by step: GCC 12 warns falsely (-Warray-bounds) on the inlined operator+ chain.
    std::string path = SENTE_PERFT_DIR;
    path += '/';
    path += file;
    return path;
}

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

// The same position with colours swapped and the board turned upside down.
inline std::string mirrored_fen(const std::string& fen) {
    std::stringstream in(fen);
    std::string board, side, castling, ep, rest;
    in >> board >> side >> castling >> ep;
    std::getline(in, rest);
    std::vector<std::string> ranks;
    std::stringstream b(board);
    for (std::string r; std::getline(b, r, '/');) ranks.push_back(r);
    std::reverse(ranks.begin(), ranks.end());
    std::string out;
    for (std::size_t i = 0; i < ranks.size(); ++i) out += (i ? "/" : "") + ranks[i];
    auto swap_case = [](std::string s) {
        for (char& c : s)
            c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
        return s;
    };
    out = swap_case(out) + (side == "w" ? " b " : " w ");
    out += castling == "-" ? "-" : swap_case(castling);
    out += ' ' + (ep == "-" ? ep : std::string{ep[0], char('1' + '8' - ep[1])});
    return out + rest;
}

}  // namespace sente::test
