"""Run notebooks top to bottom on a fresh kernel and save them as a reader should see them.

    python -m tests.save_notebooks                      # every lesson and the course map
    python -m tests.save_notebooks notebooks/02_*.ipynb # some of them

Like ``jupyter nbconvert --to notebook --execute --inplace`` (the kernel starts in the notebook's
folder), but without storing the widget state: that state is hundreds of KB of SVG per notebook,
and with it nbconvert's HTML shows the widgets (which need JavaScript from a CDN) instead of the
PNG each explorer saves beside them. Prints each notebook's run time and size.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def save(path: Path, timeout: int = 600) -> tuple[float, int]:
    """Execute ``path`` in place; returns (seconds, bytes)."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=False,
    ).execute()
    seconds = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return seconds, path.stat().st_size


def main(args: list[str]) -> None:
    paths = [Path(a) for a in args] or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    failed = []
    for path in paths:
        try:
            seconds, size = save(path.resolve())
        except Exception as exc:  # a failing cell: report it, keep the file as it was, go on
            failed.append(path.name)
            print(f"{path.name:55s} FAILED: {str(exc).strip().splitlines()[-1][:300]}", flush=True)
            continue
        print(f"{path.name:55s} {seconds:6.1f} s {size / 1e6:6.2f} MB", flush=True)
    if failed:
        raise SystemExit(f"{len(failed)} notebook(s) failed: {', '.join(failed)}")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
