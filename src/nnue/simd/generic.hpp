// The network's primitives in plain C++, one lane at a time (the compiler may vectorise the loops
// itself). 16-bit arithmetic wraps as the vector instructions' does, written on unsigned values so
// that no overflow is undefined.
#pragma once

#include <cstdint>

namespace sente::nnue::simd {

struct Generic {
    static constexpr const char* Name = "generic";
    static constexpr int Lanes = 1;
    using Vec16 = std::int16_t;
    using Vec32 = std::int32_t;

    static Vec16 load(const std::int16_t* p) { return *p; }
    static void store(std::int16_t* p, Vec16 v) { *p = v; }
    static Vec16 splat(std::int16_t x) { return x; }
    static Vec16 add16(Vec16 a, Vec16 b) { return Vec16(std::uint16_t(std::uint16_t(a) + std::uint16_t(b))); }
    static Vec16 sub16(Vec16 a, Vec16 b) { return Vec16(std::uint16_t(std::uint16_t(a) - std::uint16_t(b))); }
    static Vec16 min16(Vec16 a, Vec16 b) { return a < b ? a : b; }
    static Vec16 max16(Vec16 a, Vec16 b) { return a > b ? a : b; }
    static Vec16 mul16(Vec16 a, Vec16 b) {
        return Vec16(std::uint16_t(std::uint32_t(std::uint16_t(a)) * std::uint16_t(b)));
    }
    template <int Bits>
    static Vec16 shift_right16(Vec16 a) {
        return Vec16(std::uint16_t(a) >> Bits);
    }
    static Vec32 zero32() { return 0; }
    static Vec32 add_products(Vec32 sum, Vec16 a, Vec16 b) {
        return Vec32(std::uint32_t(sum) + std::uint32_t(std::int32_t(a) * b));
    }
    static std::int32_t sum32(Vec32 v) { return v; }
};

}  // namespace sente::nnue::simd
