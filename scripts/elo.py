#!/usr/bin/env python3
"""Adds up matches between the same two engines and prints what they measure together: the Elo
difference with its 95% interval, normalised Elo, the likelihood of superiority and, with --sprt,
a sequential test's log-likelihood ratio and verdict.

    scripts/elo.py [--engines A,B] [--sprt ELO0 ELO1] [--alpha A] [--beta B] [--model MODEL]
                   [--pairs LL,LD,EVEN,WD,WW ...] [--wdl W,D,L ...] [LOG ...]

LOG is what fastchess or cutechess-cli printed during a match (scripts/match.sh prints it): the
last result it holds counts. fastchess counts pairs of games played from one opening with the
colours reversed (pentanomial: both lost, a loss and a draw, a win and a loss or two draws, a draw
and a win, both won), cutechess-cli only wins, draws and losses. Every figure is for the first
engine of the first LOG (or of --engines) against the other; a LOG that names them the other way
round is turned around. A LOG with results of several pairings (a gauntlet) needs --engines to
say which. --pairs and --wdl add results given by hand, from the first engine's side.

When every result has its pairs, the figures are computed on pairs, as fastchess computes them;
otherwise on games. --sprt tests ELO0 against ELO1 with error rates --alpha and --beta (0.05
each): in normalised Elo by default, as fastchess's `-sprt` does, or in logistic Elo with --model
logistic. A sequential test stopped before it decided goes on in a new run: pass both runs' logs.
A file that cannot be read or holds no result, or a malformed number, ends the script with a
message and status 2.
"""
import argparse
import math
import re
import sys

from arguments import real_number

Z95 = 1.959963984540054  # the normal distribution's two-sided 95% point
NELO_SCALE = 800.0 / math.log(10.0)
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
GAME_SCORES = (0.0, 0.5, 1.0)


def fail(message):
    print(f"elo.py: {message}", file=sys.stderr)
    sys.exit(2)


class Result:
    """Results from the first engine's side: wins, draws, losses (known unless pairs were given
    without them), and pairs (LL, LD, even, WD, WW) or None when some games were counted without."""

    def __init__(self, wdl=(0, 0, 0), pairs=(0, 0, 0, 0, 0), wdl_known=True):
        self.wdl = list(wdl)
        self.pairs = list(pairs) if pairs is not None else None
        self.wdl_known = wdl_known

    def add(self, other):
        self.wdl = [a + b for a, b in zip(self.wdl, other.wdl)]
        self.wdl_known = self.wdl_known and other.wdl_known
        if self.pairs is None or other.pairs is None:
            self.pairs = None
        else:
            self.pairs = [a + b for a, b in zip(self.pairs, other.pairs)]

    def turned(self):
        w, d, l = self.wdl
        return Result((l, d, w), None if self.pairs is None else self.pairs[::-1], self.wdl_known)


FASTCHESS_HEADER = re.compile(r"^Results of (.+) vs (.+) \(.*\):\s*$")
FASTCHESS_GAMES = re.compile(r"^Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")
FASTCHESS_PAIRS = re.compile(r"^Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]")
CUTECHESS_SCORE = re.compile(r"^Score of (.+) vs (.+): (\d+) - (\d+) - (\d+) +\[[0-9.]+\] +(\d+)\s*$")


def read_log(path):
    """The last result of each pairing in a runner's output: {(first, second): Result}."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    found = {}
    pairing = None
    for line in lines:
        line = line.strip()
        m = FASTCHESS_HEADER.match(line)
        if m:
            pairing = (m.group(1), m.group(2))
            continue
        m = CUTECHESS_SCORE.match(line)
        if m:
            w, l, d, n = (int(m.group(i)) for i in (3, 4, 5, 6))
            if w + l + d != n:
                fail(f"{path}: '{line}' does not add up")
            found[(m.group(1), m.group(2))] = Result((w, d, l), None)
            continue
        m = FASTCHESS_GAMES.match(line)
        if m and pairing:
            n, w, l, d = (int(g) for g in m.groups())
            if w + l + d != n:
                fail(f"{path}: '{line}' does not add up")
            found[pairing] = Result((w, d, l), None)
            continue
        m = FASTCHESS_PAIRS.match(line)
        if m and pairing in found:
            pairs = [int(g) for g in m.groups()]
            if 2 * sum(pairs) != sum(found[pairing].wdl):
                fail(f"{path}: the pairs of '{line}' are not half the games of {pairing[0]} vs {pairing[1]}")
            found[pairing].pairs = pairs
            pairing = None
    if not found:
        fail(f"{path}: no result of fastchess or cutechess-cli in it")
    return found


def counts(kind, n):
    def check(text):
        try:
            values = [int(x) for x in text.split(",")]
        except ValueError:
            values = []
        if len(values) != n or min(values) < 0:
            raise argparse.ArgumentTypeError(f"want {n} whole numbers of at least 0 joined by commas "
                                             f"({kind}), not '{text}'")
        return values
    return check


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0.00" for an even score


def mean_and_variance(scores, probs):
    mu = sum(s * p for s, p in zip(scores, probs))
    return mu, sum(p * (s - mu) ** 2 for s, p in zip(scores, probs))


def root(f, lo, hi):
    """A zero of f, increasing or decreasing, between lo and hi (open ends) by bisection; None when
    f has the same sign at both ends."""
    f_lo = f(lo)
    if (f_lo < 0) == (f(hi) < 0):
        return None
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(mid) < 0) == (f_lo < 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def closest(scores, probs, phi_of):
    """The distribution nearest the observed `probs` (most likely to have produced them) whose
    constraint sum p_i phi_i = 0 holds, phi given by phi_of(p) (fixed, or depending on p), found by
    iterating from the uniform distribution."""
    p = [1.0 / len(probs)] * len(probs)
    for _ in range(100):
        phi = phi_of(p)
        if not min(phi) < 0.0 < max(phi):
            fail("no distribution of these outcomes has the score the test asks for: --sprt's Elo is "
                 "out of reach")
        lo, hi = -1.0 / max(phi), -1.0 / min(phi)
        span = hi - lo
        theta = root(lambda t: sum(q * f / (1.0 + t * f) for q, f in zip(probs, phi)),
                     lo + 1e-12 * span, hi - 1e-12 * span)
        if theta is None:
            fail("the sequential test's likelihood has no maximum for these results and bounds")
        new = [q / (1.0 + theta * f) for q, f in zip(probs, phi)]
        change = max(abs(a - b) for a, b in zip(new, p))
        p = new
        if change < 1e-12:
            break
    return p


def llr(scores, observed, model, elo0, elo1):
    """The generalised log-likelihood ratio of ELO1 against ELO0 for these counts (zero counts are
    taken as a thousandth, so that no outcome is ruled out)."""
    counts_ = [c if c > 0 else 1e-3 for c in observed]
    total = sum(counts_)
    probs = [c / total for c in counts_]
    if model == "logistic":
        def fitted(e):
            s = 1.0 / (1.0 + 10.0 ** (-e / 400.0))
            return closest(scores, probs, lambda p: [a - s for a in scores])
    else:
        # t = (mean - 1/2) / sigma, per game or per pair; a pair's sigma is sqrt(2) times a game's.
        per = math.sqrt(2.0) if len(scores) == 5 else 1.0

        def fitted(e):
            t = per * e / NELO_SCALE

            def phi_of(p):
                mu, var = mean_and_variance(scores, p)
                sigma = math.sqrt(var)
                return [a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma) ** 2) for a in scores]
            return closest(scores, probs, phi_of)
    p0, p1 = fitted(elo0), fitted(elo1)
    return total * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(probs, p0, p1))


def main():
    parser = argparse.ArgumentParser(prog="elo.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="*", metavar="LOG", help="what fastchess or cutechess-cli printed")
    parser.add_argument("--engines", metavar="A,B", help="the pairing to count, from A's side")
    parser.add_argument("--pairs", type=counts("LL,LD,EVEN,WD,WW", 5), action="append", default=[],
                        metavar="LL,LD,EVEN,WD,WW", help="pairs of games, from the first engine's side")
    parser.add_argument("--wdl", type=counts("W,D,L", 3), action="append", default=[], metavar="W,D,L",
                        help="games, from the first engine's side")
    parser.add_argument("--sprt", nargs=2, metavar=("ELO0", "ELO1"),
                        type=real_number(lambda x: -1000.0 <= x <= 1000.0,
                                         "an Elo difference between -1000 and 1000"))
    probability = real_number(lambda x: 0.000001 <= x < 0.5, "an error rate from 0.000001 to below 0.5")
    parser.add_argument("--alpha", type=probability, default=0.05)
    parser.add_argument("--beta", type=probability, default=0.05)
    parser.add_argument("--model", choices=("normalized", "logistic"), default="normalized")
    args = parser.parse_args()
    if args.sprt and not args.sprt[0] < args.sprt[1]:
        parser.error("--sprt: ELO0 must be below ELO1")
    wanted = None
    if args.engines is not None:
        wanted = tuple(args.engines.split(","))
        if len(wanted) != 2 or not all(wanted) or wanted[0] == wanted[1]:
            parser.error(f"--engines wants two engines' names joined by a comma, not '{args.engines}'")
    if not args.logs and not args.pairs and not args.wdl:
        parser.error("nothing to add up: give a LOG, --pairs or --wdl")

    total = Result()
    names = wanted
    for path in args.logs:
        found = read_log(path)
        if names is None and len(found) > 1:
            fail(f"{path} holds several pairings ({'; '.join(a + ' vs ' + b for a, b in found)}): "
                 "say which with --engines A,B")
        if names is None:
            names = next(iter(found))
        if names in found:
            total.add(found[names])
        elif names[::-1] in found:
            total.add(found[names[::-1]].turned())
        else:
            fail(f"{path} has no result of {names[0]} against {names[1]}")
    for pairs in args.pairs:
        total.add(Result(pair_games(pairs), pairs, wdl_known=False))
    for wdl in args.wdl:
        if sum(wdl):
            total.add(Result(wdl, None))
    if total.pairs is None and not total.wdl_known:
        fail("pairs given by hand cannot be added to games counted without pairs: the pairs do not "
             "say which of their games were won and which drawn")

    games = sum(total.wdl)
    if games == 0:
        fail("no games to add up")
    w, d, l = total.wdl
    if total.pairs is not None and sum(total.pairs) > 0:
        scores, observed, unit = PAIR_SCORES, total.pairs, "pairs"
    else:
        scores, observed, unit = GAME_SCORES, [l, d, w], "games"
    n = sum(observed)
    mu, var = mean_and_variance(scores, [c / n for c in observed])
    first, second = names if names else ("the first engine", "the other")
    record = f"+{w} ={d} -{l}, " if total.wdl_known else ""
    print(f"{first} vs {second}: {games} games, {record}score {100.0 * (w + d / 2) / games:.2f}%")
    if unit == "pairs":
        print("Pairs (LL, LD, WL+DD, WD, WW): " + ", ".join(str(c) for c in observed))
    if mu in (0.0, 1.0):
        print(f"Every game was {'lost' if mu == 0.0 else 'won'}: no finite Elo")
    elif var == 0.0:
        print(f"Elo: {elo(mu):+.2f}, every {unit[:-1]} scored the same: no interval")
    else:
        spread = math.sqrt(var / n)
        low, high = mu - Z95 * spread, mu + Z95 * spread
        per = math.sqrt(2.0) if unit == "pairs" else 1.0
        nelo = (mu - 0.5) / (per * math.sqrt(var)) * NELO_SCALE + 0.0
        nelo_error = Z95 * spread / (per * math.sqrt(var)) * NELO_SCALE
        los = 0.5 * (1.0 + math.erf((mu - 0.5) / math.sqrt(2.0 * var / n)))
        if 0.0 < low and high < 1.0:
            interval = f"+- {(elo(high) - elo(low)) / 2:.2f} (95%, on {unit})"
        else:
            interval = f"(the 95% interval on {unit} reaches a score of {'0' if low <= 0.0 else '100'}%)"
        print(f"Elo: {elo(mu):+.2f} {interval}, nElo: {nelo:+.2f} +- {nelo_error:.2f}, LOS: {100.0 * los:.2f}%")
    if args.sprt:
        lower = math.log(args.beta / (1 - args.alpha))
        upper = math.log((1 - args.beta) / args.alpha)
        ratio = llr(scores, observed, args.model, *args.sprt)
        verdict = "passed (ELO1 accepted)" if ratio >= upper else "failed (ELO0 accepted)" if ratio <= lower \
            else "not decided"
        print(f"SPRT ({args.model} Elo, {args.sprt[0]:g} against {args.sprt[1]:g}, alpha {args.alpha:g}, "
              f"beta {args.beta:g}): LLR {ratio:.2f} of ({lower:.2f}, {upper:.2f}), {verdict}")


def pair_games(pairs):
    """Wins, draws and losses of pairs given by hand, for the score alone: an even pair (a win and a
    loss, or two draws: the pairs do not say which) is counted as two draws."""
    ll, ld, even, wd, ww = pairs
    return (wd + 2 * ww, ld + 2 * even + wd, 2 * ll + ld)


if __name__ == "__main__":
    main()
