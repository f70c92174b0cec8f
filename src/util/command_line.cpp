#include "util/command_line.hpp"

#include <cstring>
#include <limits>
#include <stdexcept>

// cxxopts without std::regex: its own checks of option names and numbers, and this file compiles in
// half the time (a quarter of a sanitizer build's time once went to regex).
#ifndef CXXOPTS_NO_REGEX
#define CXXOPTS_NO_REGEX
#endif
#include <cxxopts.hpp>

namespace sente::util {

namespace {

// The command's own name in a program name written "sente COMMAND".
std::string_view command_name(std::string_view program) {
    return program.substr(program.starts_with("sente ") ? 6 : 0);
}

// cxxopts quotes names with typographic quotes on some systems: a GUI's console, or a log, may not
// show them.
std::string plain_quotes(std::string text) {
    for (const char* quote : {"\u2018", "\u2019"})
        for (std::size_t at; (at = text.find(quote)) != std::string::npos;)
            text.replace(at, std::strlen(quote), "'");
    return text;
}

template <typename T>
constexpr bool WholeNumber = std::integral<T> && !std::same_as<T, bool>;

// What cxxopts holds an option's value as. Whole numbers are held as text and read by parse<T>, as
// every number of the engine is: cxxopts' own reading lets some overflows through (9999999999
// became the int 1410065407).
template <typename T>
struct Held {
    using type = T;
};
template <typename T>
requires WholeNumber<T>
struct Held<T> {
    using type = std::string;
};
template <>
struct Held<std::vector<int>> {
    using type = std::vector<std::string>;
};

// The refusal of a text that is no number of type T, or nothing. A number too long for T is called
// too large (or small) rather than given T's range, which is not the option's: the command checks
// that range, and names it, once the number is read.
template <std::integral T>
std::optional<std::string> not_a_number(const std::string& name, const std::string& text) {
    if (parse<T>(text)) return std::nullopt;
    const bool digits =
        text.find_first_not_of("0123456789", text.starts_with('-') ? 1 : 0) == std::string::npos
        && text.size() > (text.starts_with('-') ? 1u : 0u);
    if (digits) return "--" + name + " " + text + " is too " + (text.starts_with('-') ? "small" : "large");
    return "--" + name + " must be a whole number, not '" + text + "'";
}

}  // namespace

struct CommandLine::Parser {
    cxxopts::Options options;
    std::optional<cxxopts::ParseResult> result;
    // Each whole-number option and the check of its value (a list: each of its items).
    std::vector<std::pair<std::string,
                          std::optional<std::string> (*)(const cxxopts::OptionValue&, const std::string&)>>
        numbers;

    const cxxopts::ParseResult& parsed() const;

    template <typename T>
    void declare(const std::string& name, const std::string& help, const std::string* fallback) {
        auto value = cxxopts::value<typename Held<T>::type>();
        if (fallback) value->default_value(*fallback);
        options.add_options()(name, help, value);
        if constexpr (WholeNumber<T>) {
            numbers.emplace_back(name, [](const cxxopts::OptionValue& v, const std::string& n) {
                return not_a_number<T>(n, v.as<std::string>());
            });
        } else if constexpr (std::same_as<T, std::vector<int>>) {
            numbers.emplace_back(name, [](const cxxopts::OptionValue& v, const std::string& n) {
                for (const std::string& item : v.as<std::vector<std::string>>())
                    if (auto refusal = not_a_number<int>(n, item)) return refusal;
                return std::optional<std::string>();
            });
        }
    }
};

CommandLine::CommandLine(std::string program, std::string description, std::string positional)
    : parser_(std::make_unique<Parser>(
        Parser{cxxopts::Options(std::move(program), std::move(description)), std::nullopt, {}})) {
    parser_->options.positional_help(std::move(positional));
}

CommandLine::~CommandLine() = default;

CommandLine& CommandLine::flag(const std::string& name, const std::string& help) {
    parser_->options.add_options()(name, help, cxxopts::value<bool>()->default_value("false"));
    return *this;
}

template <OptionType T>
CommandLine& CommandLine::option(const std::string& name, const std::string& help) {
    parser_->declare<T>(name, help, nullptr);
    return *this;
}

template <OptionType T>
CommandLine& CommandLine::option(const std::string& name, const std::string& help,
                                 const std::string& fallback) {
    parser_->declare<T>(name, help, &fallback);
    return *this;
}

bool CommandLine::parse(Words words, Reply& reply) {
    if (parser_->result) throw std::logic_error("CommandLine::parse called twice");
    cxxopts::Options& options = parser_->options;
    options.add_options()("h,help", "Print this help");
    options.add_options("positional")("positional", "", cxxopts::value<std::vector<std::string>>());
    options.parse_positional({"positional"});
    std::vector<const char*> argv{options.program().c_str()};
    for (const std::string& word : words) argv.push_back(word.c_str());
    try {
        cxxopts::ParseResult parsed = options.parse(int(argv.size()), argv.data());
        if (parsed.count("help")) {
            // The usage line names the command as the user calls it (the help of "sente train"
            // from the program sente-train reads "sente-train [OPTION...]").
            std::string help = options.help({""});
            const std::string written = "  " + options.program() + ' ';
            if (const std::size_t at = help.find(written); at != std::string::npos)
                help.replace(at + 2, written.size() - 3, reply.invocation(command_name(options.program())));
            reply.lines(help);
            status_ = Done;
            return false;
        }
        for (const auto& [name, check] : parser_->numbers) {
            const cxxopts::OptionValue& value = parsed[name];
            if (!value.count() && !value.has_default()) continue;
            if (auto refusal = check(value, name)) {
                status_ = reply.refuse(*refusal);
                return false;
            }
        }
        if (parsed.count("positional")) positional_ = parsed["positional"].as<std::vector<std::string>>();
        parser_->result = std::move(parsed);
        return true;
    } catch (const cxxopts::exceptions::no_such_option& e) {
        // A negative number on its own ("perft -1") reads as short options: say what it is.
        for (std::size_t i = 0; i < words.size(); ++i) {
            const std::string& w = words[i];
            const bool value_of_option =
                i > 0 && words[i - 1].starts_with("--") && words[i - 1].find('=') == std::string::npos;
            if (w.size() > 1 && w[0] == '-' && w.find_first_not_of("0123456789", 1) == std::string::npos
                && !value_of_option) {
                status_ = reply.refuse("'" + w + "' is no option, and no number here may be negative");
                return false;
            }
        }
        status_ = reply.refuse(plain_quotes(e.what()));
        return false;
    } catch (const cxxopts::exceptions::exception& e) {
        status_ = reply.refuse(plain_quotes(e.what()));
        return false;
    }
}

const cxxopts::ParseResult& CommandLine::Parser::parsed() const {
    if (!result) throw std::logic_error("CommandLine read before a successful parse");
    return *result;
}

std::size_t CommandLine::count(const std::string& name) const { return parser_->parsed().count(name); }

template <OptionType T>
T CommandLine::get(const std::string& name) const {
    const cxxopts::OptionValue& value = parser_->parsed()[name];
    if constexpr (WholeNumber<T>) {
        return *util::parse<T>(value.as<std::string>());
    } else if constexpr (std::same_as<T, std::vector<int>>) {
        std::vector<int> numbers;
        for (const std::string& item : value.as<std::vector<std::string>>())
            numbers.push_back(*util::parse<int>(item));
        return numbers;
    } else {
        return value.as<T>();
    }
}

#define SENTE_OPTION_TYPE(T)                                                              \
    template CommandLine& CommandLine::option<T>(const std::string&, const std::string&); \
    template CommandLine& CommandLine::option<T>(const std::string&, const std::string&,  \
                                                 const std::string&);                     \
    template T CommandLine::get<T>(const std::string&) const;
SENTE_OPTION_TYPE(bool)
SENTE_OPTION_TYPE(int)
SENTE_OPTION_TYPE(long long)
SENTE_OPTION_TYPE(std::uint64_t)
SENTE_OPTION_TYPE(double)
SENTE_OPTION_TYPE(std::string)
SENTE_OPTION_TYPE(std::vector<int>)
SENTE_OPTION_TYPE(std::vector<std::string>)
#undef SENTE_OPTION_TYPE

}  // namespace sente::util
