// Before any other code of the program runs, whether this CPU has the instructions the binary was
// compiled for. A build for a newer CPU than the user's would otherwise die on its first such
// instruction ("illegal instruction", or a GUI's "the engine crashed") with no word of why; this
// names what is missing and the release build that runs on this CPU, and exits with status 1.
//
// The build compiles this file alone for the plain x86-64 CPU (-march=x86-64), and it calls only
// functions of C's library that no header defines inline: an inline function instantiated here
// could be merged, at link time, with a copy of it compiled for the newer CPU (MinGW defines printf
// and its kin inline, hence fputs and strncat alone).
#include "cpu_check.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
namespace sente::cpu {
namespace {

// A bit of a CPUID leaf's ECX, for the extensions clang's __builtin_cpu_supports does not know.
bool cpuid_ecx(unsigned leaf, unsigned bit) {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid(leaf, &a, &b, &c, &d) && (c >> bit & 1);
}

// Each extension, its name, and whether this CPU has it (__builtin_cpu_supports takes only a
// literal, hence a function each; it also asks whether the system saves the AVX registers).
struct Extension {
    Feature feature;
    const char* name;
    bool (*present)();
};
constexpr Extension extensions[] = {
    {Ssse3, "SSSE3", [] { return bool(__builtin_cpu_supports("ssse3")); }},
    {Sse41, "SSE4.1", [] { return bool(__builtin_cpu_supports("sse4.1")); }},
    {Sse42, "SSE4.2", [] { return bool(__builtin_cpu_supports("sse4.2")); }},
    {Popcnt, "POPCNT", [] { return bool(__builtin_cpu_supports("popcnt")); }},
    {Avx, "AVX", [] { return bool(__builtin_cpu_supports("avx")); }},
    {Avx2, "AVX2", [] { return bool(__builtin_cpu_supports("avx2")); }},
    {Bmi1, "BMI1", [] { return bool(__builtin_cpu_supports("bmi")); }},
    {Bmi2, "BMI2", [] { return bool(__builtin_cpu_supports("bmi2")); }},
    {Fma, "FMA", [] { return bool(__builtin_cpu_supports("fma")); }},
    {Lzcnt, "LZCNT", [] { return cpuid_ecx(0x80000001, 5); }},
    {Movbe, "MOVBE", [] { return cpuid_ecx(1, 22); }},
    {F16c, "F16C", [] { return cpuid_ecx(1, 29); }},
    {Avx512F, "AVX-512F", [] { return bool(__builtin_cpu_supports("avx512f")); }},
    {Avx512Bw, "AVX-512BW", [] { return bool(__builtin_cpu_supports("avx512bw")); }},
    {Avx512Cd, "AVX-512CD", [] { return bool(__builtin_cpu_supports("avx512cd")); }},
    {Avx512Dq, "AVX-512DQ", [] { return bool(__builtin_cpu_supports("avx512dq")); }},
    {Avx512Vl, "AVX-512VL", [] { return bool(__builtin_cpu_supports("avx512vl")); }},
};

// Run before the program's own initialisation (priority 101 comes before every static object's
// constructor), which a build for a newer CPU may already compile to its instructions.
__attribute__((constructor(101))) void check_cpu() {
    __builtin_cpu_init();
    unsigned present = 0;
    for (const Extension& extension : extensions)
        if (extension.present()) present |= extension.feature;
    const unsigned missing = required & ~present;
    if (missing == 0) return;

    char message[512] = "this CPU lacks ";
    auto add = [&](const char* text) {
        std::strncat(message, text, sizeof message - std::strlen(message) - 1);
    };
    bool first = true;
    for (const Extension& extension : extensions) {
        if (!(missing & extension.feature)) continue;
        if (!first) add(", ");
        add(extension.name);
        first = false;
    }
    const char* level = (present & V4) == V4   ? "x86-64-avx512"
                        : (present & V3) == V3 ? "x86-64-avx2"
                        : (present & V2) == V2 ? "x86-64-sse41-popcnt"
                                               : "x86-64";
    add(", which this build of Sente is compiled to use: the ");
    add(level);
#ifdef _WIN32
    add(" build (sente-windows-");
    add(level);
    add(".exe) runs on it");
    const bool terminal = _isatty(_fileno(stdout));
#else
    add(" build (sente-linux-");
    add(level);
    add(") runs on it");
    const bool terminal = isatty(fileno(stdout));
#endif
    std::fputs("sente: ", stderr);
    std::fputs(message, stderr);
    std::fputs("\n", stderr);
    // A GUI reads only the standard output: tell it too, as UCI does.
    if (!terminal) {
        std::fputs("info string error: ", stdout);
        std::fputs(message, stdout);
        std::fputs("\n", stdout);
    }
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(1);
}

}  // namespace
}  // namespace sente::cpu
#endif
