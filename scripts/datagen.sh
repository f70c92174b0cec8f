#!/usr/bin/env bash
# Generates training data for the net in rounds, standard and Chess960 games side by side, and keeps
# a manifest of every file as it grows, so that a stopped run (a kill, a lost machine) costs at most
# the round under way: run the same command again and it continues.
#
#   scripts/datagen.sh --dir DIR --name NAME --seed SEED [options]
#
# Each round appends to DIR/NAME-sSEED.bin (standard games, seed SEED) and DIR/NAME-cSEED960.bin
# (Chess960 games, seed SEED960 = SEED + 50; SEED is below 2^63 - 50), then writes both files' rows
# to DIR/manifest.tsv: file, engine, command, games, positions, bytes, sha256, time. `sente datagen`
# counts the games already in a file as games of its seed, so every round resumes where the files
# stand. A run first records the files as it finds them, so the games of a round that was stopped
# are in the manifest before any new one is played; --close does only that, for a file that is not
# to be continued. A second run on the same files stops at once (status 1) while the first goes on;
# runs of other seeds may share DIR and its manifest. Each round's Chess960 games are the share of
# the two files' games together after it less the share before it, each rounded down: a round too
# small for a Chess960 game of its own (7 games at 12%) leaves its part to the next rounds.
#
# Options:
#   --sente PATH       the engine (default build/sente)
#   --net NET          the evaluation that plays (datagen's --net; default the engine's default)
#   --threads T        games at once, 1 to 256 (default 2)
#   --nodes N          soft node limit a move, 100 to 100000000 (default 5000)
#   --hard-nodes N     hard node limit a move, --nodes to 2000000000 (datagen's --hard-nodes; default
#                      its own, twice --nodes)
#   --hash MB          hash a thread, 1 to 1024 (default 2)
#   --round G          games a round, both kinds together, 1 to 100000000 (default 1000)
#   --chess960 PCT     the Chess960 share of the games, in percent (default 12; 0: none)
#   --rounds R         stop after R rounds (default: until killed)
#   --close            record both files' rows as they stand, play nothing, and exit
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sente_help "$0" "$@"

dir="" name="" seed="" sente="$SENTE_ROOT/build/sente" net="" threads=2 nodes=5000 hash=2 round=1000
share=12 rounds=0 hard="" close=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dir) sente_value datagen.sh "$@"; dir="$2"; shift 2 ;;
        --name) sente_value datagen.sh "$@"; name="$2"; shift 2 ;;
        --seed) sente_value datagen.sh "$@"; seed="$2"; shift 2 ;;
        --sente) sente_value datagen.sh "$@"; sente="$2"; shift 2 ;;
        --net) sente_value datagen.sh "$@"; net="$2"; shift 2 ;;
        --threads) sente_value datagen.sh "$@"; threads="$2"; shift 2 ;;
        --nodes) sente_value datagen.sh "$@"; nodes="$2"; shift 2 ;;
        --hard-nodes) sente_value datagen.sh "$@"; hard="$2"; shift 2 ;;
        --hash) sente_value datagen.sh "$@"; hash="$2"; shift 2 ;;
        --round) sente_value datagen.sh "$@"; round="$2"; shift 2 ;;
        --chess960) sente_value datagen.sh "$@"; share="$2"; shift 2 ;;
        --rounds) sente_value datagen.sh "$@"; rounds="$2"; shift 2 ;;
        --close) close=1; shift ;;
        -h|--help) sente_usage "$0"; exit 0 ;;
        *) echo "datagen.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
number() { sente_number datagen.sh "$1" "$2" 0; }
[ -n "$dir" ] && [ -n "$name" ] && [ -n "$seed" ] || { echo "datagen.sh: --dir, --name and --seed are required" >&2; exit 2; }
[[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "datagen.sh: --name takes letters, digits, '.', '_' and '-'" >&2; exit 2; }
# The Chess960 file's seed is SEED + 50, which shell arithmetic must hold: SEED < 2^63 - 50.
sente_number datagen.sh --seed "$seed" 0 9223372036854775757
# The ranges `sente datagen` takes (src/datagen/command.cpp), so that a value it would refuse stops
# the run here and not at its first datagen; --round is at most the games a datagen run can aim at.
sente_number datagen.sh --threads "$threads" 1 256
sente_number datagen.sh --nodes "$nodes" 100 100000000
sente_number datagen.sh --hash "$hash" 1 1024
number --rounds "$rounds"
sente_number datagen.sh --round "$round" 1 100000000
sente_number datagen.sh --chess960 "$share" 0 100
[ -z "$hard" ] || sente_number datagen.sh --hard-nodes "$hard" "$nodes" 2000000000
[ -x "$sente" ] || { echo "datagen.sh: $sente is not an executable" >&2; exit 2; }
mkdir -p "$dir"

seed960=$((seed + 50))
standard="$dir/$name-s$seed.bin"
fischer="$dir/$name-c$seed960.bin"
manifest="$dir/manifest.tsv"
evaluation="${net:-$("$sente" uci quit | sed -n 's/^option name EvalFile type string default //p')}"
engine="$("$sente" --version | head -n 1), net $(basename "$evaluation")"
common=(--threads "$threads" --nodes "$nodes" --hash "$hash")
[ -n "$hard" ] && common+=(--hard-nodes "$hard")
[ -n "$net" ] && common+=(--net "$net")

# games_in FILE SEED [datagen options]: the games FILE holds, as datagen counts them on resuming
# (0 for a missing or empty file). Asking for one game plays none when the file has any. When
# datagen cannot say (a cut or corrupt file, a net that does not load), what it said goes to stderr
# and nothing to stdout, for the caller to stop on.
games_in() {
    [ -s "$1" ] || { echo 0; return; }
    local said count
    said="$("$sente" datagen --out "$1" --games 1 --seed "$2" "${@:3}" 2>&1)" || true
    count="$(sed -n 's/^datagen: .* holds \([0-9]*\) games.*/\1/p' <<<"$said" | head -n 1)"
    if [ -n "$count" ]; then echo "$count"; else printf '%s\n' "$said" >&2; fi
}

# refused FILE: stops the script after a datagen on FILE said no (its message is on stderr). Both
# a file it cannot read and options it will not take (a --net that does not load) make datagen say
# no with status 2; the dump, which takes no options, tells the two apart. Options: status 2, as for
# any bad argument; a file: status 1.
refused() {
    if [ ! -s "$1" ] || "$sente" datagen --dump "$1" >/dev/null 2>&1; then
        echo "datagen.sh: sente datagen refused the options given it (its message is above)" >&2
        exit 2
    fi
    echo "datagen.sh: cannot read $1 (see sente datagen --dump)" >&2
    exit 1
}

# counted FILE COUNT: stops the script unless COUNT (what games_in gave for FILE) is a number.
counted() {
    [[ "$2" =~ ^[0-9]+$ ]] || refused "$1"
}

# record FILE COMMAND GAMES: FILE's manifest row, replacing an earlier one. Runs of other seeds
# may share the folder and its manifest: the rewrite holds the manifest's lock.
record() {
    local file="$1" command="$2" games="$3" base positions bytes sum
    base="$(basename "$file")"
    positions="$("$sente" datagen --dump "$file" | wc -l)"
    bytes="$(stat -c %s "$file")"
    sum="$(sha256sum "$file" | cut -d' ' -f1)"
    {
        flock 9
        touch "$manifest"
        # The name is matched as it is written: as a pattern, the '.' of a NAME like v1.2 would
        # match the rows of v102's files too.
        { awk -F'\t' -v f="$base" '$1 != f' "$manifest"
          printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$base" "$engine" "$command" "$games" \
              "$positions" "$bytes" "$sum" "$(date -u +%FT%TZ)"; } > "$manifest.tmp"
        mv "$manifest.tmp" "$manifest"
    } 9>"$manifest.lock"
}

# command_for FILE SEED GAMES [datagen options]: the command that makes FILE as it will stand.
command_for() {
    echo "sente datagen --out $(basename "$1") --games $3 ${common[*]} --seed $2 ${*:4}"
}

# One run at a time on a pair of files: a second would play the same missing games beside the
# first. The datagen it starts inherits the lock, so a run killed without its datagen still holds it.
lock="$dir/.$name-s$seed.lock"
exec 8>"$lock"
locked=0
flock -n -E 75 8 || locked=$?
case "$locked" in
    0) ;;
    75) echo "datagen.sh: another run is writing $(basename "$standard") and $(basename "$fischer")" >&2; exit 1 ;;
    *) echo "datagen.sh: cannot lock $lock (flock exited with $locked)" >&2; exit 1 ;;
esac

# A kill of this script ends the datagen it runs too: a datagen left running would go on writing
# beside the next run's, both playing the same missing games of the seed.
child=""
trap '[ -z "$child" ] || kill "$child" 2>/dev/null || true' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP

# The games each file holds, counted once here and then after each datagen on it (a count reads
# the whole file; nothing else writes it while this run holds the lock).
standard_have="$(games_in "$standard" "$seed" "${common[@]}")"
counted "$standard" "$standard_have"
fischer_have="$(games_in "$fischer" "$seed960" "${common[@]}" --chess960)"
counted "$fischer" "$fischer_have"

# The files as this run finds them: a stopped round may have left games that no row counts yet.
for kind in standard fischer; do
    if [ "$kind" = standard ]; then file="$standard" s="$seed" have="$standard_have" extra=()
    else file="$fischer" s="$seed960" have="$fischer_have" extra=(--chess960); fi
    [ -s "$file" ] || continue
    record "$file" "$(command_for "$file" "$s" "$have" "${extra[@]}")" "$have"
    echo "datagen.sh: $(basename "$file") holds $have games, recorded in $manifest" >&2
done
[ "$close" -eq 0 ] || exit 0

done_rounds=0
while [ "$rounds" -eq 0 ] || [ "$done_rounds" -lt "$rounds" ]; do
    # The Chess960 games of a round: the share of both files' games after it less the share before
    # it, each rounded down. A share of the round alone, rounded down every round, would leave a
    # small round (7 games at 12%) without any; so, a round's remainder carries to the next through
    # the files' count, which a run started again reads as the stopped one would have. Where the
    # round's share is whole (1000 games at 12%) it is that share every round, whatever the files
    # hold, as it always was; and a round adds to both files, never takes away.
    total=$((standard_have + fischer_have))
    fischer_games=$(((total + round) * share / 100 - total * share / 100))
    standard_games=$((round - fischer_games))
    for kind in standard fischer; do
        if [ "$kind" = standard ]; then file="$standard" s="$seed" n="$standard_games" extra=()
        else file="$fischer" s="$seed960" n="$fischer_games" extra=(--chess960); fi
        if [ "$kind" = standard ]; then have="$standard_have"; else have="$fischer_have"; fi
        [ "$n" -gt 0 ] || continue
        target=$((have + n))
        command="$(command_for "$file" "$s" "$target" "${extra[@]}")"
        echo "datagen.sh: $command" >&2
        "$sente" datagen --out "$file" --games "$target" "${common[@]}" --seed "$s" "${extra[@]}" >&2 &
        child=$!
        status=0
        wait "$child" || status=$?
        child=""
        # Status 2 is datagen refusing to begin, for its options (a --net that does not load, say) or
        # its file; any other status stops the script as it stopped datagen.
        [ "$status" -ne 2 ] || refused "$file"
        [ "$status" -eq 0 ] || exit "$status"
        have="$(games_in "$file" "$s" "${common[@]}" "${extra[@]}")"
        counted "$file" "$have"
        record "$file" "$command" "$have"
        if [ "$kind" = standard ]; then standard_have="$have"; else fischer_have="$have"; fi
    done
    done_rounds=$((done_rounds + 1))
done
