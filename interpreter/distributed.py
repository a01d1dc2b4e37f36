"""Chunks of seeds as Ray tasks: `--engine ray [--address ADDR]`.

Ray is optional (`pip install 'ray>=2.9'`, or the `ray` extra). Without an address a local Ray starts on this machine
(and stops when the run ends); with one, the run joins that cluster, whose nodes need the same cardrules
installed and every ruleset file reachable by the same path. Results come back in task order, so totals
are exactly those of one process.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading

from .errors import CardrulesError

RETRIES = 3
INSTALL = "pip install 'ray>=2.9' (or the extra: pip install -e '.[ray]' in a checkout of cardrules)"


def ray_map(fn, tasks: list, address: str | None = None, cpus: int | None = None, on_done=None,
            retries: int = RETRIES) -> list:
    """`fn(task)` for every task as a Ray task (retried up to `retries` times if its worker dies)."""
    ray = import_ray()
    started_here = connect(ray, address, cpus)
    try:
        remote = ray.remote(max_retries=retries)(fn)
        refs = [remote.remote(task) for task in tasks]
        return _gather(ray, refs, on_done)
    finally:
        if started_here:
            ray.shutdown()


def import_ray():
    try:
        import ray
    except ImportError:
        raise CardrulesError(f"--engine ray needs Ray, which is not installed: {INSTALL}") from None
    return ray


def connect(ray, address: str | None, cpus: int | None) -> bool:
    """Join `address`, or start a local Ray; True when this call started (and so must stop) it."""
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS")  # as Ray itself reads it
    kwargs = {"include_dashboard": False, "logging_level": logging.WARNING, "log_to_driver": False}
    if address:
        probe(address)
        kwargs["address"] = address
    else:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a private local cluster needs no token
        if cpus:
            kwargs["num_cpus"] = cpus
    kept = _term_handler()
    try:
        ray.init(**kwargs)
    except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError ... for a bad address
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise CardrulesError(f"cannot start or reach {where}: {type(e).__name__}: {e}") from None
    finally:
        if kept is not None:  # Ray sets its own (an exit by the signal's number, with a stack dump): ours again
            signal.signal(signal.SIGTERM, kept)
    return True


def _term_handler():
    """The SIGTERM handler now (the command's, which stops a run as Ctrl-C does), or None off the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.getsignal(signal.SIGTERM)


def probe(address: str, seconds: float = 5.0) -> None:
    """Fail fast on a HOST:PORT nobody answers at (Ray itself would retry for minutes)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # 'auto', 'local' and other forms Ray resolves itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as e:
        raise CardrulesError(f"no Ray cluster answers at {address}: {e.strerror or e}") from None


def _gather(ray, refs: list, on_done) -> list:
    index = {ref: i for i, ref in enumerate(refs)}
    out: list = [None] * len(refs)
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            out[index[ref]] = _result(ray, ref)
            if on_done:
                on_done(out[index[ref]])
    return out


def _result(ray, ref):
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as e:
        cause = getattr(e, "cause", None)
        if isinstance(cause, CardrulesError):
            raise cause from None
        raise RuntimeError(f"a Ray task failed: {cause or e}") from None
    except ray.exceptions.RayError as e:  # the worker or its node died more often than it was retried
        raise CardrulesError(f"a Ray task failed after {RETRIES} retries: {type(e).__name__}: {e}") from None
