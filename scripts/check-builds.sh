#!/usr/bin/env bash
# Builds Sente as an OpenBench client does (make in a clean copy of the sources, portable flags,
# magic bitboards) and checks that its bench signature equals the CMake build's, and that it
# answers genfens.
#   scripts/check-builds.sh CMAKE_BUILD_DIR [OTHER_CMAKE_BUILD_DIR ...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
reference="$1"
shift
bench_of() { "$1" bench 2>/dev/null | tail -1 | awk '{print $1}'; }
expected="$(bench_of "$reference/sente")"
[ -n "$expected" ] || { echo "check-builds: no bench from $reference/sente" >&2; exit 1; }

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
# The sources as a fresh clone would have them (tracked and new files, nothing ignored).
(cd "$ROOT" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$copy"
make -C "$copy/src" -j "$(nproc)" EXE=sente-openbench ARCH=portable >/dev/null
got="$(bench_of "$copy/src/sente-openbench")"
echo "bench: cmake $(basename "$reference") $expected, make portable $got"
[ "$got" = "$expected" ] || { echo "check-builds: the make build's bench differs" >&2; exit 1; }
fens="$("$copy/src/sente-openbench" "genfens 3 seed 1 book None" quit | grep -c '^info string genfens ')"
[ "$fens" = 3 ] || { echo "check-builds: genfens printed $fens openings, not 3" >&2; exit 1; }

for other in "$@"; do
    got="$(bench_of "$other/sente")"
    echo "bench: cmake $(basename "$other") $got"
    [ "$got" = "$expected" ] || { echo "check-builds: $other's bench differs" >&2; exit 1; }
done
echo "== Builds: make, portable, and magic bitboards give bench $expected"
