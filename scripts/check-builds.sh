#!/usr/bin/env bash
# Builds Sente as an OpenBench client does (make in a clean copy of the sources, portable flags,
# magic bitboards) and checks that its bench signatures (hand-crafted evaluation and net) equal the
# CMake build's, that it answers
# genfens, and that the tune build (make TUNE=1) has the same bench and options SPSA can move.
#   scripts/check-builds.sh CMAKE_BUILD_DIR [OTHER_CMAKE_BUILD_DIR ...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
reference="$1"
shift
expected="$(sente_bench_of "$reference/sente")"
[ -n "$expected" ] || { echo "check-builds: no bench from $reference/sente" >&2; exit 1; }
expected_net="$(sente_net_bench_of "$reference/sente")"
[ -n "$expected_net" ] || { echo "check-builds: no net bench from $reference/sente" >&2; exit 1; }
# same_benches NAME SENTE: both bench signatures of another build equal the reference's.
same_benches() {
    local got net
    got="$(sente_bench_of "$2")"
    net="$(sente_net_bench_of "$2")"
    echo "bench: $1 $got, with the net $net"
    [ "$got" = "$expected" ] && [ "$net" = "$expected_net" ] || { echo "check-builds: $1's bench differs" >&2; exit 1; }
}
echo "bench: cmake $(basename "$reference") $expected, with the net $expected_net"

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
sente_copy_sources "$copy"
make -C "$copy/src" -j "$(nproc)" EXE=sente-openbench ARCH=portable >/dev/null
same_benches "make portable" "$copy/src/sente-openbench"
fens="$("$copy/src/sente-openbench" "genfens 3 seed 1 book None" quit | grep -c '^info string genfens ')"
[ "$fens" = 3 ] || { echo "check-builds: genfens printed $fens openings, not 3" >&2; exit 1; }

# The tune build: the same engine until an option moves a parameter; spsa lists them for OpenBench.
make -C "$copy/src" -j "$(nproc)" EXE=sente-tune ARCH=portable TUNE=1 >/dev/null
tune="$copy/src/sente-tune"
same_benches "make portable TUNE=1" "$tune"
lines="$("$tune" spsa | awk -F', ' 'NF == 7 && $2 == "int" && $4 <= $3 && $3 <= $5' | wc -l)"
[ "$lines" = "$("$tune" spsa | wc -l)" ] && [ "$lines" -ge 40 ] \
    || { echo "check-builds: spsa printed malformed lines or too few ($lines)" >&2; exit 1; }
# Capture first: grep -q would close the pipe early and pipefail would see the engine's SIGPIPE.
options="$("$tune" uci quit)"
grep -q '^option name LmrBase type spin default 80 ' <<<"$options" \
    || { echo "check-builds: the tune build does not offer LmrBase as a spin option" >&2; exit 1; }
uci_bench() { "$tune" "$@" bench quit 2>/dev/null | grep -o '^[0-9]* nodes' | awk '{print $1}'; }
for setting in "LmrBase value 150" "PieceValue4_mg value 700"; do
    moved="$(uci_bench "setoption name $setting")"
    [ -n "$moved" ] && [ "$moved" != "$expected" ] \
        || { echo "check-builds: setoption name $setting did not change the search ($moved)" >&2; exit 1; }
done
echo "== Tune build: $lines SPSA parameters, each moves the search"
"$copy/src/sente-openbench" spsa 2>/dev/null && { echo "check-builds: a normal build must refuse spsa" >&2; exit 1; }

for other in "$@"; do
    same_benches "cmake $(basename "$other")" "$other/sente"
done
echo "== Builds: make, portable, and magic bitboards give bench $expected (with the net $expected_net)"
