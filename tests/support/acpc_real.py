"""The real ACPC dealer for tests and benchmarks: build it from tests/acpc_server and run matches on 127.0.0.1.

``build(folder)`` compiles ``dealer`` and ``example_player`` with the Makefile's rules (gcc -O3 -Wall) in
``folder``; ``RealMatch`` starts the dealer there, hands back its ports, and after the match returns the
dealer's log and its stderr. Everything listens on the loopback interface only (see PROVENANCE.md there).
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.support.timing import hang_guard

SOURCES = Path(__file__).parent.parent / "acpc_server"
PROGRAMS = {
    "dealer": ["game.c", "rng.c", "dealer.c", "net.c"],
    "example_player": ["game.c", "rng.c", "example_player.c", "net.c"],
}


def compiler() -> str | None:
    """A C compiler on PATH (gcc, else cc), or None."""
    return shutil.which("gcc") or shutil.which("cc")


def build(folder: Path) -> Path:
    """Copy the vendored sources to ``folder``, bind them to 127.0.0.1 and compile both programs there."""
    cc = compiler()
    if cc is None:
        raise RuntimeError("no C compiler (gcc or cc) on PATH")
    folder.mkdir(parents=True, exist_ok=True)
    for f in SOURCES.iterdir():
        shutil.copy(f, folder / f.name)
    net = folder / "net.c"
    text = net.read_text()
    assert text.count("htonl( INADDR_ANY )") == 2, "net.c changed: update the loopback substitution"
    net.write_text(text.replace("htonl( INADDR_ANY )", "htonl( INADDR_LOOPBACK )"))
    for program, sources in PROGRAMS.items():
        proc = subprocess.run(
            [cc, "-O3", "-Wall", "-o", program, *sources],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=hang_guard(300),
        )
        if proc.returncode != 0:
            raise RuntimeError(f"building {program} failed:\n{proc.stderr}")
    return folder


@dataclass
class MatchOutput:
    log: str
    stderr: str
    returncode: int

    @property
    def score(self) -> dict[str, float]:
        """The dealer's final SCORE line: chips won per player name."""
        line = next(ln for ln in self.log.splitlines() if ln.startswith("SCORE:"))
        _, values, names = line.split(":")
        return dict(zip(names.split("|"), map(float, values.split("|")), strict=True))

    @property
    def warnings(self) -> list[str]:
        """The dealer's complaints (an invalid or late action, a bad message)."""
        return [ln for ln in self.stderr.splitlines() if ln.startswith(("WARNING", "ERROR"))]


class RealMatch:
    """The ACPC dealer running ``hands`` hands of ``game`` (a .game file) for players ``names``."""

    def __init__(self, folder: Path, game: Path, hands: int, seed: int, names: list[str], name: str = "match"):
        self.folder, self.name = folder, name
        self.proc = subprocess.Popen(
            [str(folder / "dealer"), name, str(game), str(hands), str(seed), *names, "-q", "--start_timeout", "30000"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.ports = [int(p) for p in self.proc.stdout.readline().split()]
        if len(self.ports) != len(names):
            self.proc.kill()
            raise RuntimeError(f"the dealer did not start: {self.proc.stderr.read() if self.proc.stderr else ''}")
        self.players: list[subprocess.Popen] = []

    def example_player(self, game: Path, seat: int) -> subprocess.Popen:
        """Connect the server's example player (random: 6 % fold, else call or raise) to ``seat``."""
        p = subprocess.Popen(
            [str(self.folder / "example_player"), str(game), "127.0.0.1", str(self.ports[seat])],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.players.append(p)
        return p

    def finish(self, timeout: float = 120) -> MatchOutput:
        """Wait for the match to end; the dealer's log, stderr and exit status."""
        try:
            _, err = self.proc.communicate(timeout=hang_guard(timeout))
        finally:
            self.stop()
        log = self.folder / f"{self.name}.log"
        return MatchOutput(log.read_text() if log.exists() else "", err, self.proc.returncode)

    def stop(self) -> None:
        for p in [*self.players, self.proc]:
            if p.poll() is None:
                p.kill()
                p.wait(5)
