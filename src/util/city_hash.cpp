#include "util/city_hash.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <utility>

#include "util/bytes.hpp"

#if defined(__SSE4_2__) && defined(__x86_64__)
#include <nmmintrin.h>
#elif defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>
#endif

namespace sente::util {

namespace {

using u64 = std::uint64_t;

// The algorithm's odd constants, and the multiplier of its 128-to-64-bit mix.
constexpr u64 K0 = 0xc3a5c85c97cb3127ULL;
constexpr u64 K1 = 0xb492b66fbe98f273ULL;
constexpr u64 K2 = 0x9ae16a3b2f90404fULL;
constexpr u64 K3 = 0xc949d7c7509e6557ULL;
constexpr u64 MixMultiplier = 0x9ddfea08eb382d69ULL;

u64 word(const std::uint8_t* p) { return read_le<u64>(p); }
u64 half_word(const std::uint8_t* p) { return read_le<std::uint32_t>(p); }
u64 shift_mix(u64 v) { return v ^ (v >> 47); }

// Two words to one (the Murmur-like step the others build on).
u64 mix(u64 low, u64 high) {
    u64 a = (low ^ high) * MixMultiplier;
    a ^= a >> 47;
    u64 b = (high ^ a) * MixMultiplier;
    b ^= b >> 47;
    return b * MixMultiplier;
}

u64 hash_up_to_16(const std::uint8_t* s, std::size_t len) {
    if (len > 8) {
        const u64 first = word(s), last = word(s + len - 8);
        return mix(first, std::rotr(last + len, int(len))) ^ last;
    }
    if (len >= 4) return mix(len + (half_word(s) << 3), half_word(s + len - 4));
    if (len > 0) {
        const std::uint32_t y = std::uint32_t(s[0]) + (std::uint32_t(s[len / 2]) << 8);
        const std::uint32_t z = std::uint32_t(len) + (std::uint32_t(s[len - 1]) << 2);
        return shift_mix(y * K2 ^ z * K3) * K2;
    }
    return K2;
}

struct Pair {
    u64 first, second;
};

// 32 bytes at s and two seeds to 16 bytes, quickly.
Pair weak_hash32(const std::uint8_t* s, u64 a, u64 b) {
    const u64 w = word(s), x = word(s + 8), y = word(s + 16), z = word(s + 24);
    a += w;
    b = std::rotr(b + a + z, 21);
    const u64 c = a;
    a += x + y;
    b += std::rotr(a, 44);
    return {a + z, b + c};
}

// The 128-bit hash of fewer than 128 bytes with a seed.
Hash128 murmur_style(const std::uint8_t* s, std::size_t len, Hash128 seed) {
    u64 a = seed.low, b = seed.high, c, d;
    if (len <= 16) {
        a = shift_mix(a * K1) * K1;
        c = b * K1 + hash_up_to_16(s, len);
        d = shift_mix(a + (len >= 8 ? word(s) : c));
    } else {
        c = mix(word(s + len - 8) + K1, a);
        d = mix(b + len, c + word(s + len - 16));
        a += d;
        // Sixteen bytes a step, the last step reaching to or past the end (len - 16 is what
        // remains to be covered beyond the first step's start).
        for (std::ptrdiff_t left = std::ptrdiff_t(len) - 16; left > 0; left -= 16, s += 16) {
            a ^= shift_mix(word(s) * K1) * K1;
            a *= K1;
            b ^= a;
            c ^= shift_mix(word(s + 8) * K1) * K1;
            c *= K1;
            d ^= c;
        }
    }
    a = mix(a, c);
    b = mix(d, b);
    return {a ^ b, mix(b, a)};
}

Hash128 hash128_with_seed(const std::uint8_t* s, std::size_t len, Hash128 seed) {
    if (len < 128) return murmur_style(s, len, seed);
    u64 x = seed.low, y = seed.high, z = len * K1;
    Pair v, w;
    v.first = std::rotr(y ^ K1, 49) * K1 + word(s);
    v.second = std::rotr(v.first, 42) * K1 + word(s + 8);
    w.first = std::rotr(y + z, 35) * K1 + x;
    w.second = std::rotr(x + word(s + 88), 53) * K1;
    // 64 bytes a round, two rounds a step, while 128 bytes remain.
    auto round = [&] {
        x = std::rotr(x + y + v.first + word(s + 8), 37) * K1;
        y = std::rotr(y + v.second + word(s + 48), 42) * K1;
        x ^= w.second;
        y += v.first + word(s + 40);
        z = std::rotr(z + w.first, 33) * K1;
        v = weak_hash32(s, v.second * K1, x + w.first);
        w = weak_hash32(s + 32, z + w.second, y + word(s + 16));
        std::swap(x, z);
        s += 64;
    };
    do {
        round();
        round();
        len -= 128;
    } while (len >= 128);
    x += std::rotr(v.first + z, 49) * K0;
    z += std::rotr(w.first, 37) * K0;
    // What is left, up to four 32-byte pieces counted back from the end (reading again bytes
    // already hashed where the rest is not a multiple of 32).
    for (std::size_t done = 0; done < len;) {
        done += 32;
        y = std::rotr(x + y, 42) * K0 + v.second;
        w.first += word(s + len - done + 16);
        x = x * K0 + w.first;
        z += w.second + word(s + len - done);
        w.second += v.first;
        v = weak_hash32(s + len - done, v.first + z, v.second);
    }
    x = mix(x, v.first);
    y = mix(y + z, w.first);
    return {mix(x + v.second, w.second) + y, mix(x + w.second, y + v.second)};
}

// CRC32-C of the eight bytes of v (little-endian) onto crc, without the usual inversions: the
// SSE4.2 instruction (64-bit x86), the ARM one, or the table.
u64 crc32c(u64 crc, u64 v) {
#if defined(__SSE4_2__) && defined(__x86_64__)
    return _mm_crc32_u64(crc, v);
#elif defined(__ARM_FEATURE_CRC32)
    return __crc32cd(std::uint32_t(crc), v);
#else
    return crc32c_plain(std::uint32_t(crc), v);
#endif
}

// CityHashCrc256 of at least 240 bytes.
std::array<u64, 4> crc256_long(const std::uint8_t* s, std::size_t len, std::uint32_t seed) {
    std::array<u64, 4> out{};
    u64 a = word(s + 56) + K0;
    u64 b = word(s + 96) + K0;
    u64 c = out[0] = mix(b, len);
    u64 d = out[1] = word(s + 120) * K0 + len;
    u64 e = word(s + 184) + seed;
    u64 f = seed, g = 0, h = 0, i = 0, j = 0;
    u64 t = c + d;
    // Forty bytes a piece: five words rotate through the state, each stream also fed to a CRC.
    auto piece = [&](u64 multiplier, int z) {
        const u64 old_a = a;
        a = std::rotr(b, 41 ^ z) * multiplier + word(s);
        b = std::rotr(c, 27 ^ z) * multiplier + word(s + 8);
        c = std::rotr(d, 41 ^ z) * multiplier + word(s + 16);
        d = std::rotr(e, 33 ^ z) * multiplier + word(s + 24);
        e = std::rotr(t, 25 ^ z) * multiplier + word(s + 32);
        t = old_a;
        f = crc32c(f, a);
        g = crc32c(g, b);
        h = crc32c(h, c);
        i = crc32c(i, d);
        j = crc32c(j, e);
        s += 40;
    };
    std::size_t steps = len / 240;
    len -= steps * 240;
    do {
        for (int k = 0; k < 3; ++k) {
            piece(1, 1);
            piece(K0, 0);
        }
    } while (--steps > 0);
    for (; len >= 40; len -= 40) piece(K0, 0);
    if (len > 0) {
        s = s + len - 40;  // the last 40 bytes, overlapping the piece before
        piece(K0, 0);
    }
    j += i << 32;
    a = mix(a, j);
    h += g << 32;
    b += h;
    c = mix(c, f) + i;
    d = mix(d, e + out[0]);
    j += e;
    i += mix(h, t);
    e = mix(a, d) + j;
    f = mix(b, c) + a;
    g = mix(j, i) + c;
    out[0] = e + f + g + h;
    a = shift_mix((a + g) * K0) * K0 + b;
    out[1] += a + out[0];
    a = shift_mix(a * K0) * K0 + c;
    out[2] = a + out[1];
    a = shift_mix((a + e) * K0) * K0;
    out[3] = a + out[2];
    return out;
}

}  // namespace

std::uint32_t crc32c_plain(std::uint32_t crc, std::uint64_t v) {
    // The reflected Castagnoli polynomial, a byte at a time.
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t r = i;
            for (int bit = 0; bit < 8; ++bit) r = (r >> 1) ^ (r & 1 ? 0x82F63B78u : 0u);
            t[i] = r;
        }
        return t;
    }();
    for (int i = 0; i < 8; ++i) crc = table[(crc ^ std::uint32_t(v >> (8 * i))) & 0xFF] ^ (crc >> 8);
    return crc;
}

Hash128 city_hash128(std::span<const std::uint8_t> bytes) {
    const std::uint8_t* s = bytes.data();
    const std::size_t len = bytes.size();
    if (len >= 16) return hash128_with_seed(s + 16, len - 16, {word(s) ^ K3, word(s + 8)});
    if (len >= 8) return hash128_with_seed(nullptr, 0, {word(s) ^ (len * K0), word(s + len - 8) ^ K1});
    return hash128_with_seed(s, len, {K0, K1});
}

std::array<std::uint64_t, 4> city_hash_crc256(std::span<const std::uint8_t> bytes) {
    if (bytes.size() >= 240) return crc256_long(bytes.data(), bytes.size(), 0);
    // Shorter input is hashed as 240 bytes, zeros after it, with its length in the seed.
    std::array<std::uint8_t, 240> padded{};
    std::copy(bytes.begin(), bytes.end(), padded.begin());
    return crc256_long(padded.data(), padded.size(), ~std::uint32_t(bytes.size()));
}

Hash128 city_hash_crc128(std::span<const std::uint8_t> bytes) {
    if (bytes.size() <= 900) return city_hash128(bytes);
    const std::array<std::uint64_t, 4> h = city_hash_crc256(bytes);
    return {h[2], h[3]};
}

}  // namespace sente::util
