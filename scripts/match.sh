#!/usr/bin/env bash
# Plays Sente against other UCI engines with fastchess or cutechess-cli, whichever is on PATH
# (this script never downloads or builds either), and prints the runner's Elo table.
#
#   scripts/match.sh [options] [OPPONENT ...]
#
# OPPONENT is one of the Debian engines by name (gnuchess, toga2, glaurung, ethereal, stockfish), or
# stockfish@ELO for Stockfish limited to that Elo, or stockfish-classical for Stockfish at full
# strength with its classical evaluation (`Use NNUE` false), or the path of any UCI engine. Default:
# gnuchess toga2 glaurung. Every engine gets one thread and the same hash.
#
# Options:
#   --games N         games per opponent, an even number (default 100; played in pairs with
#                     colours reversed)
#   --tc TC           time control: seconds, seconds+increment or moves/seconds[+increment]
#                     (default 8+0.08)
#   --concurrency C   games at once (default 2)
#   --hash MB         hash per engine (default 16)
#   --book FILE       EPD openings (default ../shared/data/openings/noob_3moves_2000.epd when present,
#                     else tests/data/noob_3moves_2000.epd)
#   --chess960        Chess960 games, from a book of random start positions (of the 960) made here
#                     with the seed, unless --book names one
#   --nodes N         a fixed node count a move instead of a clock (quick screening; --tc ignored)
#   --sente PATH      the Sente binary (default build/sente, built if missing)
#   --pgn FILE        save the games
#   --seed N          the runner's random seed, so the same openings come in the same order
#   --sprt            instead of a fixed count, an SPRT (elo0=0 elo1=10) against the first opponent
#   --option NAME=V   a UCI option for Sente (repeatable)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sente_help "$0" "$@"

games=100 tc="8+0.08" concurrency=2 hash=16 book="" sente="$SENTE_ROOT/build/sente" pgn="" sprt=0 seed=""
chess960=0 nodes=""
sente_options=()
opponents=()
while [ $# -gt 0 ]; do
    case "$1" in
        --games) sente_value match.sh "$@"; games="$2"; shift 2 ;;
        --tc) sente_value match.sh "$@"; tc="$2"; shift 2 ;;
        --concurrency) sente_value match.sh "$@"; concurrency="$2"; shift 2 ;;
        --hash) sente_value match.sh "$@"; hash="$2"; shift 2 ;;
        --book) sente_value match.sh "$@"; book="$2"; shift 2 ;;
        --sente) sente_value match.sh "$@"; sente="$2"; shift 2 ;;
        --pgn) sente_value match.sh "$@"; pgn="$2"; shift 2 ;;
        --seed) sente_value match.sh "$@"; seed="$2"; shift 2 ;;
        --sprt) sprt=1; shift ;;
        --chess960) chess960=1; shift ;;
        --nodes) sente_value match.sh "$@"; nodes="$2"; shift 2 ;;
        --option) sente_value match.sh "$@"; sente_options+=("$2"); shift 2 ;;
        -h|--help) sente_usage "$0"; exit 0 ;;
        -*) echo "match.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) opponents+=("$1"); shift ;;
    esac
done
[ ${#opponents[@]} -gt 0 ] || opponents=(gnuchess toga2 glaurung)
sente_number match.sh --games "$games" 2
[ $((games % 2)) -eq 0 ] || { echo "match.sh: --games is played in pairs: an even number, not $games" >&2; exit 2; }
[[ "$tc" =~ ^([1-9][0-9]*/)?[0-9]+(\.[0-9]+)?(\+[0-9]+(\.[0-9]+)?)?$ ]] \
    || { echo "match.sh: --tc is seconds, seconds+increment or moves/seconds+increment (8+0.08, 40/60); not '$tc'" >&2; exit 2; }
sente_number match.sh --concurrency "$concurrency" 1
sente_number match.sh --hash "$hash" 1
[ -z "$seed" ] || sente_number match.sh --seed "$seed" 0 18446744073709551615
[ -z "$nodes" ] || sente_number match.sh --nodes "$nodes" 1
if [ "$chess960" = 1 ] && [ -z "$book" ]; then
    # The 960 start positions by their standard numbering, in an order drawn from the seed: every
    # position's pieces behind its pawns, mirrored for Black, castling on both sides.
    book="$(mktemp --suffix=.epd)"
    trap 'rm -f "$book"' EXIT
    python3 - "${seed:-0}" "$book" <<'PY'
import random, sys
def start(n):
    rank = [None] * 8
    def put(piece, k, squares):
        free = [i for i in squares if rank[i] is None]
        rank[free[k]] = piece
    n, b1 = divmod(n, 4); rank[2 * b1 + 1] = "B"
    n, b2 = divmod(n, 4); rank[2 * b2] = "B"
    n, q = divmod(n, 6); put("Q", q, range(8))
    knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]
    free = [i for i in range(8) if rank[i] is None]
    for k in knights: rank[free[k]] = "N"
    for piece, i in zip("RKR", [i for i in range(8) if rank[i] is None]): rank[i] = piece
    white = "".join(rank)
    return f"{white.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
order = list(range(960))
random.Random(int(sys.argv[1])).shuffle(order)
with open(sys.argv[2], "w") as out:
    for n in order: out.write(start(n) + "\n")
PY
fi
if [ -z "$book" ]; then
    book="$SENTE_ROOT/tests/data/noob_3moves_2000.epd"
    [ -r "$SENTE_ROOT/../shared/data/openings/noob_3moves_2000.epd" ] && book="$SENTE_ROOT/../shared/data/openings/noob_3moves_2000.epd"
fi
[ -r "$book" ] || { echo "match.sh: cannot read the book $book" >&2; exit 2; }
if [ ! -x "$sente" ]; then
    sente_install_packages
    sente_build "$SENTE_ROOT/build"
fi

runner=""
if command -v fastchess >/dev/null; then runner=fastchess
elif command -v cutechess-cli >/dev/null; then runner=cutechess-cli
else
    echo "match.sh: neither fastchess nor cutechess-cli is on PATH; install one of them first" >&2
    exit 2
fi

find_engine() {  # a Debian engine's binary, looked for on PATH and in /usr/games
    command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true
}

# engine_args NAME: the runner's words for one engine (one per line).
engine_args() {
    local spec="$1" bin
    case "$spec" in
        gnuchess)
            bin=$(find_engine gnuchess)
            [ -n "$bin" ] || { echo "match.sh: gnuchess not installed (apt-get install gnuchess)" >&2; exit 2; }
            printf '%s\n' "cmd=$bin" "args=--uci" "name=GNUChess" "option.Hash=$hash" "option.OwnBook=false" ;;
        toga2)
            bin=$(find_engine toga2)
            [ -n "$bin" ] || { echo "match.sh: toga2 not installed (apt-get install toga2)" >&2; exit 2; }
            printf '%s\n' "cmd=$bin" "name=TogaII" "option.Hash=$hash" "option.Number of Threads=1" "option.OwnBook=false" ;;
        glaurung)
            bin=$(find_engine glaurung)
            [ -n "$bin" ] || { echo "match.sh: glaurung not installed (apt-get install glaurung)" >&2; exit 2; }
            printf '%s\n' "cmd=$bin" "name=Glaurung" "option.Hash=$hash" "option.Threads=1" "option.OwnBook=false" "option.Ponder=false" ;;
        ethereal)
            bin=$(find_engine ethereal-chess)
            [ -n "$bin" ] || { echo "match.sh: ethereal-chess not installed (apt-get install ethereal-chess)" >&2; exit 2; }
            printf '%s\n' "cmd=$bin" "name=Ethereal" "option.Hash=$hash" "option.Threads=1" ;;
        stockfish-classical)
            bin=$(find_engine stockfish)
            [ -n "$bin" ] || { echo "match.sh: stockfish not installed (apt-get install stockfish)" >&2; exit 2; }
            printf '%s\n' "cmd=$bin" "name=Stockfish-classical" "option.Hash=$hash" "option.Threads=1" \
                "option.Use NNUE=false" ;;
        stockfish|stockfish@*)
            bin=$(find_engine stockfish)
            [ -n "$bin" ] || { echo "match.sh: stockfish not installed (apt-get install stockfish)" >&2; exit 2; }
            if [[ "$spec" == stockfish@* ]]; then
                printf '%s\n' "cmd=$bin" "name=Stockfish${spec#stockfish}" "option.Hash=$hash" "option.Threads=1" \
                    "option.UCI_LimitStrength=true" "option.UCI_Elo=${spec#stockfish@}"
            else
                printf '%s\n' "cmd=$bin" "name=Stockfish" "option.Hash=$hash" "option.Threads=1"
            fi ;;
        *)
            [ -x "$spec" ] || { echo "match.sh: $spec is not an engine name or an executable" >&2; exit 2; }
            printf '%s\n' "cmd=$spec" "name=$(basename "$spec")" "option.Hash=$hash" ;;
    esac
}

cmd=("$runner")
sente_words=("cmd=$sente" "name=Sente" "option.Hash=$hash" "option.Threads=1")
for o in "${sente_options[@]}"; do sente_words+=("option.$o"); done
cmd+=(-engine "${sente_words[@]}")
# Each engine's name is its own in the runner's table: two paths ending in the same file name (two
# builds called sente, say) are told apart by a number.
declare -A named=([Sente]=1)
for opp in "${opponents[@]}"; do
    mapfile -t words < <(engine_args "$opp")
    [ ${#words[@]} -gt 0 ] || exit 2
    for i in "${!words[@]}"; do
        [[ "${words[i]}" == name=* ]] || continue
        name="${words[i]#name=}" candidate="${words[i]#name=}" n=1
        while [ -n "${named[$candidate]:-}" ]; do
            n=$((n + 1))
            candidate="$name-$n"
        done
        words[i]="name=$candidate"
        named[$candidate]=1
    done
    cmd+=(-engine "${words[@]}")
    [ "$sprt" = 1 ] && break
done

rounds=$(( games / 2 ))
clock=("tc=$tc")
[ -n "$nodes" ] && clock=("tc=inf" "nodes=$nodes")
# Both runners take the same words for openings, seed, rounds, SPRT and gauntlet; they differ in
# the protocol word and the PGN option. cutechess-cli wants engine options as option.NAME=VALUE
# too, and name=/cmd= as given.
if [ "$runner" = fastchess ]; then
    cmd+=(-each "${clock[@]}" -concurrency "$concurrency" -recover -config "outname=/dev/null")
    [ -n "$pgn" ] && cmd+=(-pgnout "file=$pgn")
else
    cmd+=(-each "${clock[@]}" proto=uci -concurrency "$concurrency" -recover)
    [ -n "$pgn" ] && cmd+=(-pgnout "$pgn")
fi
[ -n "$book" ] && cmd+=(-openings "file=$book" format=epd order=random)
[ "$chess960" = 1 ] && cmd+=(-variant fischerandom)
[ -n "$seed" ] && cmd+=(-srand "$seed")
if [ "$sprt" = 1 ]; then cmd+=(-rounds 100000 -games 2 -repeat -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05)
else cmd+=(-rounds "$rounds" -games 2 -repeat); fi
# A gauntlet: Sente (the first engine) plays each opponent, not the opponents each other.
[ ${#opponents[@]} -gt 1 ] && cmd+=(-tournament gauntlet)

echo "match.sh: ${cmd[*]}" >&2
# Not exec: the Chess960 book made here is removed when the match ends.
"${cmd[@]}"
