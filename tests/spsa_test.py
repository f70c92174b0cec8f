#!/usr/bin/env python3
"""Tests of scripts/spsa.py. The update rule and its state run on a synthetic objective (a noisy
quadratic whose optimum is known) without games; the command runs end to end with a stand-in
engine and a stand-in runner that score each game by the same objective, so no chess is played.

    python3 tests/spsa_test.py [SpsaTest.test_NAME ...]

SENTE_BINARY, when set, is a normal (not tune) build, which the tuner must refuse.
"""
import copy
import hashlib
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "scripts", "spsa.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import spsa  # noqa: E402

# Three parameters in OpenBench's input format, and where the objective peaks for each: the
# starting values lie 4, 3.2 and 4 times c_end off it, about as far as 2,000 iterations at
# r_end 0.002 can move a parameter with a clear signal. (Over 20 seeds none ended further than a
# third of the way back.)
LINES = textwrap.dedent("""\
    Alpha, int, 50, 0, 100, 5, 0.002
    Beta, int, 300, 100, 600, 25, 0.002
    Gamma, int, 10, 0, 60, 3, 0.002
""")
OPTIMUM = {"Alpha": 70, "Beta": 220, "Gamma": 22}
WIDTH = {"Alpha": 20.0, "Beta": 100.0, "Gamma": 12.0}


def objective(values):
    """Higher is better; 0 at the optimum."""
    return -sum(((values[n] - OPTIMUM[n]) / WIDTH[n]) ** 2 for n in OPTIMUM)


def noisy_game(plus, minus, key):
    """+1, 0 or -1 for theta+: it wins more often the higher its objective, by a draw that is a
    function of key alone (so a rerun sees the same games)."""
    u = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little") / 2.0 ** 64
    p = 1.0 / (1.0 + math.exp(-(objective(plus) - objective(minus))))
    return 1 if u < p - 0.1 else -1 if u > p + 0.1 else 0


def synthetic_play(state):
    def play(plus, minus, openings):
        results = [noisy_game(plus, minus, "%d/%d/%d" % (state["iteration"], opening, colour))
                   for opening in openings for colour in (0, 1)]
        return results.count(1), results.count(-1), results.count(0)
    return play


def distance(state):
    return math.sqrt(sum(((p["value"] - OPTIMUM[p["name"]]) / WIDTH[p["name"]]) ** 2
                         for p in state["params"]))


def without_clock(state):
    state = copy.deepcopy(state)
    state.pop("seconds", None)
    return state


# The stand-ins: an engine that prints FAKE_SPSA_LINES for `spsa ...`, and a runner that plays no
# chess but scores each game by noisy_game() from the option values it is given, writing a PGN as
# fastchess and cutechess-cli do. FAKE_RUNNER_LOG collects the runner's arguments; the runner
# kills the tuner (SIGKILL) on call FAKE_KILL_AT, or fails on call FAKE_FAIL_AT, or on call
# FAKE_FULL_AT makes the path FAKE_FULL_PATH a link to /dev/full, as a disk that has filled up.
FAKE_ENGINE = """\
import os, sys
if sys.argv[1:2] != ["spsa"]:
    sys.exit(3)
with open(os.environ["FAKE_SPSA_LINES"]) as f:
    sys.stdout.write(f.read())
"""

FAKE_RUNNER = """\
import json, os, signal, sys
sys.path.insert(0, {here!r})
from spsa_test import noisy_game
args = sys.argv[1:]
with open(os.environ["FAKE_RUNNER_LOG"], "a") as log:
    log.write(json.dumps(args) + "\\n")
with open(os.environ["FAKE_RUNNER_LOG"]) as log:
    call = sum(1 for _ in log)
if str(call) == os.environ.get("FAKE_KILL_AT"):
    os.kill(os.getppid(), signal.SIGKILL)
    sys.exit(1)
if str(call) == os.environ.get("FAKE_FAIL_AT"):
    print("engine plus disconnected")
    sys.exit(1)
if str(call) == os.environ.get("FAKE_FULL_AT"):
    os.symlink("/dev/full", os.environ["FAKE_FULL_PATH"])
engines, group, rounds, pgn, book = [], None, 0, None, None
for i, word in enumerate(args):
    if word == "-engine":
        engines.append({{}})
        group = engines[-1]
    elif word.startswith("-"):
        group = None
        if word == "-rounds":
            rounds = int(args[i + 1])
        elif word == "-pgnout":
            pgn = args[i + 1][5:] if args[i + 1].startswith("file=") else args[i + 1]
        elif word == "-openings":
            book = args[i + 1][5:]
    elif group is not None and word.startswith("option."):
        name, value = word[7:].split("=")
        group[name] = int(value)
    elif group is not None and word.startswith("name="):
        group["name"] = word[5:]
plus, minus = (dict((k, v) for k, v in e.items() if k != "name") for e in engines)
with open(book) as f:
    openings = f.read().split("\\n")
if os.environ.get("FAKE_RUNNER_BOOKS"):
    with open(os.environ["FAKE_RUNNER_BOOKS"], "a") as log:
        log.write(json.dumps([o for o in openings if o]) + "\\n")
with open(pgn, "w") as out:
    for r in range(rounds):
        for colour in (0, 1):
            score = noisy_game(plus, minus, openings[r] + "/%d" % colour)
            white, black = ("plus", "minus") if colour == 0 else ("minus", "plus")
            if colour == 1:
                score = -score
            result = {{1: "1-0", -1: "0-1", 0: "1/2-1/2"}}[score]
            out.write('[Event "?"]\\n[White "%s"]\\n[Black "%s"]\\n[Result "%s"]\\n\\n%s\\n\\n'
                      % (white, black, result, result))
"""


class SpsaTest(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="spsa-test-")
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    # ---- The update rule, without games ------------------------------------------------------

    def test_schedule_is_openbench(self):
        """c and r start high and fall to c_end and r_end at the last iteration; integers keep
        c at 0.5 or more."""
        params = spsa.parse_parameters(LINES)
        state = spsa.new_state(params, 1000, 1, 1)
        alpha = params[0]
        c, r = spsa.schedule(state, alpha, 1)
        self.assertAlmostEqual(c, 5 * 1000 ** 0.101)
        self.assertAlmostEqual(r, 0.002 * 25 * (100 + 1000) ** 0.602 / (100 + 1) ** 0.602 / c ** 2)
        c, r = spsa.schedule(state, alpha, 1000)
        self.assertAlmostEqual(c, 5)
        self.assertAlmostEqual(r, 0.002)
        small = spsa.parse_parameters("Small, int, 2, 1, 4, 0.5, 0.002")[0]
        self.assertEqual(spsa.schedule(state, small, 1000)[0], 0.5)

    def test_perturbation_is_symmetric_and_within_range(self):
        """theta+ and theta- lie c either side of the value (rounded the same way), inside the range."""
        state = spsa.new_state(spsa.parse_parameters(LINES), 1000, 1, 7)
        rng = spsa.Random(state["random"])
        for _ in range(200):
            for p, s in zip(state["params"], spsa.perturb(state, rng)):
                self.assertIn(s["flip"], (1, -1))
                self.assertTrue(p["min"] <= s["minus"] <= p["max"] and p["min"] <= s["plus"] <= p["max"])
                self.assertLessEqual(abs(s["plus"] - s["minus"] - 2 * s["flip"] * s["c"]), 1)

    def test_update_moves_toward_the_optimum(self):
        """On a noisy quadratic every parameter ends much nearer its optimum than it started."""
        state = spsa.new_state(spsa.parse_parameters(LINES), 2000, 1, 12345)
        start = {p["name"]: abs(p["value"] - OPTIMUM[p["name"]]) for p in state["params"]}
        spsa.run(state, synthetic_play(state))
        self.assertEqual(state["iteration"], 2000)
        self.assertEqual(state["games"], 4000)
        for p in state["params"]:
            self.assertLess(abs(p["value"] - OPTIMUM[p["name"]]), 0.5 * start[p["name"]], p["name"])

    def test_more_pairs_an_iteration_move_as_far(self):
        """Four pairs an iteration: the same optimum, reached in fewer iterations."""
        state = spsa.new_state(spsa.parse_parameters(LINES), 500, 4, 99)
        before = distance(state)
        spsa.run(state, synthetic_play(state))
        self.assertEqual(state["games"], 4000)
        self.assertLess(distance(state), 0.5 * before)

    def test_resumed_state_equals_an_uninterrupted_run(self):
        """Interrupted in its 26th iteration, then continued from the file: the same state as a
        run that never stopped, to the last bit of every value and of the random stream."""
        whole = spsa.new_state(spsa.parse_parameters(LINES), 60, 2, 2024)
        spsa.run(whole, synthetic_play(whole))

        path = os.path.join(self.dir, "state.json")
        state = spsa.new_state(spsa.parse_parameters(LINES), 60, 2, 2024)
        play = synthetic_play(state)

        def interrupted(plus, minus, openings):
            if state["iteration"] == 25:
                raise KeyboardInterrupt
            return play(plus, minus, openings)
        with self.assertRaises(KeyboardInterrupt):
            spsa.run(state, interrupted, path)
        resumed = spsa.load_state(path)
        self.assertEqual(resumed["iteration"], 25)
        self.assertNotEqual(without_clock(resumed), without_clock(whole))
        spsa.run(resumed, synthetic_play(resumed), path)
        self.assertEqual(without_clock(resumed), without_clock(whole))
        self.assertEqual(without_clock(spsa.load_state(path)), without_clock(whole))

    def test_damaged_state_files_are_refused_with_the_field_named(self):
        """A state file edited or damaged into valid JSON of the wrong shape: a usage error that
        names what is wrong, never a traceback or a result outside a parameter's range."""
        path = os.path.join(self.dir, "state.json")
        good = spsa.new_state(spsa.parse_parameters(LINES), 10, 1, 5, {
            "select": "pruning", "nodes": 25000, "options": [], "book": None})
        spsa.save_state(path, good)
        self.assertEqual(spsa.load_state(path), good)
        damage = {
            "no settings": (lambda s: s.pop("settings"), "settings is not an object"),
            "no params": (lambda s: s.pop("params"), "params is not a list"),
            "params null": (lambda s: s.update(params=None), "params is not a list"),
            "iteration as text": (lambda s: s.update(iteration="3"), "iteration is not a whole number"),
            "random as text": (lambda s: s.update(random="x"), "random is not a whole number"),
            "past the end": (lambda s: s.update(iteration=11), "iteration 11 of 10"),
            "no value": (lambda s: s["params"][0].pop("value"),
                         "Alpha's value, c_end and r_end are not numbers"),
            "value out of range": (lambda s: s["params"][0].update(value=1e9),
                                   "Alpha's value 1000000000.0 lies outside"),
            "infinite value": (lambda s: s["params"][0].update(value=float("inf")),
                               "Alpha's value, c_end"),
            "no selection": (lambda s: s["settings"].pop("select"), "settings lack the parameter selection"),
            "options not a list": (lambda s: s["settings"].update(options="x"),
                                   "settings' options are not a list"),
        }
        for what, (change, reason) in damage.items():
            state = json.loads(json.dumps(good))
            change(state)
            with open(path, "w") as f:
                json.dump(state, f)  # inf as Infinity, as a hand edit might leave it
            with self.assertRaises(spsa.UsageError, msg=what) as caught:
                spsa.load_state(path)
            self.assertIn(" is damaged: " + reason, str(caught.exception), what)

    def test_bad_parameter_lines_are_refused(self):
        bad = {
            "Alpha, int, 40, 0, 100, 5": "want 7 fields",
            "Alpha, float, 0.5, 0, 1, 0.1, 0.002": "the type must be int",
            "Alpha, int, 40.5, 0, 100, 5, 0.002": "must be integers",
            "Alpha, int, 140, 0, 100, 5, 0.002": "min <= value <= max",
            "Alpha, int, 40, 0, 100, 0, 0.002": "must be positive",
            "Alpha, int, 40, 0, 100, 5, -1": "must be positive",
            "Two words, int, 40, 0, 100, 5, 0.002": "not an option name",
            "Alpha, int, 40, 0, 100, 5, 0.002\nAlpha, int, 40, 0, 100, 5, 0.002": "appears twice",
        }
        for text, reason in bad.items():
            with self.assertRaises(spsa.UsageError) as caught:
                spsa.parse_parameters(text)
            self.assertIn(reason, str(caught.exception))
            self.assertIn("line ", str(caught.exception))

    def test_pgn_results_count_both_colours(self):
        pgn = ('[Event "?"]\n[White "plus"]\n[Black "minus"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
               '[Event "?"]\n[White "minus"]\n[Black "plus"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
               '[Event "?"]\n[White "minus"]\n[Black "plus"]\n[Result "0-1"]\n\n1. e4 0-1\n\n'
               '[Event "?"]\n[White "plus"]\n[Black "minus"]\n[Result "1/2-1/2"]\n\n1/2-1/2\n')
        self.assertEqual(spsa.pgn_results(pgn), (2, 1, 1))
        with self.assertRaises(spsa.RunError):
            spsa.pgn_results('[Event "?"]\n[White "plus"]\n[Black "minus"]\n[Result "*"]\n\n*\n')

    # ---- The command, end to end with the stand-ins ---------------------------------------------

    def stand_ins(self, runner="fastchess", lines=LINES):
        """A directory with the stand-in engine and runner; the environment to run the tuner in."""
        bin_dir = os.path.join(self.dir, "bin")
        os.makedirs(bin_dir, exist_ok=True)
        scripts = {"sente": FAKE_ENGINE, runner: FAKE_RUNNER.format(here=HERE)}
        for name, text in scripts.items():
            path = os.path.join(bin_dir, name)
            with open(path, "w") as f:
                f.write("#!%s\n%s" % (sys.executable, text))
            os.chmod(path, 0o755)
        with open(os.path.join(self.dir, "lines.txt"), "w") as f:
            f.write(lines)
        self.book = os.path.join(self.dir, "book.epd")
        with open(self.book, "w") as f:
            f.writelines("opening %d w - - 0 1\n" % i for i in range(50))
        env = dict(os.environ, PATH=bin_dir, FAKE_SPSA_LINES=os.path.join(self.dir, "lines.txt"),
                   FAKE_RUNNER_LOG=os.path.join(self.dir, "runner.log"),
                   FAKE_RUNNER_BOOKS=os.path.join(self.dir, "books.log"))
        env.pop("FAKE_KILL_AT", None)
        return os.path.join(bin_dir, "sente"), env

    def tuner(self, env, *args):
        return subprocess.run([sys.executable, SCRIPT] + list(args), env=env, cwd=self.dir,
                              capture_output=True, text=True, timeout=300)

    def runner_calls(self):
        with open(os.path.join(self.dir, "runner.log")) as f:
            return [json.loads(line) for line in f]

    def test_command_plays_the_pairs_it_is_told_to(self):
        """The runner gets both engines with their values, the node limit, the pairs, the
        concurrency and one opening a pair; stdout ends with the values reached."""
        for runner in ("fastchess", "cutechess-cli"):
            with self.subTest(runner=runner):
                self.tearDown()
                self.setUp()
                engine, env = self.stand_ins(runner)
                done = self.tuner(env, "--engine", engine, "--iterations", "5", "--pairs", "3",
                                  "--nodes", "1234", "--concurrency", "3", "--book", self.book,
                                  "--seed", "1", "--option", "EvalFile=x.nnue")
                self.assertEqual(done.returncode, 0, done.stderr)
                calls = self.runner_calls()
                self.assertEqual(len(calls), 5)
                words = calls[0]
                self.assertEqual(words.count("-engine"), 2)
                for word in ("nodes=1234", "tc=inf", "option.EvalFile=x.nnue", "name=plus", "name=minus",
                             "cmd=" + engine, "-repeat"):
                    self.assertIn(word, words)
                self.assertEqual(words[words.index("-rounds") + 1], "3")
                self.assertEqual(words[words.index("-concurrency") + 1], "3")
                self.assertEqual(sum(w.startswith("option.Alpha=") for w in words), 2)
                with open(os.path.join(self.dir, "books.log")) as f:
                    books = [json.loads(line) for line in f]
                with open(self.book) as f:
                    book_lines = set(f.read().splitlines())
                self.assertEqual(len(books), 5)
                for openings in books:
                    self.assertEqual(len(openings), 3)  # one a pair
                    self.assertLessEqual(set(openings), book_lines)
                self.assertGreater(len({tuple(o) for o in books}), 1)  # drawn anew each iteration
                self.assertIn("spsa: iteration 5/5, 30 games", done.stderr)
                self.assertIn("Alpha=", done.stderr)
                self.assertEqual([line.split(",")[0] for line in done.stdout.splitlines()],
                                 ["Alpha", "Beta", "Gamma"])

    def test_command_killed_mid_run_continues_where_it_stopped(self):
        """A run killed in its 6th iteration and run again ends where one never killed ends."""
        engine, env = self.stand_ins()
        args = ["--engine", engine, "--iterations", "12", "--pairs", "2", "--book", self.book,
                "--seed", "77"]
        whole = self.tuner(env, *args, "--state", "whole.json")
        self.assertEqual(whole.returncode, 0, whole.stderr)
        os.remove(os.path.join(self.dir, "runner.log"))

        killed = self.tuner(dict(env, FAKE_KILL_AT="6"), *args, "--state", "killed.json")
        self.assertEqual(killed.returncode, -signal.SIGKILL)
        self.assertEqual(spsa.load_state(os.path.join(self.dir, "killed.json"))["iteration"], 5)
        resumed = self.tuner(env, "--engine", engine, "--state", "killed.json")
        self.assertEqual(resumed.returncode, 0, resumed.stderr)
        self.assertIn("at iteration 5", resumed.stderr)
        self.assertEqual(resumed.stdout, whole.stdout)
        self.assertEqual(without_clock(spsa.load_state(os.path.join(self.dir, "killed.json"))),
                         without_clock(spsa.load_state(os.path.join(self.dir, "whole.json"))))

    def test_command_refuses_to_change_a_started_run(self):
        engine, env = self.stand_ins()
        done = self.tuner(env, "--engine", engine, "--iterations", "4", "--book", self.book, "--stop-after", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("stopped after iteration 2 of 4", done.stderr)
        done = self.tuner(env, "--engine", engine, "--nodes", "999")
        self.assertEqual(done.returncode, 2)
        self.assertIn("was started with --nodes 25000", done.stderr)

    def test_command_sets_every_r_end_for_the_run(self):
        """--r-end replaces each parameter's r_end in the state, moves the values further than the
        engine's r_end does over the same games, and cannot be changed once the run has begun."""
        engine, env = self.stand_ins()
        args = ["--engine", engine, "--iterations", "16", "--book", self.book, "--seed", "5"]
        plain = self.tuner(env, *args, "--state", "plain.json")
        self.assertEqual(plain.returncode, 0, plain.stderr)
        faster = self.tuner(env, *args, "--state", "faster.json", "--r-end", "0.02")
        self.assertEqual(faster.returncode, 0, faster.stderr)
        self.assertIn("r_end 0.02", faster.stderr)
        plain_state = spsa.load_state(os.path.join(self.dir, "plain.json"))
        faster_state = spsa.load_state(os.path.join(self.dir, "faster.json"))
        self.assertEqual([p["r_end"] for p in plain_state["params"]], [0.002] * 3)
        self.assertEqual([p["r_end"] for p in faster_state["params"]], [0.02] * 3)
        start = spsa.new_state(spsa.parse_parameters(LINES), 16, 1, 5)
        moved = [sum(abs(p["value"] - q["value"]) for p, q in zip(s["params"], start["params"]))
                 for s in (plain_state, faster_state)]
        self.assertGreater(moved[1], 5 * moved[0])
        again = self.tuner(env, "--engine", engine, "--state", "faster.json", "--r-end", "0.05")
        self.assertEqual(again.returncode, 2)
        self.assertIn("was started with --r-end 0.02", again.stderr)
        again = self.tuner(env, "--engine", engine, "--state", "plain.json", "--r-end", "0.05")
        self.assertEqual(again.returncode, 2)
        self.assertIn("was started with no --r-end", again.stderr)
        bad = self.tuner(env, "--engine", engine, "--state", "new.json", "--r-end", "0")
        self.assertEqual(bad.returncode, 2)
        self.assertIn("want a positive number", bad.stderr)

    def test_command_keeps_the_last_iteration_when_the_runner_fails(self):
        engine, env = self.stand_ins()
        done = self.tuner(dict(env, FAKE_FAIL_AT="3"), "--engine", engine, "--iterations", "5",
                          "--book", self.book)
        self.assertEqual(done.returncode, 1)
        self.assertIn("fastchess failed (exit status 1)", done.stderr)
        self.assertIn("engine plus disconnected", done.stderr)
        self.assertEqual(spsa.load_state(os.path.join(self.dir, "spsa-state.json"))["iteration"], 2)

    def test_command_keeps_the_last_state_when_the_disk_is_full(self):
        """A state file that cannot be written (the disk full after iteration 3's games): a message
        and status 1, the file as iteration 2 left it and no temporary file; run again, the run
        goes on from there. A new run whose first state cannot be written plays no game."""
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full to stand in for a full disk")
        engine, env = self.stand_ins()
        path = os.path.join(self.dir, "state.json")
        done = self.tuner(dict(env, FAKE_FULL_AT="3", FAKE_FULL_PATH=path + ".tmp"), "--engine", engine,
                          "--iterations", "5", "--book", self.book, "--state", path)
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("cannot write the state file %s: No space left on device" % path, done.stderr)
        self.assertIn("%s keeps iteration 2; run again to continue" % path, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertEqual(done.stdout, "")
        self.assertFalse(os.path.lexists(path + ".tmp"))
        self.assertEqual(spsa.load_state(path)["iteration"], 2)
        again = self.tuner(env, "--engine", engine, "--state", path)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("at iteration 2", again.stderr)
        self.assertEqual(spsa.load_state(path)["iteration"], 5)
        self.assertEqual(len(self.runner_calls()), 6)

        full = os.path.join(self.dir, "full.json")
        os.symlink("/dev/full", full + ".tmp")
        done = self.tuner(env, "--engine", engine, "--iterations", "5", "--book", self.book, "--state", full)
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("No space left on device", done.stderr)
        self.assertIn("there is no state file %s" % full, done.stderr)
        self.assertFalse(os.path.lexists(full) or os.path.lexists(full + ".tmp"))
        self.assertEqual(len(self.runner_calls()), 6)

    def test_command_refuses_a_state_in_a_missing_folder_or_a_negative_seed(self):
        """Either would end the run later (a state that cannot be written, or one that cannot be
        continued, since a state file's seed is at least 0): refused at the start, with status 2,
        before a game is played or a state file written."""
        engine, env = self.stand_ins()
        for args, words in [
            (["--state", os.path.join(self.dir, "no-such-folder", "state.json")],
             "the folder of the state file %s does not exist" % os.path.join(self.dir, "no-such-folder",
                                                                            "state.json")),
            (["--seed", "-3"], "argument --seed: want a whole number of at least 0, not '-3'"),
            (["--seed=-1"], "want a whole number of at least 0"),
            (["--seed", "x"], "want a whole number of at least 0"),
        ]:
            with self.subTest(args=args):
                done = self.tuner(env, "--engine", engine, "--iterations", "3", "--book", self.book, *args)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(words, done.stderr)
                self.assertNotIn("Traceback", done.stderr)
                self.assertEqual(done.stdout, "")
                self.assertFalse(os.path.exists(os.path.join(self.dir, "runner.log")))
                self.assertFalse(os.path.exists(os.path.join(self.dir, "spsa-state.json")))
        done = self.tuner(env, "--engine", engine, "--iterations", "3", "--book", self.book, "--seed", "0")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(spsa.load_state(os.path.join(self.dir, "spsa-state.json"))["seed"], 0)

    def test_command_prints_a_finished_run_without_engine_or_runner(self):
        """A finished run, run again: its result once more, with no runner on PATH and the engine
        gone, and no game played."""
        engine, env = self.stand_ins()
        done = self.tuner(env, "--engine", engine, "--iterations", "3", "--book", self.book, "--seed", "9")
        self.assertEqual(done.returncode, 0, done.stderr)
        os.remove(os.path.join(self.dir, "bin", "fastchess"))
        os.remove(engine)
        again = self.tuner(env, "--engine", engine)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("spsa-state.json holds a finished run: 3 iterations, 6 games", again.stderr)
        self.assertEqual(again.stdout, done.stdout)
        self.assertEqual(len(self.runner_calls()), 3)
        # Changing a finished run's settings is refused as for any other.
        again = self.tuner(env, "--engine", engine, "--nodes", "999")
        self.assertEqual(again.returncode, 2)
        self.assertIn("was started with --nodes 25000", again.stderr)

    def test_command_refuses_a_bad_parameter_line(self):
        engine, env = self.stand_ins(lines=LINES + "Delta, int, 5, 0\n")
        done = self.tuner(env, "--engine", engine, "--book", self.book)
        self.assertEqual(done.returncode, 2)
        self.assertIn("line 4 of 'sente spsa pruning', 'Delta, int, 5, 0': want 7 fields", done.stderr)
        self.assertEqual(done.stdout, "")
        self.assertFalse(os.path.exists(os.path.join(self.dir, "spsa-state.json")))

    def test_command_without_a_runner_says_so(self):
        engine, env = self.stand_ins()
        os.remove(os.path.join(self.dir, "bin", "fastchess"))
        done = self.tuner(env, "--engine", engine, "--book", self.book)
        self.assertEqual(done.returncode, 2)
        self.assertIn("neither fastchess nor cutechess-cli is on PATH", done.stderr)
        self.assertEqual(done.stdout, "")

    def test_command_refuses_an_engine_that_is_not_a_tune_build(self):
        binary = os.environ.get("SENTE_BINARY")
        if not binary:
            self.skipTest("SENTE_BINARY (a normal build) is not set")
        _, env = self.stand_ins()
        done = self.tuner(env, "--engine", os.path.abspath(binary), "--book", self.book)
        self.assertEqual(done.returncode, 2)
        self.assertIn("this build has no tunable options", done.stderr)
        done = self.tuner(env, "--engine", os.path.join(self.dir, "no-such-engine"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("is not an executable", done.stderr)


if __name__ == "__main__":
    unittest.main()
