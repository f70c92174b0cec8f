#!/usr/bin/env python3
"""Endgame openings for tablebase matches, from Sente's self-play data.

    sente datagen --dump GAMES.bin | scripts/endgame-openings.py [--pieces 5,6] [--max-score 300]
        [--count 150] [--seed 7] > endgames.epd

Keeps positions with that many pieces (kings included), no castling rights and a search score
within --max-score centipawns, each position once, and prints --count of them in an order shuffled
with --seed, as EPD (board, side, castling, en passant). A line that is not 'FEN | score | result'
or a bad argument ends the script with a message and status 2.
"""
import argparse
import random
import sys

from arguments import whole_number


def fail(message):
    print(f"endgame-openings.py: {message}", file=sys.stderr)
    sys.exit(2)


def piece_counts(text):
    """--pieces' value: piece counts (kings included), separated by commas."""
    try:
        counts = {int(n) for n in text.split(",")}
    except ValueError:
        counts = set()
    if not counts or not all(2 <= n <= 32 for n in counts):
        raise argparse.ArgumentTypeError(f"want piece counts from 2 to 32 such as 5,6, not '{text}'")
    return counts


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pieces", type=piece_counts, default="5,6")
    p.add_argument("--max-score", type=whole_number(0), default=300)
    p.add_argument("--count", type=whole_number(1), default=150)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    seen, kept = set(), []
    try:
        for number, line in enumerate(sys.stdin, 1):
            if not line.strip():
                continue
            try:
                fen, score, _ = (field.strip() for field in line.split("|"))
                fields = fen.split()
                score = int(score)
                if len(fields) < 4:
                    raise ValueError
            except ValueError:
                fail(f"line {number} of the input is not 'FEN | score | result' "
                     "(what `sente datagen --dump FILE` prints)")
            if fields[2] != "-" or abs(score) > a.max_score:
                continue
            if sum(c.isalpha() for c in fields[0]) not in a.pieces:
                continue
            key = " ".join(fields[:4])
            if key not in seen:
                seen.add(key)
                kept.append(key)
    except UnicodeDecodeError:
        fail("the input is not text (a game file? pipe it through `sente datagen --dump FILE`)")
    random.seed(a.seed)
    random.shuffle(kept)
    sys.stdout.write("".join(k + "\n" for k in kept[: a.count]))


if __name__ == "__main__":
    main()
