// The small helpers every room may use: byte order and checksums, numbers from text, EPD lines, a
// command's words.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string_view>

#include "util/bytes.hpp"
#include "util/command_line.hpp"
#include "util/epd.hpp"
#include "util/parse.hpp"

using namespace sente;

namespace {

std::span<const std::uint8_t> bytes_of(std::string_view text) {
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

// A reply that keeps what a command said.
struct RecordedReply final : util::Reply {
    std::vector<std::string> lines_said, notes, refusals;
    void line(std::string_view text) override { lines_said.emplace_back(text); }
    void note(std::string_view text) override { notes.emplace_back(text); }
    void refusal(std::string_view why) override { refusals.emplace_back(why); }
};

// A command line of every kind of option, read from `words`.
struct Example {
    util::CommandLine cli{"sente example", "An example command.", "FILE"};
    RecordedReply reply;
    bool parsed;
    explicit Example(std::vector<std::string> words) {
        cli.option<int>("depth", "Depth", "6")
            .option<long long>("nodes", "Nodes")
            .option<std::uint64_t>("seed", "Seed", "18446744073709551615")
            .option<double>("lr", "Rate", "0.001")
            .option<bool>("mirror", "Mirror", "true")
            .option<std::string>("out", "Out", "a.bin")
            .option<std::vector<int>>("tempo", "Tempi", "0,100")
            .option<std::vector<std::string>>("data", "Files")
            .flag("divide", "Divide");
        parsed = cli.parse(words, reply);
    }
};

}  // namespace

TEST_CASE("Command line: values and defaults of each type, flags and positional words", "[util]") {
    Example defaults({});
    REQUIRE(defaults.parsed);
    CHECK(defaults.cli.get<int>("depth") == 6);
    CHECK(defaults.cli.count("nodes") == 0);
    CHECK(defaults.cli.get<std::uint64_t>("seed") == 18446744073709551615ULL);
    CHECK(defaults.cli.get<double>("lr") == 0.001);
    CHECK(defaults.cli.get<bool>("mirror"));
    CHECK(defaults.cli.get<std::string>("out") == "a.bin");
    CHECK(defaults.cli.get<std::vector<int>>("tempo") == std::vector<int>{0, 100});
    CHECK(defaults.cli.count("divide") == 0);
    CHECK(defaults.cli.positional().empty());

    Example given({"x.epd", "--depth", "9", "--nodes", "5000000000", "--mirror=false", "--tempo", "50",
                   "--data", "a", "--data", "b,c", "--divide", "y.epd", "--out=o.bin"});
    REQUIRE(given.parsed);
    CHECK(given.cli.get<int>("depth") == 9);
    CHECK(given.cli.get<long long>("nodes") == 5000000000LL);
    CHECK_FALSE(given.cli.get<bool>("mirror"));
    CHECK(given.cli.get<std::string>("out") == "o.bin");
    CHECK(given.cli.get<std::vector<int>>("tempo") == std::vector<int>{50});
    CHECK(given.cli.get<std::vector<std::string>>("data") == std::vector<std::string>{"a", "b", "c"});
    CHECK(given.cli.count("divide") == 1);
    CHECK(given.cli.positional() == std::vector<std::string>{"x.epd", "y.epd"});
    CHECK(given.reply.refusals.empty());
}

TEST_CASE("Command line: --help prints the options and their defaults", "[util]") {
    Example help({"--depth", "7", "--help"});
    CHECK_FALSE(help.parsed);
    CHECK(help.cli.status() == util::Done);
    CHECK(help.reply.refusals.empty());
    std::string text;
    for (const std::string& l : help.reply.lines_said) text += l + '\n';
    for (const char* part : {"sente example", "An example command.", "FILE", "--depth", "(default: 6)",
                             "--tempo", "(default: 0,100)", "--divide", "--help"})
        CHECK(text.find(part) != std::string::npos);
}

TEST_CASE("Command line: a bad word is refused once, named, with status 2", "[util]") {
    // Each line: the words, and what the refusal must name.
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--depth", "six"}, "six"},
        {{"--no-such-option"}, "no-such-option"},
        {{"--out"}, "out"},
        {{"--mirror=maybe"}, "maybe"},
        {{"--tempo", "1,x"}, "x"},
        {{"--seed", "-1"}, "-1"},
        // Whole numbers as the engine reads them: one that does not fit the type is refused, not
        // wrapped (9999999999 once became the int 1410065407), and hexadecimal is no number.
        {{"--depth", "9999999999"}, "9999999999"},
        {{"--depth", "4294967297"}, "4294967297"},
        {{"--nodes", "99999999999999999999"}, "99999999999999999999"},
        {{"--seed", "18446744073709551616"}, "18446744073709551616"},
        {{"--tempo", "0,4294967296"}, "4294967296"},
        {{"--depth", "0x10"}, "0x10"},
        {{"--depth", ""}, "depth"},
    };
    for (const auto& [words, named] : cases) {
        Example bad(words);
        INFO(words[0] << ' ' << (words.size() > 1 ? words[1] : ""));
        CHECK_FALSE(bad.parsed);
        CHECK(bad.cli.status() == util::BadUsage);
        REQUIRE(bad.reply.refusals.size() == 1);
        CHECK(bad.reply.refusals[0].find(named) != std::string::npos);
        CHECK(bad.reply.lines_said.empty());
    }
    // The largest values of each type still read.
    Example edge({"--depth", "-2147483648", "--nodes", "9223372036854775807", "--seed", "0"});
    REQUIRE(edge.parsed);
    CHECK(edge.cli.get<int>("depth") == -2147483648LL);
    CHECK(edge.cli.get<long long>("nodes") == 9223372036854775807LL);
    CHECK(edge.cli.get<std::uint64_t>("seed") == 0);
}

TEST_CASE("Command line: read before a parse, or parsed twice, is a programming error", "[util]") {
    util::CommandLine cli("sente example", "An example command.");
    cli.option<int>("depth", "Depth", "6");
    CHECK_THROWS_AS(cli.get<int>("depth"), std::logic_error);
    CHECK_THROWS_AS(cli.count("depth"), std::logic_error);
    RecordedReply reply;
    REQUIRE(cli.parse({}, reply));
    CHECK(cli.get<int>("depth") == 6);
    CHECK_THROWS_AS(cli.parse({}, reply), std::logic_error);
}

TEST_CASE("Bytes: little-endian whatever the host, read back as written", "[util]") {
    std::vector<std::uint8_t> out;
    util::put_le(out, std::uint16_t(0x1234));
    util::put_le(out, std::uint32_t(0x89ABCDEF));
    util::put_le(out, std::uint64_t(0x0102030405060708));
    const std::vector<std::uint8_t> expected = {0x34, 0x12, 0xEF, 0xCD, 0xAB, 0x89, 0x08,
                                                0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01};
    CHECK(out == expected);
    CHECK(util::read_le<std::uint16_t>(out.data()) == 0x1234);
    CHECK(util::read_le<std::uint32_t>(out.data() + 2) == 0x89ABCDEF);
    CHECK(util::read_le<std::uint64_t>(out.data() + 6) == 0x0102030405060708);
}

TEST_CASE("Bytes: FNV-1a in both widths gives the published values", "[util]") {
    CHECK(util::fnv1a32(bytes_of("")) == 0x811C9DC5u);
    CHECK(util::fnv1a32(bytes_of("a")) == 0xE40C292Cu);
    CHECK(util::fnv1a32(bytes_of("foobar")) == 0xBF9CF968u);
    CHECK(util::fnv1a64(bytes_of("")) == 0xCBF29CE484222325ULL);
    CHECK(util::fnv1a64(bytes_of("a")) == 0xAF63DC4C8601EC8CULL);
    CHECK(util::fnv1a64(bytes_of("foobar")) == 0x85944171F73967E8ULL);
}

TEST_CASE("Parse: the whole text is the number, in range and in its type", "[util]") {
    CHECK(util::parse<int>("42") == 42);
    CHECK(util::parse<int>("-7") == -7);
    for (const char* bad : {"", "-", "+5", " 5", "5 ", "5x", "x", "0x10", "1.5"}) {
        INFO(bad);
        CHECK_FALSE(util::parse<int>(bad));
    }
    CHECK_FALSE(util::parse<int>("99999999999999999999"));
    CHECK(util::parse<int>("20", 0, 20) == 20);
    CHECK_FALSE(util::parse<int>("21", 0, 20));
    CHECK_FALSE(util::parse<int>("-1", 0, 20));
    CHECK(util::parse<std::uint64_t>("18446744073709551615") == 18446744073709551615ULL);
    CHECK_FALSE(util::parse<std::uint64_t>("-1"));
}

TEST_CASE("Parse: beyond 64 bits a number is clamped where UCI asks for leniency", "[util]") {
    CHECK(util::parse_clamped("123") == 123);
    CHECK(util::parse_clamped("99999999999999999999") == std::numeric_limits<std::int64_t>::max());
    CHECK(util::parse_clamped("-99999999999999999999") == std::numeric_limits<std::int64_t>::min());
    CHECK_FALSE(util::parse_clamped("12a"));
    CHECK_FALSE(util::parse_clamped(""));
}

TEST_CASE("EPD: the position, its counters when given, and the operations", "[util]") {
    CHECK_FALSE(util::parse_epd(""));
    CHECK_FALSE(util::parse_epd("   "));
    CHECK_FALSE(util::parse_epd("# a comment"));

    // A test suite's line: operations after the four fields, a quoted operand with spaces and a
    // semicolon, the last semicolon optional.
    const auto suite = util::parse_epd(
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6 Qh5+; am Kh1; id \"WAC; 001\"", 7);
    REQUIRE(suite);
    CHECK(suite->line == 7);
    CHECK(suite->position == "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -");
    CHECK(suite->counters.empty());
    CHECK(suite->fen() == suite->position);
    REQUIRE(suite->operations.size() == 3);
    CHECK(*suite->operands("bm") == std::vector<std::string>{"Qg6", "Qh5+"});
    CHECK(*suite->operands("am") == std::vector<std::string>{"Kh1"});
    CHECK(*suite->operands("id") == std::vector<std::string>{"WAC; 001"});
    CHECK(suite->operands("c0") == nullptr);

    // A plain FEN: its counters are kept apart from the four fields.
    const auto fen = util::parse_epd("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    REQUIRE(fen);
    CHECK(fen->position == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    CHECK(fen->counters == "0 1");
    CHECK(fen->fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(fen->operations.empty());

    // An opening book's line: four fields and nothing else.
    const auto book = util::parse_epd("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -");
    REQUIRE(book);
    CHECK(book->counters.empty());
    CHECK(book->operations.empty());

    // What is not a position still parses: Position::set_fen is the judge.
    const auto short_line = util::parse_epd("8/8/8 w");
    REQUIRE(short_line);
    CHECK(short_line->position == "8/8/8 w");

    CHECK_FALSE(util::read_epd("/no/such/file.epd"));
    const auto wac = util::read_epd(std::string(SENTE_TEST_DATA_DIR) + "/wac.epd");
    REQUIRE(wac);
    CHECK(wac->size() == 300);
}
