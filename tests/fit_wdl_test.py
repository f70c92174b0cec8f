#!/usr/bin/env python3
"""Tests of scripts/fit_wdl.py: the fit finds the model that drew synthetic games, --model scores
another model on the same data, and bad arguments and files end it with a message and status 2.

    python3 tests/fit_wdl_test.py [FitWdlTest.test_NAME ...]
"""
import math
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "scripts", "fit_wdl.py")

TRUE_MODEL = (180.0, -90.0, 30.0, 50.0)  # a0, a1, b0, b1: what the synthetic results are drawn from


def odds(model, v, material):
    """The model's win, draw and loss odds, written out here from the formula in the script's help."""
    a0, a1, b0, b1 = model
    m = material / 78.0
    a, b = a0 + a1 * m, b0 + b1 * m
    win = 1.0 / (1.0 + math.exp((a - v) / b))
    loss = 1.0 / (1.0 + math.exp((a + v) / b))
    return win, 1.0 - win - loss, loss


def synthetic_lines(count, seed):
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        material = rng.randint(0, 78)
        score = rng.randint(-400, 400)
        win, draw, _ = odds(TRUE_MODEL, score, material)
        u = rng.random()
        result = 1 if u < win else 0.5 if u < win + draw else 0
        lines.append(f"{material} {score} {result}")
    return lines


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=120)


class FitWdlTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def write(self, name, lines):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path

    def test_fit_finds_the_model_that_drew_the_results(self):
        path = self.write("wdl.txt", synthetic_lines(60000, seed=7))
        r = run(path)
        self.assertEqual(r.returncode, 0, r.stderr)
        line = next(l for l in r.stdout.splitlines() if l.startswith("Model{"))
        fitted = [float(x) for x in line[len("Model{"):line.index("}")].split(",")]
        # The centre at both ends of the material range, and the width, within a few centipawns.
        for m in (0.0, 1.0):
            self.assertAlmostEqual(fitted[0] + fitted[1] * m, TRUE_MODEL[0] + TRUE_MODEL[1] * m, delta=8)
            self.assertAlmostEqual(fitted[2] + fitted[3] * m, TRUE_MODEL[2] + TRUE_MODEL[3] * m, delta=8)

    def test_model_option_scores_another_model_on_the_same_data(self):
        lines = synthetic_lines(3000, seed=11)
        path = self.write("wdl.txt", lines)
        other = (200.0, -100.0, 40.0, 20.0)
        r = run("--model", ",".join(str(x) for x in other), path)
        self.assertEqual(r.returncode, 0, r.stderr)
        # Expected: the mean log-likelihood over the lines, scores rounded to the script's 10 cp bins.
        total = 0.0
        for line in lines:
            material, score, result = line.split()
            v = round(int(score) / 10) * 10
            p = odds(other, v, int(material))[{"1": 0, "0.5": 1, "0": 2}[result]]
            total += math.log(p)
        expected = total / len(lines)
        reported = next(l for l in r.stdout.splitlines() if l.startswith("Model{200"))
        self.assertAlmostEqual(float(reported.split()[-1]), expected, places=3)
        # The fit is the best model, so no worse than the other on its own data.
        fitted = next(l for l in r.stdout.splitlines() if "positions; mean log-likelihood" in l)
        self.assertGreaterEqual(float(fitted.split()[-1]), expected - 1e-4)

    def test_bad_arguments_and_files_are_refused_with_status_2(self):
        good = self.write("good.txt", synthetic_lines(100, seed=3))
        bad = self.write("bad.txt", ["78 12 0.5", "78 twelve 1"])
        result_out_of_range = self.write("result.txt", ["78 12 0.7"])
        binary = os.path.join(self.dir.name, "games.bin")  # bytes that are not UTF-8, as a game file's
        with open(binary, "wb") as f:
            f.write(bytes(range(256)) * 64)
        for args, words in [
            ([os.path.join(self.dir.name, "missing.txt")], "cannot read"),
            ([bad], "line 2"),
            ([result_out_of_range], "line 1"),
            ([good, binary], f"cannot read {binary}: not text"),
            ([self.dir.name], f"cannot read {self.dir.name}"),
            (["--model", "1,2,3", good], "four numbers"),
            (["--model", "a,b,c,d", good], "four numbers"),
            (["--nonsense", good], "unrecognized arguments: --nonsense"),
            ([], "required: DATA"),
            ([self.write("empty.txt", [""])], "no data"),
        ]:
            with self.subTest(args=args):
                r = run(*args)
                self.assertEqual(r.returncode, 2)
                self.assertIn(words, r.stderr)
                self.assertNotIn("Traceback", r.stderr)
        r = run("--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("--model", r.stdout)


if __name__ == "__main__":
    unittest.main()
