#!/usr/bin/env bash
# scripts/datagen.sh at a size fit for CI: a round writes a standard and a Chess960 file and their
# manifest rows (games, positions, bytes and sha256 as the files hold them, the command that makes
# them); the games a stopped round left in a file reach the manifest when a run starts again, and
# with --close without a game played; a second run on the same files is refused while the first
# writes them; a round too small for a Chess960 game of its own leaves its part to the next; bad
# arguments, those datagen would refuse among them, exit with status 2.
#   tests/datagen_script_test.sh SENTE
set -euo pipefail
sente="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "datagen_script_test: $*" >&2; exit 1; }
run() {
    "$root/scripts/datagen.sh" --dir "$dir" --name t --seed 5 --sente "$sente" --nodes 300 --round 10 \
        --chess960 20 "$@" 2>>"$dir/log"
}
# rows_of FILE [FOLDER]: FILE's manifest rows in FOLDER (default the test's), the name matched as
# it is written (a '.' in it is no pattern).
rows_of() {
    awk -F'\t' -v f="$1" '$1 == f' "${2:-$dir}/manifest.tsv"
}
# check FILE GAMES [FOLDER]: FILE's one manifest row counts GAMES games and describes the file as it
# stands.
check() {
    local rows row at="${3:-$dir}"
    rows="$(rows_of "$1" "$at" | wc -l)"
    [ "$rows" = 1 ] || fail "$rows manifest rows for $1"
    row="$(rows_of "$1" "$at")"
    IFS=$'\t' read -r name engine command games positions bytes sum when <<<"$row"
    [ "$games" = "$2" ] || fail "$1: the row counts $games games, not $2"
    [[ "$command" == *"--games $2 "* ]] || fail "$1: the row's command does not make $2 games: $command"
    [[ "$engine" == "Sente "*", net "* ]] || fail "$1: the row names no engine and net: $engine"
    [ "$positions" = "$("$sente" datagen --dump "$at/$1" | wc -l)" ] || fail "$1: positions $positions"
    [ "$bytes" = "$(stat -c %s "$at/$1")" ] || fail "$1: bytes $bytes"
    [ "$sum" = "$(sha256sum "$at/$1" | cut -d' ' -f1)" ] || fail "$1: sha256 $sum"
    [ -n "$when" ] || fail "$1: no time"
}

# One round: 8 standard games of seed 5 and 2 Chess960 games of seed 55.
run --rounds 1 || fail "a round failed: $(cat "$dir/log")"
[ "$(wc -l <"$dir/manifest.tsv")" = 2 ] || fail "not two manifest rows: $(cat "$dir/manifest.tsv")"
check t-s5.bin 8
check t-c55.bin 2
[[ "$(grep "^t-c55.bin" "$dir/manifest.tsv")" == *"--chess960"* ]] || fail "the Chess960 row's command lacks --chess960"

# A round stopped after its games were written but before its row: the manifest lags the file.
"$sente" datagen --out "$dir/t-s5.bin" --games 11 --nodes 300 --seed 5 2>/dev/null
grep -q "^t-s5.bin	.*	8	" "$dir/manifest.tsv" || fail "the stand-in for a stopped round changed the manifest"
before="$(sha256sum "$dir/t-s5.bin")"
run --close || fail "--close failed: $(cat "$dir/log")"
check t-s5.bin 11
check t-c55.bin 2
[ "$(sha256sum "$dir/t-s5.bin")" = "$before" ] || fail "--close played games"

# Started again, a run first records the files as it finds them, before its round: a long round,
# looked at once it has begun, then killed (as a lost machine would stop it).
"$sente" datagen --out "$dir/t-c55.bin" --games 3 --nodes 300 --seed 55 --chess960 2>/dev/null
: >"$dir/log"
setsid "$root/scripts/datagen.sh" --dir "$dir" --name t --seed 5 --sente "$sente" --nodes 300 \
    --round 5000 --rounds 1 2>>"$dir/log" &
runner=$!
for _ in $(seq 300); do grep -q "^datagen.sh: sente datagen" "$dir/log" && break; sleep 0.1; done
grep -q "^datagen.sh: sente datagen" "$dir/log" || fail "the long round did not begin: $(cat "$dir/log")"
check t-c55.bin 3
# (the standard file grows under the round meanwhile: only its row's count is held to it)
grep -q "^t-s5.bin	.*	11	" "$dir/manifest.tsv" || fail "t-s5.bin's row changed before its round ended"
# The script alone is killed, not its process group: the datagen it runs must end with it, or it
# would go on writing beside the next run.
# writer_of FILE: the process ids of any datagen writing FILE, read from /proc (no procps needed)
# without a process started per entry, so that a look takes milliseconds, far less than the round.
writer_of() {
    local p args
    for p in /proc/[0-9]*; do
        { mapfile -d '' args <"$p/cmdline"; } 2>/dev/null || continue  # a process may end meanwhile
        [[ " ${args[*]} " == *" datagen --out $1 "* ]] && echo "${p#/proc/}"
    done
    return 0
}
# within SECONDS CONDITION...: whether CONDITION holds within that many seconds.
within() {
    local end=$((SECONDS + $1))
    shift
    until "$@"; do [ "$SECONDS" -lt "$end" ] || return 1; sleep 0.1; done
}
writing() { [ -n "$(writer_of "$dir/t-s5.bin")" ]; }
within 10 writing || fail "no datagen was seen writing the long round"
# A second run on the same files stops at once, and the first goes on.
status=0
"$root/scripts/datagen.sh" --dir "$dir" --name t --seed 5 --sente "$sente" --nodes 300 --round 10 \
    --rounds 1 2>"$dir/second.log" || status=$?
[ "$status" = 1 ] || fail "a second run on the same files exited with $status, not 1: $(cat "$dir/second.log")"
grep -q "^datagen.sh: another run is writing t-s5.bin and t-c55.bin" "$dir/second.log" \
    || fail "a second run on the same files said: $(cat "$dir/second.log")"
writing || fail "the first run stopped writing when a second was refused"
kill "$runner" 2>/dev/null || true
wait "$runner" 2>/dev/null || true
within 5 eval '! writing' || true
left="$(writer_of "$dir/t-s5.bin")"
if [ -n "$left" ]; then
    # shellcheck disable=SC2086
    kill $left 2>/dev/null || true  # one or more ids
    fail "the datagen of a killed run was left running"
fi
# What the killed round left is recorded by the next run, which then plays its own round.
run --rounds 1 || fail "the second round failed: $(cat "$dir/log")"
games="$(grep "^t-s5.bin	" "$dir/manifest.tsv" | cut -f4)"
[ "$games" -ge 19 ] || fail "t-s5.bin: $games games after two rounds"
check t-s5.bin "$games"
check t-c55.bin 5

# A cut file: the script stops with datagen's own message (where the file goes bad), not silently.
mkdir "$dir/cut"
head -c "$(($(stat -c %s "$dir/t-c55.bin") - 5))" "$dir/t-c55.bin" >"$dir/cut/t-c55.bin"
status=0
"$root/scripts/datagen.sh" --dir "$dir/cut" --name t --seed 5 --sente "$sente" --nodes 300 --round 10 \
    --rounds 1 2>"$dir/cut/log" || status=$?
[ "$status" = 1 ] || fail "a cut file: datagen.sh exited with $status, not 1"
grep -q "^datagen.sh: cannot read" "$dir/cut/log" || fail "a cut file: no message of the script's: $(cat "$dir/cut/log")"
grep -q "truncate -s" "$dir/cut/log" || fail "a cut file: datagen's own message was lost: $(cat "$dir/cut/log")"

# A net that does not load: datagen refuses its options, not the files, whether the files are there
# (their count is asked first) or not yet (the round's datagen refuses).
mkdir "$dir/fresh"
for at in "$dir" "$dir/fresh"; do
    status=0
    "$root/scripts/datagen.sh" --dir "$at" --name t --seed 5 --sente "$sente" --nodes 300 --round 10 \
        --rounds 1 --net "$dir/no.nnue" 2>"$dir/net.log" || status=$?
    [ "$status" = 2 ] || fail "a missing net in $at: datagen.sh exited with $status, not 2: $(cat "$dir/net.log")"
    grep -q "^datagen.sh: sente datagen refused the options" "$dir/net.log" \
        || fail "a missing net in $at: no message of the script's: $(cat "$dir/net.log")"
    grep -q "cannot open the net file $dir/no.nnue" "$dir/net.log" \
        || fail "a missing net in $at: datagen's own message was lost: $(cat "$dir/net.log")"
done
[ -z "$(ls "$dir/fresh")" ] || fail "a missing net left files: $(ls "$dir/fresh")"

# A '.' in NAME is no pattern: the rows of v1.2's files leave those of v102's alone.
mkdir "$dir/dots"
for n in v102 v1.2; do
    "$sente" datagen --out "$dir/dots/$n-s5.bin" --games 2 --nodes 300 --seed 5 2>/dev/null
    "$root/scripts/datagen.sh" --dir "$dir/dots" --name "$n" --seed 5 --sente "$sente" --nodes 300 --close \
        2>>"$dir/log" || fail "--close of $n failed: $(cat "$dir/log")"
done
check v102-s5.bin 2 "$dir/dots"
check v1.2-s5.bin 2 "$dir/dots"

# Rounds of 7 games at 12%: the first plays no Chess960 game (0.84 of one), the second one (1.68 in
# 14, rounded down), though each is a run of its own: what a round leaves carries in the files.
mkdir "$dir/small"
for _ in 1 2; do
    "$root/scripts/datagen.sh" --dir "$dir/small" --name t --seed 5 --sente "$sente" --nodes 300 --round 7 \
        --chess960 12 --rounds 1 2>>"$dir/log" || fail "a round of 7 games failed: $(cat "$dir/log")"
done
check t-s5.bin 13 "$dir/small"
check t-c55.bin 1 "$dir/small"

# Bad arguments, those datagen would refuse among them: a clear message and status 2. From the
# test's folder, where a '*' let loose would match its files.
# refused MESSAGE ARGUMENT...: datagen.sh with these arguments stops with status 2 and MESSAGE.
refused() {
    local message="datagen.sh: $1" status=0
    shift
    : >"$dir/log"
    (cd "$dir" && run "$@") || status=$?
    [ "$status" = 2 ] || fail "datagen.sh $* exited with $status, not 2: $(cat "$dir/log")"
    grep -qF -- "$message" "$dir/log" || fail "datagen.sh $*: no message '$message': $(cat "$dir/log")"
}
refused "--rounds takes a whole number from 0, not 'x'" --rounds x
refused "--chess960 takes a whole number from 0 to 100, not '101'" --chess960 101
refused "--rounds needs a value" --rounds
refused "unknown argument --bogus" --bogus
refused "--hard-nodes takes a whole number from 300 to 2000000000, not '1e4'" --hard-nodes 1e4
refused "--threads takes a whole number from 1 to 256, not '2 junk'" --threads "2 junk"
refused "--threads takes a whole number from 1 to 256, not '*'" --threads '*'
refused "--threads takes a whole number from 1 to 256, not ''" --threads ""
refused "--threads takes a whole number from 1 to 256, not '0'" --threads 0
refused "--threads takes a whole number from 1 to 256, not '257'" --threads 257
refused "--nodes takes a whole number from 100 to 100000000, not '99'" --nodes 99
refused "--nodes takes a whole number from 100 to 100000000, not '100000001'" --nodes 100000001
refused "--hash takes a whole number from 1 to 1024, not '0'" --hash 0
refused "--hash takes a whole number from 1 to 1024, not '1025'" --hash 1025
refused "--hard-nodes takes a whole number from 300 to 2000000000, not '299'" --hard-nodes 299
refused "--round takes a whole number from 1 to 100000000, not '100000001'" --round 100000001
status=0
"$root/scripts/datagen.sh" --dir "$dir" --seed 5 --sente "$sente" --close 2>"$dir/log" || status=$?
[ "$status" = 2 ] || fail "datagen.sh without --name exited with $status, not 2"
grep -qF "datagen.sh: --dir, --name and --seed are required" "$dir/log" || fail "datagen.sh without --name: $(cat "$dir/log")"
echo "datagen_script_test: ok"
