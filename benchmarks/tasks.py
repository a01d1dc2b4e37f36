"""Tasks of a benchmark, run one by one or, with jobs > 1, in a pool of processes (results in task order)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor


def run_all(fn, tasks: list, jobs: int) -> list:
    """`fn` of each task, in order: in `jobs` processes where jobs > 1, else here."""
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(fn, tasks, chunksize=1))
    return [fn(t) for t in tasks]
