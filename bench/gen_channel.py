#!/usr/bin/env python3
"""Write a random n x k row-stochastic channel with exact fractions (denominators up to D).

usage: gen_channel.py N K D SEED > channel.csv
Each row: positive integer weights summing to a random denominator d <= D (entries a/d, some
zero), so every row sums to exactly 1.
"""
import random
import sys
from fractions import Fraction


def row(rng, k, dmax):
    # At least k when D allows it (then fewer zero entries); D < K gives more zeros, not an
    # error. For D >= K the draws are the same as before.
    d = rng.randint(min(max(k, dmax // 2), dmax), dmax)
    cuts = sorted(rng.randint(0, d) for _ in range(k - 1))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [d])]
    return [Fraction(p, d) for p in parts]


def main():
    n, k, dmax, seed = (int(a) for a in sys.argv[1:5])
    if min(n, k, dmax) < 1:
        sys.exit("gen_channel.py: N, K and D must be at least 1")
    rng = random.Random(seed)
    for _ in range(n):
        print(",".join(str(f) for f in row(rng, k, dmax)))


if __name__ == "__main__":
    main()
