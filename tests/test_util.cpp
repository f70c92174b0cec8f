// The small helpers every room may use: byte order and checksums, numbers from text, EPD lines, a
// command's words.
#include <catch2/catch.hpp>

#include <array>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "util/bytes.hpp"
#include "util/city_hash.hpp"
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
        // A negative number alone is named whole (cxxopts reads "-12" as the options 1 and 2).
        {{"-12"}, "'-12' is no option, and no number here may be negative"},
        {{"x.epd", "--depth", "3", "-1"}, "'-1' is no option"},
    };
    for (const auto& [words, named] : cases) {
        Example bad(words);
        INFO(words[0] << ' ' << (words.size() > 1 ? words[1] : ""));
        CHECK_FALSE(bad.parsed);
        CHECK(bad.cli.status() == util::BadUsage);
        REQUIRE(bad.reply.refusals.size() == 1);
        CHECK(bad.reply.refusals[0].find(named) != std::string::npos);
        // Plain quotes only, whatever cxxopts uses on this system.
        CHECK(bad.reply.refusals[0].find('\xE2') == std::string::npos);
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

TEST_CASE("CityHash: the 128-bit and CRC-based 256-bit hashes are the Syzygy generator's", "[util]") {
    // Bytes i * 7 + 3; the values computed by the tables' generator's own code (syzygy1/tb,
    // src/city-c.c): each branch of the short-input hashes (0, 1 to 3, 4 to 8, 9 to 16, 17 to 127
    // bytes past the seed), the long forms, and the 240-byte boundary of the 256-bit one.
    struct Vector {
        std::size_t len;
        util::Hash128 h128;
        std::array<std::uint64_t, 4> crc256;
    };
    const Vector vectors[] = {
        {0,
         {0x3df09dfc64c09a2bULL, 0x3cb540c392e51e29ULL},
         {0x889f555a0f5b2dc0ULL, 0x7767800902c8a8ceULL, 0xbcd2a808f4cb4a44ULL, 0xe9024dba8f94f2f3ULL}},
        {5,
         {0x769b42b3bb8e4249ULL, 0xcd00ae16776dd6f3ULL},
         {0x1c8be4d28eb83af2ULL, 0x2499174acf615694ULL, 0xf1ea8d85a22213a2ULL, 0xffc5589afaf955c8ULL}},
        {12,
         {0x3924a15134c4740eULL, 0xf1894ae12eacd212ULL},
         {0x67d127d48f72a5baULL, 0xddcb85f11c4307a4ULL, 0x0c39b2bcda37cffbULL, 0xe8d04efe82102245ULL}},
        {40,
         {0x0b842212c6c85c49ULL, 0x66d01b069b212437ULL},
         {0x03398178f05803eeULL, 0xa0f13f50e7232962ULL, 0x82c7822c24507b85ULL, 0x64b8ad2e8ba49873ULL}},
        {127,
         {0x1f1c2a3c62829942ULL, 0x5d5820604b01deeaULL},
         {0xb3438d962ce2d96cULL, 0x02a481b63fd890aaULL, 0x3af6e830382ff77bULL, 0xefbb6aec522a77f2ULL}},
        {17,
         {0x0cd5bb13faea6e4cULL, 0x32bf719178f6bbfeULL},
         {0x77dd553f4f92ecbaULL, 0xdf2532ebcbb91816ULL, 0xf99fc4f6aa6b8c6aULL, 0x1c88752178a47aa4ULL}},
        {24,
         {0x11cc4c88526863b8ULL, 0x3292188780f057f0ULL},
         {0xea427d0bb5c313c1ULL, 0x4d23858aa1d358a7ULL, 0xbadb142955dbfc2eULL, 0xe4cad9da385977e1ULL}},
        {32,
         {0x67cfab8404eec7e9ULL, 0x80cd3c27f5bd61eeULL},
         {0xbcea4ff94fdfc671ULL, 0x39ac070cd1139410ULL, 0x39b52d652c86331eULL, 0x236582644b91c989ULL}},
        {128,
         {0x11d00b10d6694d31ULL, 0x108fb9e5b83fdff4ULL},
         {0xb88c04066141762cULL, 0x509319071863c305ULL, 0xae7ff2151090ddcaULL, 0x1dfbbca92a4040acULL}},
        {239,
         {0xd1877b1df06313abULL, 0x9de87247d7092477ULL},
         {0x8cc642887ef5383eULL, 0xafe72b54f5c13436ULL, 0x4e0c6051c0f7e105ULL, 0xa6afc60e8fa29c6aULL}},
        {240,
         {0xd543b3cf0059d11bULL, 0x624a742c4463cafbULL},
         {0x7606d7ec5d18c0dbULL, 0x1bdaa15b4dc6af8aULL, 0x0879d23b65cf6794ULL, 0x756ff5ce864c5fa0ULL}},
        {241,
         {0xc5a1fe23685437e2ULL, 0xda28e6806eb85708ULL},
         {0xb5430ceb8d693b07ULL, 0xd41c7b486a8cdc07ULL, 0x8a0d336cde05cceeULL, 0xe8134cc810fa5ff7ULL}},
        {300,
         {0x32ee6fc189a91e72ULL, 0xb2b8b3d23622b2e5ULL},
         {0xf2b87d336bb50063ULL, 0xa3227974b12d9415ULL, 0x6dee8bd8e690a9d9ULL, 0x847697a077a9622dULL}},
        {1000,
         {0xf8ee957778b42ff7ULL, 0xa6ec708260708929ULL},
         {0x8e82e1b3e6a4ec08ULL, 0x808f3ad5ad8c9a5aULL, 0x08b270b3ae353e07ULL, 0x070ce72a911d533cULL}},
        {2000,
         {0xd051bea79e7d2c0bULL, 0x4577a6f11e083ab3ULL},
         {0x53f7e0dc5de1d887ULL, 0x7aa6a4bb2fc6a6c4ULL, 0x908ee8eceea4ac6fULL, 0x7d587e4ea4e7d56dULL}},
    };
    std::vector<std::uint8_t> bytes(2000);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(i * 7 + 3);
    for (const Vector& v : vectors) {
        INFO(v.len << " bytes");
        const std::span<const std::uint8_t> input(bytes.data(), v.len);
        CHECK(util::city_hash128(input) == v.h128);
        CHECK(util::city_hash_crc256(input) == v.crc256);
        // The 128-bit CRC form: CityHash128 up to 900 bytes, the upper half of the 256-bit one beyond.
        const util::Hash128 crc128 = util::city_hash_crc128(input);
        if (v.len <= 900)
            CHECK(crc128 == v.h128);
        else
            CHECK(crc128 == util::Hash128{v.crc256[2], v.crc256[3]});
    }
}

TEST_CASE("CityHash: the plain C++ CRC32-C gives the published check values", "[util]") {
    // RFC 3720 (iSCSI), appendix B.4: 32 bytes of zeros, of ones, rising and falling from 0 to 31,
    // with the usual inversions before and after. The plain CRC is what builds without a CRC
    // instruction hash the tables with (the armv8 and x86-64 release binaries).
    auto crc_of = [](auto byte) {
        std::uint32_t crc = 0xFFFFFFFFu;
        for (int word = 0; word < 4; ++word) {
            std::uint64_t v = 0;
            for (int i = 0; i < 8; ++i) v |= std::uint64_t(byte(word * 8 + i)) << (8 * i);
            crc = util::crc32c_plain(crc, v);
        }
        return crc ^ 0xFFFFFFFFu;
    };
    CHECK(crc_of([](int) { return 0x00; }) == 0x8A9136AAu);
    CHECK(crc_of([](int) { return 0xFF; }) == 0x62A8AB43u);
    CHECK(crc_of([](int i) { return i; }) == 0x46DD794Eu);
    CHECK(crc_of([](int i) { return 31 - i; }) == 0x113FDB5Cu);
}
