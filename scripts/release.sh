#!/usr/bin/env bash
# Release binaries: statically linked Sente for every x86-64 level, for Linux and for Windows
# (cross-compiled with Debian's MinGW-w64), each checked on this machine where its CPU can run it.
#
#   scripts/release.sh [--out DIR] [--os linux,windows] [--levels LIST] [--jobs N] [--reference SENTE]
#
# Levels, named as Stockfish names its builds: x86-64 (no POPCNT), x86-64-sse41-popcnt
# (x86-64-v2), x86-64-avx2 (x86-64-v3), x86-64-bmi2 (v3 with PEXT slider attacks) and
# x86-64-avx512 (x86-64-v4). Binaries are called sente-<os>-<level>[.exe] and land in DIR
# (default: release/). Each binary this CPU can run must count perft 5 of the start position as
# the published suite does (perft/standard.epd) and give the same bench as a native build made
# with the same sources (or as the binary given with --reference); the Windows builds are run
# under wine, which must also hold a short UCI session through pipes. Static and Windows builds
# have no Syzygy support (Debian ships Fathom only as a shared library for Linux); build with make
# or CMake where tables are wanted.
# Missing packages (the build's own, and MinGW-w64 and wine for Windows) are installed with
# apt-get when run as root.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

out="$SENTE_ROOT/release"
systems="linux,windows"
levels="x86-64,x86-64-sse41-popcnt,x86-64-avx2,x86-64-bmi2,x86-64-avx512"
jobs="$(nproc)"
reference=""
usage() { sente_usage "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --os) systems="$2"; shift 2 ;;
        --levels) levels="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --reference) reference="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "release.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
IFS=, read -r -a systems <<<"$systems"
IFS=, read -r -a levels <<<"$levels"
for level in "${levels[@]}"; do
    case "$level" in
        x86-64|x86-64-sse41-popcnt|x86-64-avx2|x86-64-bmi2|x86-64-avx512) ;;
        *) echo "release.sh: unknown level '$level'" >&2; exit 2 ;;
    esac
done

MINGW=x86_64-w64-mingw32-g++-posix   # the POSIX thread model: std::thread needs it
WINE=""
extra_packages=()
for system in "${systems[@]}"; do
    case "$system" in
        linux) ;;
        windows) extra_packages+=(g++-mingw-w64-x86-64-posix wine64) ;;
        *) echo "release.sh: unknown system '$system' (linux or windows)" >&2; exit 2 ;;
    esac
done
sente_install_packages "${extra_packages[@]}"
if [ ${#extra_packages[@]} -gt 0 ]; then
    # Debian's wine64 package puts its loader outside PATH; the wine package adds a wrapper.
    for candidate in wine64 wine /usr/lib/wine/wine64; do
        if command -v "$candidate" >/dev/null; then WINE="$candidate"; break; fi
    done
    [ -n "$WINE" ] || { echo "release.sh: no wine loader found (Debian's wine64)" >&2; exit 1; }
fi

# Whether this CPU runs a level's instructions (the flags the compiler's -march level assumes).
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ "$cpu_flags" == *" $f "* ]] || return 1; done; }
runs_here() {
    case "$1" in
        x86-64) return 0 ;;
        x86-64-sse41-popcnt) has popcnt sse4_1 sse4_2 ssse3 ;;
        x86-64-avx2|x86-64-bmi2) has popcnt sse4_2 avx avx2 bmi1 bmi2 fma movbe ;;
        x86-64-avx512) has popcnt avx2 bmi2 fma avx512f avx512bw avx512cd avx512dq avx512vl ;;
    esac
}

# MinGW's compiler does not look in /usr/include, where Debian puts cxxopts.hpp (header-only):
# give it a folder holding that header alone, so that no Linux header can leak into the build.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/include"
[ -f /usr/include/cxxopts.hpp ] && ln -s /usr/include/cxxopts.hpp "$work/include/cxxopts.hpp"

sente_copy_sources "$work"
mkdir -p "$out"
start=$SECONDS

expected_perft="$(awk -F';' 'NR == 1 { for (i = 2; i <= NF; ++i) if ($i ~ /^D5 /) { sub(/^D5 /, "", $i); print $i + 0 } }' \
                   "$SENTE_ROOT/perft/standard.epd")"
echo "== Reference: perft 5 of the start position must be $expected_perft (perft/standard.epd)"
if [ -z "$reference" ]; then
    make -C "$work/src" -j "$jobs" EXE=sente-reference ARCH=native >/dev/null
    reference="$work/src/sente-reference"
fi
perft_of() { "$@" perft 5 2>/dev/null | tr -d '\r' | awk '/^Nodes searched:/ { print $3 }'; }
expected_bench="$(sente_bench_of "$reference")"
[ -n "$expected_bench" ] || { echo "release.sh: the reference build gave no bench" >&2; exit 1; }
expected_hce_bench="$(sente_hce_bench_of "$reference")"
echo "   bench $expected_bench, hand-crafted $expected_hce_bench ($reference)"

# A short UCI session through pipes: the engine must name itself, be ready, answer a search
# (and `isready` while it searches), and leave on `quit`.
uci_session() {
    local line uciok=0 ready=0 best=0 status
    coproc ENGINE { timeout 60 "$@" 2>/dev/null; }
    printf 'uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 9\nisready\n' >&"${ENGINE[1]}"
    while [ $best = 0 ] || [ $ready -lt 2 ]; do
        IFS= read -r -t 60 line <&"${ENGINE[0]}" || break
        line="${line%$'\r'}"
        case "$line" in
            uciok) uciok=1 ;;
            readyok) ready=$((ready + 1)) ;;
            bestmove\ [a-h][1-8][a-h][1-8]*) best=1 ;;
        esac
    done
    printf 'quit\n' >&"${ENGINE[1]}"
    wait "$ENGINE_PID" && status=0 || status=$?
    [ $uciok = 1 ] && [ $ready = 2 ] && [ $best = 1 ] && [ "$status" = 0 ]
}

failures=0
results=()
for system in "${systems[@]}"; do
    for level in "${levels[@]}"; do
        name="sente-$system-$level"
        args=(ARCH="$level" STATIC=1 SYZYGY=off)
        runner=()
        if [ "$system" = windows ]; then
            name="$name.exe"
            args+=(CXX="$MINGW" CPPFLAGS="-I$work/include")
            runner=("$WINE")
        fi
        t0=$SECONDS
        if ! make -C "$work/src" -j "$jobs" EXE="$out/$name" "${args[@]}" >"$work/build.log" 2>&1; then
            tail -20 "$work/build.log" >&2
            results+=("$name: BUILD FAILED")
            failures=$((failures + 1))
            continue
        fi
        built="built in $((SECONDS - t0)) s"
        if ! runs_here "$level"; then
            results+=("$name: $built; not run (this CPU lacks the instructions)")
            continue
        fi
        perft="$(WINEDEBUG=-all perft_of "${runner[@]}" "$out/$name")"
        bench="$(WINEDEBUG=-all sente_bench_of "${runner[@]}" "$out/$name")"
        hce_bench="$(WINEDEBUG=-all sente_hce_bench_of "${runner[@]}" "$out/$name")"
        verdict="perft 5 ${perft:-none}, bench ${bench:-none}, hand-crafted ${hce_bench:-none}"
        ok=1
        [ "$perft" = "$expected_perft" ] || ok=0
        [ "$bench" = "$expected_bench" ] || ok=0
        [ "$hce_bench" = "$expected_hce_bench" ] || ok=0
        if [ "$system" = windows ]; then
            if WINEDEBUG=-all uci_session "${runner[@]}" "$out/$name"; then
                verdict="$verdict, UCI session ok"
            else
                verdict="$verdict, UCI session FAILED"
                ok=0
            fi
        fi
        if [ $ok = 1 ]; then
            results+=("$name: $built; $verdict: ok")
        else
            results+=("$name: $built; $verdict: WRONG")
            failures=$((failures + 1))
        fi
    done
done

echo "== Release binaries in $out ($((SECONDS - start)) s)"
printf '   %s\n' "${results[@]}"
[ $failures = 0 ] || { echo "release.sh: $failures binaries failed" >&2; exit 1; }
