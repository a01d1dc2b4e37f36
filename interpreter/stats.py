"""The statistics of a study, in plain Python; numpy, when installed, only makes the same sums faster.

Every measure is a ratio of per-game sums, R = sum(num) / sum(den) (a rate: num 0/1, den 1; hands per game:
num hands, den 1 for a finished game; points per hand: num points, den hands), so one method serves all:

- a 95% interval: Wilson's score interval for a rate of games; otherwise the percentile interval of a
  bootstrap that resamples whole games (hands of one game are not independent), marked as rough from fewer
  than MIN_BOOTSTRAP games (resamples of a few games barely vary, and the interval looks certain);
- a difference from the base ruleset: a paired sign-flip test. Game i of every ruleset uses seed S+i,
  so the games form pairs; under "the rule changes nothing" the labels within a pair are exchangeable,
  and the p-value is the share of random label swaps giving a difference at least as large as seen (for a
  rate over hands, never below a normal test's with the spread per hand of all games: `study._spread_p`);
- many measures at once: Holm-Bonferroni over every distinct test of the study (family-wise error 5%).

The random draws come from Python's `random`, seeded by the study's seed, so the numbers are the same with
or without numpy.
"""

from __future__ import annotations

import math
import random
import sys
from array import array
from statistics import NormalDist

_UNSET = object()
NUMPY = _UNSET  # numpy once a study first asks (its import costs every command's start a quarter second); None: absent
Z95 = NormalDist().inv_cdf(0.975)
BOOTSTRAP = 2000
PERMUTATIONS = 5000
MIN_BOOTSTRAP = 10  # games with data, below which a bootstrap interval is marked too narrow to trust
ALPHA = 0.05
BLOCK = 250


def numpy():
    """numpy, or None where it is not installed (optional: the `lab` extra)."""
    global NUMPY
    if NUMPY is _UNSET:
        try:
            import numpy as np
        except ImportError:  # pragma: no cover - exercised by forcing NUMPY = None in the tests
            np = None
        NUMPY = np
    return NUMPY


def ratio(num, den) -> float | None:
    d = sum(den)
    return sum(num) / d if d else None


def wilson(k: float, n: float, z: float = Z95) -> list:
    """Wilson's score interval for k successes in n trials; [None, None] without trials."""
    if n <= 0:
        return [None, None]
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [0.0 if k <= 0 else max(0.0, centre - half), 1.0 if k >= n else min(1.0, centre + half)]


def percentile(values: list[float], q: float) -> float | None:
    """The q-quantile (0..1) by linear interpolation between order statistics."""
    if not values:
        return None
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def nearest_rank(values: list, q: float):
    """The q-quantile (0..1) as one of the values (the nearest-rank method): a score some hand had."""
    if not values:
        return None
    xs = sorted(values)
    return xs[max(0, math.ceil(q * len(xs)) - 1)]


def holm(pvalues: list) -> list:
    """Holm-Bonferroni adjusted p-values (None stays None: no test)."""
    tested = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(tested)
    out: list = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


class Resampler:
    """Seeded draws over n paired games, shared by every measure of a study."""

    def __init__(self, n: int, seed: int, bootstrap: int = BOOTSTRAP, permutations: int = PERMUTATIONS):
        self.n, self.seed = n, seed
        self.bootstrap, self.permutations = bootstrap, permutations

    def boot_sums(self, vectors: list[list[int]]) -> list[list[float]]:
        """For each bootstrap resample of the games (with replacement): the sum of each vector."""
        rng = random.Random(f"{self.seed}/bootstrap/{self.n}")

        def draw(reps):  # n random 32-bit words per resample; word u picks game (u * n) >> 32
            return [rng.randbytes(4 * self.n) for _ in range(reps)]

        return self._sums(vectors, self.bootstrap, draw, _counts)

    def flip_sums(self, vectors: list[list[int]]) -> list[list[float]]:
        """For each random label swap (each pair swapped with probability 1/2): each vector's sum over the swapped."""
        rng = random.Random(f"{self.seed}/permutation/{self.n}")

        def draw(reps):
            return [rng.getrandbits(self.n) for _ in range(reps)]

        return self._sums(vectors, self.permutations, draw, _bits)

    def _sums(self, vectors, reps: int, draw, as_weights) -> list[list[float]]:
        if not vectors or self.n == 0:
            return [[0.0] * len(vectors) for _ in range(reps)]
        out: list[list[float]] = []
        np = numpy()
        matrix = np.array(vectors, dtype=np.float64).T if np is not None else None
        for start in range(0, reps, BLOCK):
            picks = draw(min(BLOCK, reps - start))
            if matrix is not None:  # whole numbers below 2**53: exact, as in plain Python
                out.extend((as_weights(picks, self.n) @ matrix).tolist())
            else:
                out.extend(_python_sums(picks, vectors, self.n))
        return out


def _python_sums(picks: list, vectors, n: int) -> list[list[float]]:
    getters = [v.__getitem__ for v in vectors]
    out = []
    for pick in picks:
        idx = _indices(pick, n) if isinstance(pick, bytes) else _set_bits(pick, n)
        out.append([float(sum(map(g, idx))) for g in getters])
    return out


def _indices(words: bytes, n: int) -> list[int]:
    """Little-endian 32-bit words to game indices 0..n-1 (multiply and shift: no modulo bias worth naming)."""
    arr = array("I", words) if array("I").itemsize == 4 else array("L", words)
    if sys.byteorder == "big":
        arr.byteswap()
    return [(u * n) >> 32 for u in arr]


def _set_bits(bits: int, n: int) -> list[int]:
    """Indices of the 1 bits of `bits` (bit i is pair i), in linear time."""
    return [i for i, c in enumerate(reversed(format(bits, f"0{n}b"))) if c == "1"]


def _counts(picks: list[bytes], n: int):
    """Each resample as how many times it took each game (numpy)."""
    np = numpy()
    words = np.frombuffer(b"".join(picks), dtype="<u4").astype(np.uint64).reshape(len(picks), n)
    idx = ((words * np.uint64(n)) >> np.uint64(32)).astype(np.int64)
    return np.stack([np.bincount(row, minlength=n) for row in idx]).astype(np.float64)


def _bits(picks: list[int], n: int):
    """Each swap as a 0/1 row over the pairs (numpy)."""
    np = numpy()
    size = (n + 7) // 8
    raw = np.frombuffer(b"".join(b.to_bytes(size, "little") for b in picks), dtype=np.uint8)
    return np.unpackbits(raw.reshape(len(picks), size), axis=1, bitorder="little")[:, :n].astype(np.float64)


def bootstrap_ci(num_sums: list[float], den_sums: list[float]) -> list:
    """The 2.5% and 97.5% percentiles of the resampled ratios (resamples with no denominator are dropped)."""
    return percentiles([a / b for a, b in zip(num_sums, den_sums) if b])


def percentiles(values: list[float]) -> list:
    """The 2.5% and 97.5% percentiles of resampled figures; [None, None] where there are none."""
    if not values:
        return [None, None]
    return [percentile(values, 0.025), percentile(values, 0.975)]


def sign_flip_p(total: int, flipped: list[float]) -> float:
    """Two-sided p-value of a paired sign-flip test: `total` is the sum of the pairs' differences (whole
    numbers), each entry of `flipped` the sum over one random set of pairs whose signs are flipped; a flip
    moves the total to total - 2 * flipped. p is the share as far from 0 as the total, or farther."""
    extreme = sum(abs(total - 2 * int(f)) >= abs(total) for f in flipped)
    return (1 + extreme) / (1 + len(flipped))


def sign_flip_bound(total: float, squares: float) -> float:
    """Hoeffding's bound on a sign-flip test's two-sided p: the chance that a sum of differences, each negated or
    not at random, lies as far from 0 as `total` is at most 2 exp(−total² / 2 Σ d²) (`squares`: Σ d²). Never
    below the exact p, as a normal tail may be for few, whole differences (wins: ±1)."""
    if squares <= 0:
        return 1.0
    return min(1.0, max(2 * math.exp(-total * total / (2 * squares)), sys.float_info.min))  # too small, not 0


def normal_p(total: float, variance: float) -> float:
    """Two-sided p-value of a total that is normal with mean 0 and this variance under the null (0: none to
    test, p 0, which a larger p from another test overrides)."""
    if variance <= 0:
        return 0.0
    return math.erfc(abs(total) / math.sqrt(2 * variance))
