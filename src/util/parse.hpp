// Numbers from text, read one way everywhere (the command line, UCI, FEN fields): the whole text is
// the number, an optional '-' and decimal digits, nothing else.
#pragma once

#include <charconv>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace sente::util {

// The number, or nothing when the text is not one or it does not fit T.
template <std::integral T>
std::optional<T> parse(std::string_view text) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// The number if it lies in [lo, hi], else nothing.
template <std::integral T>
std::optional<T> parse(std::string_view text, T lo, T hi) {
    const std::optional<T> value = parse<T>(text);
    if (!value || *value < lo || *value > hi) return std::nullopt;
    return value;
}

// A signed number where one beyond 64 bits is clamped rather than refused: a GUI's 20-digit
// clock or a huge option value means "as much as there is".
inline std::optional<std::int64_t> parse_clamped(std::string_view text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || end != text.data() + text.size()) return std::nullopt;
    if (error == std::errc::result_out_of_range)
        return text[0] == '-' ? std::numeric_limits<std::int64_t>::min()
                              : std::numeric_limits<std::int64_t>::max();
    if (error != std::errc()) return std::nullopt;
    return value;
}

// Text from outside (a file, a GUI) for a message line: control characters shown as '?', and cut
// after `most` characters ("..." marks the cut), so that the line stays one readable line.
inline std::string printable(std::string_view text, std::size_t most) {
    std::string out;
    for (char c : text.substr(0, most)) out += ((unsigned char)c < 32 || c == 127) ? '?' : c;
    if (text.size() > most) out += "...";
    return out;
}

// Text that could not be read, quoted in the refusal that names it: printable, at most 64
// characters, in single quotes.
inline std::string quoted(std::string_view text) {
    std::string out(1, '\'');
    out += printable(text, 64);
    out += '\'';
    return out;
}

}  // namespace sente::util
