#!/usr/bin/env bash
# Every script a user runs answers --help with its usage (the comment at its top, naming the script)
# and status 0 at once, before it would build or install anything; a malformed number (the scripts
# share one check, sente_number in setup.sh) or a missing build directory gets a message and
# status 2. (scripts/run.sh passes its arguments to sente, and build-name.sh and
# setup.sh are the other scripts' helpers.)
#   tests/scripts_help_test.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "scripts_help_test: $*" >&2; exit 1; }
for script in "$root"/scripts/*.sh; do
    name="$(basename "$script")"
    case "$name" in run.sh | build-name.sh | setup.sh) continue ;; esac
    # Wherever it stands: after other arguments too (`selfplay.sh 10 --help` once built and played).
    for args in --help -h "10 --help" "--full -h"; do
        status=0
        # shellcheck disable=SC2086 # the arguments' words, split on purpose
        out="$(timeout 20 "$script" $args 2>&1)" || status=$?
        [ "$status" = 0 ] || fail "$name $args: status $status"
        grep -q "scripts/$name" <<<"$out" || fail "$name $args: no usage naming scripts/$name: $out"
    done
done
# refused ARGS...: the script exits with status 2 and says why on stderr, without running.
refused() {
    local status=0 err
    err="$(timeout 20 "$root/scripts/$1" "${@:2}" 2>&1 >/dev/null)" || status=$?
    [ "$status" = 2 ] || fail "$* : status $status, not 2"
    [ -n "$err" ] || fail "$* : no message"
}
refused bench-threads.sh deep
refused bench-threads.sh 12 1 two
refused bench-threads.sh 0
refused bench-perft.sh many
refused bench-perft.sh 5 6
refused check-builds.sh
refused check-builds.sh /nonexistent/build
refused test.sh --fast
refused format.sh --all
refused fuzz.sh 0
refused selfplay.sh 0
refused selfplay.sh 010
refused selfplay.sh 10 fast
refused match.sh --games 1
refused match.sh --concurrency x
refused match.sh --seed -3
refused bench-ready.sh --rounds x
refused bench-ready.sh --threads 257
refused bench-threads.sh 12 257
refused bench-threads.sh 08
refused release.sh --jobs 0
refused datagen.sh --dir /tmp --name t --seed x
refused match.sh --games
refused bench-ready.sh --threads
refused release.sh --levels
refused datagen.sh --dir /tmp --name t --seed
refused datagen.sh --dir --name t --seed 5
refused test.sh --full extra
refused format.sh --check extra
refused match.sh --games 3
refused match.sh --tc banana
refused bench-ready.sh --threds 8
refused bench-ready.sh /nonexistent/sente
refused release.sh --os ""
refused release.sh --os windows --levels armv8
# A number the script computes with stays below 10^18; a seed that is only passed on may take all
# 64 bits (20 digits), and datagen.sh's, to which it adds 50, stays below 2^63 - 50.
refused datagen.sh --dir /tmp --name t --seed 5 --nodes 1000000000000000000
refused bench-perft.sh 99999999999999999999
refused match.sh --seed 18446744073709551616
refused datagen.sh --dir /tmp --name t --seed 9223372036854775758
err="$(timeout 20 "$root/scripts/datagen.sh" --dir /tmp --name t --seed 9223372036854775757 \
    --sente /nonexistent 2>&1 >/dev/null)" || true
[[ "$err" == *"is not an executable"* ]] || fail "the largest seed was refused: $err"
echo "scripts_help_test: every script's --help and malformed arguments"
