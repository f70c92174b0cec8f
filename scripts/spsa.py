#!/usr/bin/env python3
"""Tunes Sente's parameters by SPSA: the tune build plays itself under fastchess or cutechess-cli,
whichever is on PATH (this script downloads and builds nothing).

    scripts/spsa.py --engine build-tune/sente --select pruning --iterations 2000 --nodes 25000

The parameters, their ranges and step sizes are what `ENGINE spsa SELECT` prints (OpenBench's SPSA
input; SELECT is a room such as search, a set such as pruning, names, or prefixes such as Lmr*), so
OpenBench given the output of the same command tunes the same thing. The update is OpenBench's:
every iteration perturbs each parameter by +-c (the same random sign for both engines, integers
rounded at random), an engine with theta+ plays one with theta- a pair of games or more from the
same opening, each side with both colours, and each parameter moves by r * c * (wins - losses of
theta+) * its sign. c and r fall over the run from values that make them c_end and r_end at the
last iteration: c = c_end * N^gamma / k^gamma (at least 0.5), r = a / (A + k)^alpha / c^2 with
a = r_end * c_end^2 * (A + N)^alpha, A = a tenth of N, alpha 0.602, gamma 0.101. The engine's
r_end, 0.002, is OpenBench's for runs of tens of thousands of games; over a few thousand games it
moves the values by a fraction of c_end, so `--r-end R` sets every parameter's r_end for the run.

The whole state (the iteration, the values, the random stream, the run's settings) is in the state
file, written anew after every iteration; run the same command again to continue an interrupted
run, or to print the result of a finished one (which needs neither the engine nor a runner).
Progress goes to stderr; the values reached go to stdout at the end, one "name, value" line each
(as OpenBench lists its optimal values).
Exit status: 0 done, 1 the runner or the engine failed or the state file could not be written (the
state keeps the last full iteration), 2 a bad argument (such as a state file in a folder that does
not exist), a bad parameter line, no runner or an engine that is not a tune build.
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from arguments import real_number, whole_number

ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1
STATE_FORMAT = "sente-spsa 1"
# OpenBench's tune presets: a win once the score stays beyond 400 cp for 3 moves, a draw once it
# stays within 10 cp for 8 moves from move 40.
RESIGN = ["movecount=3", "score=400"]
DRAW = ["movenumber=40", "movecount=8", "score=10"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class UsageError(Exception):
    """A bad argument or input: exit status 2."""


class RunError(Exception):
    """The runner or the engine failed during the run, or the state file could not be written:
    exit status 1. kept: the iteration the state file still holds, when not the state's own."""

    def __init__(self, message, kept=None):
        super().__init__(message)
        self.kept = kept


class Random:
    """SplitMix64: a stream that is one integer, so the state file holds it exactly."""

    MASK = (1 << 64) - 1

    def __init__(self, state):
        self.state = state & self.MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def uniform(self):
        """A number in [0, 1)."""
        return (self.next() >> 11) / float(1 << 53)

    def below(self, n):
        return self.next() % n


def parse_parameters(text, source="the engine's spsa output"):
    """OpenBench's SPSA input, "name, int, value, min, max, c_end, r_end" a line, as dicts."""
    params = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = "line %d of %s, '%s'" % (number, source, line.strip())
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7:
            raise UsageError("%s: want 7 fields (name, int, value, min, max, c_end, r_end), not %d"
                             % (where, len(fields)))
        name, kind = fields[0], fields[1]
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise UsageError("%s: '%s' is not an option name" % (where, name))
        if kind != "int":
            raise UsageError("%s: the type must be int (the engine's options are spins), not '%s'"
                             % (where, kind))
        try:
            value, low, high = (int(f) for f in fields[2:5])
            c_end, r_end = float(fields[5]), float(fields[6])
        except ValueError:
            raise UsageError("%s: value, min and max must be integers, c_end and r_end numbers" % where)
        if not low <= value <= high or low == high:
            raise UsageError("%s: want min <= value <= max and min < max" % where)
        if not (c_end > 0 and r_end > 0 and math.isfinite(c_end) and math.isfinite(r_end)):
            raise UsageError("%s: c_end and r_end must be positive" % where)
        if any(p["name"] == name for p in params):
            raise UsageError("%s: %s appears twice" % (where, name))
        params.append({"name": name, "start": value, "value": float(value), "min": low,
                       "max": high, "c_end": c_end, "r_end": r_end})
    if not params:
        raise UsageError("%s names no parameter" % source)
    return params


def new_state(params, iterations, pairs, seed, settings=None):
    """A run at its start: iteration 0 of `iterations`, each of `pairs` game pairs."""
    return {"format": STATE_FORMAT, "iterations": iterations, "pairs": pairs, "seed": seed,
            "alpha": ALPHA, "gamma": GAMMA, "a_ratio": A_RATIO, "settings": settings or {},
            "iteration": 0, "random": Random(seed).state, "games": 0, "wins": 0, "losses": 0,
            "draws": 0, "seconds": 0.0, "params": params}


def schedule(state, param, k):
    """OpenBench's c and r of a parameter at iteration k (1-based)."""
    n, alpha, gamma = state["iterations"], state["alpha"], state["gamma"]
    big_a = state["a_ratio"] * n
    c_value = param["c_end"] * n ** gamma
    a_value = param["r_end"] * param["c_end"] ** 2 * (big_a + n) ** alpha
    c = max(c_value / k ** gamma, 0.5)
    r = a_value / (big_a + k) ** alpha / c ** 2
    return c, r


def perturb(state, rng):
    """Each parameter's sign, c, r, and the integer values of theta+ and theta-."""
    k = state["iteration"] + 1
    steps = []
    for p in state["params"]:
        c, r = schedule(state, p, k)
        flip = 1 if rng.next() & 1 else -1
        u = rng.uniform()  # both engines round with the same draw, as OpenBench does
        plus = min(max(math.floor(p["value"] + flip * c + u), p["min"]), p["max"])
        minus = min(max(math.floor(p["value"] - flip * c + u), p["min"]), p["max"])
        steps.append({"flip": flip, "c": c, "r": r, "plus": plus, "minus": minus})
    return steps


def step(state, play):
    """One iteration: perturb, play theta+ against theta-, move the values. play(plus, minus,
    openings) gets {name: value} of each engine and one opening index for each pair, and returns
    the wins, losses and draws of theta+."""
    rng = Random(state["random"])
    steps = perturb(state, rng)
    openings = [rng.next() for _ in range(state["pairs"])]
    names = [p["name"] for p in state["params"]]
    wins, losses, draws = play({n: s["plus"] for n, s in zip(names, steps)},
                               {n: s["minus"] for n, s in zip(names, steps)}, openings)
    if wins + losses + draws != 2 * state["pairs"]:
        raise RunError("the runner reported %d games, not %d" % (wins + losses + draws, 2 * state["pairs"]))
    result = wins - losses
    for p, s in zip(state["params"], steps):
        p["value"] = min(max(p["value"] + s["r"] * s["c"] * result * s["flip"], p["min"]), p["max"])
    state["random"] = rng.state
    state["iteration"] += 1
    state["games"] += wins + losses + draws
    state["wins"] += wins
    state["losses"] += losses
    state["draws"] += draws


def save_state(path, state):
    """Writes the state whole or not at all: a new file, synced, then renamed over the old one. An
    OSError (a full disk, a folder gone) is raised with the old file as it was and no new one left."""
    temporary = path + ".tmp"
    try:
        with open(temporary, "w") as f:
            json.dump(state, f, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except OSError:
        try:
            os.remove(temporary)
        except OSError:
            pass
        raise


def save_or_fail(path, state, kept):
    """save_state, an OSError made a RunError: kept is the iteration the file still holds."""
    try:
        save_state(path, state)
    except OSError as e:
        raise RunError("cannot write the state file %s: %s" % (path, e.strerror or e), kept)


def load_state(path):
    try:
        with open(path) as f:
            state = json.load(f)
    except (OSError, ValueError) as e:
        raise UsageError("cannot read the state file %s: %s" % (path, e))
    if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
        raise UsageError("%s is not a state file of this tuner (%s)" % (path, STATE_FORMAT))
    problem = state_problem(state)
    if problem:
        raise UsageError("%s is damaged: %s (a state file is only ever written whole: was it edited?)"
                         % (path, problem))
    return state


def state_problem(state):
    """What in a state file's object is missing or of the wrong kind, or None: every field new_state
    writes, with the settings a run reads."""
    def number(x, whole=False):
        return (isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
                and (isinstance(x, int) or not whole))
    for key in ("iterations", "pairs", "seed", "iteration", "random", "games", "wins", "losses", "draws"):
        if not number(state.get(key), whole=True) or state[key] < 0:
            return "%s is not a whole number of at least 0" % key
    for key in ("alpha", "gamma", "a_ratio", "seconds"):
        if not number(state.get(key)):
            return "%s is not a number" % key
    if state["iteration"] > state["iterations"] or state["pairs"] < 1:
        return "iteration %s of %s, %s pairs" % (state["iteration"], state["iterations"], state["pairs"])
    settings = state.get("settings")
    if not isinstance(settings, dict):
        return "settings is not an object"
    # The command's runs keep their settings (a state made by new_state alone has none).
    if settings:
        if not isinstance(settings.get("select"), str) or not number(settings.get("nodes"), whole=True):
            return "settings lack the parameter selection or the nodes a move"
        options = settings.get("options")
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            return "settings' options are not a list of NAME=VALUE"
        if not isinstance(settings.get("book"), (str, type(None))):
            return "settings' book is not a path"
    params = state.get("params")
    if not isinstance(params, list) or not params:
        return "params is not a list of parameters"
    for i, param in enumerate(params, 1):
        if not isinstance(param, dict) or not isinstance(param.get("name"), str):
            return "parameter %d has no name" % i
        name = param["name"]
        if not all(number(param.get(key), whole=True) for key in ("start", "min", "max")):
            return "%s's start, min and max are not whole numbers" % name
        if not all(number(param.get(key)) for key in ("value", "c_end", "r_end")):
            return "%s's value, c_end and r_end are not numbers" % name
        if not param["min"] <= param["value"] <= param["max"] or param["c_end"] <= 0 or param["r_end"] <= 0:
            return "%s's value %s lies outside %s..%s, or its c_end or r_end is not positive" % (
                name, param["value"], param["min"], param["max"])
    return None


def run(state, play, path=None, progress=None, stop_after=None):
    """Iterations until the run's last (or stop_after), the state saved after each."""
    started, done_here = time.monotonic(), 0
    last = state["iterations"] if stop_after is None else min(stop_after, state["iterations"])
    while state["iteration"] < last:
        before = time.monotonic()
        step(state, play)
        state["seconds"] += time.monotonic() - before
        if path:
            save_or_fail(path, state, state["iteration"] - 1)
        done_here += 1
        if progress:
            each = (time.monotonic() - started) / done_here
            progress(state, each * (state["iterations"] - state["iteration"]))
    return state


def rounded_values(state):
    return [(p["name"], int(math.floor(p["value"] + 0.5))) for p in state["params"]]


def duration(seconds):
    seconds = int(seconds + 0.5)
    return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def print_progress(state, left):
    done = state["iteration"]
    print("spsa: iteration %d/%d, %d games (theta+ +%d -%d =%d), %s left"
          % (done, state["iterations"], state["games"], state["wins"], state["losses"],
             state["draws"], duration(left)), file=sys.stderr)
    print("spsa:   " + " ".join("%s=%.2f" % (p["name"], p["value"]) for p in state["params"]),
          file=sys.stderr, flush=True)


# ---- Games ----------------------------------------------------------------------------------------

def find_runner():
    for name in ("fastchess", "cutechess-cli"):
        path = shutil.which(name)
        if path:
            return name, path
    raise UsageError("neither fastchess nor cutechess-cli is on PATH; install one of them first")


def runner_command(runner, path, engine, plus, minus, settings, openings_file, pgn_file, workdir):
    """The runner's arguments for one iteration: len(openings) pairs of theta+ against theta-."""
    each = ["tc=inf", "nodes=%d" % settings["nodes"], "option.Threads=1", "option.Hash=16"]
    each += ["option." + o for o in settings["options"]]
    cmd = [path]
    for name, values in (("plus", plus), ("minus", minus)):
        cmd += ["-engine", "cmd=" + engine, "name=" + name]
        cmd += ["option.%s=%d" % item for item in values.items()]
    cmd += ["-each"] + each
    cmd += ["-openings", "file=" + openings_file, "format=epd", "order=sequential"]
    cmd += ["-rounds", str(settings["pairs"]), "-games", "2", "-repeat"]
    cmd += ["-concurrency", str(settings["concurrency"])]
    cmd += ["-resign"] + RESIGN + ["-draw"] + DRAW
    if runner == "fastchess":
        cmd += ["-pgnout", "file=" + pgn_file, "-config", "outname=" + os.path.join(workdir, "config.json")]
    else:
        cmd[cmd.index("-each") + 1:cmd.index("-each") + 1] = ["proto=uci"]
        cmd += ["-pgnout", pgn_file]
    return cmd


def pgn_results(text):
    """The wins, losses and draws of the engine named plus in a PGN file's games."""
    wins = losses = draws = 0
    for game in re.split(r"^(?=\[Event )", text, flags=re.M):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, flags=re.M))
        if "Result" not in tags:
            continue
        if {tags.get("White"), tags.get("Black")} != {"plus", "minus"}:
            raise RunError("a game between %s and %s in the runner's PGN"
                           % (tags.get("White"), tags.get("Black")))
        result = tags["Result"]
        if result == "1/2-1/2":
            draws += 1
        elif result in ("1-0", "0-1"):
            if (result == "1-0") == (tags["White"] == "plus"):
                wins += 1
            else:
                losses += 1
        else:
            raise RunError("a game without a result (%s) in the runner's PGN" % result)
    return wins, losses, draws


def game_player(runner, path, engine, book, settings, workdir):
    """play() for step(): the runner plays the iteration's pairs from the chosen openings."""
    def play(plus, minus, openings):
        openings_file = os.path.join(workdir, "openings.epd")
        pgn_file = os.path.join(workdir, "games.pgn")
        with open(openings_file, "w") as f:
            for index in openings:
                f.write(book[index % len(book)] + "\n")
        if os.path.exists(pgn_file):
            os.remove(pgn_file)
        cmd = runner_command(runner, path, engine, plus, minus, settings, openings_file, pgn_file, workdir)
        log = os.path.join(workdir, "runner.log")
        try:
            with open(log, "w") as out:
                status = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT).returncode
        except OSError as e:
            raise RunError("cannot run %s: %s" % (path, e.strerror or e))
        with open(log, errors="replace") as f:
            tail = "".join(f.readlines()[-15:])
        if status != 0 or not os.path.exists(pgn_file):
            raise RunError("%s failed (exit status %d); the end of its output:\n%s\ncommand: %s"
                           % (runner, status, tail, " ".join(cmd)))
        with open(pgn_file, errors="replace") as f:
            return pgn_results(f.read())
    return play


def engine_parameters(engine, select):
    """The parameters `ENGINE spsa SELECT` prints."""
    if not (os.path.isfile(engine) and os.access(engine, os.X_OK)):
        raise UsageError("%s is not an executable (build the tune build: source scripts/setup.sh && "
                         "sente_build build-tune -DSENTE_TUNE=ON, or make -C src TUNE=1)" % engine)
    try:
        done = subprocess.run([engine, "spsa"] + select.split(), capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise UsageError("cannot run %s spsa: %s" % (engine, e))
    if done.returncode != 0:
        message = (done.stderr.strip() or done.stdout.strip()).replace("\n", " ")
        raise UsageError("%s spsa %s failed: %s" % (engine, select, message))
    return parse_parameters(done.stdout, "'%s spsa %s'" % (os.path.basename(engine), select))


def read_book(path):
    try:
        with open(path) as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError as e:
        raise UsageError("cannot read the openings %s: %s" % (path, e))
    if not lines:
        raise UsageError("%s holds no openings" % path)
    return lines


def default_book():
    shared = os.path.join(ROOT, "..", "shared", "data", "openings", "uho_4060_v3_3000.epd")
    return os.path.normpath(shared if os.path.exists(shared)
                            else os.path.join(ROOT, "tests", "data", "noob_3moves_2000.epd"))


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def parse_arguments(argv):
    p = Parser(prog="spsa.py", description=__doc__.split("\n\n")[0],
               formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--engine", default=os.path.join(ROOT, "build-tune", "sente"),
                   help="the tune build (default: build-tune/sente)")
    p.add_argument("--state", default="spsa-state.json",
                   help="the state file, continued when it exists (default: spsa-state.json)")
    p.add_argument("--concurrency", type=whole_number(1), default=2, help="games at once (default 2)")
    p.add_argument("--stop-after", type=whole_number(1), metavar="K",
                   help="stop once K iterations are done (a later run continues)")
    # The run's settings: stored in the state file and kept by a continued run.
    p.add_argument("--select", help="what `ENGINE spsa` prints (default: pruning)")
    p.add_argument("--iterations", type=whole_number(1), help="iterations of the run (default 2000)")
    p.add_argument("--pairs", type=whole_number(1), help="game pairs an iteration (default 1)")
    p.add_argument("--nodes", type=whole_number(1), help="nodes a move (default 25000)")
    p.add_argument("--book", help="EPD openings (default: shared/data's UHO openings when present, "
                                  "else tests/data/noob_3moves_2000.epd)")
    p.add_argument("--seed", type=whole_number(0),
                   help="the random stream's seed, 0 or more (default: a random one)")
    p.add_argument("--r-end", type=real_number(lambda x: 0 < x < math.inf, "a positive number"), metavar="R",
                   help="every parameter's r_end (default: what the engine prints, 0.002, which is "
                        "OpenBench's for runs of tens of thousands of games)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a UCI option for both engines, such as EvalFile=nets/x.nnue (repeatable)")
    return p.parse_args(argv)


def prepare(args):
    """The state to continue, or a new one; the run's settings as the state holds them."""
    given = {"select": args.select, "iterations": args.iterations, "pairs": args.pairs,
             "nodes": args.nodes, "book": args.book and os.path.abspath(args.book),
             "seed": args.seed, "options": args.option, "r_end": args.r_end}
    if os.path.exists(args.state):
        state = load_state(args.state)
        settings = state["settings"]
        for key, value in given.items():
            if value is not None and value != settings.get(key):
                flag = {"options": "option", "r_end": "r-end"}.get(key, key)
                was = settings.get(key)
                raise UsageError("%s was started with %s; to change it, start a new run with another "
                                 "--state" % (args.state, "--%s %s" % (flag, was) if was is not None
                                              else "no --%s" % flag))
        if state["iteration"] == state["iterations"]:
            return state  # finished: nothing to play, so the engine is not needed
        params = engine_parameters(args.engine, settings["select"])
        if [p["name"] for p in params] != [p["name"] for p in state["params"]]:
            raise UsageError("%s spsa %s no longer names the parameters of %s"
                             % (args.engine, settings["select"], args.state))
        return state
    defaults = {"select": "pruning", "iterations": 2000, "pairs": 1, "nodes": 25000,
                "book": default_book(), "seed": int.from_bytes(os.urandom(8), "little") >> 1,
                "options": [], "r_end": None}
    settings = {key: defaults[key] if value is None else value for key, value in given.items()}
    for option in settings["options"]:
        if "=" not in option:
            raise UsageError("--option wants NAME=VALUE, not '%s'" % option)
    params = engine_parameters(args.engine, settings["select"])
    if settings["r_end"] is not None:
        for param in params:
            param["r_end"] = settings["r_end"]
    return new_state(params, settings["iterations"], settings["pairs"], settings["seed"], settings)


def state_folder(path):
    """The folder the state file goes in, which must exist before any game is played."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError("the folder of the state file %s does not exist (--state)" % path)
    return folder


def main(argv=None):
    state = None
    try:
        args = parse_arguments(argv)
        folder = state_folder(args.state)
        state = prepare(args)
        if state["iteration"] == state["iterations"]:
            print("spsa: %s holds a finished run: %d iterations, %d games (theta+ +%d -%d =%d)"
                  % (args.state, state["iterations"], state["games"], state["wins"], state["losses"],
                     state["draws"]), file=sys.stderr)
            for name, value in rounded_values(state):
                print("%s, %d" % (name, value))
            return 0
        if not os.access(folder, os.W_OK | os.X_OK):
            raise UsageError("cannot write the state file %s: its folder is not writable" % args.state)
        runner, runner_path = find_runner()
        settings = dict(state["settings"], concurrency=args.concurrency)
        book = read_book(settings["book"])
        engine = os.path.abspath(args.engine)
        print("spsa: %s, %d parameters (%s), %d iterations of %d pairs at %d nodes a move, r_end %s, "
              "from %s; state in %s, at iteration %d"
              % (runner, len(state["params"]), settings["select"], state["iterations"], state["pairs"],
                 settings["nodes"], settings.get("r_end") or "as the engine gives it", settings["book"],
                 args.state, state["iteration"]), file=sys.stderr)
        if args.concurrency > 2 * state["pairs"]:
            print("spsa: an iteration plays %d games, so only %d of --concurrency %d run at once; "
                  "more --pairs would use the rest" % (2 * state["pairs"], 2 * state["pairs"],
                                                       args.concurrency), file=sys.stderr)
        if state["iteration"] == 0 and not os.path.exists(args.state):
            save_or_fail(args.state, state, 0)
        with tempfile.TemporaryDirectory(prefix="sente-spsa-") as workdir:
            play = game_player(runner, runner_path, engine, book, settings, workdir)
            run(state, play, args.state, print_progress, args.stop_after)
    except UsageError as e:
        print("spsa.py: %s" % e, file=sys.stderr)
        return 2
    except RunError as e:
        print("spsa.py: %s" % e, file=sys.stderr)
        if not os.path.exists(args.state):
            print("spsa.py: there is no state file %s; run again to start anew" % args.state,
                  file=sys.stderr)
        else:
            print("spsa.py: %s keeps iteration %d; run again to continue"
                  % (args.state, state["iteration"] if e.kept is None else e.kept), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if state is not None:
            print("\nspsa.py: interrupted; %s keeps iteration %d, run again to continue"
                  % (args.state, state["iteration"]), file=sys.stderr)
        return 130
    if state["iteration"] < state["iterations"]:
        print("spsa: stopped after iteration %d of %d; run again to continue"
              % (state["iteration"], state["iterations"]), file=sys.stderr)
    for name, value in rounded_values(state):
        print("%s, %d" % (name, value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
