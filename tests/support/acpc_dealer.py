"""A loopback ACPC dealer for the tests: pokerlab's engine behind a TCP socket on 127.0.0.1."""

from __future__ import annotations

import socket
import threading

from pokerlab.game import Call, Fold, Raise, RaiseTo, view_for
from pokerlab.game.acpc import to_matchstate
from tests.support.timing import hang_guard


class LoopbackDealer(threading.Thread):
    """Deals ``hands`` hands to one client at ``client_position``; plays the other seat with ``house``.

    ``transcript`` records every line sent ("S: ...") and received ("C: ...").
    """

    def __init__(self, rules, hands, house, client_position=0, seed=0, dialect="acpc"):
        super().__init__(daemon=True)
        self.rules, self.hands, self.house = rules, hands, house
        self.position, self.seed, self.dialect = client_position, seed, dialect
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.server.settimeout(hang_guard(30))
        self.port = self.server.getsockname()[1]
        self.transcript: list[str] = []
        self.errors: list[str] = []
        self.final_stacks: list[tuple[int, ...]] = []

    def run(self) -> None:
        conn, _ = self.server.accept()
        conn.settimeout(hang_guard(30))
        # Lines go out as they are written: with Nagle's algorithm the second of two lines sent back to back
        # waited for the client's delayed acknowledgement (about 40 ms a time, 4.4 s for 25 limit hands; 0.2 s
        # without). The stock dealer sets the same option on every seat (tests/acpc_server/dealer.c).
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = conn.makefile("r", newline="\n")
        try:
            hello = reader.readline().strip()
            if not hello.startswith("VERSION:2."):
                self.errors.append(f"bad greeting {hello!r}")
                return
            for hand in range(self.hands):
                self._hand(conn, reader, hand)
        except Exception as exc:
            self.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            conn.close()
            self.server.close()

    def _send(self, conn, line: str) -> None:
        self.transcript.append("S: " + line)
        conn.sendall((line + "\r\n").encode())

    def _hand(self, conn, reader, hand: int) -> None:
        n = 2
        state = self.rules.new_hand(n, button=1, seed=self.seed + hand, hand_number=hand)
        last = None
        while True:
            line = str(to_matchstate(state, self.position, self.dialect))
            if line != last:
                self._send(conn, line)
                last = line
            if state.is_over:
                break
            if state.actor == self.position:
                reply = reader.readline().strip()
                self.transcript.append("C: " + reply)
                if not reply.startswith(line + ":"):
                    self.errors.append(f"reply {reply!r} does not answer {line!r}")
                    return
                state.apply(self._action(reply[len(line) + 1 :], state))
            else:
                state.apply(self.house.act(view_for(state, state.actor)))
        self.final_stacks.append(state.final_stacks)

    def _action(self, text: str, state):
        if text == "f":
            return Fold()
        if text == "c":
            return Call()
        if text == "r":
            return Raise()
        if text.startswith("r"):
            a = state.actor
            before = state.total[a] - state.street_bet[a]
            amount = int(text[1:])
            return RaiseTo(amount if self.dialect == "rembrant" else amount - before)
        raise ValueError(f"unknown action {text!r}")


def record(path, rules, hands, house, client, position=0, seed=0) -> list[str]:
    """Play a loopback match and write its transcript (used to make tests/data/acpc/*.txt)."""
    from pokerlab.game.acpc import run_client

    dealer = LoopbackDealer(rules, hands, house, position, seed)
    dealer.start()
    run_client("127.0.0.1", dealer.port, client, rules)
    dealer.join(30)
    assert not dealer.errors, dealer.errors
    path.write_text("\n".join(dealer.transcript) + "\n")
    return dealer.transcript


if __name__ == "__main__":  # pragma: no cover - regenerate the recorded transcripts
    from pathlib import Path

    from pokerlab.bots import AlwaysCall, RandomBot
    from pokerlab.game import AAAI06_HEADS_UP_LIMIT

    here = Path(__file__).parent.parent / "data" / "acpc"
    record(
        here / "limit_transcript.txt", AAAI06_HEADS_UP_LIMIT, 4, AlwaysCall(), RandomBot(seed=5), position=0, seed=40
    )
