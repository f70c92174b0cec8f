// EPD, the one reader of position files: test suites (bm, am, id), opening books and lists of
// positions. A line is a position's first four FEN fields, optionally its two move counters (as a
// plain FEN file has them), then operations `opcode operand ...;`, a quoted operand being one.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sente::util {

struct EpdOperation {
    std::string opcode;
    std::vector<std::string> operands;  // a quoted operand without its quotes
};

struct Epd {
    std::string position;  // the four FEN fields: board, side to move, castling, en passant
    std::string counters;  // the halfmove clock and move number when the line gives them, else empty
    std::vector<EpdOperation> operations;
    int line = 0;  // in its file, from 1

    // The position with its counters, as far as the line gives them.
    std::string fen() const { return counters.empty() ? position : position + ' ' + counters; }
    // The operands of the first operation with this opcode, or nothing.
    const std::vector<std::string>* operands(std::string_view opcode) const;
};

// One line; nothing for a blank line or a comment (#). The position is not checked: the caller's
// Position::set_fen says what is wrong with it.
std::optional<Epd> parse_epd(std::string_view line, int number = 0);

// Hands every position of a file to `position`, in order, reading one line at a time (a byte-order
// mark before the first is skipped). Returns why the file cannot be read (no such file, a folder, no
// permission, a read error), or nothing when it was read to its end.
std::optional<std::string> for_each_epd(const std::string& path,
                                        const std::function<void(const Epd&)>& position);

// Every position of a file, in order; nothing when the file cannot be read.
std::optional<std::vector<Epd>> read_epd(const std::string& path);

}  // namespace sente::util
