#!/usr/bin/env bash
# Times Sente's perft against Stockfish's `go perft` (when a `stockfish` is installed):
# perft 6 from the start position and perft 5 on Kiwipete, one thread, RUNS times each, alternating
# the two engines. Prints the median wall time of each, the median net of start-up (the time of a
# perft 1 run subtracted, since Stockfish loads its network at start), and the ratio Sente/Stockfish.
#   scripts/bench-perft.sh [RUNS]        (default 7; builds Sente first if needed)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
sente_help "$0" "$@"
[ $# -le 1 ] || { echo "bench-perft.sh: one argument at most, RUNS (see --help)" >&2; exit 2; }
RUNS="${1:-7}"
sente_number bench-perft.sh RUNS "$RUNS" 1
SENTE="${SENTE:-$ROOT/build/sente}"
[ -x "$SENTE" ] || { sente_install_packages; sente_build "$ROOT/build"; }
STOCKFISH="${STOCKFISH:-$(command -v stockfish || true)}"
[ -z "$STOCKFISH" ] && [ -x /usr/games/stockfish ] && STOCKFISH=/usr/games/stockfish

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

now_ms() { date +%s%N | awk '{ printf "%.1f", $1 / 1e6 }'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# time_one ENGINE FEN DEPTH: wall milliseconds of one whole run; checks the node count.
time_one() {
    local engine="$1" fen="$2" depth="$3" t0 t1 out
    t0=$(now_ms)
    if [ "$engine" = sente ]; then
        out=$("$SENTE" perft "$depth" --fen "$fen")
    else
        out=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$STOCKFISH")
    fi
    t1=$(now_ms)
    grep -q "Nodes searched: $4" <<<"$out" || { echo "$engine: wrong count for depth $depth" >&2; exit 1; }
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }'
}

run_case() {
    local name="$1" fen="$2" depth="$3" nodes="$4" engines=(sente)
    [ -n "$STOCKFISH" ] && engines+=(stockfish)
    declare -A full base
    for ((i = 0; i < RUNS; i++)); do
        for e in "${engines[@]}"; do
            full[$e]+="$(time_one "$e" "$fen" "$depth" "$nodes") "
            base[$e]+="$(time_one "$e" "$fen" 1 "") "
        done
    done
    for e in "${engines[@]}"; do
        local f b
        f=$(echo "${full[$e]}" | tr ' ' '\n' | grep . | median)
        b=$(echo "${base[$e]}" | tr ' ' '\n' | grep . | median)
        printf '%-22s %-10s %10.1f ms %10.1f ms %8.0f Mnps\n' "$name" "$e" "$f" "$(awk -v f="$f" -v b="$b" 'BEGIN{print f-b}')" \
            "$(awk -v n="$nodes" -v f="$f" -v b="$b" 'BEGIN{print n / ((f-b) * 1000)}')"
        eval "net_$e=\$(awk -v f=\"\$f\" -v b=\"\$b\" 'BEGIN{print f-b}')"
        eval "gross_$e=\$f"
    done
    if [ -n "$STOCKFISH" ]; then
        printf '%-22s ratio Sente/Stockfish: whole run %.2f, net of start-up %.2f\n' "$name" \
            "$(awk -v a="$gross_sente" -v b="$gross_stockfish" 'BEGIN{print a/b}')" \
            "$(awk -v a="$net_sente" -v b="$net_stockfish" 'BEGIN{print a/b}')"
    fi
}

echo "Sente: $("$SENTE" --version)   Stockfish: ${STOCKFISH:-not installed}   runs: $RUNS (medians)"
printf '%-22s %-10s %13s %13s %13s\n' position engine "whole run" "net" speed
run_case "startpos perft 6" "$START" 6 119060324
run_case "kiwipete perft 5" "$KIWIPETE" 5 193690690
