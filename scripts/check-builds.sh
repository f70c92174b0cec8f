#!/usr/bin/env bash
# Builds Sente as an OpenBench client builds it for SPSA (make TUNE=1 in a clean copy of the sources,
# portable flags, magic bitboards, each file compiled alone) and checks that its bench signatures
# (the net's, the default, and the hand-crafted evaluation's) equal the CMake build's, that EVALFILE
# embeds another net, that it answers genfens, and that it offers the options SPSA can move. The
# make build of every other test (no TUNE) differs only in those options; scripts/release.sh builds
# it, in CI for the ARM release binary, and holds its bench to the same figures.
#   scripts/check-builds.sh CMAKE_BUILD_DIR [OTHER_CMAKE_BUILD_DIR ...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sente_help "$0" "$@"
case "${1:-}" in
    "") echo "check-builds.sh: name a CMake build directory (see --help)" >&2; exit 2 ;;
esac
reference="$1"
shift
[ -x "$reference/sente" ] || { echo "check-builds.sh: no sente in $reference" >&2; exit 2; }
{ read -r expected; read -r expected_hce; } < <(sente_benches_of "$reference/sente")
[ -n "$expected" ] || { echo "check-builds: no bench from $reference/sente" >&2; exit 1; }
[ -n "$expected_hce" ] || { echo "check-builds: no hand-crafted bench from $reference/sente" >&2; exit 1; }
# same_benches NAME SENTE: both bench signatures of another build equal the reference's.
same_benches() {
    local got hce
    { read -r got; read -r hce; } < <(sente_benches_of "$2")
    echo "bench: $1 $got (hand-crafted $hce)"
    [ "$got" = "$expected" ] && [ "$hce" = "$expected_hce" ] || { echo "check-builds: $1's bench differs" >&2; exit 1; }
}
echo "bench: cmake $(basename "$reference") $expected (hand-crafted $expected_hce)"

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
sente_copy_sources "$copy"
# In CI, warnings are errors here too: these builds are the ones that compile the magic bitboards
# and the network's narrower paths with the release flags.
werror=()
[ "${CI:-}" = "true" ] && werror=(WERROR=1)
# What OpenBench passes (make -n, no build): CC=gcc means g++; CXXFLAGS on the command line add to
# the build's own; a compiler that does not run is named as such.
dry="$(make -n -C "$copy/src" EXE=dry ARCH=portable CC=gcc CXXFLAGS=-O2 BUILD_NAME=dry 2>&1)"
grep -q "^g++ .*-O2 .*-std=c++20 .*-o dry " <<<"$dry" \
    || { echo "check-builds: make CC=gcc CXXFLAGS=-O2 did not link with g++ and the build's flags" >&2; exit 1; }
dry="$(make -n -C "$copy/src" EXE=dry CXX=no-such-compiler BUILD_NAME=dry 2>&1 || true)"
grep -q "the C++ compiler 'no-such-compiler' does not run" <<<"$dry" \
    || { echo "check-builds: a compiler that does not run was not named: $dry" >&2; exit 1; }
# The tune build: the same engine until an option moves a parameter; spsa lists them for OpenBench.
make -C "$copy/src" -j "$SENTE_JOBS" EXE=sente-tune ARCH=portable TUNE=1 "${werror[@]}" >/dev/null
tune="$copy/src/sente-tune"
same_benches "make portable TUNE=1" "$tune"
# EVALFILE, as OpenBench passes a test's net, embeds another net (only that file is compiled again):
# the build then plays as the reference does with that net loaded, and names it as its EvalFile.
default_net="$(head -n 1 "$SENTE_ROOT/nets/default-net.txt")"
# (No match is an empty answer, for the message below, not a failure of the pipeline.)
other_net="$(ls "$SENTE_ROOT"/nets/*.nnue | { grep -v "/$default_net\$" || true; } | head -n 1)"
[ -n "$other_net" ] || { echo "check-builds: nets/ holds no net besides the default" >&2; exit 1; }
make -C "$copy/src" -j "$SENTE_JOBS" EXE=sente-evalfile ARCH=portable TUNE=1 EVALFILE="$other_net" \
    "${werror[@]}" >/dev/null
wanted="$(sente_bench_after "setoption name EvalFile value $other_net" "$reference/sente")"
got="$(sente_bench_of "$copy/src/sente-evalfile")"
echo "bench: make EVALFILE=$(basename "$other_net") $got"
[ -n "$got" ] && [ "$got" = "$wanted" ] && [ "$got" != "$expected" ] \
    || { echo "check-builds: make EVALFILE gave bench $got, not $wanted (the reference with that net)" >&2; exit 1; }
options="$("$copy/src/sente-evalfile" uci quit)"
grep -q "^option name EvalFile type string default $(basename "$other_net")\$" <<<"$options" \
    || { echo "check-builds: make EVALFILE's build does not name its net as EvalFile" >&2; exit 1; }
# The CPU check (src/cpu_check.cpp) on CPUs that qemu-user emulates: the portable build (x86-64-v2)
# runs on one with SSE4.2 and POPCNT and refuses QEMU's baseline x86-64 (no SSSE3, SSE4 or POPCNT),
# naming what it lacks and the build that runs there, before any of the engine's own code runs; the
# CMake build must refuse it too.
if [ "$(uname -m)" = x86_64 ]; then
    # Debian's qemu-user-static, or qemu-user if it is there: either has qemu-x86_64.
    command -v qemu-x86_64 >/dev/null || sente_install_packages qemu-user-static
    qemu="$(command -v qemu-x86_64 || command -v qemu-x86_64-static)"
    refuses() {
        local out status=0
        out="$("$qemu" -cpu qemu64 "$1" --version 2>&1)" || status=$?
        [ "$status" = 1 ] && grep -q "^sente: this CPU lacks .*POPCNT.*: the x86-64 build (sente-linux-x86-64) runs on it\$" <<<"$out" \
            && grep -q "^info string error: this CPU lacks " <<<"$out" \
            || { echo "check-builds: $1 on an emulated x86-64 without POPCNT exited $status: $out" >&2; exit 1; }
    }
    refuses "$tune"
    refuses "$reference/sente"
    [[ "$("$qemu" -cpu Nehalem "$tune" --version)" == "Sente "* ]] \
        || { echo "check-builds: the portable build did not run on an emulated x86-64-v2 CPU" >&2; exit 1; }
    echo "== CPU check: the portable and CMake builds refuse a CPU without POPCNT, and say so"
fi
# A static build, as the Linux release binaries are, under the filter of system calls Android puts on
# an app and the engine it starts (tests/android_filter.cpp): it must play with two threads and give
# the reference's bench, where a glibc program that does not enter through src/syscall_filter.cpp
# is stopped at its first call.
if [ "$(uname -m)" = x86_64 ]; then
    make -C "$copy/src" -j "$SENTE_JOBS" EXE=sente-static ARCH=portable STATIC=1 SYZYGY=off "${werror[@]}" >/dev/null
    filter="$copy/android_filter"
    g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$filter" "$SENTE_ROOT/tests/android_filter.cpp"
    # (In a shell of its own, whose report of the signal goes where its errors go.)
    status="$(sh -c '"$0" /bin/true; echo $?' "$filter" 2>/dev/null)"
    [ "$status" = $((128 + $(kill -l SYS))) ] \
        || { echo "check-builds: /bin/true under the Android filter exited $status, not stopped by SIGSYS" >&2; exit 1; }
    # A search of two threads played out (quit would stop it), then quit: bestmove, a clean exit.
    sente_uci_session "setoption name Threads value 2" 12 "$filter" "$copy/src/sente-static" \
        || { echo "check-builds: the static build under the Android filter did not play" >&2; exit 1; }
    got="$(sente_bench_of timeout 300 "$filter" "$copy/src/sente-static")"
    [ "$got" = "$expected" ] \
        || { echo "check-builds: the static build under the Android filter gave bench $got, not $expected" >&2; exit 1; }
    echo "== Android's filter of system calls: the static build searches with two threads to depth 12, bench $got"
fi
fens="$("$tune" "genfens 3 seed 1 book None" quit | { grep -c '^info string genfens ' || true; })"
[ "$fens" = 3 ] || { echo "check-builds: genfens printed $fens openings, not 3" >&2; exit 1; }

lines="$("$tune" spsa | awk -F', ' 'NF == 7 && $2 == "int" && $4 <= $3 && $3 <= $5' | wc -l)"
[ "$lines" = "$("$tune" spsa | wc -l)" ] && [ "$lines" -ge 40 ] \
    || { echo "check-builds: spsa printed malformed lines or too few ($lines)" >&2; exit 1; }
# A subset for SPSA, the same from the command line and from UCI: the set the tuner runs by
# default lies in the search room, and a term that selects nothing is refused.
pruning="$("$tune" spsa pruning)"
search="$("$tune" spsa search)"
count="$(grep -c . <<<"$pruning")"
[ "$count" -ge 15 ] && [ "$count" -le 25 ] && [ "$(grep -cFxf <(echo "$search") <<<"$pruning")" = "$count" ] \
    && [ "$(grep -c . <<<"$search")" -gt "$count" ] && [ "$("$tune" "spsa pruning" quit)" = "$pruning" ] \
    || { echo "check-builds: spsa pruning printed $count lines, not 15 to 25 of the search room's" >&2; exit 1; }
status=0
"$tune" spsa NoSuchRoom 2>/dev/null || status=$?
[ "$status" = 2 ] || { echo "check-builds: spsa NoSuchRoom exited with $status, not 2" >&2; exit 1; }
# Capture first: grep -q would close the pipe early and pipefail would see the engine's SIGPIPE.
options="$("$tune" uci quit)"
grep -q '^option name LmrBase type spin default 80 ' <<<"$options" \
    || { echo "check-builds: the tune build does not offer LmrBase as a spin option" >&2; exit 1; }
uci_bench() { local IFS=$'\n'; sente_bench_after "$*" "$tune"; }
# A search parameter moves the default (net) search; an evaluation weight moves the hand-crafted one.
moved="$(uci_bench "setoption name LmrBase value 150")"
[ -n "$moved" ] && [ "$moved" != "$expected" ] \
    || { echo "check-builds: setoption name LmrBase did not change the search ($moved)" >&2; exit 1; }
moved="$(uci_bench "setoption name Use NNUE value false" "setoption name PieceValue4_mg value 700")"
[ -n "$moved" ] && [ "$moved" != "$expected_hce" ] \
    || { echo "check-builds: setoption name PieceValue4_mg did not change the hand-crafted search ($moved)" >&2; exit 1; }
echo "== Tune build: $lines SPSA parameters, each moves the search"
"$reference/sente" spsa 2>/dev/null && { echo "check-builds: a normal build must refuse spsa" >&2; exit 1; }

for other in "$@"; do
    same_benches "cmake $(basename "$other")" "$other/sente"
done
echo "== Builds: make TUNE=1, portable, and magic bitboards give bench $expected (hand-crafted $expected_hce)"
