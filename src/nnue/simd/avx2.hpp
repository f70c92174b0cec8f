// The network's vector primitives on AVX2: 16 16-bit lanes.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace sente::nnue::simd {

struct Avx2 {
    static constexpr const char* Name = "AVX2";
    static constexpr int Lanes = 16;
    using Vec16 = __m256i;
    using Vec32 = __m256i;

    static Vec16 load(const std::int16_t* p) { return _mm256_load_si256(reinterpret_cast<const Vec16*>(p)); }
    static void store(std::int16_t* p, Vec16 v) { _mm256_store_si256(reinterpret_cast<Vec16*>(p), v); }
    static Vec16 splat(std::int16_t x) { return _mm256_set1_epi16(x); }
    static Vec16 add16(Vec16 a, Vec16 b) { return _mm256_add_epi16(a, b); }
    static Vec16 sub16(Vec16 a, Vec16 b) { return _mm256_sub_epi16(a, b); }
    static Vec16 min16(Vec16 a, Vec16 b) { return _mm256_min_epi16(a, b); }
    static Vec16 max16(Vec16 a, Vec16 b) { return _mm256_max_epi16(a, b); }
    static Vec16 mul16(Vec16 a, Vec16 b) { return _mm256_mullo_epi16(a, b); }
    template <int Bits>
    static Vec16 shift_right16(Vec16 a) {
        return _mm256_srli_epi16(a, Bits);
    }
    static Vec32 zero32() { return _mm256_setzero_si256(); }
    static Vec32 add_products(Vec32 sum, Vec16 a, Vec16 b) {
        return _mm256_add_epi32(sum, _mm256_madd_epi16(a, b));
    }
    static std::int32_t sum32(Vec32 v) {
        __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
        return _mm_cvtsi128_si32(s);
    }
};

}  // namespace sente::nnue::simd
