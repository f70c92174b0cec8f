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
#   --chess960        play the openings as Chess960 positions (with --openings perft/chess960.epd)
#   --wdl-data FILE   append every move's material, score and the game's result (scripts/fit_wdl.py)
#   --verbose         every game with its moves
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

sente_help "$0" "$@"
games=100 tc="1+0.01"
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then games="$1"; shift; fi
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then tc="$1"; shift; fi
sente_number selfplay.sh GAMES "$games" 1
[[ "$tc" =~ ^[0-9]+(\.[0-9]+)?(\+[0-9]+(\.[0-9]+)?)?$ ]] \
    || { echo "selfplay.sh: TC is seconds or seconds+increment, such as 1+0.01; not '$tc'" >&2; exit 2; }

sente_install_packages
sente_build "$SENTE_ROOT/build" -DSENTE_BUILD_TESTS=ON
exec "$SENTE_ROOT/build/tests/sente_selfplay" --engine "$SENTE_ROOT/build/sente" \
    --openings "$SENTE_ROOT/tests/data/noob_3moves_2000.epd" --games "$games" --tc "$tc" --concurrency 2 "$@"
