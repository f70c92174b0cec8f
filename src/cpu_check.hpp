// The instructions a binary is compiled for, and the check that the CPU running it has them
// (cpu_check.cpp), made before any other code of the program runs.
#pragma once

namespace sente::cpu {

// The x86-64 extensions a release level may assume: x86-64-v2 (SSSE3, SSE4.1, SSE4.2, POPCNT),
// v3 (AVX, AVX2, BMI1, BMI2, FMA, LZCNT, MOVBE, F16C) and v4 (AVX-512 F, BW, CD, DQ, VL), one bit
// each. (LZCNT matters most of v3's smaller ones: on a CPU without it the instruction runs as BSR
// and gives wrong answers rather than stopping the program.)
enum Feature : unsigned {
    Ssse3 = 1u << 0,
    Sse41 = 1u << 1,
    Sse42 = 1u << 2,
    Popcnt = 1u << 3,
    Avx = 1u << 4,
    Avx2 = 1u << 5,
    Bmi1 = 1u << 6,
    Bmi2 = 1u << 7,
    Fma = 1u << 8,
    Avx512F = 1u << 9,
    Avx512Bw = 1u << 10,
    Avx512Cd = 1u << 11,
    Avx512Dq = 1u << 12,
    Avx512Vl = 1u << 13,
    Lzcnt = 1u << 14,
    Movbe = 1u << 15,
    F16c = 1u << 16,
};
inline constexpr unsigned V2 = Ssse3 | Sse41 | Sse42 | Popcnt;
inline constexpr unsigned V3 = V2 | Avx | Avx2 | Bmi1 | Bmi2 | Fma | Lzcnt | Movbe | F16c;
inline constexpr unsigned V4 = V3 | Avx512F | Avx512Bw | Avx512Cd | Avx512Dq | Avx512Vl;

// The features the file that calls this is compiled to use, as the compiler's macros say.
consteval unsigned compiled_for() {
    unsigned features = 0;
#ifdef __SSSE3__
    features |= Ssse3;
#endif
#ifdef __SSE4_1__
    features |= Sse41;
#endif
#ifdef __SSE4_2__
    features |= Sse42;
#endif
#ifdef __POPCNT__
    features |= Popcnt;
#endif
#ifdef __AVX__
    features |= Avx;
#endif
#ifdef __AVX2__
    features |= Avx2;
#endif
#ifdef __BMI__
    features |= Bmi1;
#endif
#ifdef __BMI2__
    features |= Bmi2;
#endif
#ifdef __FMA__
    features |= Fma;
#endif
#ifdef __LZCNT__
    features |= Lzcnt;
#endif
#ifdef __MOVBE__
    features |= Movbe;
#endif
#ifdef __F16C__
    features |= F16c;
#endif
#ifdef __AVX512F__
    features |= Avx512F;
#endif
#ifdef __AVX512BW__
    features |= Avx512Bw;
#endif
#ifdef __AVX512CD__
    features |= Avx512Cd;
#endif
#ifdef __AVX512DQ__
    features |= Avx512Dq;
#endif
#ifdef __AVX512VL__
    features |= Avx512Vl;
#endif
    return features;
}

// What the program needs: main.cpp defines it as compiled_for() with the engine's own flags.
extern const unsigned required;

}  // namespace sente::cpu
