#!/usr/bin/env bash
# The data pipeline end to end, at a size fit for CI: sente datagen (determinism, --hash,
# appending, a kill mid-run, the refusal to append to a broken file and the repair it advises,
# taking back a game cut short by a full disk), sente datagen --dump, and sente-tune (a params.hpp
# written, the same weights from the same input, lower training and held-out losses than it
# started from, a missing --params refused).
#   tests/pipeline.sh SENTE SENTE_TUNE PARAMS_HPP
set -euo pipefail
sente="$1" tune="$2" params="$3"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "pipeline: $*" >&2; exit 1; }

# The same seed with one thread writes the same bytes; two threads play the same games.
"$sente" datagen --out "$dir/a.bin" --games 3 --nodes 400 --seed 42 2>"$dir/log"
"$sente" datagen --out "$dir/b.bin" --games 3 --nodes 400 --seed 42 2>/dev/null
cmp -s "$dir/a.bin" "$dir/b.bin" || fail "the same seed wrote different files"
grep -q "games 3/3, positions [1-9]" "$dir/log" || fail "no final progress line: $(cat "$dir/log")"
"$sente" datagen --out "$dir/c.bin" --games 3 --nodes 400 --seed 42 --threads 2 2>/dev/null
"$sente" datagen --dump "$dir/a.bin" | sort >"$dir/a.txt"
"$sente" datagen --dump "$dir/c.bin" | sort >"$dir/c.txt"
[ -s "$dir/a.txt" ] || fail "the one-thread games dumped nothing"
cmp -s "$dir/a.txt" "$dir/c.txt" || fail "two threads played other games"

# --hash sizes each thread's table: the run says so, and is as deterministic.
"$sente" datagen --out "$dir/h1.bin" --games 2 --nodes 400 --seed 42 --hash 2 2>"$dir/hlog"
"$sente" datagen --out "$dir/h2.bin" --games 2 --nodes 400 --seed 42 --hash 2 2>/dev/null
grep -q ", 2 MB of hash a thread," "$dir/hlog" || fail "--hash 2 not reported: $(cat "$dir/hlog")"
cmp -s "$dir/h1.bin" "$dir/h2.bin" || fail "the same seed and --hash wrote different files"

# Appending: a second run adds its games after the first run's.
size=$(stat -c %s "$dir/a.bin")
"$sente" datagen --out "$dir/a.bin" --games 2 --nodes 400 --seed 7 --random-plies 6 2>/dev/null
[ "$(stat -c %s "$dir/a.bin")" -gt "$size" ] || fail "the second run did not append"
cmp -s -n "$size" "$dir/a.bin" "$dir/b.bin" || fail "appending changed the first run's games"

# The dump: one line per position, "FEN | score | result", White's view.
"$sente" datagen --dump "$dir/a.bin" >"$dir/dump.txt"
lines=$(wc -l <"$dir/dump.txt")
[ "$lines" -gt 20 ] || fail "the dump has only $lines lines"
grep -qvE '^[1-8pnbrqkPNBRQK/]+ [wb] [-KQkqA-Ha-h]+ [-a-h1-8]+ [0-9]+ [0-9]+ \| -?[0-9]+ \| (1|0\.5|0)$' "$dir/dump.txt" \
    && fail "a dump line is malformed: $(grep -vE '\| (1|0\.5|0)$' "$dir/dump.txt" | head -1)"

# Chess960 and a book of openings: with no random plies the book's games start from its lines,
# and Chess960 games from other back ranks, whose castling rights name the rooks' files.
head -3 "$(dirname "$0")/data/noob_3moves_2000.epd" >"$dir/book.epd"
"$sente" datagen --out "$dir/d.bin" --games 2 --nodes 300 --seed 1 --book "$dir/book.epd" --random-plies 0 2>/dev/null
"$sente" datagen --out "$dir/e.bin" --games 2 --nodes 300 --seed 1 --chess960 2>/dev/null
"$sente" datagen --dump "$dir/d.bin" >"$dir/d.txt" || fail "the book games do not read back"
"$sente" datagen --dump "$dir/e.bin" >"$dir/e.txt" || fail "the Chess960 games do not read back"
first="$(head -1 "$dir/d.txt" | cut -d' ' -f1-4)"
[ -n "$first" ] || fail "the book games dumped nothing"
grep -qF -- "$first " "$dir/book.epd" || fail "the first book game does not start from a book line: $first"
grep -qE '^[^ ]+ [wb] [A-Ha-h]+ ' "$dir/e.txt" || fail "no Chess960 position has castling rights by file"
grep -qE '^(rnbqkbnr/[^ ]*|[^ ]*/RNBQKBNR) ' "$dir/e.txt" && fail "a Chess960 game played from the standard back rank"

# A kill loses at most the game being played: what is on disk reads back whole.
"$sente" datagen --out "$dir/k.bin" --games 1000 --nodes 1000 --seed 3 2>/dev/null &
pid=$!
for _ in $(seq 50); do [ -s "$dir/k.bin" ] && break; sleep 0.2; done
sleep 1
kill -TERM "$pid"  # (SIGINT is ignored by background jobs of a script)
wait "$pid" || true
games_kept=$("$sente" datagen --dump "$dir/k.bin" | wc -l) || fail "a file cut by a kill does not read back"
[ "$games_kept" -gt 0 ] || fail "no game was written before the kill"

# A file whose last game is cut off is not appended to (new games would sit behind the broken
# record, unreadable); the message says where the whole games end, and cutting the file there, as
# it advises, lets the next run append.
size=$(stat -c %s "$dir/a.bin")
head -c $((size - 9)) "$dir/a.bin" >"$dir/broken.bin"
cp "$dir/broken.bin" "$dir/broken-before.bin"
set +e
"$sente" datagen --out "$dir/broken.bin" --games 1 --nodes 300 --seed 5 2>"$dir/err"
status=$?
set -e
[ "$status" = 2 ] || fail "datagen appended to a broken file (status $status)"
grep -q "will not append" "$dir/err" || fail "no refusal message: $(cat "$dir/err")"
cmp -s "$dir/broken.bin" "$dir/broken-before.bin" || fail "the refused file was changed"
advice=$(sed -n 's/.*(the games before byte [0-9]* are whole: \(truncate -s [0-9]* [^ ]*\) keeps them).*/\1/p' "$dir/err")
[ -n "$advice" ] || fail "no truncate advice: $(cat "$dir/err")"
$advice
"$sente" datagen --out "$dir/broken.bin" --games 1 --nodes 300 --seed 5 2>/dev/null || fail "no append after the advised truncate"
"$sente" datagen --dump "$dir/broken.bin" >/dev/null || fail "the repaired file does not read back"

# A full disk (here a file size limit, with SIGXFSZ ignored so that write() fails as on a full
# disk): the game being written is taken back, the run stops with status 1, and the file reads back
# whole, so a later run can append to it.
set +e
(trap '' XFSZ; ulimit -f 8; exec "$sente" datagen --out "$dir/full.bin" --games 200 --nodes 200 --seed 9) 2>"$dir/err"
status=$?
set -e
[ "$status" = 1 ] || fail "datagen did not fail on a full disk (status $status): $(cat "$dir/err")"
grep -q "the partial game was removed" "$dir/err" || fail "no word of the removed game: $(cat "$dir/err")"
[ "$(stat -c %s "$dir/full.bin")" -le 8192 ] || fail "the size limit did not hold"
"$sente" datagen --dump "$dir/full.bin" >"$dir/full.txt" || fail "the file left by a full disk does not read back"
[ -s "$dir/full.txt" ] || fail "no whole game before the disk was full"
"$sente" datagen --out "$dir/full.bin" --games 1 --nodes 200 --seed 10 2>/dev/null || fail "no append after a full disk"

# Bad usage gets a message and status 2.
set +e
"$sente" datagen --games 3 2>"$dir/err"; [ $? = 2 ] && grep -q "needs --out" "$dir/err" || fail "missing --out not refused"
"$sente" datagen --out "$dir/x.bin" --games 0 2>/dev/null; [ $? = 2 ] || fail "--games 0 not refused"
head -c 100 "$dir/a.bin" >"$dir/cut.bin"
"$sente" datagen --dump "$dir/cut.bin" >/dev/null 2>"$dir/err"; [ $? = 2 ] && grep -q "truncated" "$dir/err" || fail "a cut file is not refused"
# The program that is one command names itself in its help, as the user calls it.
grep -q '^  sente-tune \[OPTION\.\.\.\]$' <<<"$("$tune" --help)" || fail "sente-tune --help: $("$tune" --help | sed -n 3p)"
"$tune" --data "$dir/cut.bin" --params "$params" --out "$dir/p.hpp" 2>"$dir/err"; [ $? = 2 ] && grep -q "truncated" "$dir/err" || fail "the tuner took a cut file"
"$tune" --data "$dir/a.bin" --params "$dir/none.hpp" --out "$dir/p.hpp" 2>"$dir/err"; [ $? = 2 ] \
    && grep -q "cannot read $dir/none.hpp$" "$dir/err" || fail "a missing --params not refused: $(cat "$dir/err")"
# Nothing held out: no validation loss is made up.
"$tune" --data "$dir/a.bin" --params "$params" --out "$dir/p.hpp" --epochs 1 --validation-every 0 2>"$dir/log" \
    && grep -q "^final: training loss [0-9.]*, no validation positions$" "$dir/log" && ! grep -q "validation loss" "$dir/log" \
    || fail "a run with nothing held out showed a validation loss: $(cat "$dir/log")"
# Outside the source tree the default --params is not there: the refusal says what to do.
(cd "$dir" && "$tune" --data a.bin --out p.hpp 2>err); [ $? = 2 ] \
    && grep -q "cannot read src/eval/params.hpp (the default --params, .*give --params)$" "$dir/err" \
    || fail "the default --params missing not explained: $(cat "$dir/err")"
set -e

# A few epochs of the tuner, writing a params.hpp with the fitted block.
"$tune" --data "$dir/a.bin" --data "$dir/d.bin" --params "$params" --out "$dir/params.hpp" --epochs 5 --report 1 \
    --validation-every 2 --threads 2 2>"$dir/tune.log" || fail "the tuner failed: $(cat "$dir/tune.log")"
grep -q "epoch 5: training loss" "$dir/tune.log" || fail "no loss per epoch: $(cat "$dir/tune.log")"
grep -q "constexpr Score KingOpenFile = S(" "$dir/params.hpp" || fail "the written params.hpp has no weights"
[ "$(grep -c '^constexpr' "$dir/params.hpp")" = "$(grep -c '^constexpr' "$params")" ] || fail "constants lost"
# The tuner on forty games (one thread of datagen, so the same bytes every run), started from
# every weight at zero with the sigmoid scale given: run twice on the same input it writes the same
# weights, and its fit lowers both the loss it minimises and the loss on the held-out games. (From
# the shipped weights, already fitted to far more games, forty games only overfit them.)
"$sente" datagen --out "$dir/fit.bin" --games 40 --nodes 400 --seed 11 --threads 1 2>/dev/null
sed -E 's/S\( *-?[0-9]+, *-?[0-9]+\)/S(0, 0)/g' "$params" >"$dir/zero.hpp"
fit=(--data "$dir/fit.bin" --params "$dir/zero.hpp" -k 0.0028 --epochs 20 --lr 5 --lambda 0 --validation-every 4
     --threads 2 --report 100)
"$tune" "${fit[@]}" --out "$dir/fit1.hpp" 2>"$dir/fit1.log" || fail "the tuner failed: $(cat "$dir/fit1.log")"
"$tune" "${fit[@]}" --out "$dir/fit2.hpp" 2>/dev/null || fail "the second tuner run failed"
cmp -s "$dir/fit1.hpp" "$dir/fit2.hpp" || fail "the same input gave other weights"
cmp -s "$dir/fit1.hpp" "$dir/zero.hpp" && fail "the fit changed no weight"
losses() { sed -n "s/^$1: training loss \([0-9.]*\), validation loss \([0-9.]*\).*/\1 \2/p" "$dir/fit1.log"; }
read -r train0 held0 <<<"$(losses 'epoch 0')"
read -r train1 held1 <<<"$(losses final)"
awk -v a="$train0" -v b="$train1" -v c="$held0" -v d="$held1" \
    'BEGIN { exit !(a != "" && b != "" && c != "" && d != "" && b < a && d < c) }' \
    || fail "the losses did not fall (training $train0 -> $train1, held-out $held0 -> $held1)"
echo "pipeline: ok"
