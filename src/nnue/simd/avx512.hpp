// The network's vector primitives on AVX-512 (F and BW): 32 16-bit lanes.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace sente::nnue::simd {

struct Avx512 {
    static constexpr const char* Name = "AVX-512";
    static constexpr int Lanes = 32;
    using Vec16 = __m512i;
    using Vec32 = __m512i;

    static Vec16 load(const std::int16_t* p) { return _mm512_load_si512(p); }
    static void store(std::int16_t* p, Vec16 v) { _mm512_store_si512(p, v); }
    static Vec16 splat(std::int16_t x) { return _mm512_set1_epi16(x); }
    static Vec16 add16(Vec16 a, Vec16 b) { return _mm512_add_epi16(a, b); }
    static Vec16 sub16(Vec16 a, Vec16 b) { return _mm512_sub_epi16(a, b); }
    static Vec16 min16(Vec16 a, Vec16 b) { return _mm512_min_epi16(a, b); }
    static Vec16 max16(Vec16 a, Vec16 b) { return _mm512_max_epi16(a, b); }
    static Vec16 mul16(Vec16 a, Vec16 b) { return _mm512_mullo_epi16(a, b); }
    template <int Bits>
    static Vec16 shift_right16(Vec16 a) {
        return _mm512_srli_epi16(a, Bits);
    }
    static Vec32 zero32() { return _mm512_setzero_si512(); }
    static Vec32 add_products(Vec32 sum, Vec16 a, Vec16 b) {
        return _mm512_add_epi32(sum, _mm512_madd_epi16(a, b));
    }
    static std::int32_t sum32(Vec32 v) {
        // Through memory: GCC 12's 512-bit extracts and reductions trip -Wuninitialized in its own
        // header. Once per evaluation, so the cost does not show.
        alignas(64) std::int32_t lanes[16];
        _mm512_store_si512(lanes, v);
        std::uint32_t total = 0;  // modulo 2^32, as the other paths add
        for (std::int32_t lane : lanes) total += std::uint32_t(lane);
        return std::int32_t(total);
    }
};

}  // namespace sente::nnue::simd
