// Before any other code of the program runs, whether this CPU has the instructions the binary was
// compiled for. A build for a newer CPU than the user's would otherwise die on its first such
// instruction ("illegal instruction", or a GUI's "the engine crashed") with no word of why; this
// names what is missing and the release build that runs on this CPU, and exits with status 1.
//
// The build compiles this file alone for the compiler's baseline (no -march), and it calls only C's
// library: an inline C++ function instantiated here could be merged, at link time, with a copy of
// it compiled for the newer CPU.
#include "cpu_check.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
namespace sente::cpu {
namespace {

// Each extension, its name, and whether this CPU has it (__builtin_cpu_supports takes only a
// literal, hence a function each).
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

    char names[160] = "";
    for (const Extension& extension : extensions) {
        if (!(missing & extension.feature)) continue;
        if (names[0]) std::strncat(names, ", ", sizeof names - std::strlen(names) - 1);
        std::strncat(names, extension.name, sizeof names - std::strlen(names) - 1);
    }
    const char* level = (present & V4) == V4   ? "x86-64-avx512"
                        : (present & V3) == V3 ? "x86-64-avx2"
                        : (present & V2) == V2 ? "x86-64-sse41-popcnt"
                                               : "x86-64";
#ifdef _WIN32
    const char* system = "windows";
    const char* suffix = ".exe";
    const bool terminal = _isatty(_fileno(stdout));
#else
    const char* system = "linux";
    const char* suffix = "";
    const bool terminal = isatty(fileno(stdout));
#endif
    char message[400];
    std::snprintf(message, sizeof message,
                  "this CPU lacks %s, which this build of Sente is compiled to use: "
                  "the %s build (sente-%s-%s%s) runs on it",
                  names, level, system, level, suffix);
    std::fprintf(stderr, "sente: %s\n", message);
    // A GUI reads only the standard output: tell it too, as UCI does.
    if (!terminal) std::printf("info string error: %s\n", message);
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(1);
}

}  // namespace
}  // namespace sente::cpu
#endif
