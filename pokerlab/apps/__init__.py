"""Play in the browser: heads-up against BPP, and a BigHoldem table (``pokerlab play``).

* :class:`HeadsUpApp`: you against BPP (or any bot) under the AAAI'06 heads-up limit rules, as on
  the BPP web front-end (Monash University; Korb, Nicholson, Jitnah);
* :class:`BigHoldemApp`: 2-10 players with the setup fields and rules of BigHoldem's rules page,
  watch mode, a SQLite leaderboard;
* :mod:`pokerlab.apps.session`: the table logic both use (no widgets);
* :mod:`pokerlab.apps.table_view` and :mod:`pokerlab.apps.explain`: the table drawn as HTML/SVG
  and the hand told in words;
* :mod:`pokerlab.apps.serve`: Voila on 127.0.0.1 with an offline page template.

In a notebook cell, ``HeadsUpApp()`` or ``BigHoldemApp()`` shows the same app.
"""

from pokerlab.apps.bigholdem import BigHoldemApp
from pokerlab.apps.heads_up import HeadsUpApp
from pokerlab.apps.leaderboard import Leaderboard
from pokerlab.apps.session import Seat, TableSession
from pokerlab.apps.table_setup import BigHoldemSetup, validate_setup

__all__ = ["BigHoldemApp", "BigHoldemSetup", "HeadsUpApp", "Leaderboard", "Seat", "TableSession", "validate_setup"]
