#!/usr/bin/env bash
# Keeps the C++ sources in the format .clang-format describes, with clang-format 14 (Debian
# bookworm's), the version the whole tree was formatted with: another version formats some
# constructs differently.
#
#   scripts/format.sh          formats every tracked C++ file in place
#   scripts/format.sh --check  changes nothing; lists the files it would change and fails if any
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

check=0
sente_help "$0" "$@"
[ $# -le 1 ] || { echo "format.sh: one argument at most (see --help)" >&2; exit 2; }
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "format.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
esac

sente_install_packages clang-format-14
cd "$SENTE_ROOT"
mapfile -t files < <(git ls-files -co --exclude-standard -- '*.cpp' '*.hpp' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
if [ $check -eq 0 ]; then
    clang-format-14 -i "${files[@]}"
    exit 0
fi
unformatted=()
for f in "${files[@]}"; do
    clang-format-14 --dry-run -Werror "$f" >/dev/null 2>&1 || unformatted+=("$f")
done
if [ ${#unformatted[@]} -gt 0 ]; then
    echo "format.sh: clang-format 14 would change ${#unformatted[@]} file(s); run scripts/format.sh:" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    exit 1
fi
echo "== Format: ${#files[@]} files as .clang-format says"
