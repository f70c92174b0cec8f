// Perft counts against the published suites in perft/ (see perft/README.md for their sources).
#include <catch2/catch.hpp>

#include "core/perft.hpp"
#include "epd.hpp"

using namespace sente;
using sente::test::read_perft_suite;

namespace {

// Depths whose expected count is above this are left to perft/run-suite.sh, to keep the test run
// short; every depth at or below it is checked.
constexpr std::uint64_t MaxTestedNodes = 5'000'000;

// Runs every case of a suite and returns how many positions were checked.
int check_suite(const std::string& file, bool chess960) {
    int positions = 0;
    for (const auto& c : read_perft_suite(file)) {
        Position pos;
        auto error = pos.set_fen(c.fen, chess960);
        INFO(file << ':' << c.line << ' ' << c.fen);
        REQUIRE_FALSE(error);
        REQUIRE_FALSE(c.depths.empty());
        for (auto [depth, expected] : c.depths) {
            if (expected > MaxTestedNodes) continue;
            INFO("depth " << depth);
            CHECK(perft(pos, depth) == expected);
        }
        ++positions;
    }
    return positions;
}

}  // namespace

TEST_CASE("perft: standard suite", "[perft]") { CHECK(check_suite("standard.epd", false) == 128); }

TEST_CASE("perft: tricky positions", "[perft]") { CHECK(check_suite("tricky.epd", false) == 13); }

TEST_CASE("perft: Chess960 suite", "[perft]") { CHECK(check_suite("chess960.epd", true) == 960); }

TEST_CASE("perft: tricky Chess960 positions", "[perft]") { CHECK(check_suite("tricky960.epd", true) == 6); }

TEST_CASE("perft: threads and hash table give the same counts", "[perft]") {
    auto cases = read_perft_suite("standard.epd");
    REQUIRE(cases.size() == 128);
    int checked = 0;
    // Every 8th position, every 32nd under a sanitizer (ThreadSanitizer runs this test).
    for (std::size_t i = 0; i < cases.size(); i += 8 * test::SuiteThinning) {
        const auto& c = cases[i];
        Position pos;
        REQUIRE_FALSE(pos.set_fen(c.fen));
        auto [depth, expected] = c.depths.back();
        for (auto [d, n] : c.depths)
            if (n <= MaxTestedNodes) std::tie(depth, expected) = std::pair(d, n);
        INFO(c.fen << " depth " << depth);
        for (int threads : {1, 2}) {
            for (std::size_t hash : {std::size_t(0), std::size_t(1), std::size_t(16)}) {
                PerftResult r = perft_divide(pos, {.depth = depth, .threads = threads, .hash_mb = hash});
                CHECK(r.nodes == expected);
                std::uint64_t sum = 0;
                for (auto& [move, count] : r.divide) sum += count;
                CHECK(sum == expected);
            }
        }
        ++checked;
    }
    CHECK(checked == int(16 / test::SuiteThinning));
}

TEST_CASE("perft: depth 0 counts the root", "[perft]") {
    Position pos;
    CHECK(perft(pos, 0) == 1);
    CHECK(perft_divide(pos, {.depth = 0}).nodes == 1);
}
