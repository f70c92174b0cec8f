// The network's vector primitives on ARM NEON (AArch64): 8 16-bit lanes.
#pragma once

#include <arm_neon.h>

#include <cstdint>

namespace sente::nnue::simd {

struct Neon {
    static constexpr const char* Name = "NEON";
    static constexpr int Lanes = 8;
    using Vec16 = int16x8_t;
    using Vec32 = int32x4_t;

    static Vec16 load(const std::int16_t* p) { return vld1q_s16(p); }
    static void store(std::int16_t* p, Vec16 v) { vst1q_s16(p, v); }
    static Vec16 splat(std::int16_t x) { return vdupq_n_s16(x); }
    static Vec16 add16(Vec16 a, Vec16 b) { return vaddq_s16(a, b); }
    static Vec16 sub16(Vec16 a, Vec16 b) { return vsubq_s16(a, b); }
    static Vec16 min16(Vec16 a, Vec16 b) { return vminq_s16(a, b); }
    static Vec16 max16(Vec16 a, Vec16 b) { return vmaxq_s16(a, b); }
    static Vec16 mul16(Vec16 a, Vec16 b) { return vmulq_s16(a, b); }
    // A logical shift, as x86's srli: the lanes are unsigned here (a square of up to 255^2 + 128).
    template <int Bits>
    static Vec16 shift_right16(Vec16 a) {
        return vreinterpretq_s16_u16(vshrq_n_u16(vreinterpretq_u16_s16(a), Bits));
    }
    static Vec32 zero32() { return vdupq_n_s32(0); }
    // The products of the low and the high four lanes widened to 32 bits and added: the same total
    // as x86's pairwise madd, since only the sum of all lanes is ever read.
    static Vec32 add_products(Vec32 sum, Vec16 a, Vec16 b) {
        sum = vmlal_s16(sum, vget_low_s16(a), vget_low_s16(b));
        return vmlal_high_s16(sum, a, b);
    }
    static std::int32_t sum32(Vec32 v) { return vaddvq_s32(v); }
};

}  // namespace sente::nnue::simd
