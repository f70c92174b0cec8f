#!/usr/bin/env python3
"""Runs an EPD test suite through any UCI engine, the same way for every engine.

    scripts/epd-suite.py --engine build/sente --movetime 250 tests/data/matetrack_public.epd
    scripts/epd-suite.py --engine /usr/games/glaurung --option "OwnBook=false" --movetime 250 FILE

Each position gets `ucinewgame`, `position fen ...` and `go movetime MS`. Positions with a `dm N`
operation (mate in N, negative when the side to move is mated) count as found when the engine's
last score before bestmove is a mate of the right sign, and as best when it is mate in exactly N;
positions with `bm`/`am` count as solved when bestmove (in SAN) is one of bm and none of am.
--jobs runs that many engines at once (one position each). --engine is the engine's path, or its
command line split into words as a shell splits them: arguments follow the path, and a path with
spaces is quoted inside it when arguments follow (--engine "'/my engines/x' --uci").

An engine that ends during a search is named on stderr with the position, which counts as missed,
and is started again for the positions left (if it cannot be, the suite stops there); the summary
covers the positions searched (as it does after Ctrl-C, status 130). Exit status: 0 done, 1 the
engine ended during the suite, 2 a bad argument, a FILE that cannot be read, or an engine that
cannot be started.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

from arguments import whole_number


def fail(message):
    print(f"epd-suite.py: {message}", file=sys.stderr)
    sys.exit(2)


def parse_epd(line):
    fields = line.split()
    fen = " ".join(fields[:4])
    ops = {}
    for op in " ".join(fields[4:]).split(";"):
        words = op.split()
        if words:
            ops[words[0]] = [w.strip('"') for w in words[1:]]
    return fen, ops


class EngineError(Exception):
    """The engine could not be started, or ended before it answered."""


class Engine:
    def __init__(self, command, options):
        try:
            self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, bufsize=1, errors="replace")
        except OSError as e:
            raise EngineError(e.strerror or str(e)) from None
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (OSError, ValueError):  # a broken pipe, or one closed when the engine ended
            raise self.ended(f"before `{line}`") from None

    def wait_for(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise self.ended("before " + prefix)

    def ended(self, when):
        """The EngineError of an engine whose pipes have closed: how it ended, and when."""
        try:
            status = self.p.wait(timeout=5)
            if status < 0:
                try:
                    how = "killed by " + signal.Signals(-status).name
                except ValueError:
                    how = f"killed by signal {-status}"
            else:
                how = f"exit status {status}"
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            how = "its output closed"
        self.close_pipes()
        return EngineError(f"the engine ended ({how}) {when}")

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
        words = lines[-1].split()
        return (words[1] if len(words) > 1 else "(none)"), score

    def close_pipes(self):
        for pipe in (self.p.stdin, self.p.stdout):
            try:
                pipe.close()
            except OSError:
                pass

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired):
            self.p.kill()
            self.p.wait()
        self.close_pipes()


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


def board_ok(board):
    """Eight ranks of eight squares, pieces or digits: the board of a FEN."""
    ranks = board.split("/")
    return len(ranks) == 8 and all(
        re.fullmatch(r"[pnbrqkPNBRQK1-8]+", rank) and sum(int(c) if c.isdigit() else 1 for c in rank) == 8
        for rank in ranks)


def read_positions(path):
    """The positions of an EPD file; a message and status 2 when it cannot be read."""
    positions = []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                fen, ops = parse_epd(line)
                if len(fen.split()) != 4 or not board_ok(fen.split()[0]):
                    fail(f"{path}, line {number}: not an EPD position (board, side, castling, en passant)")
                if "dm" in ops and not (ops["dm"] and re.fullmatch(r"-?[1-9][0-9]*", ops["dm"][0])):
                    fail(f"{path}, line {number}: dm wants a whole number of moves, "
                         f"not '{' '.join(ops['dm'])}'")
                positions.append((fen, ops))
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e}")
    except UnicodeDecodeError:
        fail(f"cannot read {path}: not text")
    if not positions:
        fail(f"{path} holds no positions")
    return positions


def engine_command(text):
    """--engine's words: the text alone when it names a program (so a path with spaces needs no
    quotes), else the text split as a shell splits it."""
    if shutil.which(text) or os.path.isfile(text):
        return [text]
    try:
        words = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"--engine {text}: {e}")
    if not words:
        raise ValueError("--engine is empty")
    return words


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--engine", required=True,
                    help="the engine's path, or its command line (words as a shell splits them)")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    ap.add_argument("--movetime", type=whole_number(1), default=250)
    ap.add_argument("--limit", type=whole_number(0), default=0, help="only the first N positions")
    ap.add_argument("--jobs", type=whole_number(1), default=1)
    ap.add_argument("--quiet", action="store_true", help="print the summary only")
    args = ap.parse_args()
    options = []
    for o in args.option:
        name, equals, value = o.partition("=")
        if not equals or not name.strip():
            ap.error(f"--option wants NAME=VALUE, not '{o}'")
        options.append((name, value))
    try:
        command = engine_command(args.engine)
    except ValueError as e:
        ap.error(str(e))
    positions = read_positions(args.file)
    if args.limit:
        positions = positions[: args.limit]

    engines = []
    try:
        for _ in range(args.jobs):
            engines.append(Engine(command, options))
    except EngineError as e:
        for engine in engines:
            engine.quit()
        fail(f"cannot start {args.engine}: {e}")
    free, lock, stopped = list(engines), threading.Lock(), threading.Event()

    def run(item):
        """(move, score, None), or (None, None, how the engine failed); None when not searched,
        the engine being gone."""
        with lock:
            if stopped.is_set() or not free:
                return None
            engine = free.pop()
        try:
            return (*engine.search(item[0], args.movetime), None)
        except EngineError as e:
            failure = str(e)
            engine.quit()
            engine = None
            if stopped.is_set():
                return None, None, failure
            try:
                engine = Engine(command, options)
            except EngineError as again:
                stopped.set()
                return None, None, f"{failure}; starting it again failed: {again}"
            return None, None, failure
        finally:
            if engine is not None:
                with lock:
                    free.append(engine)

    start = time.time()
    found = best = solved = mates = tactics = 0
    failed, interrupted = [], False
    pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
    try:
        for (fen, ops), result in zip(positions, pool.map(run, positions)):
            if result is None:
                continue
            move, score, error = result
            ident = " ".join(ops.get("id", [])) or fen
            if error:
                failed.append(ident)
                print(f"epd-suite.py: {ident}: {error}", file=sys.stderr, flush=True)
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
                ok = not error and (not ops.get("bm") or san_matches(fen, move, ops["bm"])) and not (
                    ops.get("am") and san_matches(fen, move, ops["am"]))
                solved += ok
                verdict = "solved" if ok else "missed"
            if not args.quiet:
                shown = f"{score[0]} {score[1]}" if score else "no score"
                print(f"{'failed' if error else verdict}  {ident}  {move or '-'}  {shown}", flush=True)
    except KeyboardInterrupt:
        interrupted = True
        print("\nepd-suite.py: interrupted; the positions searched so far:", file=sys.stderr)
    finally:
        stopped.set()  # positions not begun are left
        pool.shutdown(wait=True, cancel_futures=True)
        for engine in free:
            engine.quit()
    took = time.time() - start
    if mates:
        print(f"mates found {found} of {mates} (exact length {best}) at {args.movetime} ms, {took:.0f} s")
    if tactics:
        print(f"solved {solved} of {tactics} at {args.movetime} ms, {took:.0f} s")
    if failed:
        print(f"the engine ended during {len(failed)} of them (counted as missed): "
              + ", ".join(failed[:5]) + (", ..." if len(failed) > 5 else ""))
    if mates + tactics < len(positions):
        print(f"stopped after {mates + tactics} of {len(positions)} positions")
    return 130 if interrupted else 1 if failed or mates + tactics < len(positions) else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # before the suite began; during it, main prints what was done
        print("\nepd-suite.py: interrupted", file=sys.stderr)
        sys.exit(130)
