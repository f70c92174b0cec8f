#!/usr/bin/env bash
# The network pipeline end to end, at a size fit for CI: games from sente datagen, sente-train
# with epoch nets and checkpoints, --resume, --init from a net, and the engine playing with the trained net through EvalFile.
#   tests/train_pipeline.sh SENTE SENTE_TRAIN
set -euo pipefail
sente="$1" train="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "train pipeline: $*" >&2; exit 1; }

"$sente" datagen --out "$dir/games.bin" --games 30 --nodes 300 --seed 5 --threads 2 2>/dev/null
common=(--data "$dir/games.bin" --epochs 3 --batch 256 --threads 2 --seed 3 --validation-every 5)

# An uninterrupted run, with the net of every epoch.
"$train" "${common[@]}" --out "$dir/a.nnue" --net-every 1 2>"$dir/a.log" || fail "training failed: $(cat "$dir/a.log")"
for e in 1 2 3; do [ -s "$dir/a-e$e.nnue" ] || fail "no net after epoch $e"; done
cmp -s "$dir/a.nnue" "$dir/a-e3.nnue" || fail "the final net is not the last epoch's"
grep -q "epoch 3/3: training loss" "$dir/a.log" || fail "no loss line per epoch: $(cat "$dir/a.log")"
grep -q "largest quantisation error" "$dir/a.log" || fail "no quantisation report"
first=$(sed -n 's/^epoch 0: validation loss \([0-9.]*\)$/\1/p' "$dir/a.log")
last=$(tr '\r' '\n' <"$dir/a.log" | sed -n 's/^epoch 3\/3: .*validation loss \([0-9.]*\),.*/\1/p')
awk -v a="$first" -v b="$last" 'BEGIN { exit !(b < a) }' || fail "validation loss did not fall ($first -> $last)"

# --resume reads the checkpoint the run left (the exact continuation of an interrupted run is
# checked in test_train.cpp): a finished run resumes at its end and writes the same net again.
[ -s "$dir/a.nnue.ckpt" ] || fail "no checkpoint was written"
cp "$dir/a.nnue" "$dir/b.nnue"
"$train" "${common[@]}" --out "$dir/a.nnue" --resume 2>"$dir/b.log" || fail "resuming failed: $(cat "$dir/b.log")"
grep -q "resuming $dir/a.nnue.ckpt after epoch 3 of 3" "$dir/b.log" || fail "the resumed run did not say where: $(cat "$dir/b.log")"
cmp -s "$dir/a.nnue" "$dir/b.nnue" || fail "the resumed run wrote another net"

# --init: training goes on from a net's weights, so it starts where the first run ended, far
# below where random weights start.
"$train" --data "$dir/games.bin" --epochs 1 --batch 256 --threads 2 --init "$dir/a.nnue" --out "$dir/c.nnue" \
    --validation-every 5 2>"$dir/c.log" || fail "--init failed: $(cat "$dir/c.log")"
start=$(sed -n 's/^epoch 0: validation loss \([0-9.]*\)$/\1/p' "$dir/c.log")
awk -v r="$first" -v a="$last" -v c="$start" 'BEGIN { exit !(c != "" && c - a < (r - a) / 4) }' \
    || fail "--init did not start from the net (random $first, trained $last, --init $start)"

# The engine plays with the trained net: another search than with the embedded net, the same
# search twice.
bench_of() { "$sente" "setoption name Use NNUE value true" "$@" "bench 5" quit 2>/dev/null | awk '/ nodes / { n = $1 } END { print n }'; }
embedded=$(bench_of)
trained=$(bench_of "setoption name EvalFile value $dir/a.nnue")
[ -n "$trained" ] && [ "$trained" != "$embedded" ] || fail "the trained net changed nothing ($trained vs $embedded)"
[ "$(bench_of "setoption name EvalFile value $dir/a.nnue")" = "$trained" ] || fail "bench with the net is not deterministic"

# Bad usage gets a message and status 2.
set +e
"$train" --out "$dir/x.nnue" 2>"$dir/err"; [ $? = 2 ] && grep -q "needs at least one --data" "$dir/err" || fail "missing --data not refused"
"$train" --data "$dir/games.bin" --lambda 2 2>/dev/null; [ $? = 2 ] || fail "--lambda 2 not refused"
"$train" --data "$dir/games.bin" --init "$dir/missing.nnue" 2>"$dir/err"; [ $? = 2 ] && grep -q "cannot open" "$dir/err" \
    || fail "a missing --init net not refused"
"$train" --data "$dir/games.bin" --resume --checkpoint "$dir/none.ckpt" 2>/dev/null; [ $? = 2 ] || fail "a missing checkpoint not refused"
head -c 100 "$dir/games.bin" >"$dir/cut.bin"
"$train" --data "$dir/cut.bin" 2>"$dir/err"; [ $? = 2 ] && grep -q "truncated" "$dir/err" || fail "a cut game file not refused"
set -e
echo "train pipeline: ok"
