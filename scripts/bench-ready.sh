#!/usr/bin/env bash
# How long a GUI waits for readyok after a large Hash and a big thread count: for each engine in
# turn, round after round, starts it, sends `setoption name Hash value MB` and `setoption name
# Threads value N` together, then `isready`, and prints the milliseconds until `readyok`; then
# each engine's median, best and worst.
#   scripts/bench-ready.sh [--rounds R] [--hash MB] [--threads N] [--separately] ENGINE...
# --separately waits for the Hash's own readyok first and times the Threads change alone.
# Defaults: 5 rounds, Hash 8192, Threads 256; ENGINE defaults to build/sente.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
sente_help "$0" "$@"
rounds=5 hash=8192 threads=256 separately=0
engines=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) sente_value bench-ready.sh "$@"; rounds="$2"; shift 2 ;;
        --hash) sente_value bench-ready.sh "$@"; hash="$2"; shift 2 ;;
        --threads) sente_value bench-ready.sh "$@"; threads="$2"; shift 2 ;;
        --separately) separately=1; shift ;;
        -h|--help) sente_usage "$0"; exit 0 ;;
        -*) echo "bench-ready.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) engines+=("$1"); shift ;;
    esac
done
for engine in "${engines[@]}"; do
    [ -x "$engine" ] || { echo "bench-ready.sh: no engine $engine" >&2; exit 2; }
done
sente_number bench-ready.sh --rounds "$rounds" 1
sente_number bench-ready.sh --hash "$hash" 1
sente_number bench-ready.sh --threads "$threads" 1 256
[ ${#engines[@]} -gt 0 ] || engines=("$ROOT/build/sente")

now_ms() { echo $(($(date +%s%N) / 1000000)); }
wait_ready() {
    local line
    while IFS= read -r -t 600 line <&"${ENGINE[0]}"; do [ "${line%$'\r'}" = readyok ] && return 0; done
    echo "bench-ready.sh: no readyok" >&2
    return 1
}
# One engine, one round: prints the milliseconds to readyok.
one_round() {
    local t0
    coproc ENGINE { "$1" 2>/dev/null; }
    printf 'uci\nisready\n' >&"${ENGINE[1]}"
    wait_ready
    t0="$(now_ms)"
    printf 'setoption name Hash value %s\n' "$hash" >&"${ENGINE[1]}"
    if [ $separately = 1 ]; then
        printf 'isready\n' >&"${ENGINE[1]}"
        wait_ready
        t0="$(now_ms)"
    fi
    printf 'setoption name Threads value %s\nisready\n' "$threads" >&"${ENGINE[1]}"
    wait_ready
    echo $(($(now_ms) - t0))
    printf 'quit\n' >&"${ENGINE[1]}"
    wait "$ENGINE_PID" || true
}

declare -A times
what="Hash $hash and Threads $threads together"
[ $separately = 1 ] && what="Threads $threads after Hash $hash is ready"
echo "== $what, then isready: milliseconds to readyok (rounds: $rounds)"
for ((r = 1; r <= rounds; ++r)); do
    for engine in "${engines[@]}"; do
        t="$(one_round "$engine")"
        times[$engine]+="$t "
        echo "round $r: $t ms  $engine  (load $(cut -d' ' -f1 /proc/loadavg))"
    done
done
for engine in "${engines[@]}"; do
    tr ' ' '\n' <<<"${times[$engine]}" | sed '/^$/d' | sort -n | awk -v e="$engine" '
        { a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
                             printf "%s: median %d ms, best %d, worst %d\n", e, m, a[1], a[NR] }'
done
