"""Start-up costs: `import pokerlab`, and the one-time table build and compilation.

The import must stay under 1 s; the first use builds the evaluator tables
and compiles the numba kernels once, caching both on disk (target: under
30 s). This script measures both from a cold cache in a temporary folder,
then again warm. Run:

    python benchmarks/bench_startup.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

FIRST_USE = (
    "import time; t=time.perf_counter(); import pokerlab as pl; "
    "pl.evaluate_batch(__import__('numpy').zeros((1,7),dtype=int)+__import__('numpy').arange(7)); "
    "pl.hand_potential('AdQc','3h4cJh'); pl.hand_strength('AdQc','3h4cJh'); "
    "pl.equity('AsAh','KsKh'); pl.equity('AhKh', samples=1000, seed=1); pl.category_counts(5, progress=False); "
    "print(time.perf_counter()-t)"
)


def run(code: str, env: dict[str, str]) -> float:
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    return float(out) if out.strip() else wall


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, POKERLAB_CACHE_DIR=cache, NUMBA_CACHE_DIR=cache)
        imports = [
            run("import time; t=time.perf_counter(); import pokerlab; print(time.perf_counter()-t)", env)
            for _ in range(5)
        ]
        cold = run(FIRST_USE, env)
        warm = run(FIRST_USE, env)
    print(f"import pokerlab: median {statistics.median(imports):.3f} s over 5 runs (target < 1 s)")
    print(f"first use with an empty cache (build tables + compile kernels): {cold:.1f} s (target < 30 s)")
    print(f"first use with the cache on disk: {warm:.1f} s")


if __name__ == "__main__":
    main()
