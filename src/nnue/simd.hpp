// The network's two inner loops, written once per instruction set and chosen at build time:
// AVX-512 (BW), AVX2, SSE4.1, and plain C++. Every path does the same exact integer arithmetic
// (16-bit adds, 32-bit sums that wrap alike), so every build gives the same evaluation.
#pragma once

#include <cstdint>

#if defined(__AVX512F__) && defined(__AVX512BW__)
#include <immintrin.h>
#define SENTE_NNUE_AVX512 1
#elif defined(__AVX2__)
#include <immintrin.h>
#define SENTE_NNUE_AVX2 1
#elif defined(__SSE4_1__)
#include <smmintrin.h>
#define SENTE_NNUE_SSE41 1
#endif

namespace sente::nnue::simd {

// The instruction set this build uses, for `sente --version` and the bench banner.
constexpr const char* Name =
#if defined(SENTE_NNUE_AVX512)
    "AVX-512";
#elif defined(SENTE_NNUE_AVX2)
    "AVX2";
#elif defined(SENTE_NNUE_SSE41)
    "SSE4.1";
#else
    "generic";
#endif

// out[i] = in[i] + sum of add columns - sum of sub columns, for i < N; all pointers 64-byte aligned.
template <int N>
inline void update(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add, int adds,
                   const std::int16_t* const* sub, int subs) {
#if defined(SENTE_NNUE_AVX512)
    using V = __m512i;
    constexpr int Lanes = 32;
    auto ld = [](const std::int16_t* p) { return _mm512_load_si512(p); };
    auto st = [](std::int16_t* p, V v) { _mm512_store_si512(p, v); };
    auto add16 = [](V a, V b) { return _mm512_add_epi16(a, b); };
    auto sub16 = [](V a, V b) { return _mm512_sub_epi16(a, b); };
#elif defined(SENTE_NNUE_AVX2)
    using V = __m256i;
    constexpr int Lanes = 16;
    auto ld = [](const std::int16_t* p) { return _mm256_load_si256(reinterpret_cast<const V*>(p)); };
    auto st = [](std::int16_t* p, V v) { _mm256_store_si256(reinterpret_cast<V*>(p), v); };
    auto add16 = [](V a, V b) { return _mm256_add_epi16(a, b); };
    auto sub16 = [](V a, V b) { return _mm256_sub_epi16(a, b); };
#elif defined(SENTE_NNUE_SSE41)
    using V = __m128i;
    constexpr int Lanes = 8;
    auto ld = [](const std::int16_t* p) { return _mm_load_si128(reinterpret_cast<const V*>(p)); };
    auto st = [](std::int16_t* p, V v) { _mm_store_si128(reinterpret_cast<V*>(p), v); };
    auto add16 = [](V a, V b) { return _mm_add_epi16(a, b); };
    auto sub16 = [](V a, V b) { return _mm_sub_epi16(a, b); };
#endif
#if defined(SENTE_NNUE_AVX512) || defined(SENTE_NNUE_AVX2) || defined(SENTE_NNUE_SSE41)
    static_assert(N % Lanes == 0);
    for (int i = 0; i < N; i += Lanes) {
        V v = ld(in + i);
        for (int k = 0; k < adds; ++k) v = add16(v, ld(add[k] + i));
        for (int k = 0; k < subs; ++k) v = sub16(v, ld(sub[k] + i));
        st(out + i, v);
    }
#else
    for (int i = 0; i < N; ++i) {
        // 16-bit wrap-around, as the vector paths do (the values never reach it in practice).
        std::uint16_t v = std::uint16_t(in[i]);
        for (int k = 0; k < adds; ++k) v = std::uint16_t(v + std::uint16_t(add[k][i]));
        for (int k = 0; k < subs; ++k) v = std::uint16_t(v - std::uint16_t(sub[k][i]));
        out[i] = std::int16_t(v);
    }
#endif
}

// The output layer's sum over i < N of a(h[i]) * w[i], where the activation a(h) is
// clamp(h, 0, qa)^2 / 256, rounded (qa <= 255, so it fits 8 bits and the square 16 unsigned bits),
// and w[i] are 16-bit weights. Every product and the sum fit 32 bits (254 * 32768 * N < 2^31), so
// all paths give the same exact integer.
template <int N>
inline std::int32_t screlu_dot(const std::int16_t* h, const std::int16_t* w, int qa) {
    static_assert(254LL * 32768 * N < (1LL << 31), "the output sum could overflow 32 bits");
#if defined(SENTE_NNUE_AVX512)
    const __m512i zero = _mm512_setzero_si512(), top = _mm512_set1_epi16(std::int16_t(qa)),
                  half = _mm512_set1_epi16(128);
    __m512i sum = _mm512_setzero_si512();
    for (int i = 0; i < N; i += 32) {
        const __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(h + i), zero), top);
        const __m512i a = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(v, v), half), 8);
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(a, _mm512_load_si512(w + i)));
    }
    // Summed through memory: GCC 12's 512-bit extracts and reductions trip -Wuninitialized in its
    // own header. Once per evaluation, so the cost does not show.
    alignas(64) std::int32_t lanes[16];
    _mm512_store_si512(lanes, sum);
    std::int32_t total = 0;
    for (std::int32_t lane : lanes) total += lane;
    return total;
#elif defined(SENTE_NNUE_AVX2)
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(std::int16_t(qa)),
                  half = _mm256_set1_epi16(128);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < N; i += 16) {
        __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(h + i));
        v = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
        const __m256i a = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(v, v), half), 8);
        sum = _mm256_add_epi32(
            sum, _mm256_madd_epi16(a, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i))));
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
#elif defined(SENTE_NNUE_SSE41)
    const __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi16(std::int16_t(qa)),
                  half = _mm_set1_epi16(128);
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < N; i += 8) {
        __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(h + i));
        v = _mm_min_epi16(_mm_max_epi16(v, zero), top);
        const __m128i a = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(v, v), half), 8);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(a, _mm_load_si128(reinterpret_cast<const __m128i*>(w + i))));
    }
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));
    return _mm_cvtsi128_si32(sum);
#else
    std::int32_t sum = 0;
    for (int i = 0; i < N; ++i) {
        const int v = h[i] < 0 ? 0 : h[i] > qa ? qa : h[i];
        sum += ((v * v + 128) >> 8) * w[i];
    }
    return sum;
#endif
}

}  // namespace sente::nnue::simd
