#include "util/command_line.hpp"

// cxxopts without std::regex: its own checks of option names and numbers, and this file compiles in
// half the time (a quarter of a sanitizer build's time once went to regex).
#define CXXOPTS_NO_REGEX
#include <cxxopts.hpp>

namespace sente::util {

struct CommandLine::Parser {
    cxxopts::Options options;
    std::optional<cxxopts::ParseResult> result;
};

CommandLine::CommandLine(std::string program, std::string description, std::string positional)
    : parser_(std::make_unique<Parser>(
        Parser{cxxopts::Options(std::move(program), std::move(description)), std::nullopt})) {
    parser_->options.positional_help(std::move(positional));
}

CommandLine::~CommandLine() = default;

CommandLine& CommandLine::flag(const std::string& name, const std::string& help) {
    parser_->options.add_options()(name, help);
    return *this;
}

template <OptionType T>
CommandLine& CommandLine::option(const std::string& name, const std::string& help) {
    parser_->options.add_options()(name, help, cxxopts::value<T>());
    return *this;
}

template <OptionType T>
CommandLine& CommandLine::option(const std::string& name, const std::string& help,
                                 const std::string& fallback) {
    parser_->options.add_options()(name, help, cxxopts::value<T>()->default_value(fallback));
    return *this;
}

bool CommandLine::parse(Words words, Reply& reply) {
    cxxopts::Options& options = parser_->options;
    options.add_options()("h,help", "Print this help");
    options.add_options("positional")("positional", "", cxxopts::value<std::vector<std::string>>());
    options.parse_positional({"positional"});
    std::vector<const char*> argv{options.program().c_str()};
    for (const std::string& word : words) argv.push_back(word.c_str());
    try {
        cxxopts::ParseResult parsed = options.parse(int(argv.size()), argv.data());
        if (parsed.count("help")) {
            reply.lines(options.help({""}));
            status_ = Done;
            return false;
        }
        if (parsed.count("positional")) positional_ = parsed["positional"].as<std::vector<std::string>>();
        parser_->result = std::move(parsed);
        return true;
    } catch (const cxxopts::exceptions::exception& e) {
        status_ = reply.refuse(e.what());
        return false;
    }
}

std::size_t CommandLine::count(const std::string& name) const { return parser_->result->count(name); }

template <OptionType T>
T CommandLine::get(const std::string& name) const {
    return (*parser_->result)[name].as<T>();
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
