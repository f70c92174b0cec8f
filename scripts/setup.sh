# Sourced by run.sh, test.sh and the other scripts: installs what the build needs, then configures and builds.
# Everything here writes to stderr, so that run.sh can hand a clean stdout to a GUI.

SENTE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SENTE_PACKAGES=(cmake g++ make catch2 libcxxopts-dev libfathom-dev python3)
# Compile jobs: one more than the cores, so that a core is not left idle while a job links or
# waits on the disk (the AddressSanitizer build took 11% less time so on 2 cores).
SENTE_JOBS=$(($(nproc) + 1))

# Installs the Debian packages that are missing, as root; otherwise prints the command and stops.
sente_install_packages() {
    local missing=()
    for pkg in "${SENTE_PACKAGES[@]}" "$@"; do
        [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "Missing packages: ${missing[*]}" >&2
        echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    echo "Installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq "${missing[@]}" >&2
}

# sente_build DIR [cmake options...]: configures (Release unless told otherwise) and builds all
# targets, or only those named in SENTE_TARGETS.
sente_build() {
    local dir="$1"
    shift
    cmake -S "$SENTE_ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >&2
    local targets=()
    for t in ${SENTE_TARGETS:-}; do targets+=(--target "$t"); done
    cmake --build "$dir" -j "$SENTE_JOBS" "${targets[@]}" >&2
}

# sente_copy_sources DIR: the sources as a fresh clone would have them (tracked and new files,
# nothing ignored), so that objects of development builds never mix into a check's build.
sente_copy_sources() {
    # A tracked file deleted from the work tree is not copied (a fresh clone of a commit made now
    # would not have it either); tar's complaint about it would stop the copy without a word.
    (cd "$SENTE_ROOT" && git ls-files -co --exclude-standard -z \
        | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
        | xargs -0 tar -cf -) | tar -xf - -C "$1" \
        || { echo "cannot copy the sources of $SENTE_ROOT to $1" >&2; return 1; }
}

# sente_usage SCRIPT: the comment block at the top of a script (after the #! line), as its help.
sente_usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$1"
}

# sente_help SCRIPT [ARGUMENT...]: when any argument is -h or --help, prints the script's usage and
# ends it with status 0, before it builds or runs anything, wherever the option stands.
sente_help() {
    local script="$1" arg
    shift
    for arg in "$@"; do
        case "$arg" in -h | --help) sente_usage "$script"; exit 0 ;; esac
    done
}

# sente_number SCRIPT WHAT VALUE MIN [MAX]: stops the script with a message and status 2 unless VALUE
# is a whole number written in decimal digits (no sign, no leading zero), from MIN to MAX; without
# MAX, below 10^18, which shell arithmetic holds with room to spare. MAX may be larger (a seed's
# 2^64 - 1, say): the bounds are compared as text, so only a value the script itself never does
# arithmetic on should be let past 2^63 - 1.
sente_number() {
    local script="$1" what="$2" value="$3" min="$4" max="${5:-999999999999999999}"
    if [[ "$value" =~ ^(0|[1-9][0-9]*)$ ]] && ! sente_below "$value" "$min" \
        && ! sente_below "$max" "$value"; then
        return 0
    fi
    echo "$script: $what takes a whole number from $min${5:+ to $max}, not '$value'" >&2
    exit 2
}

# sente_below A B: whether the decimal number A (digits, no leading zero) is less than B, however
# many digits they have.
sente_below() {
    [ ${#1} -lt ${#2} ] || { [ ${#1} -eq ${#2} ] && [[ "$1" < "$2" ]]; }
}

# sente_value SCRIPT OPTION [VALUE...]: stops the script with a message and status 2 unless OPTION,
# the argument under way, has a value after it: another option (`--dir --name x`) is none. Called
# as `sente_value NAME "$@"` before `shift 2`.
sente_value() {
    [ $# -ge 3 ] && [[ "$3" != --* ]] || { echo "$1: $2 needs a value (see --help)" >&2; exit 2; }
}

# sente_bench_of [RUNNER...] SENTE: the node count that `bench` prints last (RUNNER: wine, say).
sente_bench_of() {
    "$@" bench 2>/dev/null | tr -d '\r' | awk '/ nodes / { n = $1 } END { print n }'
}

# sente_bench_after LINES [RUNNER...] SENTE: the node count of `bench` run after the UCI commands in
# LINES, one a line (setoption lines, say).
sente_bench_after() {
    local -a lines
    mapfile -t lines <<<"$1"
    shift
    "$@" "${lines[@]}" bench quit 2>/dev/null | tr -d '\r' | awk '/ nodes / { n = $1 } END { print n }'
}

# sente_hce_bench_of [RUNNER...] SENTE: the bench with the hand-crafted evaluation (Use NNUE off).
sente_hce_bench_of() { sente_bench_after "setoption name Use NNUE value false" "$@"; }

# sente_benches_of [RUNNER...] SENTE: both bench signatures, the net's on the first line and the
# hand-crafted evaluation's on the second, an empty line for one that gave none. Each bench is one
# thread: the two run at once.
sente_benches_of() {
    local hce net
    hce="$(mktemp)"
    sente_hce_bench_of "$@" >"$hce" &
    net="$(sente_bench_of "$@")"
    wait $!
    printf '%s\n%s\n' "$net" "$(cat "$hce")"
    rm -f "$hce"
}

# sente_uci_session OPTIONS DEPTH [RUNNER...] SENTE: a short UCI session through pipes: `uci`, the
# UCI commands in OPTIONS (one a line; may be empty), `isready`, a new game and a search to DEPTH
# after 1. e4 e5 with `isready` during it, and `quit` once it has ended. Succeeds when the engine
# named itself, answered both `isready`, reached DEPTH, ended with a legal-looking bestmove and
# exited with status 0, each within 60 seconds; otherwise prints what it said on the standard error.
sente_uci_session() {
    local -a options
    mapfile -t options < <(grep . <<<"$1" || true)
    local depth="$2" line said="" uciok=0 ready=0 best=0 reached=0 status
    shift 2
    coproc SENTE_SESSION { timeout 60 "$@" 2>/dev/null; }
    local engine_in="${SENTE_SESSION[1]}" engine_out="${SENTE_SESSION[0]}" engine_pid="$SENTE_SESSION_PID"
    # A write to an engine that has died fails instead of ending the script (SIGPIPE ignored for
    # the while; the caller's own handling comes back at the end): its status tells.
    local pipe_trap
    pipe_trap="$(trap -p PIPE)"
    trap '' PIPE
    printf '%s\n' uci "${options[@]}" isready ucinewgame "position startpos moves e2e4 e7e5" "go depth $depth" \
        isready 2>/dev/null >&"$engine_in" || true
    while [ $best = 0 ] || [ $ready -lt 2 ]; do
        IFS= read -r -t 60 line <&"$engine_out" || break
        line="${line%$'\r'}"
        said+="$line"$'\n'
        case "$line" in
            uciok) uciok=1 ;;
            readyok) ready=$((ready + 1)) ;;
            "info depth $depth "*) reached=1 ;;
            bestmove\ [a-h][1-8][a-h][1-8]*) best=1 ;;
        esac
    done
    printf 'quit\n' 2>/dev/null >&"$engine_in" || true
    eval "${pipe_trap:-trap - PIPE}"
    wait "$engine_pid" && status=0 || status=$?
    [ $uciok = 1 ] && [ $ready = 2 ] && [ $reached = 1 ] && [ $best = 1 ] && [ "$status" = 0 ] && return 0
    echo "the engine (status $status) said:" >&2
    printf '%s' "$said" >&2
    return 1
}
