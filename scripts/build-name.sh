#!/bin/sh
# The name a build of the source tree at ROOT gives itself in `id name`, `--version` and bench's
# header: the release version on a commit tagged v<version>, and in a tree without git (a source
# archive); otherwise dev-YYYYMMDD-<commit>, the commit's date and its first 8 hex digits, as
# Stockfish names its development builds. CMake (cmake/BuildName.cmake), src/Makefile and
# scripts/release.sh all ask this script.
#
#   scripts/build-name.sh [ROOT]      (default: the tree this script is in)
root="${1:-$(dirname "$0")/..}"
cd "$root" 2>/dev/null || { echo "build-name.sh: no folder $root" >&2; exit 1; }
version="$(sed -n 's/^project(Sente VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
[ -n "$version" ] || { echo "build-name.sh: no project version in $root/CMakeLists.txt" >&2; exit 1; }
# Only this tree's own repository counts, not one that an unpacked archive happens to sit in: git
# must see ROOT as the top of its work tree (--show-cdup empty, however the platform writes paths).
if ! cdup="$(git rev-parse --show-cdup 2>/dev/null)" || [ -n "$cdup" ] \
    || git tag --points-at HEAD | grep -qx "v$version"; then
    echo "$version"
else
    echo "dev-$(git show -s --date=format:%Y%m%d --format=%cd HEAD)-$(git rev-parse --short=8 HEAD)"
fi
