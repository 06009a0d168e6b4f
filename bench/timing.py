"""The bench scripts' one timer (standard library only; never part of `cargo test`)."""
import statistics
import time


def timed(f, runs=3):
    """f()'s result (of the last call) and the median of its wall seconds over `runs` calls."""
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
    return out, statistics.median(times)
