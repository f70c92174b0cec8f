#!/usr/bin/env bash
# Builds Sente and runs its tests. In CI, warnings are errors.
#
#   scripts/test.sh         the everyday check, a few minutes: the Release build's unit, protocol and
#                           self-play tests, without the long mate, tablebase and negamax suites; an install
#   scripts/test.sh --full  what CI runs: all of the Release build's tests, then magic bitboards, the
#                           make builds OpenBench runs, a release binary, sanitizers and fuzzing
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

full=0
case "${1:-}" in
    --full) full=1 ;;
    "" | --quick) ;;
    *) echo "usage: scripts/test.sh [--full]" >&2; exit 2 ;;
esac
# The long suites: the 100 shortest matetrack mates, the tablebase endgames, and negamax against
# every other algorithm. The everyday check leaves them to --full.
long_tests='matetrack|Search: tablebase endgames|Research: every'
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
jobs="$(nproc)"

# Sanitizer reports go to files (the engine's stderr is not always watched by the tests, as a
# GUI's would not be); any report fails the run.
sanitizer_reports() {
    if compgen -G "$1/*" >/dev/null; then
        cat "$1"/* >&2
        echo "sanitizer reports in $1" >&2
        exit 1
    fi
}

sente_install_packages
sente_build "$SENTE_ROOT/build" -DSENTE_BUILD_TESTS=ON -DSENTE_WERROR=$werror
echo "== Tests ($(grep -o 'SENTE_USE_PEXT:INTERNAL=.*' "$SENTE_ROOT/build/CMakeCache.txt"))"
skip=()
[ $full -eq 1 ] || skip=(-E "$long_tests")
(cd "$SENTE_ROOT/build" && ctest -j "$jobs" --output-on-failure "${skip[@]}")

# Installing puts the engine in PREFIX/bin.
prefix="$(mktemp -d)"
cmake --install "$SENTE_ROOT/build" --prefix "$prefix" >/dev/null
[[ "$("$prefix/bin/sente" --version)" == "Sente "* ]] || { echo "installed sente does not run" >&2; exit 1; }
rm -rf "$prefix"
echo "== Install: ok"
[ $full -eq 1 ] || exit 0

# The other slider back end: magic bitboards, checked by the attack and perft tests.
other_builds=()
if grep -q 'SENTE_USE_PEXT:INTERNAL=ON' "$SENTE_ROOT/build/CMakeCache.txt"; then
    sente_build "$SENTE_ROOT/build-magic" -DSENTE_BUILD_TESTS=ON -DSENTE_WERROR=$werror -DSENTE_PEXT=OFF
    echo "== Tests with magic bitboards"
    (cd "$SENTE_ROOT/build-magic" && ctest -j "$jobs" --output-on-failure -R 'perft|attacks|Slider|Zobrist')
    other_builds+=("$SENTE_ROOT/build-magic")
fi

# The make build OpenBench clients run, portable, from a clean copy: the same bench, and genfens.
"$SENTE_ROOT/scripts/check-builds.sh" "$SENTE_ROOT/build" "${other_builds[@]}"

# The most portable release binary (static, any x86-64 CPU), built and checked as
# scripts/release.sh does for every level: perft 5 and the main build's bench.
release_out="$(mktemp -d)"
"$SENTE_ROOT/scripts/release.sh" --os linux --levels x86-64 --out "$release_out" --reference "$SENTE_ROOT/build/sente"
rm -rf "$release_out"

# AddressSanitizer, UndefinedBehaviorSanitizer and LeakSanitizer: unit, protocol and resource tests.
# (Warnings stay warnings here: GCC reports false positives on sanitizer-instrumented code.)
# Left out for time: the long mate suites and the clocked self-play games.
# -O1: much quicker to build than -O3, and fast enough to run the tests.
sanitizer_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g")
SENTE_TARGETS="sente sente_tests replay_fen replay_move replay_uci" \
    sente_build "$SENTE_ROOT/build-asan" -DSENTE_BUILD_TESTS=ON -DSENTE_SANITIZE=address,undefined "${sanitizer_flags[@]}"
echo "== Tests under AddressSanitizer and UndefinedBehaviorSanitizer"
rm -rf "$SENTE_ROOT/build-asan/reports" && mkdir -p "$SENTE_ROOT/build-asan/reports"
(cd "$SENTE_ROOT/build-asan" \
    && ASAN_OPTIONS=detect_leaks=1:log_path="$SENTE_ROOT/build-asan/reports/asan" \
       UBSAN_OPTIONS=print_stacktrace=1:log_path="$SENTE_ROOT/build-asan/reports/ubsan" \
       ctest -j "$jobs" --output-on-failure -E 'matetrack|tablebase|selfplay|Research: every|pipeline')
sanitizer_reports "$SENTE_ROOT/build-asan/reports"

# ThreadSanitizer: the hash table under concurrent writers, Lazy SMP searches, threaded perft,
# and the protocol tests that start and stop search threads.
SENTE_TARGETS="sente sente_tests" \
    sente_build "$SENTE_ROOT/build-tsan" -DSENTE_BUILD_TESTS=ON -DSENTE_SANITIZE=thread "${sanitizer_flags[@]}"
echo "== Tests under ThreadSanitizer"
rm -rf "$SENTE_ROOT/build-tsan/reports" && mkdir -p "$SENTE_ROOT/build-tsan/reports"
(cd "$SENTE_ROOT/build-tsan" && TSAN_OPTIONS=log_path="$SENTE_ROOT/build-tsan/reports/tsan" \
    ctest -j "$jobs" --output-on-failure -R 'TT:|Lazy SMP|[Tt]hreads|Ponder|MultiPV|UCI: stop|UCI: quit|UCI: go|Hostile')
sanitizer_reports "$SENTE_ROOT/build-tsan/reports"

# libFuzzer: the FEN, move and UCI command parsers, a short run each (clang).
"$SENTE_ROOT/scripts/fuzz.sh" 20
