#!/usr/bin/env python3
"""Fits the win/draw/loss model of src/eval/wdl.hpp to self-play data.

    scripts/fit_wdl.py [--model A0,A1,B0,B1] DATA [DATA ...]

DATA files come from `sente_selfplay --wdl-data FILE` (scripts/selfplay.sh passes options through):
one line per move, "material score result", the score in centipawns and the result (1, 0.5, 0)
for the side that moved. The model, for a score v and m = material / 78:

    win  = 1 / (1 + exp((a - v) / b)),   loss = 1 / (1 + exp((a + v) / b)),   draw = the rest,
    a = a0 + a1 * m,   b = b0 + b1 * m

is fitted by maximum likelihood (Nelder-Mead, standard library only). Prints the constants to
paste into src/eval/wdl.hpp, as the model of the evaluation the games were played with (the net's,
or the hand-crafted one's with `Use NNUE` off), and a check of predicted against observed results.
--model also gives the mean log-likelihood of another model (the one in use) on the same data, to
compare with the fit's. A file that cannot be read, or a line that is not three numbers, ends the
script with a message and status 2.
"""
import argparse
import math
import sys
from collections import defaultdict

MAX_SCORE = 1000  # scores beyond this are all but decided: left out
SCORE_BIN = 10    # centipawns per bin


def fail(message):
    print(f"fit_wdl.py: {message}", file=sys.stderr)
    sys.exit(2)


def load(paths):
    bins = defaultdict(lambda: [0, 0, 0])  # (material, score bin) -> [wins, draws, losses]
    for path in paths:
        try:
            with open(path) as f:
                for number, line in enumerate(f, 1):
                    parts = line.split()
                    if not parts:
                        continue
                    try:
                        material, score, result = int(parts[0]), int(parts[1]), float(parts[2])
                        if len(parts) != 3 or result not in (0.0, 0.5, 1.0):
                            raise ValueError
                    except (ValueError, IndexError):
                        fail(f"{path}, line {number}: not 'material score result' (result 1, 0.5 or 0)")
                    if abs(score) > MAX_SCORE:
                        continue
                    key = (min(max(material, 0), 78), round(score / SCORE_BIN) * SCORE_BIN)
                    bins[key][0 if result == 1 else 1 if result == 0.5 else 2] += 1
        except OSError as e:
            fail(f"cannot read {path}: {e.strerror}")
        except UnicodeDecodeError:
            fail(f"cannot read {path}: not text (a game file of `sente datagen`? DATA is what "
                 "`sente_selfplay --wdl-data` writes)")
    return bins


def model(params, v, material):
    a0, a1, b0, b1 = params
    m = material / 78.0
    a, b = a0 + a1 * m, max(1.0, b0 + b1 * m)
    win = 1.0 / (1.0 + math.exp(min(700.0, (a - v) / b)))
    loss = 1.0 / (1.0 + math.exp(min(700.0, (a + v) / b)))
    return win, max(1e-9, 1.0 - win - loss), loss


def neg_log_likelihood(params, bins):
    a0, a1, b0, b1 = params
    if min(a0, a0 + a1) < 0 or min(b0, b0 + b1) < 1:
        return 1e18  # a negative centre would make win + loss exceed one
    total = 0.0
    for (material, v), counts in bins.items():
        probs = model(params, v, material)
        for n, p in zip(counts, probs):
            if n:
                total -= n * math.log(max(p, 1e-12))
    return total


def nelder_mead(f, start, step, iterations=2000):
    n = len(start)
    simplex = [list(start)]
    for i in range(n):
        point = list(start)
        point[i] += step[i]
        simplex.append(point)
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=lambda i: values[i])
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        centroid = [sum(p[j] for p in simplex[:-1]) / n for j in range(n)]
        worst = simplex[-1]
        reflected = [c + (c - w) for c, w in zip(centroid, worst)]
        fr = f(reflected)
        if fr < values[0]:
            expanded = [c + 2 * (c - w) for c, w in zip(centroid, worst)]
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = [c + 0.5 * (w - c) for c, w in zip(centroid, worst)]
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (p - b) for b, p in zip(best, q)] for q in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
        if max(values) - min(values) < 1e-7:
            break
    return simplex[0], values[0]


def model_constants(text):
    """--model's value: four numbers, as src/eval/wdl.hpp writes them."""
    try:
        values = [float(x) for x in text.split(",")]
    except ValueError:
        values = []
    if len(values) != 4:
        raise argparse.ArgumentTypeError("--model needs four numbers, A0,A1,B0,B1 (as src/eval/wdl.hpp writes them)")
    return values


def main():
    parser = argparse.ArgumentParser(prog="fit_wdl.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", type=model_constants, metavar="A0,A1,B0,B1",
                        help="also the mean log-likelihood of this model on the same data")
    parser.add_argument("data", nargs="+", metavar="DATA", help="files of sente_selfplay --wdl-data")
    args = parser.parse_args()
    bins = load(args.data)
    positions = sum(sum(c) for c in bins.values())
    if positions == 0:
        fail("no data")
    params, nll = nelder_mead(lambda p: neg_log_likelihood(p, bins), [150.0, 150.0, 60.0, 40.0], [50.0, 50.0, 20.0, 20.0])
    a0, a1, b0, b1 = params
    print(f"{positions} positions; mean log-likelihood {-nll / positions:.4f}")
    print(f"Model{{{a0:.1f}, {a1:.1f}, {b0:.1f}, {b1:.1f}}}  // a0, a1, b0, b1")
    if args.model:
        given_nll = neg_log_likelihood(args.model, bins)
        shown = ", ".join(f"{x:g}" for x in args.model)
        print(f"Model{{{shown}}}: mean log-likelihood {-given_nll / positions:.4f}")

    # Check: observed and predicted results by score, over all material.
    print("\n score band    positions   observed W/D/L %    predicted W/D/L %")
    for low in range(-300, 301, 100):
        high = low + 100
        counts, predicted, n = [0, 0, 0], [0.0, 0.0, 0.0], 0
        for (material, v), c in bins.items():
            if low <= v < high:
                k = sum(c)
                n += k
                counts = [x + y for x, y in zip(counts, c)]
                predicted = [x + k * y for x, y in zip(predicted, model(params, v, material))]
        if n:
            obs = "/".join(f"{100 * x / n:.0f}" for x in counts)
            pred = "/".join(f"{100 * x / n:.0f}" for x in predicted)
            print(f" [{low:4d},{high:4d})  {n:9d}   {obs:>17}    {pred:>17}")


if __name__ == "__main__":
    main()
