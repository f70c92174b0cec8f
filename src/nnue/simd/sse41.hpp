// The network's vector primitives on SSE4.1: 8 16-bit lanes.
#pragma once

#include <smmintrin.h>

#include <cstdint>

namespace sente::nnue::simd {

struct Sse41 {
    static constexpr const char* Name = "SSE4.1";
    static constexpr int Lanes = 8;
    using Vec16 = __m128i;
    using Vec32 = __m128i;

    static Vec16 load(const std::int16_t* p) { return _mm_load_si128(reinterpret_cast<const Vec16*>(p)); }
    static void store(std::int16_t* p, Vec16 v) { _mm_store_si128(reinterpret_cast<Vec16*>(p), v); }
    static Vec16 splat(std::int16_t x) { return _mm_set1_epi16(x); }
    static Vec16 add16(Vec16 a, Vec16 b) { return _mm_add_epi16(a, b); }
    static Vec16 sub16(Vec16 a, Vec16 b) { return _mm_sub_epi16(a, b); }
    static Vec16 min16(Vec16 a, Vec16 b) { return _mm_min_epi16(a, b); }
    static Vec16 max16(Vec16 a, Vec16 b) { return _mm_max_epi16(a, b); }
    static Vec16 mul16(Vec16 a, Vec16 b) { return _mm_mullo_epi16(a, b); }
    template <int Bits>
    static Vec16 shift_right16(Vec16 a) {
        return _mm_srli_epi16(a, Bits);
    }
    static Vec32 zero32() { return _mm_setzero_si128(); }
    static Vec32 add_products(Vec32 sum, Vec16 a, Vec16 b) {
        return _mm_add_epi32(sum, _mm_madd_epi16(a, b));
    }
    static std::int32_t sum32(Vec32 v) {
        v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0x4E));
        v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0xB1));
        return _mm_cvtsi128_si32(v);
    }
};

}  // namespace sente::nnue::simd
