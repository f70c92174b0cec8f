#!/usr/bin/env bash
# Builds Sente and runs every test (the command CI runs). In CI, warnings are errors.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

werror=OFF
[ "${CI:-}" = "true" ] && werror=ON

sente_install_packages
sente_build "$SENTE_ROOT/build" -DSENTE_BUILD_TESTS=ON -DSENTE_WERROR=$werror
echo "== Tests ($(grep -o 'SENTE_USE_PEXT:INTERNAL=.*' "$SENTE_ROOT/build/CMakeCache.txt"))"
(cd "$SENTE_ROOT/build" && ctest -j "$(nproc)" --output-on-failure)

# The other slider back end: magic bitboards, checked by the attack and perft tests.
if grep -q 'SENTE_USE_PEXT:INTERNAL=ON' "$SENTE_ROOT/build/CMakeCache.txt"; then
    sente_build "$SENTE_ROOT/build-magic" -DSENTE_BUILD_TESTS=ON -DSENTE_WERROR=$werror -DSENTE_PEXT=OFF
    echo "== Tests with magic bitboards"
    (cd "$SENTE_ROOT/build-magic" && ctest -j "$(nproc)" --output-on-failure -R 'perft|attacks|Slider|Zobrist')
fi
