"""Checks of argument values that the Python scripts share, for argparse's type=: argparse then
refuses a bad value with the option's name, the reason and status 2, as the shell scripts do."""

import argparse
import math


def whole_number(least):
    """A check of a whole number of at least `least` (written in decimal, as int() reads it)."""
    def check(text):
        try:
            n = int(text)
        except ValueError:
            n = least - 1
        if n < least:
            raise argparse.ArgumentTypeError(f"want a whole number of at least {least}, not '{text}'")
        return n
    return check


def real_number(accepts, want):
    """A check of a number as float() reads it, kept when accepts(value) is true (never for text
    that is no number, read as NaN, which no comparison accepts); `want` names what is wanted."""
    def check(text):
        try:
            x = float(text)
        except ValueError:
            x = math.nan
        if not accepts(x):
            raise argparse.ArgumentTypeError(f"want {want}, not '{text}'")
        return x
    return check
