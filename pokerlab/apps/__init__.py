"""Play in the browser: heads-up against BPP, and a BigHoldem table (``pokerlab play``).

* :class:`HeadsUpApp` (seed 000): you against BPP under the AAAI'06 heads-up limit rules;
* :class:`BigHoldemApp` (seed 002): 2-10 players, a setup panel, watch mode, a SQLite leaderboard;
* :mod:`pokerlab.apps.session`: the table logic both use (no widgets);
* :mod:`pokerlab.apps.serve`: Voila on 127.0.0.1 with an offline page template.

In a notebook cell, ``HeadsUpApp()`` or ``BigHoldemApp()`` shows the same app.
"""

from pokerlab.apps.bigholdem import BigHoldemApp, BigHoldemSetup, validate_setup
from pokerlab.apps.heads_up import HeadsUpApp
from pokerlab.apps.leaderboard import Leaderboard
from pokerlab.apps.session import Seat, TableSession

__all__ = ["BigHoldemApp", "BigHoldemSetup", "HeadsUpApp", "Leaderboard", "Seat", "TableSession", "validate_setup"]
