// CityHash (Geoff Pike and Jyrki Alakuijala, Google, 2011) as the Syzygy tables' generator ships it
// (the 1.0 series, before 1.1 changed the hashes of short input): its 128-bit hash and the 256-bit
// form built on CRC32-C, the two functions a table's embedded checksum is made with (the generator
// hashes the file in 16 MiB chunks with the second and the chunks' results with the first:
// search/syzygy_check.cpp). Written for that check alone; the results are those of the generator's
// functions on a little-endian machine, whatever this one's byte order.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace sente::util {

struct Hash128 {
    std::uint64_t low = 0, high = 0;
    bool operator==(const Hash128&) const = default;
};

// CityHash128.
Hash128 city_hash128(std::span<const std::uint8_t> bytes);
// CityHashCrc256.
std::array<std::uint64_t, 4> city_hash_crc256(std::span<const std::uint8_t> bytes);
// CityHashCrc128: CityHash128 up to 900 bytes, the upper half of CityHashCrc256 beyond.
Hash128 city_hash_crc128(std::span<const std::uint8_t> bytes);

// One step of CRC32-C, eight bytes (v, little-endian) onto crc without the usual inversions, in
// plain C++: what the hashes use where the build has no CRC instruction (the test holds it to the
// published check values).
std::uint32_t crc32c_plain(std::uint32_t crc, std::uint64_t v);

}  // namespace sente::util
