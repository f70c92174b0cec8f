// Tunable integers. A tune build (CMake -DSENTE_TUNE=ON, make TUNE=1) turns every constant declared
// with SENTE_TUNABLE into a variable that is also a UCI spin option, so a tuner such as OpenBench's
// SPSA can set it with `setoption`; `sente spsa` prints the tuner's input lines. In a normal build
// the same declaration is a plain constexpr int and the range is only documentation.
#pragma once

#include <string>
#include <vector>

namespace sente {

struct Tunable {
    std::string name;
    int* value;
    int default_value;
    int min, max;
};

// Every registered tunable, in registration order. Empty unless this is a tune build.
std::vector<Tunable>& tunables();

// Registers a tunable (at static initialisation, or at startup for computed names).
void register_tunable(std::string name, int* value, int min, int max);

// Registers a function to call after any tunable changes (to rebuild tables derived from them).
void on_tunable_change(void (*rebuild)());

// Sets a tunable by name (case-insensitive), clamped to its range. False if there is no such tunable.
bool set_tunable(const std::string& name, int value);

// OpenBench's SPSA input: "name, int, value, min, max, c_end, r_end", one line a tunable.
std::string spsa_lines();
// What `spsa` says in a normal build.
constexpr const char* NoTunablesMessage =
    "spsa: this build has no tunable options (build with make TUNE=1 or cmake -DSENTE_TUNE=ON)";

struct TunableRegistrar {
    TunableRegistrar(const char* name, int* value, int min, int max) {
        register_tunable(name, value, min, max);
    }
};

constexpr bool TuneBuild =
#ifdef SENTE_TUNE
    true;
#else
    false;
#endif

}  // namespace sente

#ifdef SENTE_TUNE
#define SENTE_TUNABLE(name, value, min, max) \
    inline int name = (value);               \
    inline const ::sente::TunableRegistrar name##_registrar{#name, &name, (min), (max)};
#else
#define SENTE_TUNABLE(name, value, min, max) \
    constexpr int name = (value);            \
    static_assert((min) <= (value) && (value) <= (max), #name " lies outside its tuning range");
#endif
