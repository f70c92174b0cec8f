#!/usr/bin/env python3
"""Runs an EPD test suite through any UCI engine, the same way for every engine.

    scripts/epd-suite.py --engine build/sente --movetime 250 tests/data/matetrack_public.epd
    scripts/epd-suite.py --engine /usr/games/glaurung --option "OwnBook=false" --movetime 250 FILE

Each position gets `ucinewgame`, `position fen ...` and `go movetime MS`. Positions with a `dm N`
operation (mate in N, negative when the side to move is mated) count as found when the engine's
last score before bestmove is a mate of the right sign, and as best when it is mate in exactly N;
positions with `bm`/`am` count as solved when bestmove (in SAN) is one of bm and none of am.
--jobs runs that many engines at once (one position each).
"""
import argparse
import concurrent.futures
import re
import subprocess
import sys
import time

def parse_epd(line):
    fields = line.split()
    fen = " ".join(fields[:4])
    ops = {}
    for op in " ".join(fields[4:]).split(";"):
        words = op.split()
        if words:
            ops[words[0]] = [w.strip('"') for w in words[1:]]
    return fen, ops


class Engine:
    def __init__(self, command, options):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError("engine ended before " + prefix)

    def search(self, fen, movetime):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen} 0 1")
        self.send(f"go movetime {movetime}")
        lines = self.wait_for("bestmove")
        score = None
        for line in lines:
            m = re.search(r" score (cp|mate) (-?\d+)", line)
            if m and " upperbound" not in line and " lowerbound" not in line:
                score = (m.group(1), int(m.group(2)))
        return lines[-1].split()[1], score

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


SAN = re.compile(r"^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([NBRQ]))?$")


def san_matches(fen, uci_move, sans):
    """Whether a UCI move is one of the SAN moves (piece, disambiguation, destination, promotion)."""
    squares = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                squares["abcdefgh"[file] + str(8 - r)] = ch
                file += 1
    origin, dest, promotion = uci_move[:2], uci_move[2:4], uci_move[4:5].upper()
    piece = squares.get(origin, "?").upper()
    for san in sans:
        s = san.rstrip("+#!?")
        if s in ("O-O", "0-0", "O-O-O", "0-0-0"):
            long_side = len(s) == 5
            target = squares.get(dest, "").upper()
            if piece == "K" and (target == "R" or abs(ord(dest[0]) - ord(origin[0])) == 2):
                if (dest[0] < origin[0]) == long_side:
                    return True
            continue
        m = SAN.match(s)
        if not m:
            continue
        moved, from_file, from_rank, target, promoted = m.groups()
        if (moved or "P") != piece or target != dest or (promoted or "") != promotion:
            continue
        if (from_file and origin[0] != from_file) or (from_rank and origin[1] != from_rank):
            continue
        return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--engine", required=True, help="the engine's command line")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    ap.add_argument("--movetime", type=int, default=250)
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="print the summary only")
    args = ap.parse_args()
    options = [tuple(o.split("=", 1)) for o in args.option]
    positions = [parse_epd(l) for l in open(args.file) if l.strip() and not l.startswith("#")]
    if args.limit:
        positions = positions[: args.limit]

    engines = [Engine(args.engine.split(), options) for _ in range(args.jobs)]
    free = list(engines)

    def run(item):
        engine = free.pop()
        try:
            return engine.search(item[0], args.movetime)
        finally:
            free.append(engine)

    start = time.time()
    found = best = solved = mates = tactics = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for (fen, ops), (move, score) in zip(positions, pool.map(run, positions)):
            ident = " ".join(ops.get("id", [])) or fen
            if "dm" in ops:
                mates += 1
                dm = int(ops["dm"][0])
                ok = score is not None and score[0] == "mate" and (score[1] > 0) == (dm > 0)
                exact = ok and score[1] == dm
                found += ok
                best += exact
                verdict = "best " if exact else "found" if ok else "miss "
            else:
                tactics += 1
                ok = (not ops.get("bm") or san_matches(fen, move, ops["bm"])) and not (
                    ops.get("am") and san_matches(fen, move, ops["am"]))
                solved += ok
                verdict = "solved" if ok else "missed"
            if not args.quiet:
                shown = f"{score[0]} {score[1]}" if score else "no score"
                print(f"{verdict}  {ident}  {move}  {shown}", flush=True)
    for e in engines:
        e.quit()
    took = time.time() - start
    if mates:
        print(f"mates found {found} of {mates} (exact length {best}) at {args.movetime} ms, {took:.0f} s")
    if tactics:
        print(f"solved {solved} of {tactics} at {args.movetime} ms, {took:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
