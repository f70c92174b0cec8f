#!/usr/bin/env bash
# Lazy SMP scaling: for each thread count, searches a set of positions to a fixed depth with a
# fresh 64 MB table and reports, per position and as medians, the time to reach the depth and the
# nodes per second (from the engine's own final info line).
#   scripts/bench-threads.sh [DEPTH] [THREADS ...]      (default: depth 16, threads 1 2)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
sente_help "$0" "$@"
DEPTH="${1:-16}"
shift || true
THREADS=("$@")
[ ${#THREADS[@]} -gt 0 ] || THREADS=(1 2)
sente_number bench-threads.sh DEPTH "$DEPTH" 1 100
for n in "${THREADS[@]}"; do sente_number bench-threads.sh THREADS "$n" 1 256; done
SENTE="${SENTE:-$ROOT/build/sente}"
[ -x "$SENTE" ] || { sente_install_packages; sente_build "$ROOT/build"; }

POSITIONS=(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2Q1RK1 w - - 0 12"
    "8/5pk1/6p1/3P4/1p3P2/1P4KP/8/8 w - - 0 45"
)
median() { sort -n | awk '{ a[NR] = $1 } END { printf "%d\n", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

for threads in "${THREADS[@]}"; do
    times=() speeds=()
    echo "== Threads $threads, depth $DEPTH"
    for fen in "${POSITIONS[@]}"; do
        # The engine's input stays open until its bestmove: end of input would stop the search.
        coproc ENGINE { "$SENTE"; }
        engine_pid=$ENGINE_PID
        printf 'setoption name Threads value %s\nsetoption name Hash value 64\nucinewgame\nposition fen %s\ngo depth %s\n' \
            "$threads" "$fen" "$DEPTH" >&"${ENGINE[1]}"
        final=""
        while IFS= read -r line <&"${ENGINE[0]}"; do
            [[ "$line" == "info depth"*" pv "* ]] && final="$line"
            [[ "$line" == bestmove* ]] && break
        done
        echo quit >&"${ENGINE[1]}"
        wait "$engine_pid" || true
        [ -n "$final" ] || { echo "bench-threads.sh: no search result for $fen" >&2; exit 1; }
        time_ms=$(awk '{ for (i = 1; i < NF; ++i) if ($i == "time") print $(i + 1) }' <<<"$final")
        nps=$(awk '{ for (i = 1; i < NF; ++i) if ($i == "nps") print $(i + 1) }' <<<"$final")
        printf '  %6s ms  %9s nps  %s\n' "$time_ms" "$nps" "$fen"
        times+=("$time_ms") speeds+=("$nps")
    done
    printf '  median: %s ms to depth %s, %s nps\n' "$(printf '%s\n' "${times[@]}" | median)" "$DEPTH" \
        "$(printf '%s\n' "${speeds[@]}" | median)"
done
