#!/usr/bin/env bash
# Builds Sente (installing what is missing) and runs it: `scripts/run.sh` speaks UCI,
# `scripts/run.sh perft 6`, `scripts/run.sh bench` and so on pass their arguments through.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

sente_install_packages
sente_build "$SENTE_ROOT/build" -DSENTE_BUILD_TESTS=ON
exec "$SENTE_ROOT/build/sente" "$@"
