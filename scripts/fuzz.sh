#!/usr/bin/env bash
# Fuzzes the FEN reader, the UCI move reader, the UCI command parser and the readers of training
# games (game files and PGN) with libFuzzer, under AddressSanitizer and UndefinedBehaviorSanitizer,
# for SECONDS each (default 60), the targets at once (each fuzzer is one process).
#
#   scripts/fuzz.sh [SECONDS] [TARGET ...]      TARGET: fen, move, uci, games (default: all four)
#
# New interesting inputs are kept in build-fuzz/corpus/TARGET (the seeds in fuzz/corpus are read
# too). A crash leaves its input in build-fuzz/crashes/; copy it to fuzz/regressions/TARGET/ so
# that every test run replays it, then fix the bug.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

sente_help "$0" "$@"
seconds=60
if [ $# -gt 0 ]; then seconds="$1"; shift; fi
sente_number fuzz.sh SECONDS "$seconds" 1
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen move uci games)
for target in "${targets[@]}"; do
    case "$target" in
        fen | move | uci | games) ;;
        *) echo "fuzz.sh: no target '$target' (fen, move, uci, games)" >&2; exit 2 ;;
    esac
done

sente_install_packages clang libclang-rt-14-dev
dir="$SENTE_ROOT/build-fuzz"
# libFuzzer's own recommendation, -O1 with line tables: builds in a fraction of -O3's time, and the
# fuzzers only, not the programs beside them; a unity build, as the sanitizer builds of
# scripts/test.sh.
CC=clang CXX=clang++ SENTE_TARGETS="${targets[*]/#/fuzz_}" sente_build "$dir" -DSENTE_BUILD_FUZZERS=ON \
    -DSENTE_BUILD_TESTS=OFF -DSENTE_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
mkdir -p "$dir/crashes"
pids=()
for target in "${targets[@]}"; do
    mkdir -p "$dir/corpus/$target"
    echo "== fuzz_$target for ${seconds}s" >&2
    # (A game of fastchess's PGN, its comments and tags with it, runs to 6 KB.)
    max_len=4096
    [ "$target" = games ] && max_len=8192
    ASAN_OPTIONS=detect_leaks=0 "$dir/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -max_len="$max_len" \
        -print_final_stats=1 -artifact_prefix="$dir/crashes/$target-" \
        "$dir/corpus/$target" "$SENTE_ROOT/fuzz/corpus/$target" "$SENTE_ROOT/fuzz/regressions/$target" \
        2>"$dir/fuzz_$target.log" &
    pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
    target="${targets[i]}"
    if ! wait "${pids[i]}"; then
        tail -50 "$dir/fuzz_$target.log" >&2
        echo "fuzz_$target failed; the input is in $dir/crashes/" >&2
        status=1
    else
        printf 'fuzz_%s: ' "$target" >&2
        grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$dir/fuzz_$target.log" | tr '\n' ' ' >&2
        echo >&2
    fi
done
exit $status
