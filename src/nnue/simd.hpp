// The network's two inner loops, each written once over the primitives of the instruction set
// chosen at build time (nnue/simd/: AVX-512 BW, AVX2, SSE4.1, NEON, or plain C++). Every set does
// the same exact integer arithmetic (16-bit adds that wrap alike, 32-bit sums that cannot
// overflow), so every build gives the same evaluation.
#pragma once

#include <cstdint>

#if defined(__AVX512F__) && defined(__AVX512BW__)
#include "nnue/simd/avx512.hpp"
#elif defined(__AVX2__)
#include "nnue/simd/avx2.hpp"
#elif defined(__SSE4_1__)
#include "nnue/simd/sse41.hpp"
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include "nnue/simd/neon.hpp"
#else
#include "nnue/simd/generic.hpp"
#endif

namespace sente::nnue::simd {

// The instruction set this build uses, for `sente --version` and the bench banner.
constexpr const char* Name = isa::Name;

// out[i] = in[i] + sum of add columns - sum of sub columns, for i < N; all pointers 64-byte aligned.
template <int N>
inline void update(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add, int adds,
                   const std::int16_t* const* sub, int subs) {
    static_assert(N % isa::Lanes == 0);
    for (int i = 0; i < N; i += isa::Lanes) {
        isa::Vec16 v = isa::load(in + i);
        for (int k = 0; k < adds; ++k) v = isa::add16(v, isa::load(add[k] + i));
        for (int k = 0; k < subs; ++k) v = isa::sub16(v, isa::load(sub[k] + i));
        isa::store(out + i, v);
    }
}

// The output layer's sum over i < N of a(h[i]) * w[i], where the activation a(h) is
// clamp(h, 0, qa)^2 / 256, rounded (qa <= 255, so it fits 8 bits and the square 16 unsigned bits),
// and w[i] are 16-bit weights. Every product and the sum fit 32 bits (254 * 32768 * N < 2^31), so
// every instruction set gives the same exact integer.
template <int N>
inline std::int32_t screlu_dot(const std::int16_t* h, const std::int16_t* w, int qa) {
    static_assert(254LL * 32768 * N < (1LL << 31), "the output sum could overflow 32 bits");
    static_assert(N % isa::Lanes == 0);
    const isa::Vec16 zero = isa::splat(0), top = isa::splat(std::int16_t(qa)), half = isa::splat(128);
    isa::Vec32 sum = isa::zero32();
    for (int i = 0; i < N; i += isa::Lanes) {
        const isa::Vec16 v = isa::min16(isa::max16(isa::load(h + i), zero), top);
        const isa::Vec16 a = isa::shift_right16<8>(isa::add16(isa::mul16(v, v), half));
        sum = isa::add_products(sum, a, isa::load(w + i));
    }
    return isa::sum32(sum);
}

}  // namespace sente::nnue::simd
