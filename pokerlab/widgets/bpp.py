"""The BPP inspector of lesson 08: the Bayesian network, its evidence and posteriors."""

from __future__ import annotations

import html
from typing import Any, Literal

import ipywidgets as w

from pokerlab import _validate
from pokerlab.bpp import ROUNDS, TYPE_LABELS, action_probabilities, best_action, build_network, evidence_from_cards
from pokerlab.bpp.network import BPPNetwork, Engine, ImpossibleEvidenceError
from pokerlab.bpp.policy import curve_points, pot_odds_threshold
from pokerlab.charts import bpp_curves_chart, chart_svg, network_svg, posterior_chart
from pokerlab.errors import PokerlabError
from pokerlab.streets import PostflopRound, Street
from pokerlab.widgets._common import (
    _WIDE,
    AXIS_LABEL_SIZE,
    _beside,
    _error_html,
    _fit,
    _inline,
    _projector,
    _with_picture,
    _wrap_row,
)

# the betting curves fill their tab, so their labels can be a size above the other explorers' (``_common``'s 12)
CURVE_LABEL_SIZE = 15


class BPPInspector:
    """Open BPP's network, set evidence and see every posterior and what BPP would do.

    Dropdowns set the round and the evidence (own hand type, board type,
    opponent action; "unknown" leaves a node unobserved), or type cards and
    press "from cards". The panel shows the network with the evidence,
    P(win), each node's posterior as bars, the chosen node's conditional
    probability table, and BPP's action probabilities (betting curves, with
    the current P(win) marked) and expected winnings (the decision node)
    for the pot and bet to call. Impossible evidence shows a message.

    ``engine`` is ``"numpy"`` (instant) or ``"pgmpy"`` (variable
    elimination; the first query per network imports pgmpy, which takes
    seconds). ``.result`` holds the last numbers.
    """

    UNKNOWN = "(unknown)"

    def __init__(
        self,
        round: PostflopRound = "flop",
        hand_types: int = 17,
        actions: int = 4,
        final_arc: bool = False,
        charts: bool = True,
        engine: Engine | Literal["numpy", "pgmpy"] = "numpy",
    ) -> None:

        round = _validate.member(Street, round, "round")
        _validate.choice(hand_types, "hand_types", (9, 17))
        _validate.choice(actions, "actions", (2, 4))
        _validate.flag(final_arc, "final_arc")
        _validate.flag(charts, "charts")
        engine = _validate.member(Engine, engine, "engine")
        self._charts = charts
        self._engine = engine
        self._nets: dict[tuple[str, int, int, bool], Any] = {}
        self._labels = TYPE_LABELS
        self.round = w.ToggleButtons(
            options=list(ROUNDS), value=round, description="round", style=_WIDE, layout=_inline()
        )
        self.hand_types = w.ToggleButtons(
            options=[9, 17], value=hand_types, description="hand types", style=_WIDE, layout=_inline()
        )
        self.actions = w.ToggleButtons(
            options=[2, 4], value=actions, description="actions", style=_WIDE, layout=_inline()
        )
        self.final_arc = w.Checkbox(value=final_arc, description="Final-Final arc")
        self.current = w.Dropdown(description="BPP_Current")
        self.board = w.Dropdown(description="Board")
        self.action = w.Dropdown(description="OPP_Action")
        self.hole_cards = w.Text(value="AdQc", description="hole", placeholder="e.g. AdQc")
        self.board_cards = w.Text(value="3h4cJh", description="board", placeholder="e.g. 3h4cJh")
        self.use_cards = w.Button(description="from cards", icon="arrow-down", layout=_fit())
        self.pot = w.IntText(value=40, description="pot")
        self.to_call = w.IntText(value=10, description="to call")
        self.bet = w.IntText(value=10, description="bet size")
        self.cpd_node = w.Dropdown(description="table of")
        self.message = w.HTML()
        self.diagram = w.HTML()
        self.summary = w.HTML()
        self.posterior_view = w.HTML()
        self.curves_view = w.HTML()
        self.cpd_view = w.HTML()
        self.result: dict[str, Any] = {}
        self.last_chart: Any = None
        self._quiet = False
        for box in (self.hand_types, self.actions, self.final_arc, self.round):
            box.observe(lambda _: self._rebuild(), names="value")
        for box in (self.current, self.board, self.action, self.pot, self.to_call, self.bet, self.cpd_node):
            box.observe(lambda _: self.update(), names="value")
        self.use_cards.on_click(lambda _: self.from_cards())
        # the controls and the answer in a column beside one view at a time (the network, the posteriors, the
        # betting curves, a probability table), so the inspector fits a 1280x720 projector (it was 1,845 px tall)
        small = w.Layout(width="15em")
        for box in (self.current, self.board, self.action, self.hole_cards, self.board_cards):
            box.layout = w.Layout(width="20em")
        for box in (self.pot, self.to_call, self.bet):
            box.layout = small
        controls = [
            w.HBox([self.hand_types, self.actions], layout=_wrap_row()),
            self.final_arc,
            self.round,
            self.current,
            self.board,
            self.action,
            self.hole_cards,
            w.HBox([self.board_cards, self.use_cards], layout=_wrap_row()),
            self.pot,
            self.to_call,
            self.bet,
            self.message,
            self.summary,
        ]
        tables = w.VBox([self.cpd_node, self.cpd_view])
        self.views = w.Tab([self.diagram, self.posterior_view, self.curves_view, tables])
        for i, title in enumerate(("network", "posteriors", "betting curves", "probability tables")):
            self.views.set_title(i, title)
        self.widget = _beside(controls, [self.views], controls_width=286)
        self.widget.add_class("pl-bpp-inspector")
        self._rebuild()

    # -- the network for the chosen options --------------------------------
    @property
    def network(self) -> BPPNetwork:
        """The network for the options chosen now (round, hand types, actions, final arc), built once per choice."""
        key = (self.round.value, self.hand_types.value, self.actions.value, self.final_arc.value)
        if key not in self._nets:
            self._nets[key] = build_network(key[0], key[1], key[2], key[3])
        return self._nets[key]

    def _options(self, node: str) -> list[tuple[str, str]]:
        states = self.network.states(node)
        return [(self.UNKNOWN, self.UNKNOWN)] + [(self._labels.get(s, s), s) for s in states]

    def _rebuild(self) -> None:
        """New options after the round or the network's shape changed (keeping what still fits), then the
        answer (unless a caller setting several controls at once holds it back: :meth:`from_cards`)."""
        held = self._quiet
        self._quiet = True
        try:
            for box, node in ((self.current, "BPP_Current"), (self.board, "Board"), (self.action, "OPP_Action")):
                old = box.value
                box.options = self._options(node)
                box.value = old if old in dict((v, k) for k, v in box.options) else self.UNKNOWN
            old_cpd = self.cpd_node.value
            self.cpd_node.options = list(self.network.nodes)
            self.cpd_node.value = old_cpd if old_cpd in self.network.nodes else "OPP_Action"
        finally:
            self._quiet = held
        self.update()

    def evidence(self) -> dict[str, str]:
        """The evidence set in the dropdowns."""
        pairs = (("BPP_Current", self.current), ("Board", self.board), ("OPP_Action", self.action))
        return {node: box.value for node, box in pairs if box.value not in (None, self.UNKNOWN)}

    def from_cards(self) -> None:
        """Set the round, BPP_Current and Board from the typed cards."""

        try:
            rnd, ev = evidence_from_cards(self.hole_cards.value, self.board_cards.value, self.hand_types.value)
        except PokerlabError as exc:
            self.message.value = _error_html(str(exc))
            return
        self._quiet = True  # one answer (and one drawing of the charts) for the four controls set here
        try:
            if self.round.value == rnd:
                self._rebuild()  # the same round: the options are kept
            else:
                self.round.value = rnd  # its observer rebuilds the options
            self.current.value = ev["BPP_Current"]
            self.board.value = ev["Board"]
        finally:
            self._quiet = False
        self.update()

    # -- the answer --------------------------------------------------------
    def update(self) -> None:
        if self._quiet:
            return

        net = self.network
        ev = self.evidence()
        try:
            pot, to_call, bet = self.pot.value, self.to_call.value, self.bet.value
            threshold = pot_odds_threshold(pot, to_call)
            if bet < 0:
                raise PokerlabError("the bet size cannot be negative")
            posts = {n: net.query(n, ev, engine=self._engine) for n in net.nodes}
        except (ImpossibleEvidenceError, PokerlabError) as exc:
            self.message.value = _error_html(str(exc))
            self.result = {"error": str(exc), "evidence": ev}
            self.diagram.value = self._diagram(ev, None)
            self.summary.value = self.posterior_view.value = self.curves_view.value = ""
            self.last_chart = None
            self._show_cpd()
            return
        self.message.value = ""
        p_win = posts["BPP_Win"]["win"]
        probs = action_probabilities(p_win, pot, to_call, net.round)
        best, ev_chips = best_action(p_win, pot, to_call, bet)
        self.result = {
            "evidence": ev,
            "p_win": p_win,
            "threshold": threshold,
            "probabilities": probs,
            "expected_winnings": ev_chips,
            "decision": best,
            "posteriors": posts,
        }
        names = {"fold": "fold", "call": "call" if to_call else "check", "raise": "raise" if to_call else "bet"}
        prob_text = ", ".join(f"{names[a]} {p:.0%}" for a, p in probs.items() if a in names and p > 0)
        ev_text = ", ".join(f"{names[a]} {v:+.1f}" for a, v in ev_chips.items())
        summary = (
            f'<div class="pl-bpp-summary"><b>P(win) = {p_win:.3f}</b> &nbsp; pot-odds threshold {threshold:.3f} '
            f"&nbsp; x = P(win) - threshold = {p_win - threshold:+.3f}<br>"
            f"betting curves: {html.escape(prob_text)}<br>"
            f"decision node (expected chips from now): {html.escape(ev_text)} &rarr; <b>{names[best]}</b></div>"
        )
        diagram = self._diagram(ev, posts)
        if self._charts:  # both charts drawn before anything is shown: the numbers change with their charts
            import altair as alt

            posterior = posterior_chart(posts, ev)
            for panel in posterior.concat:  # four to a row in the view beside the controls
                panel.width = 100
                panel.height = alt.Step(AXIS_LABEL_SIZE)  # a state per label height: 17 labels never overlap
            posterior_svg = chart_svg(_projector(posterior))
            rows = curve_points(net.round, pot, to_call, points=51)
            title = f"BPP's betting curves on the {net.round} (pot {pot}, to call {to_call})"
            curves = bpp_curves_chart(rows, p_win, title)
            # the tab's whole width and height, with the labels a size above the other explorers' for the back row
            curves_svg = chart_svg(
                curves.properties(width=540, height=300)
                .configure_axis(labelFontSize=CURVE_LABEL_SIZE, titleFontSize=CURVE_LABEL_SIZE + 1)
                .configure_title(fontSize=CURVE_LABEL_SIZE + 2)
                .configure_legend(labelFontSize=CURVE_LABEL_SIZE, titleFontSize=CURVE_LABEL_SIZE + 1)
            )
            self.last_chart = (curves & posterior_chart(posts, ev)).resolve_scale(color="independent")
            self.posterior_view.value, self.curves_view.value = posterior_svg, curves_svg
        self.summary.value, self.diagram.value = summary, diagram
        self._show_cpd()

    def _diagram(self, ev: dict[str, str], posts: dict[str, dict[str, float]] | None) -> str:

        return network_svg(self.network, ev, posts)

    def _show_cpd(self) -> None:
        node = self.cpd_node.value
        if node is None:
            return
        frame = self.network.cpd_frame(node)
        table = frame.to_html(float_format=lambda v: f"{v:.3f}", classes="pl-cpd")
        self.cpd_view.value = (
            f"<div><b>P({html.escape(node)} | {html.escape(', '.join(self.network.parents[node]) or '-')})</b></div>"
            f'<div style="max-height:320px;overflow:auto;font-size:11px">{table}</div>'
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
