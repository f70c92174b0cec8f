#include "util/epd.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "util/files.hpp"

namespace sente::util {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool is_number(std::string_view word) {
    return !word.empty()
           && std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The next word at `at` (a quoted string is one word, its quotes dropped, and may hold spaces and
// semicolons); stops before a ';' that ends an operation.
std::string next_word(std::string_view text, std::size_t& at) {
    std::string word;
    if (at < text.size() && text[at] == '"') {
        const std::size_t close = text.find('"', at + 1);
        const std::size_t end = close == std::string_view::npos ? text.size() : close;
        word = text.substr(at + 1, end - at - 1);
        at = std::min(text.size(), end + 1);
        return word;
    }
    while (at < text.size() && !is_space(text[at]) && text[at] != ';') word += text[at++];
    return word;
}

void skip_spaces(std::string_view text, std::size_t& at) {
    while (at < text.size() && is_space(text[at])) ++at;
}

}  // namespace

const std::vector<std::string>* Epd::operands(std::string_view opcode) const {
    for (const EpdOperation& op : operations)
        if (op.opcode == opcode) return &op.operands;
    return nullptr;
}

std::optional<Epd> parse_epd(std::string_view line, int number) {
    std::size_t at = 0;
    skip_spaces(line, at);
    if (at == line.size() || line[at] == '#') return std::nullopt;
    Epd epd;
    epd.line = number;
    for (int field = 0; field < 4 && at < line.size(); ++field) {
        const std::size_t start = at;
        while (at < line.size() && !is_space(line[at])) ++at;
        if (field) epd.position += ' ';
        epd.position += line.substr(start, at - start);
        skip_spaces(line, at);
    }
    // The move counters, when both follow.
    std::size_t after = at;
    const std::string halfmove = next_word(line, after);
    skip_spaces(line, after);
    const std::string fullmove = next_word(line, after);
    if (is_number(halfmove) && is_number(fullmove)) {
        epd.counters = halfmove + ' ' + fullmove;
        at = after;
    }
    // Operations: `opcode operand ...;`, the last one's semicolon optional.
    while (true) {
        skip_spaces(line, at);
        if (at >= line.size()) break;
        if (line[at] == ';') {
            ++at;
            continue;
        }
        EpdOperation op;
        op.opcode = next_word(line, at);
        for (skip_spaces(line, at); at < line.size() && line[at] != ';'; skip_spaces(line, at))
            op.operands.push_back(next_word(line, at));
        epd.operations.push_back(std::move(op));
    }
    return epd;
}

std::optional<std::string> for_each_epd(const std::string& path,
                                        const std::function<void(const Epd&)>& position) {
    std::error_code error;
    const std::filesystem::path native = native_path(path);
    if (std::filesystem::is_directory(native, error)) return "it is a folder, not a file";
    std::ifstream in(native);
    if (!in) {
        const int why = errno;  // before the check below can change it
        if (!std::filesystem::exists(native, error)) return std::string("no such file");
        return std::string(std::strerror(why));
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::string_view text = line;
        if (number == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
        if (std::optional<Epd> epd = parse_epd(text, number)) position(*epd);
    }
    if (in.bad()) return std::string("a read error");
    return std::nullopt;
}

std::optional<std::vector<Epd>> read_epd(const std::string& path) {
    std::vector<Epd> positions;
    if (for_each_epd(path, [&](const Epd& epd) { positions.push_back(epd); })) return std::nullopt;
    return positions;
}

}  // namespace sente::util
