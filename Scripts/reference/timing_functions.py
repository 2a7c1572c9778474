#!/usr/bin/env python3
"""Reference values for Core Animation's predefined timing functions.

Solves x(t) = x for each predefined cubic Bezier curve by bisection at 50 significant
digits (mpmath), independently of the Swift solver, and prints y(t) for a few x values.
The control points are first rounded to IEEE single precision, because
CAMediaTimingFunction stores them as Float (0.42 becomes 0.4199999868869781...).

Run:  python3 Scripts/reference/timing_functions.py
The output is pasted into Tests/OpenQuartzCoreTests/Timing/TimingFunctionTests.swift.
"""

import struct

from mpmath import mp, mpf

mp.dps = 50

# Apple's control points: CAMediaTimingFunctionName.default documentation gives
# (0.25, 0.1), (0.25, 1.0); the others are what getControlPoint(at:values:) reports.
CURVES = [
    ("linear", (0.0, 0.0, 1.0, 1.0)),
    ("easeIn", (0.42, 0.0, 1.0, 1.0)),
    ("easeOut", (0.0, 0.0, 0.58, 1.0)),
    ("easeInEaseOut", (0.42, 0.0, 0.58, 1.0)),
    ("default", (0.25, 0.1, 0.25, 1.0)),
    # The seeds' pop animation uses these two custom curves.
    ("pop1", (1.0, 0.0, 0.8, 1.0)),
    ("pop2", (0.2, 0.0, 0.0, 1.0)),
]

XS = ["0.1", "0.25", "0.5", "0.75", "0.9"]


def as_float32(value):
    """The exact value of `value` rounded to IEEE single precision."""
    return mpf(struct.unpack("f", struct.pack("f", value))[0])


def bezier(t, p1, p2):
    """One coordinate of the cubic Bezier from 0 to 1 with control values p1, p2."""
    s = 1 - t
    return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t


def solve(x, x1, y1, x2, y2):
    """y at the t where x(t) = x, with t found by 200 bisection steps (2^-200 wide)."""
    low, high = mpf(0), mpf(1)
    for _ in range(200):
        mid = (low + high) / 2
        if bezier(mid, x1, x2) < x:
            low = mid
        else:
            high = mid
    return bezier((low + high) / 2, y1, y2)


def main():
    for name, points in CURVES:
        x1, y1, x2, y2 = (as_float32(p) for p in points)
        values = [solve(mpf(x), x1, y1, x2, y2) for x in XS]
        printed = ", ".join(mp.nstr(v, 15) for v in values)
        print(f'("{name}", [{printed}]),')


if __name__ == "__main__":
    main()
