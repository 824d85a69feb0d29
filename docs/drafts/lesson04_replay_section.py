# %% [markdown]
# ## Studying a real hand: pot odds against equity
#
# Hand histories are how people publish poker: televised hands, online logs, the 10,000 hands
# Pluribus played against professionals (Brown and Sandholm, "Superhuman AI for multiplayer
# poker"). pokerlab reads them in the PHH format and replays them exactly, decimals, antes and
# all; cards nobody saw are written `????` and are never guessed.
#
# One idea is enough to study a hand: **a call pays off when the caller's equity is at least the
# pot odds**, the share of the final pot the call pays for, `to_call / (pot + to_call)` (the
# pot odds of the Waterloo report, Li, Zhang and Gao's "Bot for Texas Hold'em").
# The file below is a three-handed hand written in the shape of a famous televised pot (same
# stacks and bets, made-up cards). Step through it: at each decision the replayer shows the pot,
# the price of calling, and the equity, hand strength and potential of every hand we know.

# %%
from pathlib import Path

from pokerlab.charts import enable_offline
from pokerlab.game.phh import read_hand
from pokerlab.widgets import HandReplayer

enable_offline()
hand = read_hand(Path("..") / "data" / "hands" / "three_handed_all_in.phh")
replayer = HandReplayer(hand, potential=True)
replayer  # noqa: B018 - a notebook shows the last expression

# %% [markdown]
# The last decision is the Button's call of the Small Blind's all-in on the turn. Its price and
# its chance, as the replayer computed them:

# %%
# NBVAL_CHECK_OUTPUT
call = replayer.study.decisions[-1]
print(call.player, call.action)
print(f"pot odds {call.pot_odds:.1%}, equity {call.numbers['Button'].equity:.1%}")
print("a good call" if call.numbers["Button"].equity >= call.pot_odds else "a bad call")

# %% [markdown]
# The Button held only eight-high against king-high, but its open-ended straight draw and its
# pairing cards gave it about 30 % for a price of 15.6 %: calling was right, because over many
# such spots the call wins more than it costs. The river paired the king, and the chart shows
# the Button's equity falling to zero. The same study prints from a
# shell: `pokerlab replay data/hands/three_handed_all_in.phh`.

# %%
replayer.chart(upto=3)
