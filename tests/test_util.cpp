// The small helpers every room may use: byte order and checksums, numbers from text.
#include <catch2/catch.hpp>

#include <string_view>

#include "nnue/network.hpp"
#include "util/bytes.hpp"
#include "util/parse.hpp"

using namespace sente;

namespace {

std::span<const std::uint8_t> bytes_of(std::string_view text) {
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace

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
    // The net file's own copy computes the same checksum.
    CHECK(nnue::fnv1a64(bytes_of("foobar")) == util::fnv1a64(bytes_of("foobar")));
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
