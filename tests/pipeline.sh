#!/usr/bin/env bash
# The data pipeline end to end, at a size fit for CI: sente datagen (determinism, appending, a kill
# mid-run), sente datagen --dump, and a few epochs of sente-tune writing a params.hpp.
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
cmp -s <("$sente" datagen --dump "$dir/a.bin" | sort) <("$sente" datagen --dump "$dir/c.bin" | sort) \
    || fail "two threads played other games"

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

# Chess960 and a book of openings.
head -3 "$(dirname "$0")/data/noob_3moves_2000.epd" >"$dir/book.epd"
"$sente" datagen --out "$dir/d.bin" --games 2 --nodes 300 --seed 1 --book "$dir/book.epd" 2>/dev/null
"$sente" datagen --out "$dir/e.bin" --games 2 --nodes 300 --seed 1 --chess960 2>/dev/null
"$sente" datagen --dump "$dir/d.bin" >/dev/null || fail "the book games do not read back"
"$sente" datagen --dump "$dir/e.bin" >/dev/null || fail "the Chess960 games do not read back"

# A kill loses at most the game being played: what is on disk reads back whole.
"$sente" datagen --out "$dir/k.bin" --games 1000 --nodes 1000 --seed 3 2>/dev/null &
pid=$!
for _ in $(seq 50); do [ -s "$dir/k.bin" ] && break; sleep 0.2; done
sleep 1
kill -TERM "$pid"  # (SIGINT is ignored by background jobs of a script)
wait "$pid" || true
games_kept=$("$sente" datagen --dump "$dir/k.bin" | wc -l) || fail "a file cut by a kill does not read back"
[ "$games_kept" -gt 0 ] || fail "no game was written before the kill"

# Bad usage gets a message and status 2.
set +e
"$sente" datagen --games 3 2>"$dir/err"; [ $? = 2 ] && grep -q "needs --out" "$dir/err" || fail "missing --out not refused"
"$sente" datagen --out "$dir/x.bin" --games 0 2>/dev/null; [ $? = 2 ] || fail "--games 0 not refused"
head -c 100 "$dir/a.bin" >"$dir/cut.bin"
"$sente" datagen --dump "$dir/cut.bin" >/dev/null 2>"$dir/err"; [ $? = 2 ] && grep -q "truncated" "$dir/err" || fail "a cut file is not refused"
"$tune" --data "$dir/cut.bin" --out "$dir/p.hpp" 2>"$dir/err"; [ $? = 2 ] && grep -q "truncated" "$dir/err" || fail "the tuner took a cut file"
set -e

# A few epochs of the tuner, writing a params.hpp with the fitted block.
"$tune" --data "$dir/a.bin" --data "$dir/d.bin" --params "$params" --out "$dir/params.hpp" --epochs 5 --report 1 \
    --validation-every 2 --threads 2 2>"$dir/tune.log" || fail "the tuner failed: $(cat "$dir/tune.log")"
grep -q "epoch 5: training loss" "$dir/tune.log" || fail "no loss per epoch: $(cat "$dir/tune.log")"
grep -q "constexpr Score KingOpenFile = S(" "$dir/params.hpp" || fail "the written params.hpp has no weights"
[ "$(grep -c '^constexpr' "$dir/params.hpp")" = "$(grep -c '^constexpr' "$params")" ] || fail "constants lost"
echo "pipeline: ok"
