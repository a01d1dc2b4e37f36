"""The statistics of a study, in plain Python; numpy, when installed, only makes the same sums faster.

Every measure is a ratio of per-game sums, R = sum(num) / sum(den) (a rate: num 0/1, den 1; hands per game:
num hands, den 1 for a finished game; points per hand: num points, den hands), so one method serves all:

- a 95% interval: Wilson's score interval for a rate of games; otherwise the percentile interval of a
  bootstrap that resamples whole games (hands of one game are not independent);
- a difference from the base ruleset: a paired permutation test. Game i of every ruleset uses seed S+i,
  so the games form pairs; under "the rule changes nothing" the labels within a pair are exchangeable,
  and the p-value is the share of random label swaps giving a difference at least as large as seen;
- many measures at once: Holm-Bonferroni over every test of the study (family-wise error 5%).

The random draws come from Python's `random`, seeded by the study's seed, so the numbers are the same with
or without numpy.
"""

from __future__ import annotations

import math
import random
from statistics import NormalDist

try:  # optional: `pip install 'cardrules[lab]'`
    import numpy as np
except ImportError:  # pragma: no cover - exercised by forcing NUMPY = None in the tests
    np = None

NUMPY = np
Z95 = NormalDist().inv_cdf(0.975)
BOOTSTRAP = 2000
PERMUTATIONS = 5000
ALPHA = 0.05
BLOCK = 250


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
    return [max(0.0, centre - half), min(1.0, centre + half)]


def percentile(values: list[float], q: float) -> float | None:
    """The q-quantile (0..1) by linear interpolation between order statistics."""
    if not values:
        return None
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


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
        population = range(self.n)

        def draw(reps):
            return [rng.choices(population, k=self.n) for _ in range(reps)]

        return self._sums(vectors, self.bootstrap, draw)

    def flip_sums(self, vectors: list[list[int]]) -> list[list[float]]:
        """For each random label swap (each pair swapped with probability 1/2): each vector's sum over the swapped."""
        rng = random.Random(f"{self.seed}/permutation/{self.n}")

        def draw(reps):
            out = []
            for _ in range(reps):
                bits = rng.getrandbits(self.n) if self.n else 0
                out.append([i for i in range(self.n) if bits >> i & 1])
            return out

        return self._sums(vectors, self.permutations, draw)

    def _sums(self, vectors, reps: int, draw) -> list[list[float]]:
        if not vectors or self.n == 0:
            return [[0.0] * len(vectors) for _ in range(reps)]
        out: list[list[float]] = []
        matrix = np.array(vectors, dtype=np.float64).T if NUMPY is not None else None
        for start in range(0, reps, BLOCK):
            picks = draw(min(BLOCK, reps - start))
            out.extend(_numpy_sums(picks, matrix, self.n) if matrix is not None else _python_sums(picks, vectors))
        return out


def _python_sums(picks: list[list[int]], vectors) -> list[list[float]]:
    getters = [v.__getitem__ for v in vectors]
    return [[float(sum(map(g, idx))) for g in getters] for idx in picks]


def _numpy_sums(picks: list[list[int]], matrix, n: int) -> list[list[float]]:
    counts = np.zeros((len(picks), n), dtype=np.float64)
    for row, idx in enumerate(picks):
        if idx:
            counts[row] += np.bincount(np.asarray(idx, dtype=np.int64), minlength=n)
    return (counts @ matrix).tolist()  # whole numbers below 2**53: exact, as in plain Python


def bootstrap_ci(num_sums: list[float], den_sums: list[float]) -> list:
    """The 2.5% and 97.5% percentiles of the resampled ratios (resamples with no denominator are dropped)."""
    ratios = [a / b for a, b in zip(num_sums, den_sums) if b]
    if not ratios:
        return [None, None]
    return [percentile(ratios, 0.025), percentile(ratios, 0.975)]


def permutation_p(base: tuple, variant: tuple, swapped: list[tuple[float, float]]) -> float | None:
    """Two-sided p-value of the difference of ratios, from the swapped pairs' sums.

    `base` and `variant` are (sum num, sum den); each entry of `swapped` is (sum over swapped pairs of
    variant num - base num, likewise for den).
    """
    (nb, db), (nv, dv) = base, variant
    if not db or not dv:
        return None
    observed = abs(nv / dv - nb / db) - 1e-12 * (1 + abs(nb / db))
    extreme = 0
    for dn, dd in swapped:
        b_den, v_den = db + dd, dv - dd
        if not b_den or not v_den:
            extreme += 1  # an undefined difference counts against significance
            continue
        extreme += abs((nv - dn) / v_den - (nb + dn) / b_den) >= observed
    return (1 + extreme) / (1 + len(swapped))
