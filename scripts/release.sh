#!/usr/bin/env bash
# Release binaries: statically linked Sente for every x86-64 level, for Linux and for Windows
# (cross-compiled with Debian's MinGW-w64), and for 64-bit ARM Linux (Debian's cross compiler), each
# with Syzygy tablebases and each checked on this machine where it can run.
#
#   scripts/release.sh [--out DIR] [--os linux,windows] [--levels LIST] [--jobs N] [--reference SENTE]
#                      [--tablebases on|off]
#
# Levels, named as Stockfish names its builds: x86-64 (no POPCNT), x86-64-sse41-popcnt
# (x86-64-v2), x86-64-avx2 (x86-64-v3), x86-64-bmi2 (v3 with PEXT slider attacks), x86-64-avx512
# (x86-64-v4), and armv8 (AArch64, Linux only). Binaries are called sente-<os>-<level>[.exe] and
# land in DIR (default: release/); each names the build as a build of the tree itself would
# (scripts/build-name.sh).
#
# Checks, for each binary this machine can run (x86-64 levels its CPU has; Windows ones under wine,
# armv8 under qemu-user): perft 5 of the start position as the published suite counts it
# (perft/standard.epd), the same bench, with the net and with the hand-crafted evaluation, as a
# native build of the same sources (or as the binary given with --reference), a short UCI session
# through pipes, and, with SyzygyPath set to tests/data/syzygy, the reference's score, best move
# and tablebase hits on a handful of endings. The Windows binaries read the tables, and load the
# default net as EvalFile, from a copy in a folder named in letters outside ASCII. The Linux ones, for
# Android's GUIs too, enter and make their threads as src/syscall_filter.cpp has them (their symbols),
# and hold the UCI session under Android's filter of system calls (tests/android_filter.cpp); armv8,
# where qemu-user cannot set a filter, answers a filter's signal as it must (tests/sigsys_probe.cpp).
#
# Tablebases: Fathom is built from Debian's source package, `apt-get source fathom`, with the flags
# Debian builds libfathom with, once for each compiler, and linked statically (Debian ships it only
# as a shared library for Linux). This needs the Debian mirror this machine installs from: the
# script reads the sources of a private copy of apt's lists with a deb-src line added, in a
# temporary folder, and leaves the machine's own apt configuration as it is. --tablebases off
# builds binaries without tables instead (and checks no endings).
# Missing packages (the build's own, MinGW-w64 and wine for Windows, g++-aarch64-linux-gnu and
# qemu-user-static for armv8, dpkg-dev to unpack Fathom's source) are installed with apt-get when
# run as root.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sente_help "${BASH_SOURCE[0]}" "$@"

out="$SENTE_ROOT/release"
systems="linux,windows"
levels="x86-64,x86-64-sse41-popcnt,x86-64-avx2,x86-64-bmi2,x86-64-avx512,armv8"
jobs="$SENTE_JOBS"
reference=""
tablebases=on
usage() { sente_usage "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --out) sente_value release.sh "$@"; out="$2"; shift 2 ;;
        --os) sente_value release.sh "$@"; systems="$2"; shift 2 ;;
        --levels) sente_value release.sh "$@"; levels="$2"; shift 2 ;;
        --jobs) sente_value release.sh "$@"; jobs="$2"; shift 2 ;;
        --reference) sente_value release.sh "$@"; reference="$2"; shift 2 ;;
        --tablebases) sente_value release.sh "$@"; tablebases="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "release.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
case "$tablebases" in on|off) ;; *) echo "release.sh: --tablebases is on or off" >&2; exit 2 ;; esac
sente_number release.sh --jobs "$jobs" 1
IFS=, read -r -a systems <<<"$systems"
IFS=, read -r -a levels <<<"$levels"
arm=0   # whether an armv8 Linux binary is asked for
for level in "${levels[@]}"; do
    case "$level" in
        x86-64|x86-64-sse41-popcnt|x86-64-avx2|x86-64-bmi2|x86-64-avx512) ;;
        armv8) arm=1 ;;
        *) echo "release.sh: unknown level '$level'" >&2; exit 2 ;;
    esac
done

MINGW=x86_64-w64-mingw32   # with the POSIX thread model (the -posix compilers): std::thread needs it
AARCH64=aarch64-linux-gnu
WINE=""
QEMU=""
extra_packages=()
windows=0
linux_arm=0
for system in "${systems[@]}"; do
    case "$system" in
        linux) [ $arm = 0 ] || linux_arm=1 ;;
        windows) windows=1; extra_packages+=(g++-mingw-w64-x86-64-posix wine64 wine) ;;
        *) echo "release.sh: unknown system '$system' (linux or windows)" >&2; exit 2 ;;
    esac
done
# Something to build: `--os ""`, or `--os windows --levels armv8` (Debian has no MinGW for ARM),
# would end with nothing made and status 0.
targets=0
for system in "${systems[@]}"; do
    for level in "${levels[@]}"; do [ "$system/$level" = windows/armv8 ] || targets=$((targets + 1)); done
done
[ $targets -gt 0 ] || { echo "release.sh: --os and --levels name no binary to build" >&2; exit 2; }
if [ $linux_arm = 1 ]; then
    extra_packages+=(g++-$AARCH64)
    # Debian's qemu-user-static, or qemu-user if it is there: either has qemu-aarch64.
    command -v qemu-aarch64 >/dev/null || extra_packages+=(qemu-user-static)
fi
[ "$tablebases" = on ] && extra_packages+=(dpkg-dev)
sente_install_packages "${extra_packages[@]}"
if [ $windows = 1 ]; then
    # Debian's wine64 package puts its loader outside PATH; the wine package adds a wrapper.
    for candidate in wine64 wine /usr/lib/wine/wine64; do
        if command -v "$candidate" >/dev/null; then WINE="$candidate"; break; fi
    done
    [ -n "$WINE" ] || { echo "release.sh: no wine loader found (Debian's wine64)" >&2; exit 1; }
fi
if [ $linux_arm = 1 ]; then
    for candidate in qemu-aarch64 qemu-aarch64-static; do
        if command -v "$candidate" >/dev/null; then QEMU="$candidate"; break; fi
    done
    [ -n "$QEMU" ] || { echo "release.sh: no qemu-aarch64 found (Debian's qemu-user-static)" >&2; exit 1; }
fi

# Whether this machine runs a level's instructions (the flags the compiler's -march level assumes;
# armv8 through qemu-user).
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ "$cpu_flags" == *" $f "* ]] || return 1; done; }
runs_here() {
    case "$1" in
        x86-64) return 0 ;;
        x86-64-sse41-popcnt) has popcnt sse4_1 sse4_2 ssse3 ;;
        x86-64-avx2|x86-64-bmi2) has popcnt sse4_2 avx avx2 bmi1 bmi2 fma movbe ;;
        x86-64-avx512) has popcnt avx2 bmi2 fma avx512f avx512bw avx512cd avx512dq avx512vl ;;
        armv8) [ -n "$QEMU" ] ;;
    esac
}

# The cross compilers do not look in /usr/include, where Debian puts cxxopts.hpp (header-only):
# give them a folder holding that header alone, so that no header of this machine's can leak into
# their builds.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/include"
[ -f /usr/include/cxxopts.hpp ] && ln -s /usr/include/cxxopts.hpp "$work/include/cxxopts.hpp"

mkdir -p "$work/tree"
sente_copy_sources "$work/tree"
# The copy has no git: it is given the name a build of the tree itself would have. That name is
# the commit's, so changes not committed would go out under it: a release version is refused then,
# and a development build warned of.
build_name="$("$SENTE_ROOT/scripts/build-name.sh" "$SENTE_ROOT")"
if git -C "$SENTE_ROOT" rev-parse --git-dir >/dev/null 2>&1 && ! git -C "$SENTE_ROOT" diff --quiet HEAD -- 2>/dev/null; then
    case "$build_name" in
        dev-*) echo "release.sh: warning: files differ from the commit; the binaries are named $build_name all the same" >&2 ;;
        *) echo "release.sh: files differ from the tagged commit: a release $build_name must be built from it as it is" >&2
           exit 2 ;;
    esac
fi
mkdir -p "$out"
start=$SECONDS

# Fathom's source, from the Debian mirror of this machine's own apt sources: their Debian stanza (or
# line) again with deb-src, in a private copy of apt's configuration and lists.
fathom_source() {
    local apt="$work/apt" codename stanza
    codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
    mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/cache" "$work/fathom-source"
    : >"$apt/sources.list"
    for list in /etc/apt/sources.list.d/*.sources; do
        [ -f "$list" ] || continue
        stanza="$(awk -v c="$codename" 'BEGIN { RS = ""; ORS = "\n" }
            /(^|\n)Types:[^\n]*deb/ && $0 ~ ("\nSuites:[^\n]*[ ]" c "([ \n]|$)") && $0 !~ /security/ {
                sub(/Types:[^\n]*/, "Types: deb-src"); print; exit }' "$list")"
        [ -n "$stanza" ] && { printf '%s\n' "$stanza" >"$apt/sources.list.d/debian.sources"; break; }
    done
    if [ ! -s "$apt/sources.list.d/debian.sources" ]; then
        grep -hE "^deb +(\[[^]]*\] +)?[a-z]+://[^ ]+ +$codename +" /etc/apt/sources.list 2>/dev/null \
            | grep -v security | head -1 | sed 's/^deb /deb-src /' >"$apt/sources.list" || true
    fi
    if [ ! -s "$apt/sources.list.d/debian.sources" ] && [ ! -s "$apt/sources.list" ]; then
        echo "release.sh: no Debian $codename source in /etc/apt to fetch Fathom's source from" >&2
        return 1
    fi
    local options=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts="$apt/sources.list.d"
                   -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root)
    if ! { apt-get "${options[@]}" update -qq && (cd "$work/fathom-source" && apt-get "${options[@]}" source -qq fathom); } \
        >"$work/apt.log" 2>&1; then
        cat "$work/apt.log" >&2
        return 1
    fi
    fathom_src="$(find "$work/fathom-source" -mindepth 3 -maxdepth 3 -path '*/src/tbprobe.c' -printf '%h\n' | head -1)"
    [ -n "$fathom_src" ] || { echo "release.sh: apt-get source fathom gave no src/tbprobe.c" >&2; return 1; }
    fathom_version="$(basename "$(dirname "$fathom_src")")"
}

# build_fathom PREFIX: Fathom for the compilers PREFIXgcc and PREFIXar (PREFIX may be empty), as
# debian/rules builds it (C99 with GNU extensions, no threads of its own, no hardware popcount; Sente
# serialises its calls), in a folder of its own that src/Makefile takes as FATHOM=.
build_fathom() {
    local dir="$work/fathom/${1:-native}" cc="${1}gcc"
    [ "$1" = "$MINGW-" ] && cc="$MINGW-gcc-posix"
    if [ ! -f "$dir/libfathom.a" ]; then
        mkdir -p "$dir"
        "$cc" -O2 -std=gnu99 -Wall -DTB_NO_THREADS -DTB_NO_HW_POP_COUNT -I"$fathom_src" \
            -c "$fathom_src/tbprobe.c" -o "$dir/tbprobe.o"
        "${1}ar" rcs "$dir/libfathom.a" "$dir/tbprobe.o"
        cp "$fathom_src/tbprobe.h" "$fathom_src/tbconfig.h" "$dir/"
    fi
    echo "$dir"
}

if [ "$tablebases" = on ]; then
    t0=$SECONDS
    fathom_source
    echo "== Fathom from Debian's source package $fathom_version ($((SECONDS - t0)) s)"
fi

expected_perft="$(awk -F';' 'NR == 1 { for (i = 2; i <= NF; ++i) if ($i ~ /^D5 /) { sub(/^D5 /, "", $i); print $i + 0 } }' \
                   "$SENTE_ROOT/perft/standard.epd")"
[ -n "$expected_perft" ] || { echo "release.sh: no D5 count in perft/standard.epd" >&2; exit 1; }
echo "== Reference: perft 5 of the start position must be $expected_perft (perft/standard.epd)"
if [ -z "$reference" ]; then
    make -C "$work/tree/src" -j "$jobs" EXE=sente-reference ARCH=native BUILD_NAME="$build_name" >/dev/null
    reference="$work/tree/src/sente-reference"
fi
perft_of() { "$@" perft 5 2>/dev/null | tr -d '\r' | awk '/^Nodes searched:/ { print $3 }'; }
{ read -r expected_bench; read -r expected_hce_bench; } < <(sente_benches_of "$reference")
[ -n "$expected_bench" ] || { echo "release.sh: the reference build gave no bench" >&2; exit 1; }
[ -n "$expected_hce_bench" ] || { echo "release.sh: the reference build gave no hand-crafted bench" >&2; exit 1; }
echo "   bench $expected_bench, hand-crafted $expected_hce_bench ($reference)"

# Endings the tables decide, each searched to a fixed depth from a fresh game: a win and the same
# position past the fifty-move rule's reach (a draw), a bishop and knight mate, a pawn ending lost in
# 15, one whose only draw is an en-passant capture, and a five-piece position whose winning capture
# leads into the tables.
endings=(
    "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"
    "8/8/8/8/8/2k5/1R6/K7 w - - 80 100"
    "8/8/7N/8/8/8/8/K1k1B3 w - - 0 1"
    "7K/k7/8/Pp6/8/8/8/8 w - - 0 1"
    "1k1K4/8/8/pP6/8/8/8/8 w - a6 0 1"
    "4k3/8/8/3r4/8/8/3R4/3QK3 w - - 0 1"
)
# tablebase_answers PATH [RUNNER...] SENTE: what the engine says of the tables at PATH and, for each
# ending, its last score line (without time and speed) and its best move.
tablebase_answers() {
    local path="$1" lines=() fen
    shift
    lines=("setoption name SyzygyPath value $path")
    for fen in "${endings[@]}"; do lines+=("ucinewgame" "position fen $fen" "go depth 8"); done
    "$@" "${lines[@]}" quit 2>/dev/null | tr -d '\r' | awk '
        /^info string Syzygy/ { sub(/ found in .*/, ""); print }
        /^info depth/ { last = $0 }
        /^bestmove/ { gsub(/ (nps|time) [0-9]+/, "", last); print last; print }'
}
syzygy="$SENTE_ROOT/tests/data/syzygy"
# For the Windows binaries, the tables and the default net in a folder whose name is not ASCII and
# has letters Windows' code page 1252 cannot spell (so that the tablebase code gets the short name),
# and the net in one it can.
unicode_folder="$work/Tablice i sieć Łódź"
ansi_folder="$work/Übung"
default_net="$(head -n 1 "$SENTE_ROOT/nets/default-net.txt")"
if [ "$windows" = 1 ]; then
    mkdir -p "$unicode_folder" "$ansi_folder"
    cp "$syzygy"/*.rtb? "$SENTE_ROOT/nets/$default_net" "$unicode_folder/"
    cp "$SENTE_ROOT/nets/$default_net" "$ansi_folder/"
fi
if [ "$tablebases" = on ]; then
    expected_tables="$(tablebase_answers "$syzygy" "$reference")"
    # The reference itself must have used the tables: tablebase hits in every ending.
    hits="$(awk '/^info depth/ && / tbhits [1-9]/' <<<"$expected_tables" | wc -l)"
    if [[ "$expected_tables" != "info string Syzygy: tablebases of up to 4 pieces"* ]] || [ "$hits" != ${#endings[@]} ]; then
        echo "release.sh: the reference build does not probe the tables in $syzygy:" >&2
        echo "$expected_tables" >&2
        exit 1
    fi
    echo "   ${#endings[@]} endings with tables, each with tablebase hits"
fi

# A short UCI session through pipes: the engine must name itself, be ready, answer a search
# (and `isready` while it searches), and leave on `quit`.
uci_session() { sente_uci_session "" 9 "$@"; }

# passes WHAT COMMAND...: the verdict on the binary says whether COMMAND succeeded.
passes() {
    local what="$1"
    shift
    if "$@"; then
        verdict="$verdict, $what ok"
    else
        verdict="$verdict, $what FAILED"
        ok=0
    fi
}

failures=0
results=()
for system in "${systems[@]}"; do
    for level in "${levels[@]}"; do
        [ "$system/$level" = windows/armv8 ] && continue   # Debian has no MinGW for ARM
        name="sente-$system-$level"
        prefix=""   # of the target's compilers
        runner=()
        args=(ARCH="$level" STATIC=1 BUILD_NAME="$build_name" CPPFLAGS="-I$work/include")
        # In CI, warnings are errors, as in the other builds: there this is the make build of
        # OpenBench's tests (check-builds.sh builds the tune one), each file compiled alone.
        [ "${CI:-}" = "true" ] && args+=(WERROR=1)
        if [ "$system" = windows ]; then
            name="$name.exe"
            prefix="$MINGW-"
            args+=(CXX="$MINGW-g++-posix")
            # Wine reads the machine's file names in the locale's encoding: UTF-8 here, whatever
            # the caller's locale (its Windows code page is then 1252).
            runner=(env LC_ALL=C.UTF-8 "$WINE")
        elif [ "$level" = armv8 ]; then
            prefix="$AARCH64-"
            args+=(CXX="$AARCH64-g++")
            runner=("$QEMU")
        fi
        t0=$SECONDS
        if [ "$tablebases" = on ]; then
            # Not in $(...), where bash leaves errexit off: a compiler that fails stops the run here.
            build_fathom "$prefix" >"$work/fathom-dir"
            args+=(FATHOM="$(cat "$work/fathom-dir")")
        else
            args+=(SYZYGY=off)
        fi
        if ! make -C "$work/tree/src" -j "$jobs" EXE="$out/$name" "${args[@]}" >"$work/build.log" 2>&1; then
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
        t0=$SECONDS
        export WINEDEBUG=-all
        # A binary that crashes gives empty answers, judged below: the other binaries are still checked.
        version="$("${runner[@]}" "$out/$name" --version | tr -d '\r' || true)"
        perft="$(perft_of "${runner[@]}" "$out/$name" || true)"
        { read -r bench; read -r hce_bench; } < <(sente_benches_of "${runner[@]}" "$out/$name")
        verdict="$version, perft 5 ${perft:-none}, bench ${bench:-none}, hand-crafted ${hce_bench:-none}"
        ok=1
        [[ "$version" == "Sente $build_name ("*")" ]] || ok=0
        [ "$perft" = "$expected_perft" ] || ok=0
        [ "$bench" = "$expected_bench" ] || ok=0
        [ "$hce_bench" = "$expected_hce_bench" ] || ok=0
        passes "UCI session" uci_session "${runner[@]}" "$out/$name"
        if [ "$system" = linux ]; then
            # Linked as src/Makefile has it (src/syscall_filter.cpp): the binary enters at sente_start,
            # and glibc's threads are made by its wrapper, which glibc calls, glibc's own maker left
            # out. (A glibc without the function would leave the wrapper defined but never called.)
            symbols="$("${prefix}nm" "$out/$name" 2>/dev/null || true)"
            entry="$("${prefix}readelf" -h "$out/$name" 2>/dev/null | awk '/Entry point address:/ { print $4 }' || true)"
            sente_start="$(awk '$2 == "T" && $3 == "sente_start" { print $1 }' <<<"$symbols")"
            wrapper_calls="$("${prefix}objdump" -d --no-show-raw-insn "$out/$name" 2>/dev/null \
                | awk '/<__wrap___clone_internal>$/ { n++ } END { print n + 0 }' || true)"
            if [ -n "$sente_start" ] && [ "$((entry))" = "$((16#$sente_start))" ] \
                && grep -q ' T __wrap___clone_internal$' <<<"$symbols" && ! grep -q ' __clone_internal$' <<<"$symbols" \
                && [ "${wrapper_calls:-0}" -gt 0 ]; then
                verdict="$verdict, enters at sente_start and makes glibc's threads"
            else
                verdict="$verdict, NOT linked to run under Android's filter (entry ${entry:-none})"
                ok=0
            fi
        fi
        if [ "$system" = linux ] && [ "$level" != armv8 ]; then
            # The session again under the filter of system calls Android puts on an app and the
            # engine it starts (src/syscall_filter.cpp).
            filter="$work/android_filter"
            [ -x "$filter" ] || g++ -std=c++20 -O2 -o "$filter" "$SENTE_ROOT/tests/android_filter.cpp"
            passes "UCI session under Android's filter" uci_session "$filter" "$out/$name"
        fi
        if [ "$level" = armv8 ]; then
            # Android's filter of system calls cannot be set under qemu-user: the answer the binary
            # gives a filter's SIGSYS (src/syscall_filter.cpp), in its first thread and in another,
            # linked as src/Makefile links a static build.
            probe="$work/sigsys-probe-$level"
            filter_ldflags=()
            read -ra filter_ldflags <<<"$(make -s --no-print-directory -C "$work/tree/src" "${args[@]}" \
                filter-ldflags 2>"$work/probe.log" || true)"
            if [ "${#filter_ldflags[@]}" -eq 0 ]; then
                make_said="$(tail -1 "$work/probe.log")"
                echo "src/Makefile names no options of the filter for $name${make_said:+ ($make_said)}" >"$work/probe.log"
            fi
            if [ "${#filter_ldflags[@]}" -gt 0 ] \
                && "${prefix}g++" -std=c++20 -O2 -static -pthread "${filter_ldflags[@]}" \
                   -o "$probe" "$SENTE_ROOT/tests/sigsys_probe.cpp" "$work/tree/src/syscall_filter.cpp" \
                   >"$work/probe.log" 2>&1 \
                && "${runner[@]}" "$probe" >"$work/probe.log" 2>&1; then
                verdict="$verdict, a filter's SIGSYS answered with ENOSYS"
            else
                verdict="$verdict, a filter's SIGSYS NOT answered ($(tail -1 "$work/probe.log"))"
                ok=0
            fi
        fi
        if [ "$system" = windows ]; then
            # A file named in letters outside ASCII, as GUIs send the name: in UTF-8 (on the
            # command line here, which reaches the engine in UTF-16) and, through the standard
            # input, in the Windows code page (1252: Ü is one byte).
            net="$(LC_ALL=C.UTF-8 winepath -w "$unicode_folder/$default_net" 2>/dev/null || true)"
            ansi_net="$(LC_ALL=C.UTF-8 winepath -w "$ansi_folder/$default_net" 2>/dev/null | iconv -f UTF-8 -t CP1252 || true)"
            if "${runner[@]}" "$out/$name" "setoption name EvalFile value $net" quit 2>/dev/null | tr -d '\r' \
                | grep -qxF "info string NNUE evaluation using $net" \
                && printf 'setoption name EvalFile value %s\nquit\n' "$ansi_net" | "${runner[@]}" "$out/$name" 2>/dev/null \
                | tr -d '\r' | LC_ALL=C grep -qxF "info string NNUE evaluation using $ansi_net"; then
                verdict="$verdict, nets in $(basename "$unicode_folder") and $(basename "$ansi_folder") load"
            else
                verdict="$verdict, a net in $(basename "$unicode_folder") or $(basename "$ansi_folder") does NOT load"
                ok=0
            fi
        fi
        if [ "$tablebases" = on ]; then
            path="$syzygy"
            [ "$system" = windows ] && path="$(LC_ALL=C.UTF-8 winepath -w "$unicode_folder" 2>/dev/null || true)"
            if [ "$(tablebase_answers "$path" "${runner[@]}" "$out/$name")" = "$expected_tables" ]; then
                verdict="$verdict, ${#endings[@]} tablebase endings as the reference"
            else
                verdict="$verdict, tablebase endings NOT as the reference"
                ok=0
            fi
        fi
        verdict="$verdict (checked in $((SECONDS - t0)) s)"
        if [ $ok = 1 ]; then
            results+=("$name: $built; $verdict: ok")
        else
            results+=("$name: $built; $verdict: WRONG")
            failures=$((failures + 1))
        fi
    done
done

# What must travel with the binaries: Sente's licence, Fathom's (MIT, linked into each binary with
# tables), and the checksums of everything in the folder.
cp "$SENTE_ROOT/COPYING" "$out/COPYING"
if [ "$tablebases" = on ]; then
    fathom_licence="$(find "$work/fathom-source" -maxdepth 2 -name LICENSE -print -quit)"
    [ -n "$fathom_licence" ] || { echo "release.sh: Fathom's source has no LICENSE" >&2; exit 1; }
    cp "$fathom_licence" "$out/LICENSE-Fathom"
fi
(cd "$out" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort \
    | xargs -d '\n' sha256sum >SHA256SUMS)
licences="COPYING"
[ "$tablebases" = on ] && licences+=", Fathom's licence"
echo "== Release binaries in $out ($((SECONDS - start)) s), with $licences and SHA256SUMS"
printf '   %s\n' "${results[@]}"
[ $failures = 0 ] || { echo "release.sh: $failures binaries failed" >&2; exit 1; }
