#!/usr/bin/env bash
# The network pipeline end to end, at a size fit for CI: games from sente datagen, sente-train
# with epoch nets and checkpoints, --resume, --init from a net, the engine playing with the trained net through EvalFile,
# and the next round's games played by that net (datagen --net).
#   tests/train_pipeline.sh SENTE SENTE_TRAIN
set -euo pipefail
sente="$1" train="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "train pipeline: $*" >&2; exit 1; }

# One datagen thread: the same bytes every run, so the held-out games do not move.
"$sente" datagen --out "$dir/games.bin" --games 60 --nodes 300 --seed 5 --threads 1 2>/dev/null
common=(--data "$dir/games.bin" --epochs 6 --batch 256 --threads 2 --seed 3 --validation-every 5)

# An uninterrupted run, with the net of every epoch.
"$train" "${common[@]}" --out "$dir/a.nnue" --net-every 1 2>"$dir/a.log" || fail "training failed: $(cat "$dir/a.log")"
for e in 1 2 3 4 5 6; do [ -s "$dir/a-e$e.nnue" ] || fail "no net after epoch $e"; done
cmp -s "$dir/a.nnue" "$dir/a-e6.nnue" || fail "the final net is not the last epoch's"
ls "$dir"/*.part >/dev/null 2>&1 && fail "a net's temporary file was left: $(ls "$dir"/*.part)"
grep -q "epoch 6/6: training loss" "$dir/a.log" || fail "no loss line per epoch: $(cat "$dir/a.log")"
# The defaults train the default net's shape (architecture 2, 512 wide, 8 output buckets) and recipe.
grep -q "^net 768 -> 512 mirrored, 8 output buckets; .* lr 0.00025 -> 1e-05, batch 256, 6 epochs" "$dir/a.log" \
    || fail "the defaults did not train the default net's shape and recipe: $(grep '^net' "$dir/a.log")"
grep -q "largest quantisation error" "$dir/a.log" || fail "no quantisation report"
first=$(sed -n 's/^epoch 0: validation loss \([0-9.]*\)$/\1/p' "$dir/a.log")
last=$(tr '\r' '\n' <"$dir/a.log" | sed -n 's/^epoch 6\/6: .*validation loss \([0-9.]*\),.*/\1/p')
awk -v a="$first" -v b="$last" 'BEGIN { exit !(a != "" && b != "" && b + 0 < a + 0) }' \
    || fail "validation loss did not fall ($first -> $last)"

# --resume reads the checkpoint the run left (the exact continuation of an interrupted run is
# checked in test_train.cpp): a finished run resumes at its end and writes the same net again.
[ -s "$dir/a.nnue.ckpt" ] || fail "no checkpoint was written"
cp "$dir/a.nnue" "$dir/b.nnue"
"$train" "${common[@]}" --out "$dir/a.nnue" --resume 2>"$dir/b.log" || fail "resuming failed: $(cat "$dir/b.log")"
grep -q "resuming $dir/a.nnue.ckpt after epoch 6 of 6" "$dir/b.log" || fail "the resumed run did not say where: $(cat "$dir/b.log")"
cmp -s "$dir/a.nnue" "$dir/b.nnue" || fail "the resumed run wrote another net"
# The run's own options given again are named, since a value meant to change the run would not.
grep -q "^note: --epochs, .* given: a resumed run keeps the checkpoint's own$" "$dir/b.log" \
    || fail "the options the resumed run did not use were not named: $(cat "$dir/b.log")"

# --init: training goes on from a net's weights, so it starts where the first run ended, far
# below where random weights start.
"$train" --data "$dir/games.bin" --epochs 1 --batch 256 --threads 2 --init "$dir/a.nnue" --out "$dir/c.nnue" \
    --validation-every 5 2>"$dir/c.log" || fail "--init failed: $(cat "$dir/c.log")"
grep -q "^net 768 -> 512 mirrored, 8 output buckets;" "$dir/c.log" || fail "--init did not keep the net's shape"
start=$(sed -n 's/^epoch 0: validation loss \([0-9.]*\)$/\1/p' "$dir/c.log")
awk -v r="$first" -v a="$last" -v c="$start" 'BEGIN { exit !(c != "" && c - a < (r - a) / 4) }' \
    || fail "--init did not start from the net (random $first, trained $last, --init $start)"

# --king-mirror=false trains architecture 1, which has one output bucket, and the engine loads it.
"$train" --data "$dir/games.bin" --epochs 1 --batch 256 --threads 2 --hidden 128 --king-mirror=false \
    --out "$dir/d.nnue" --validation-every 0 2>"$dir/d.log" || fail "--king-mirror=false failed: $(cat "$dir/d.log")"
grep -q "^net 768 -> 128, 1 output bucket;" "$dir/d.log" || fail "--king-mirror=false: $(grep '^net' "$dir/d.log")"
# Nothing held out (--validation-every 0): no validation loss is made up.
grep -q "^epoch 0: no validation positions$" "$dir/d.log" && ! grep -q "validation loss" "$dir/d.log" \
    || fail "a run with nothing held out showed a validation loss: $(tr '\r' '\n' <"$dir/d.log")"
# (The engine's lines are kept first: grep -q stops reading at its match, and under pipefail the
# engine's broken pipe would fail the check.)
loaded="$("$sente" "setoption name EvalFile value $dir/d.nnue" quit 2>&1)"
grep -q "^info string NNUE evaluation using $dir/d.nnue$" <<<"$loaded" \
    || fail "the engine did not load the architecture 1 net"

# The engine plays with the trained net: another search than with the embedded net, the same
# search twice.
bench_of() { "$sente" "setoption name Use NNUE value true" "$@" "bench 5" quit 2>/dev/null | awk '/ nodes / { n = $1 } END { print n }'; }
embedded=$(bench_of)
trained=$(bench_of "setoption name EvalFile value $dir/a.nnue")
[ -n "$trained" ] && [ "$trained" != "$embedded" ] || fail "the trained net changed nothing ($trained vs $embedded)"
[ "$(bench_of "setoption name EvalFile value $dir/a.nnue")" = "$trained" ] || fail "bench with the net is not deterministic"

# The next round's games: datagen --net plays with the trained net (other games than the
# hand-crafted evaluation's from the same seed), --net none with the hand-crafted evaluation.
games_of() { "$sente" datagen --out "$dir/$1.bin" --games 2 --nodes 300 --seed 9 "${@:2}" 2>"$dir/$1.log" && "$sente" datagen --dump "$dir/$1.bin"; }
with_net=$(games_of n "--net" "$dir/a.nnue") || fail "datagen --net failed: $(cat "$dir/n.log")"
grep -q "the net $dir/a.nnue" "$dir/n.log" || fail "datagen did not say which net plays: $(cat "$dir/n.log")"
without=$(games_of h --net none) || fail "datagen --net none failed"
grep -q "the hand-crafted evaluation" "$dir/h.log" || fail "datagen --net none did not say so: $(cat "$dir/h.log")"
[ -n "$with_net" ] && [ "$with_net" != "$without" ] || fail "datagen --net played the hand-crafted evaluation's games"

# Bad usage gets a message and status 2.
set +e
"$sente" datagen --out "$dir/y.bin" --games 1 --net "$dir/missing.nnue" 2>"$dir/err"; [ $? = 2 ] \
    && grep -q "cannot open the net file" "$dir/err" && [ ! -s "$dir/y.bin" ] || fail "datagen --net with a missing file not refused"
grep -q '^  sente-train \[OPTION\.\.\.\]$' <<<"$("$train" --help)" || fail "sente-train --help: $("$train" --help | sed -n 3p)"
"$train" --out "$dir/x.nnue" 2>"$dir/err"; [ $? = 2 ] && grep -q "needs at least one --data" "$dir/err" || fail "missing --data not refused"
"$train" --data "$dir/games.bin" --lambda 2 2>/dev/null; [ $? = 2 ] || fail "--lambda 2 not refused"
"$train" --data "$dir/games.bin" --init "$dir/missing.nnue" 2>"$dir/err"; [ $? = 2 ] && grep -q "cannot open" "$dir/err" \
    || fail "a missing --init net not refused"
"$train" --data "$dir/games.bin" --resume --checkpoint "$dir/none.ckpt" 2>/dev/null; [ $? = 2 ] || fail "a missing checkpoint not refused"
head -c 100 "$dir/games.bin" >"$dir/cut.bin"
"$train" --data "$dir/cut.bin" 2>"$dir/err"; [ $? = 2 ] && grep -q "truncated" "$dir/err" || fail "a cut game file not refused"
set -e
echo "train pipeline: ok"
