#!/usr/bin/env bash
# Builds Sente and runs its tests. In CI, warnings are errors.
#
#   scripts/test.sh         the everyday check, a few minutes: the format (scripts/format.sh), the
#                           Release build's unit, protocol and self-play tests, without the long
#                           mate, tablebase and negamax suites, then its timing pass; an install
#   scripts/test.sh --full  what CI runs: all of the Release build's tests, then the sanitizers (the
#                           AddressSanitizer build on magic bitboards, and on the AVX2 network path
#                           when the CPU has AVX-512), the make builds OpenBench runs, the ARM
#                           release binary, and fuzzing
#
# Every filtered ctest pass fails when one of its patterns matches no test (a renamed test must
# not silently leave a pass), and the wall-clock tests (label `timing`) run one at a time in a
# pass of their own, never under a sanitizer.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

full=0
sente_help "$0" "$@"
[ $# -le 1 ] || { echo "test.sh: one argument at most (see --help)" >&2; exit 2; }
case "${1:-}" in
    --full) full=1 ;;
    "" | --quick) ;;
    *) echo "test.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
esac
# The long suites: the 100 shortest matetrack mates, the tablebase endgames, and negamax against
# every other algorithm. The everyday check leaves them to --full, and the sanitizer builds always.
long_tests='matetrack|Search: tablebase endgames|Research: every'
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
jobs="$(nproc)"

# Sanitizer reports go to files (the engine's stderr is not always watched by the tests, as a
# GUI's would not be); any report fails the run, and a failed ctest pass prints them too (a test
# process that passes every assertion still fails when LeakSanitizer reports at its exit).
sanitizer_reports() {
    if compgen -G "$1/*" >/dev/null; then
        cat "$1"/* >&2
        echo "sanitizer reports in $1" >&2
        exit 1
    fi
}

# sanitized_ctest DIR [CTEST OPTIONS]: run_ctest in DIR, then its sanitizer reports (DIR/reports)
# whether ctest passed or not; either failing fails the run.
sanitized_ctest() {
    local dir="$1" status=0
    shift
    run_ctest "$dir" "$@" || status=$?
    sanitizer_reports "$dir/reports"
    [ "$status" -eq 0 ] || exit "$status"
}

# run_ctest DIR [CTEST OPTIONS]: ctest in DIR, after checking that each alternative of every -R,
# -E, -L and -LE pattern (a|b|c: a, b and c alone) names at least one test there.
run_ctest() {
    local dir="$1" i alt n
    shift
    local args=("$@")
    for ((i = 0; i < ${#args[@]}; i++)); do
        case "${args[i]}" in
            -R | -E | -L | -LE)
                local select=-R
                [[ "${args[i]}" == -L* ]] && select=-L
                IFS='|' read -ra alternatives <<<"${args[i + 1]}"
                for alt in "${alternatives[@]}"; do
                    n="$(cd "$dir" && ctest -N "$select" "$alt" | sed -n 's/^Total Tests: //p')"
                    if [ "${n:-0}" -eq 0 ]; then
                        echo "test.sh: the ctest pattern ${args[i]} '$alt' matches no test in $dir" >&2
                        exit 1
                    fi
                done ;;
        esac
    done
    (cd "$dir" && ctest --no-tests=error --output-on-failure "$@")
}

# stage TEXT: a heading, with the time since the run began, so that a slow pass shows in the log.
stage() { printf '== %s [%d:%02d]\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }

# CI also installs Stockfish, which judges the openings genfens makes (a test skipped without it).
extra_packages=()
[ $full -eq 1 ] && extra_packages=(stockfish)
sente_install_packages "${extra_packages[@]}"
# The format first: seconds, and a file it would change fails the run before anything is built.
"$SENTE_ROOT/scripts/format.sh" --check
# Under --full the make builds compile each of the engine's files alone, so that a file missing an
# include of its own fails there; the main build then compiles them a few to a file (a unity build),
# about a third quicker. The everyday check compiles them one by one.
unity=OFF
[ $full -eq 1 ] && unity=ON
sente_build "$SENTE_ROOT/build" -DSENTE_BUILD_TESTS=ON -DSENTE_WERROR=$werror -DCMAKE_UNITY_BUILD=$unity
stage "Tests ($(grep -o 'SENTE_USE_PEXT:INTERNAL=.*' "$SENTE_ROOT/build/CMakeCache.txt"))"
skip=()
[ $full -eq 1 ] || skip=(-E "$long_tests")
run_ctest "$SENTE_ROOT/build" -j "$jobs" -LE timing "${skip[@]}"
stage "Timing tests, one at a time"
run_ctest "$SENTE_ROOT/build" -L timing

# Installing puts the engine in PREFIX/bin.
prefix="$(mktemp -d)"
cmake --install "$SENTE_ROOT/build" --prefix "$prefix" >/dev/null
[[ "$("$prefix/bin/sente" --version)" == "Sente "* ]] || { echo "installed sente does not run" >&2; exit 1; }
rm -rf "$prefix"
stage "Install: ok"
[ $full -eq 1 ] || exit 0

# AddressSanitizer, UndefinedBehaviorSanitizer and LeakSanitizer: every test but the long suites,
# the timing pass and the tests of the scripts themselves (label `script`), so also the Syzygy
# probes through Fathom and the file pipelines (datagen writing, refusing and rolling back game
# files, sente-tune and sente-train reading them, the trainer's checkpoints).
# This build is also the other back end: where the main build uses PEXT for the sliders, it uses
# magic bitboards, and where the main build takes the network's AVX-512 path, it leaves AVX-512
# out, so that every test runs on the magic bitboards and the AVX2 path too, and check-builds.sh
# holds its bench to the main build's.
# (Warnings stay warnings here: GCC reports false positives on sanitizer-instrumented code.)
# -O1: much quicker to build than -O3, and fast enough to run the tests; -g1: line tables only,
# all a report's stack trace needs. A unity build (CMake compiles the sources a few to a file) takes
# three quarters of the time; the make builds still compile each of the engine's files alone, so a
# file that misses an include of its own fails there.
sanitizer_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DCMAKE_UNITY_BUILD=ON)
other_flags=()
if grep -q 'SENTE_USE_PEXT:INTERNAL=ON' "$SENTE_ROOT/build/CMakeCache.txt"; then
    other_flags+=(-DSENTE_PEXT=OFF)
fi
avx512=0
if grep -qw avx512f /proc/cpuinfo; then
    avx512=1
    other_flags+=("-DCMAKE_CXX_FLAGS=-mno-avx512f")
fi
SENTE_TARGETS="sente sente-tune sente-train sente_tests replay_fen replay_move replay_uci replay_games" \
    sente_build "$SENTE_ROOT/build-asan" -DSENTE_BUILD_TESTS=ON -DSENTE_SANITIZE=address,undefined \
    "${sanitizer_flags[@]}" "${other_flags[@]}"
asan_version="$("$SENTE_ROOT/build-asan/sente" --version)"
if grep -q 'SENTE_USE_PEXT:INTERNAL=ON' "$SENTE_ROOT/build-asan/CMakeCache.txt"; then
    echo "test.sh: the sanitizer build uses PEXT, not magic bitboards" >&2
    exit 1
fi
if [ $avx512 -eq 1 ] && [[ "$asan_version" != *"(AVX2)" ]]; then
    echo "test.sh: the build without AVX-512 does not take the network's AVX2 path" >&2
    exit 1
fi
stage "Tests under AddressSanitizer and UndefinedBehaviorSanitizer: $asan_version, magic bitboards"
rm -rf "$SENTE_ROOT/build-asan/reports" && mkdir -p "$SENTE_ROOT/build-asan/reports"
ASAN_OPTIONS=detect_leaks=1:log_path="$SENTE_ROOT/build-asan/reports/asan" \
UBSAN_OPTIONS=print_stacktrace=1:log_path="$SENTE_ROOT/build-asan/reports/ubsan" \
    sanitized_ctest "$SENTE_ROOT/build-asan" -j "$jobs" -LE 'timing|script' -E "$long_tests"

# The make build OpenBench clients run for SPSA (TUNE=1), portable, from a clean copy: the same
# bench, EVALFILE, genfens and the tunable options; and the sanitizer build's bench (magic
# bitboards, the AVX2 path where the main build's is AVX-512) the same as the main build's.
stage "Make build"
"$SENTE_ROOT/scripts/check-builds.sh" "$SENTE_ROOT/build" "$SENTE_ROOT/build-asan"

# The 64-bit ARM release binary (static, under qemu-user), built and checked as scripts/release.sh
# does for every level: perft 5, the main build's bench, a UCI session, and its tablebase answers
# (Fathom from Debian's source package, seconds more) against the main build's. It is also the
# make build of OpenBench's tests (no TUNE), each file compiled alone, warnings errors in CI. The x86-64 levels
# add no check of their own: their vector paths are each held to the same arithmetic by pass 1 (a
# build compiles every path its target has, and the plain one), and their make recipe is this one.
stage "Release binary"
release_out="$(mktemp -d)"
"$SENTE_ROOT/scripts/release.sh" --os linux --levels armv8 --out "$release_out" --reference "$SENTE_ROOT/build/sente"
rm -rf "$release_out"

# ThreadSanitizer: whatever runs threads. The hash table under concurrent writers, Lazy SMP
# searches (with Syzygy probes too), threaded perft, the protocol tests that start and stop search
# threads, datagen's game threads, the tuner's and the trainer's worker threads, and a search
# whose thread fails.
tsan_tests='TT:|Lazy SMP|[Tt]hreads|Ponder|MultiPV|UCI: stop|UCI: quit|UCI: go|Hostile'
tsan_tests+='|Syzygy: two threads|Datagen: two threads|Tuner: the gradient|Train: an interrupted'
tsan_tests+='|Search: a failure on the search thread'
SENTE_TARGETS="sente sente_tests" \
    sente_build "$SENTE_ROOT/build-tsan" -DSENTE_BUILD_TESTS=ON -DSENTE_SANITIZE=thread "${sanitizer_flags[@]}"
stage "Tests under ThreadSanitizer"
rm -rf "$SENTE_ROOT/build-tsan/reports" && mkdir -p "$SENTE_ROOT/build-tsan/reports"
TSAN_OPTIONS=log_path="$SENTE_ROOT/build-tsan/reports/tsan" \
    sanitized_ctest "$SENTE_ROOT/build-tsan" -j "$jobs" -LE timing -R "$tsan_tests"

# libFuzzer: the FEN, move and UCI command parsers and the readers of training games, a short run
# each (clang), the four at once: 15 s on 2 cores give each the processor time of 7.5 s alone.
stage "Fuzzing"
"$SENTE_ROOT/scripts/fuzz.sh" 15
stage "All passed"
