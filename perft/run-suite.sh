#!/usr/bin/env bash
# Runs a perft suite through `sente perft` to any depth, for checks deeper than the test suite's.
#   perft/run-suite.sh FILE [MAX_DEPTH] [extra sente perft options, e.g. --threads 2 --hash 256]
# Lines are `FEN ;D1 n ;D2 n ...`. Files whose name contains 960 run in Chess960 mode.
# Exits 1 if any count differs from the file.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SENTE="${SENTE:-$ROOT/build/sente}"
[ $# -ge 1 ] || { echo "usage: $0 FILE [MAX_DEPTH] [perft options]" >&2; exit 2; }
FILE="$1"; MAX="${2:-99}"; shift $(( $# >= 2 ? 2 : 1 ))
[ -r "$FILE" ] || { echo "$0: cannot read $FILE" >&2; exit 2; }
[ -x "$SENTE" ] || { echo "$0: build Sente first (scripts/run.sh --version)" >&2; exit 2; }
MODE=(); [[ "$(basename "$FILE")" == *960* ]] && MODE=(--chess960)

pass=0; fail=0; positions=0
start=$(date +%s)
while IFS= read -r line || [ -n "$line" ]; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    fen="${line%%;*}"; fen="${fen%"${fen##*[![:space:]]}"}"
    positions=$((positions + 1))
    IFS=';' read -ra parts <<< "${line#*;}"
    for part in "${parts[@]}"; do
        read -r tag expected <<< "$part"
        depth="${tag#D}"
        [ "$depth" -le "$MAX" ] || continue
        got=$("$SENTE" perft "$depth" --fen "$fen" "${MODE[@]}" "$@" | sed -n 's/^Nodes searched: //p')
        if [ "$got" = "$expected" ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "MISMATCH depth $depth: expected $expected, got $got: $fen"
        fi
    done
done < "$FILE"
echo "$(basename "$FILE"): $positions positions, $pass passed, $fail failed ($(( $(date +%s) - start )) s)"
[ "$fail" -eq 0 ]
