// The network's two inner loops, each written once over the primitives of an instruction set
// (nnue/simd/: AVX-512 BW, AVX2, SSE4.1, NEON, or plain C++). Every set does the same exact integer
// arithmetic (16-bit adds that wrap alike, 32-bit sums that cannot overflow), so every build gives
// the same evaluation. A build compiles every set its target has, and the plain one, and runs the
// widest (Active); the tests hold each compiled set to the same results (Compiled).
#pragma once

#include <cassert>
#include <cstdint>
#include <tuple>

#include "nnue/simd/generic.hpp"
#if defined(__AVX512F__) && defined(__AVX512BW__)
#include "nnue/simd/avx2.hpp"
#include "nnue/simd/avx512.hpp"
#include "nnue/simd/sse41.hpp"
#elif defined(__AVX2__)
#include "nnue/simd/avx2.hpp"
#include "nnue/simd/sse41.hpp"
#elif defined(__SSE4_1__)
#include "nnue/simd/sse41.hpp"
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include "nnue/simd/neon.hpp"
#endif

namespace sente::nnue::simd {

#if defined(__AVX512F__) && defined(__AVX512BW__)
using Active = Avx512;
using Compiled = std::tuple<Generic, Sse41, Avx2, Avx512>;
#elif defined(__AVX2__)
using Active = Avx2;
using Compiled = std::tuple<Generic, Sse41, Avx2>;
#elif defined(__SSE4_1__)
using Active = Sse41;
using Compiled = std::tuple<Generic, Sse41>;
#elif defined(__ARM_NEON) && defined(__aarch64__)
using Active = Neon;
using Compiled = std::tuple<Generic, Neon>;
#else
using Active = Generic;
using Compiled = std::tuple<Generic>;
#endif

// The instruction set this build uses, for `sente --version` and the bench banner.
constexpr const char* Name = Active::Name;

// out[i] = in[i] + sum of Adds add columns - sum of Subs sub columns, for i < N; all pointers 64-byte
// aligned. The counts are compile-time, so that the loops over the columns unroll.
template <int N, int Adds, int Subs, class Isa = Active>
inline void update(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add,
                   const std::int16_t* const* sub) {
    static_assert(N % Isa::Lanes == 0);
    for (int i = 0; i < N; i += Isa::Lanes) {
        typename Isa::Vec16 v = Isa::load(in + i);
        for (int k = 0; k < Adds; ++k) v = Isa::add16(v, Isa::load(add[k] + i));
        for (int k = 0; k < Subs; ++k) v = Isa::sub16(v, Isa::load(sub[k] + i));
        Isa::store(out + i, v);
    }
}

// The same for counts known at run time: up to two of each, as a move or a refresh needs them.
template <int N, class Isa = Active>
inline void update(std::int16_t* out, const std::int16_t* in, const std::int16_t* const* add, int adds,
                   const std::int16_t* const* sub, int subs) {
    assert(adds >= 0 && adds <= 2 && subs >= 0 && subs <= 2);
    switch (adds * 3 + subs) {
        case 0 * 3 + 0:
            return update<N, 0, 0, Isa>(out, in, add, sub);
        case 0 * 3 + 1:
            return update<N, 0, 1, Isa>(out, in, add, sub);
        case 0 * 3 + 2:
            return update<N, 0, 2, Isa>(out, in, add, sub);
        case 1 * 3 + 0:
            return update<N, 1, 0, Isa>(out, in, add, sub);
        case 1 * 3 + 1:
            return update<N, 1, 1, Isa>(out, in, add, sub);
        case 1 * 3 + 2:
            return update<N, 1, 2, Isa>(out, in, add, sub);
        case 2 * 3 + 0:
            return update<N, 2, 0, Isa>(out, in, add, sub);
        case 2 * 3 + 1:
            return update<N, 2, 1, Isa>(out, in, add, sub);
        default:
            return update<N, 2, 2, Isa>(out, in, add, sub);
    }
}

// The output layer's sum over i < N of a(h[i]) * w[i], where the activation a(h) is
// clamp(h, 0, qa)^2 / 256, rounded (qa <= 255, so it fits 8 bits and the square 16 unsigned bits),
// and w[i] are 16-bit weights. Every product fits 32 bits, and the sum is taken modulo 2^32 on
// every instruction set, so all give the same integer whatever the weights. A trained net's output
// weights stay under 2028 (the trainer's weight limit times QB), so for any N this build runs the
// sum never comes near the wrap: 254 * 2028 * 512 < 2^31.
template <int N, class Isa = Active>
inline std::int32_t screlu_dot(const std::int16_t* h, const std::int16_t* w, int qa) {
    static_assert(N % Isa::Lanes == 0);
    using Vec16 = typename Isa::Vec16;
    const Vec16 zero = Isa::splat(0), top = Isa::splat(std::int16_t(qa)), half = Isa::splat(128);
    typename Isa::Vec32 sum = Isa::zero32();
    for (int i = 0; i < N; i += Isa::Lanes) {
        const Vec16 v = Isa::min16(Isa::max16(Isa::load(h + i), zero), top);
        const Vec16 a = Isa::template shift_right16<8>(Isa::add16(Isa::mul16(v, v), half));
        sum = Isa::add_products(sum, a, Isa::load(w + i));
    }
    return Isa::sum32(sum);
}

}  // namespace sente::nnue::simd
