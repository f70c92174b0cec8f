#!/usr/bin/env python3
"""Tests of scripts/elo.py: its figures against those fastchess printed for the same games, results
added up across logs and turned round, games without pairs, the sequential test's ratio against
fastchess's and against a likelihood maximised here by another method, and bad input refused with
status 2.

    python3 tests/elo_test.py [EloTest.test_NAME ...]
"""
import math
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "scripts", "elo.py")

# The end of what fastchess 1.x printed for 400 games at 25,000 nodes a move between two nets of
# Sente (the second 400 of docs/network.md's round 16); the figures below it are fastchess's own.
FASTCHESS_LOG = """\
Started game 400 of 400 (r7 vs FT2b)
Finished game 400 (r7 vs FT2b): 0-1 {Black mates}
--------------------------------------------------
Results of FT2b vs r7 (25000 nodes, 1t, 16MB, uho_4060_v3_3000.epd):
Elo: 20.00 +/- 26.97, nElo: 25.35 +/- 34.05
LOS: 92.78 %, DrawRatio: 39.00 %, PairsRatio: 1.39
Games: 400, Wins: 146, Losses: 123, Draws: 131, Points: 211.5 (52.88 %)
Ptnml(0-2): [20, 31, 78, 48, 23], WL/DD Ratio: 2.00
--------------------------------------------------
Total Time: 00:06:00 (hours:minutes:seconds)
"""
FASTCHESS_FIGURES = {"Elo": (20.00, 26.97), "nElo": (25.35, 34.05), "LOS": 92.78}

# The last two reports fastchess printed during the timed match of round 16 (-sprt elo0=0 elo1=10,
# its normalised model): the figures and ratios below them are fastchess's.
FASTCHESS_SPRT_LOG = """\
Results of FT2 vs r7 (8+0.08, 1t, 16MB, uho_4060_v3_3000.epd):
Elo: 24.73 +/- 19.52, nElo: 44.46 +/- 34.93
LOS: 99.37 %, DrawRatio: 47.37 %, PairsRatio: 1.70
Games: 380, Wins: 103, Losses: 76, Draws: 201, Points: 203.5 (53.55 %)
Ptnml(0-2): [3, 34, 90, 59, 4], WL/DD Ratio: 0.67
LLR: 1.20 (40.9%) (-2.94, 2.94) [0.00, 10.00]
--------------------------------------------------
Results of FT2 vs r7 (8+0.08, 1t, 16MB, uho_4060_v3_3000.epd):
Elo: 20.00 +/- 19.07, nElo: 35.83 +/- 34.05
LOS: 98.04 %, DrawRatio: 47.00 %, PairsRatio: 1.52
Games: 400, Wins: 106, Losses: 83, Draws: 211, Points: 211.5 (52.88 %)
Ptnml(0-2): [3, 39, 94, 60, 4], WL/DD Ratio: 0.68
LLR: 1.00 (34.0%) (-2.94, 2.94) [0.00, 10.00]
--------------------------------------------------
"""


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=60)


def figures(out):
    """Elo, its error, nElo, its error and LOS from the script's output."""
    m = re.search(r"Elo: ([-+0-9.]+) \+- ([0-9.]+) .*nElo: ([-+0-9.]+) \+- ([0-9.]+), LOS: ([0-9.]+)%", out)
    assert m, out
    return [float(g) for g in m.groups()]


def ratio(out):
    m = re.search(r"LLR (-?[0-9.]+) of \((-?[0-9.]+), ([0-9.]+)\), (.*)$", out, re.M)
    assert m, out
    return float(m.group(1)), float(m.group(2)), float(m.group(3)), m.group(4)


def logistic_llr_by_search(wins, draws, losses, elo0, elo1):
    """The games' generalised log-likelihood ratio in the logistic model, each hypothesis's
    likelihood maximised by a fine search over the draw rate, the one freedom left once the
    expected score is fixed."""
    def best(elo):
        s = 1.0 / (1.0 + 10.0 ** (-elo / 400.0))
        top = -math.inf
        steps = 200000
        high = min(2.0 * s, 2.0 * (1.0 - s))
        for i in range(1, steps):
            d = high * i / steps
            w = s - d / 2.0
            l = 1.0 - w - d
            if w <= 0 or l <= 0:
                continue
            top = max(top, wins * math.log(w) + draws * math.log(d) + losses * math.log(l))
        return top
    return best(elo1) - best(elo0)


class EloTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def write(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_a_fastchess_log_gives_fastchess_figures(self):
        r = run(self.write("match.log", FASTCHESS_LOG))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("FT2b vs r7: 400 games, +146 =131 -123, score 52.88%", r.stdout)
        self.assertIn("Pairs (LL, LD, WL+DD, WD, WW): 20, 31, 78, 48, 23", r.stdout)
        elo, error, nelo, nelo_error, los = figures(r.stdout)
        self.assertAlmostEqual(elo, FASTCHESS_FIGURES["Elo"][0], delta=0.006)
        self.assertAlmostEqual(error, FASTCHESS_FIGURES["Elo"][1], delta=0.006)
        self.assertAlmostEqual(nelo, FASTCHESS_FIGURES["nElo"][0], delta=0.006)
        self.assertAlmostEqual(nelo_error, FASTCHESS_FIGURES["nElo"][1], delta=0.006)
        self.assertAlmostEqual(los, FASTCHESS_FIGURES["LOS"], delta=0.006)
        # The same pairs given by hand: the same figures.
        r2 = run("--pairs", "20,31,78,48,23")
        self.assertEqual(r2.returncode, 0, r2.stderr)
        self.assertIn("400 games, score 52.88%", r2.stdout)  # wins and draws unknown from pairs
        self.assertEqual(figures(r2.stdout), [elo, error, nelo, nelo_error, los])

    def test_logs_add_up_and_a_log_the_other_way_round_is_turned(self):
        first = self.write("a.log", FASTCHESS_LOG)
        # The same games seen from the other engine: names, wins and losses, and pairs reversed.
        turned = FASTCHESS_LOG.replace("FT2b vs r7", "r7 vs FT2b") \
            .replace("Wins: 146, Losses: 123", "Wins: 123, Losses: 146") \
            .replace("[20, 31, 78, 48, 23]", "[23, 48, 78, 31, 20]")
        second = self.write("b.log", turned)
        r = run(first, second)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("FT2b vs r7: 800 games, +292 =262 -246", r.stdout)
        self.assertIn("Pairs (LL, LD, WL+DD, WD, WW): 40, 62, 156, 96, 46", r.stdout)
        elo, error, _, _, _ = figures(r.stdout)
        self.assertAlmostEqual(elo, 20.00, delta=0.006)  # the same score on twice the games
        self.assertAlmostEqual(error, 26.97 / math.sqrt(2), delta=0.1)
        # From the other side: the Elo turns its sign.
        r = run("--engines", "r7,FT2b", first, second)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("r7 vs FT2b: 800 games, +246 =262 -292", r.stdout)
        self.assertAlmostEqual(figures(r.stdout)[0], -20.00, delta=0.006)

    def test_games_without_pairs_are_counted_on_games(self):
        # cutechess-cli's running score; only its last line counts.
        log = ("Score of Sente vs Ethereal: 0 - 1 - 0  [0.000] 1\n"
               "Score of Sente vs Ethereal: 21 - 32 - 27  [0.431] 80\n")
        r = run(self.write("cutechess.log", log))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("Sente vs Ethereal: 80 games, +21 =27 -32", r.stdout)
        self.assertNotIn("Pairs", r.stdout)
        # Expected, from the trinomial written out here: score, its spread per game, the logistic.
        w, d, l = 21 / 80, 27 / 80, 32 / 80
        mu = w + d / 2
        sd = math.sqrt(w * (1 - mu) ** 2 + d * (0.5 - mu) ** 2 + l * mu ** 2)
        to_elo = lambda s: -400 * math.log10(1 / s - 1)
        hw = 1.959963984540054 * sd / math.sqrt(80)
        elo, error, nelo, _, los = figures(r.stdout)
        self.assertAlmostEqual(elo, to_elo(mu), delta=0.006)
        self.assertAlmostEqual(error, (to_elo(mu + hw) - to_elo(mu - hw)) / 2, delta=0.006)
        self.assertAlmostEqual(nelo, (mu - 0.5) / sd * 800 / math.log(10), delta=0.006)
        self.assertAlmostEqual(los, 100 * 0.5 * (1 + math.erf((mu - 0.5) / (sd * math.sqrt(2 / 80)))), delta=0.006)
        # A log with pairs and one without: counted on games.
        r = run("--engines", "FT2b,r7", self.write("f.log", FASTCHESS_LOG), "--wdl", "1,0,1")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("402 games", r.stdout)
        self.assertIn("(95%, on games)", r.stdout)

    def test_the_sequential_test_ratio_is_the_likelihoods_ratio(self):
        # Logistic model on games: against a likelihood maximised here by a search over draw rates.
        for wdl, bounds in [((60, 100, 40), (0, 10)), ((40, 100, 60), (0, 10)), ((130, 140, 130), (-5, 5))]:
            with self.subTest(wdl=wdl, bounds=bounds):
                r = run("--wdl", ",".join(map(str, wdl)), "--model", "logistic",
                        "--sprt", str(bounds[0]), str(bounds[1]))
                self.assertEqual(r.returncode, 0, r.stderr)
                llr, lower, upper, _ = ratio(r.stdout)
                self.assertAlmostEqual(llr, logistic_llr_by_search(*wdl, *bounds), delta=0.006)
                self.assertAlmostEqual(lower, math.log(0.05 / 0.95), delta=0.006)
                self.assertAlmostEqual(upper, math.log(0.95 / 0.05), delta=0.006)
        # Normalised model on pairs: the log's last report (400 games), then its one before (380).
        r = run(self.write("sprt.log", FASTCHESS_SPRT_LOG), "--sprt", "0", "10")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("FT2 vs r7: 400 games, +106 =211 -83", r.stdout)
        elo, error, nelo, nelo_error, los = figures(r.stdout)
        for got, printed in [(elo, 20.00), (error, 19.07), (nelo, 35.83), (nelo_error, 34.05), (los, 98.04)]:
            self.assertAlmostEqual(got, printed, delta=0.006)
        self.assertEqual(ratio(r.stdout), (1.00, -2.94, 2.94, "not decided"))
        r = run("--pairs", "3,34,90,59,4", "--sprt", "0", "10")
        self.assertAlmostEqual(ratio(r.stdout)[0], 1.20, delta=0.006)
        # Verdicts at both ends, and the error rates moving the bounds.
        r = run("--pairs", "5,20,100,60,40", "--sprt", "0", "10")
        self.assertEqual(ratio(r.stdout)[3], "passed (ELO1 accepted)")
        r = run("--pairs", "40,60,100,20,5", "--sprt", "0", "10")
        self.assertEqual(ratio(r.stdout)[3], "failed (ELO0 accepted)")
        r = run("--pairs", "20,31,78,48,23", "--sprt", "0", "10", "--alpha", "0.1", "--beta", "0.2")
        _, lower, upper, verdict = ratio(r.stdout)
        self.assertAlmostEqual(lower, math.log(0.2 / 0.9), delta=0.006)
        self.assertAlmostEqual(upper, math.log(0.8 / 0.1), delta=0.006)
        self.assertEqual(verdict, "not decided")

    def test_the_normalised_ratio_follows_the_pairs(self):
        # No closed form to compare with: its properties. Zero where the pairs sit halfway between
        # the hypotheses, rising with the score, and the same pairs turned round give the ratio of
        # the hypotheses turned round.
        def llr(pairs, elo0, elo1):
            r = run("--pairs", ",".join(map(str, pairs)), "--sprt", str(elo0), str(elo1))
            self.assertEqual(r.returncode, 0, r.stderr)
            return ratio(r.stdout)[0]
        even = llr((10, 40, 100, 40, 10), -5, 5)
        self.assertAlmostEqual(even, 0.0, delta=0.006)
        weak, strong = llr((20, 31, 78, 48, 23), 0, 10), llr((10, 31, 78, 48, 33), 0, 10)
        self.assertGreater(strong, weak)
        self.assertGreater(weak, 0)
        self.assertAlmostEqual(llr((23, 48, 78, 31, 20), -10, 0), -weak, delta=0.006)

    def test_one_sided_and_even_results_are_answered(self):
        # Every game lost, won or drawn, single pairs, huge counts: figures where they exist, a
        # ratio from the hypotheses' likelihoods, never a traceback.
        for args, words in [
            (["--wdl", "0,0,10"], "Every game was lost: no finite Elo"),
            (["--pairs", "0,0,0,0,1"], "Every game was won: no finite Elo"),
            (["--pairs", "3,0,0,0,0"], "Every game was lost"),
            (["--wdl", "0,10,0"], "Elo: +0.00, every game scored the same: no interval"),
            (["--pairs", "0,0,100,0,0"], "Elo: +0.00, every pair scored the same: no interval"),
            (["--wdl", "1,0,1"], "the 95% interval on games reaches a score of 0%"),
        ]:
            for model in ("normalized", "logistic"):
                with self.subTest(args=args, model=model):
                    r = run(*args, "--sprt", "0", "10", "--model", model)
                    self.assertEqual(r.returncode, 0, r.stderr)
                    self.assertIn(words, r.stdout)
                    ratio(r.stdout)
        r = run("--pairs", "100000,0,0,0,0", "--sprt", "0", "10")
        self.assertEqual(ratio(r.stdout)[3], "failed (ELO0 accepted)")
        # A bound no outcome of these games can reach (nElo 1000 on games is a score beyond 100%).
        r = run("--wdl", "5,5,5", "--sprt", "0", "1000")
        self.assertEqual(r.returncode, 2)
        self.assertIn("out of reach", r.stderr)
        self.assertNotIn("Traceback", r.stderr)

    def test_bad_arguments_and_files_are_refused_with_status_2(self):
        good = self.write("good.log", FASTCHESS_LOG)
        gauntlet = FASTCHESS_LOG + FASTCHESS_LOG.replace("FT2b vs r7", "FT2b vs ethereal")
        broken = FASTCHESS_LOG.replace("Ptnml(0-2): [20, 31, 78, 48, 23]", "Ptnml(0-2): [20, 31, 78, 48, 24]")
        for args, words in [
            ([os.path.join(self.dir.name, "missing.log")], "cannot read"),
            ([self.dir.name], "cannot read"),
            ([self.write("empty.log", "Started game 1 of 2\n")], "no result"),
            ([self.write("gauntlet.log", gauntlet)], "several pairings"),
            ([self.write("broken.log", broken)], "not half the games"),
            (["--engines", "FT2b,ethereal", good], "no result of FT2b against ethereal"),
            (["--engines", "FT2b", good], "--engines wants two"),
            (["--pairs", "1,2,3,4"], "want 5 whole numbers"),
            (["--pairs", "1,2,3,4,-5"], "want 5 whole numbers"),
            (["--wdl", "a,b,c"], "want 3 whole numbers"),
            (["--wdl", "0,0,0"], "no games"),
            (["--sprt", "10", "0", good], "ELO0 must be below ELO1"),
            (["--sprt", "0"], "expected 2 arguments"),
            (["--alpha", "0.7", good], "error rate"),
            (["--alpha", "1e-320", good], "error rate"),
            (["--sprt", "0", "inf", good], "want an Elo difference"),
            (["--sprt", "0", "2000", good], "want an Elo difference"),
            (["--pairs", "20,31,78,48,23", "--wdl", "1,0,0"], "cannot be added to games counted without pairs"),
            (["--model", "bayesian", good], "invalid choice"),
            ([], "nothing to add up"),
        ]:
            with self.subTest(args=args):
                r = run(*args)
                self.assertEqual(r.returncode, 2, r.stdout)
                self.assertIn(words, r.stderr)
                self.assertNotIn("Traceback", r.stderr)
        # A gauntlet's log is read with --engines, or after a log that names the pairing.
        r = run("--engines", "FT2b,ethereal", self.write("g.log", gauntlet))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("FT2b vs ethereal: 400 games", r.stdout)
        r = run(good, self.write("g2.log", gauntlet))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("FT2b vs r7: 800 games", r.stdout)
        # A fastchess report without pairs (-report penta=false) counts on games; and zero games
        # given by hand are no games, not games without pairs.
        r = run(self.write("nopairs.log", FASTCHESS_LOG.replace("Ptnml(0-2): [20, 31, 78, 48, 23]", "")))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("(95%, on games)", r.stdout)
        r = run(good, "--wdl", "0,0,0")
        self.assertIn("(95%, on pairs)", r.stdout)
        r = run("--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("scripts/elo.py", r.stdout)


if __name__ == "__main__":
    unittest.main()
