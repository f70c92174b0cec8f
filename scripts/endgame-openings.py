#!/usr/bin/env python3
"""Endgame openings for tablebase matches, from Sente's self-play data.

    sente datagen --dump GAMES.bin | scripts/endgame-openings.py [--pieces 5,6] [--max-score 300]
        [--count 150] [--seed 7] > endgames.epd

Keeps positions with that many pieces (kings included), no castling rights and a search score
within --max-score centipawns, each position once, and prints --count of them in an order shuffled
with --seed, as EPD (board, side, castling, en passant).
"""
import argparse
import random
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pieces", default="5,6")
    p.add_argument("--max-score", type=int, default=300)
    p.add_argument("--count", type=int, default=150)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    wanted = {int(n) for n in a.pieces.split(",")}
    seen, kept = set(), []
    for line in sys.stdin:
        fen, score, _ = (field.strip() for field in line.split("|"))
        fields = fen.split()
        if fields[2] != "-" or abs(int(score)) > a.max_score:
            continue
        if sum(c.isalpha() for c in fields[0]) not in wanted:
            continue
        key = " ".join(fields[:4])
        if key not in seen:
            seen.add(key)
            kept.append(key)
    random.seed(a.seed)
    random.shuffle(kept)
    sys.stdout.write("".join(k + "\n" for k in kept[: a.count]))


if __name__ == "__main__":
    main()
