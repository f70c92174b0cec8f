#!/usr/bin/env bash
# Plays Sente against itself through UCI pipes with the rules core as referee, and reports the
# results with any illegal move, time loss, crash or hang (exit status 1 if there was one).
#
#   scripts/selfplay.sh [GAMES [TC]] [referee options]
#
# GAMES defaults to 100, TC (seconds+increment) to 1+0.01. Further options go to the referee:
#   --concurrency C   games at once (default 2)
#   --openings FILE   EPD openings (default tests/data/noob_3moves_2000.epd)
#   --option N=V      a UCI option for both sides (repeatable)
#   --verbose         every game with its moves
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

for arg in "$@"; do case "$arg" in -h | --help) sente_usage "$0"; exit 0 ;; esac; done
games=100 tc="1+0.01"
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then games="$1"; shift; fi
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then tc="$1"; shift; fi
[[ "$games" =~ ^[0-9]+$ && "$games" -ge 1 ]] || { echo "selfplay.sh: GAMES must be a positive number" >&2; exit 2; }

sente_install_packages
sente_build "$SENTE_ROOT/build" -DSENTE_BUILD_TESTS=ON
exec "$SENTE_ROOT/build/tests/sente_selfplay" --engine "$SENTE_ROOT/build/sente" \
    --openings "$SENTE_ROOT/tests/data/noob_3moves_2000.epd" --games "$games" --tc "$tc" --concurrency 2 "$@"
