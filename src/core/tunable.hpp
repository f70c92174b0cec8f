// Tunable integers. A tune build (CMake -DSENTE_TUNE=ON, make TUNE=1) turns every constant declared
// with SENTE_TUNABLE into a variable that is also a UCI spin option, so a tuner such as OpenBench's
// SPSA can set it with `setoption`; `sente spsa` prints the tuner's input lines, for all of them or
// for a room (the directory of src/ that declares them), a set, names or prefixes. In a normal
// build the same declaration is a plain constexpr int and the range is only documentation.
#pragma once

#include <string>
#include <vector>

namespace sente {

struct Tunable {
    std::string name;
    std::string room;  // the directory of src/ that declares it: search, nnue, eval
    int* value;
    int default_value;
    int min, max;
};

// Every registered tunable, in registration order. Empty unless this is a tune build.
std::vector<Tunable>& tunables();

// Registers a tunable (at static initialisation, or at startup for computed names); its room is
// the directory of the file that registers it.
void register_tunable(std::string name, int* value, int min, int max, const char* file = __builtin_FILE());

// Names a set of tunables: a word that `spsa` takes for the terms given here (see select_tunables).
void register_tunable_set(std::string name, std::string terms);

// Registers a function to call after any tunable changes (to rebuild tables derived from them).
void on_tunable_change(void (*rebuild)());

// Sets a tunable by name (case-insensitive), clamped to its range. False if there is no such tunable.
bool set_tunable(const std::string& name, int value);

// The tunables that the terms select, in registration order: a term is a room, a set, a tunable's
// name, or a prefix of names ending in '*', all without regard to case; a word may hold several
// terms separated by commas. No terms select every tunable. A term that selects nothing is an error.
struct TunableSelection {
    std::vector<const Tunable*> tunables;
    std::string error;  // empty unless a term selected nothing
};
TunableSelection select_tunables(const std::vector<std::string>& terms);

// OpenBench's SPSA input: "name, int, value, min, max, c_end, r_end", one line a tunable.
std::string spsa_lines(const std::vector<const Tunable*>& selected);
std::string spsa_lines();  // every tunable's
// The input for the tunables that the terms select, or the reason there is none (`spsa TERMS...`).
struct SpsaInput {
    std::string lines;
    std::string error;
};
SpsaInput spsa_input(const std::vector<std::string>& terms);
// What `spsa` says in a normal build.
constexpr const char* NoTunablesMessage =
    "spsa: this build has no tunable options (build with make TUNE=1 or cmake -DSENTE_TUNE=ON)";

struct TunableRegistrar {
    TunableRegistrar(const char* name, int* value, int min, int max, const char* file = __builtin_FILE()) {
        register_tunable(name, value, min, max, file);
    }
};

struct TunableSetRegistrar {
    TunableSetRegistrar(const char* name, const char* terms) { register_tunable_set(name, terms); }
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
// SENTE_TUNABLE_SET(name, "terms"): a set of tunables for `spsa name` (a tune build's).
#define SENTE_TUNABLE_SET(name, terms) \
    inline const ::sente::TunableSetRegistrar name##_tunable_set{#name, terms};
#else
#define SENTE_TUNABLE(name, value, min, max) \
    constexpr int name = (value);            \
    static_assert((min) <= (value) && (value) <= (max), #name " lies outside its tuning range");
#define SENTE_TUNABLE_SET(name, terms)
#endif
