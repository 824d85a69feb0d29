"""The postflop solver's hot loop, compiled with numba (imported lazily, cached on disk).

One table holds every node, each segment in preorder (a parent before its children):

* the **root segment**, nodes ``0 .. n_root - 1``: the turn's betting (or, on a river board, a single
  chance leaf), whose leaves are folds and *chance leaves* (kind 3);
* the **templates**: one river betting tree per distinct pot reached at a chance leaf (a single showdown
  node when a player is all-in). The subtree under chance leaf ``j`` and river card slot ``k`` is template
  ``tmpl[j]`` with its own storage block ``inst_base[j] + k * block[j]``.

Node arrays::

    kind[n]       0 fold, 1 showdown, 2 decision, 3 chance leaf
    player[n]     0 (OOP) or 1 (IP) at a decision, the folder at a fold
    nkid[n]       number of children; kid[n, a] the child after action a
    put0/put1[n]  chips each player has put in during the subgame
    off[n]        storage offset of a decision node (absolute in the root segment, within the block in a
                  template): regrets and strategy sums live at ``off + a * n_hands[player] + h``
    leaf[n]       at a chance leaf, its index j

Hands of player p: ``cards[p, h]`` (two card ids), ``strength[p, k, h]`` on the board plus river slot k
(-1 when the hand holds that river card), ``order[p, k]`` the live hands sorted by strength,
``same[p, h]`` the opponent's index of the same two cards (-1 if none).

One pass for the *traverser* t computes t's counterfactual values (opponent reach times payoff, summed
over the opponent's hands that share no card) top-down for the reaches, bottom-up for the values:

* ``mode 0`` CFR: current strategies from regrets; t's regrets and strategy sums are updated;
* ``mode 1`` best response: t maximises per hand, the opponent plays the average strategy;
* ``mode 2`` evaluation: both play the average strategy.

With suit isomorphism (see :meth:`pokerlab.solve.postflop._Game._isomorphism`) the arrays hold only one river
card per class of interchangeable suits (``K`` the number of classes, storage blocks and strengths per
representative) and ``iso = (on, rep_of, perm)`` says how the other cards mirror them: :func:`_mirror` turns
the representatives' values into the sum over every river card that the chance leaf adds up. With ``on``
False (the arrays hold every card) ``iso`` is ignored.

Showdowns and folds cost O(n) per node: the opponent's reach mass below (above) each hand's strength is
a running sum over hands in strength order, minus the mass on hands that share one of its two cards
(inclusion-exclusion with a 52-entry table; the one hand sharing both cards is added back). Inside a pass
payoffs are measured from the middle of the pot (half the starting pot less than the plain payoffs, the
same at every terminal, so regrets and best responses are unchanged): a tie is worth 0, a showdown needs
two running sums instead of three, and :func:`solve_pass` adds the half pot back at the root.
:mod:`pokerlab.solve.postflop` holds the same arithmetic written plainly, which the tests hold it to.
"""

from __future__ import annotations

import os

# numba's OpenMP threads wait for the next pass asleep, not spinning (unless the user chose otherwise). A turn pass
# ends in a serial part, so a spinning thread burns its core while the main thread works: on 2 cores, 10 iterations
# of the full turn took the same time with 20 % less CPU, which on a shared machine is time the other thread gets.
# Read by libgomp when numba first starts its threads, so it must be set before any parallel kernel runs.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numpy as np
from numba import njit, prange

from pokerlab import _notice

__all__ = ["discount", "run", "solve_pass"]

_notice.install()

# The fastmath kernels use numba's numpy error model: a division by zero gives inf/nan instead of raising, so no
# check guards each division (every one here is already guarded by a branch). The same values, about 3 % less
# time on the benchmark's river (1.82-1.88 ms against 1.88-1.90 ms, alternating runs, load 5.7).
#
# The small kernels a pass calls for every node (regret matching, folds, showdowns) are compiled without numba's
# runtime too (``_nrt=False``, below): a call between compiled functions that use the runtime raises and lowers the
# reference count of every array argument and view with atomic instructions, and a profile of the benchmark's river
# (perf, symbols from numba's compiled libraries) put a quarter of the solve's time in them. They were first inlined
# into their callers (numba's inline="always") for the same reason; without the runtime they run as fast as inlined
# (river 1.94 against 1.95-2.00 ms, short turn 332 against 320-337 ms, load 5) and the first compile takes half the
# CPU (77 against 151 CPU-s, a cold numba cache), since each caller no longer compiles its own copy of each.
#
# The two functions a pass calls once per segment (:func:`_segment`, :func:`_instance`) are compiled without numba's
# runtime (``_nrt=False``): they allocate nothing (their scratch arrays come from :func:`_workspace`, their copies are
# explicit loops, since a slice assignment may allocate a temporary), so nothing in them needs a reference count,
# and without the runtime numba counts none. With it, every array argument, tuple element and row view they take
# was counted up and down with atomic instructions: a profile of the short-stacked turn of
# benchmarks/bench_postflop.py (perf, 6 s of repeated solves) put 48 % of the solve in the two atomic instructions,
# the river spots' less. Without it: the same iterations and values, the short turn 0.41 s against 1.55 s and the
# weighted river 1.7 ms against 2.4 ms (least of repeated solves, load 7-8), and no atomic left in the profile.
# The callers allocate and own every array; the two only read and write them during the call.


@njit(cache=True, fastmath=True, error_model="numpy", _nrt=False)
def _sigma(src, base, na, n, lock, has_lock, out, den):  # pragma: no cover - compiled
    """Positive parts normalised per hand (uniform when none): regret matching, or the average strategy.

    Action-major loops over one-dimensional rows indexed by the loop variable alone, so that the compiler
    vectorises them (an index it cannot prove non-negative, such as ``base + h``, gets numba's negative-index
    check and stays scalar, five times slower); ``den`` is the caller's scratch row.
    """
    row = src[base : base + n]
    oa = out[0]
    for h in range(n):
        v = row[h]
        v = v if v > 0 else 0.0
        oa[h] = v
        den[h] = v
    for a in range(1, na):
        row = src[base + a * n : base + (a + 1) * n]
        oa = out[a]
        for h in range(n):
            v = row[h]
            v = v if v > 0 else 0.0
            oa[h] = v
            den[h] += v
    u = 1.0 / na
    oa = out[0]
    for h in range(n):
        d = den[h]
        inv = 1.0 / d if d > 0 else 0.0
        den[h] = inv
        oa[h] = oa[h] * inv if d > 0 else u
    for a in range(1, na):
        oa = out[a]
        for h in range(n):
            oa[h] = oa[h] * den[h] if den[h] > 0 else u
    if has_lock:
        for h in range(n):
            if lock[base + h] >= 0:
                for a in range(na):
                    out[a, h] = lock[base + a * n + h]


@njit(cache=True, fastmath=True, error_model="numpy")
def _mass(reach_o, cards_o, n_o, cards_t, n_t, same_t, k, strength_t, out):  # pragma: no cover - compiled
    """Opponent reach on hands sharing no card with each traverser hand."""
    _mass_ws(reach_o, cards_o, n_o, cards_t, n_t, same_t, k, strength_t, out, np.empty(52))


@njit(cache=True, fastmath=True, error_model="numpy", _nrt=False)
def _mass_ws(reach_o, cards_o, n_o, cards_t, n_t, same_t, k, strength_t, out, tab):  # pragma: no cover - compiled
    """:func:`_mass` with the caller's 52-entry scratch table (no allocation in the hot loop)."""
    tab[:] = 0.0
    tot = 0.0
    for g in range(n_o):
        r = reach_o[g]
        if r != 0.0:
            tot += r
            tab[cards_o[g, 0]] += r
            tab[cards_o[g, 1]] += r
    if tot == 0.0:
        for h in range(n_t):
            out[h] = 0.0
        return
    for h in range(n_t):
        sh = same_t[h]
        m = tot - tab[cards_t[h, 0]] - tab[cards_t[h, 1]] + (reach_o[sh] if sh >= 0 else 0.0)
        out[h] = m
    if k >= 0:
        for h in range(n_t):
            out[h] = out[h] if strength_t[k, h] >= 0 else 0.0


@njit(cache=True, fastmath=True, error_model="numpy")
def _showdown(reach_o, t, k, cards, nh, strength, order, cnt, same, win, lose, tie, out):  # pragma: no cover
    """out[h] = win * (mass below h) + lose * (mass above h) + tie * (mass level with h), card removal included."""
    n_t = nh[t]
    _showdown_ws(
        reach_o, t, k, cards, nh, strength, order, cnt, same, win, lose, tie, out,
        np.empty(52), np.empty(n_t), np.empty(n_t), np.empty(n_t),
    )  # fmt: skip


@njit(cache=True, fastmath=True, error_model="numpy")
def _showdown_ws(
    reach_o, t, k, cards, nh, strength, order, cnt, same, win, lose, tie, out, tab, below, above, mass
):  # pragma: no cover - compiled
    """:func:`_showdown` with the caller's scratch arrays (no allocation in the hot loop)."""
    o = 1 - t
    n_t = nh[t]
    for h in range(n_t):
        out[h] = 0.0
    tab[:] = 0.0
    run = 0.0
    j = 0
    co = cnt[o, k]
    ct = cnt[t, k]
    i = 0
    while i < ct:
        h = order[t, k, i]
        s = strength[t, k, h]
        while j < co:
            g = order[o, k, j]
            if strength[o, k, g] >= s:
                break
            r = reach_o[g]
            run += r
            tab[cards[o, g, 0]] += r
            tab[cards[o, g, 1]] += r
            j += 1
        below[h] = run - tab[cards[t, h, 0]] - tab[cards[t, h, 1]]
        i += 1
    tab[:] = 0.0
    run = 0.0
    j = co - 1
    i = ct - 1
    while i >= 0:
        h = order[t, k, i]
        s = strength[t, k, h]
        while j >= 0:
            g = order[o, k, j]
            if strength[o, k, g] <= s:
                break
            r = reach_o[g]
            run += r
            tab[cards[o, g, 0]] += r
            tab[cards[o, g, 1]] += r
            j -= 1
        above[h] = run - tab[cards[t, h, 0]] - tab[cards[t, h, 1]]
        i -= 1
    _mass_ws(reach_o, cards[o], nh[o], cards[t], n_t, same[t], k, strength[t], mass, tab)
    for i in range(ct):
        h = order[t, k, i]
        out[h] = win * below[h] + lose * above[h] + tie * (mass[h] - below[h] - above[h])


@njit(cache=True, fastmath=True, error_model="numpy", _nrt=False)
def _showdown_half(ro, t, k, nh, order, cnt, ostr, ocards, win, lose, out, tab):  # pragma: no cover - compiled
    """out[h] = win * (opponent mass strictly below h) - lose * (mass strictly above h), card removal included.

    Payoffs measured from the middle of the pot (each player's share of it when the hands tie): the winner
    gains ``win``, the loser loses ``lose``, a tie is 0, so two passes over the hands in strength order suffice
    (no third pass for the ties). ``ostr`` and ``ocards`` are strengths and cards already in that order.
    """
    o = 1 - t
    for h in range(nh[t]):
        out[h] = 0.0
    co = cnt[o, k]
    ct = cnt[t, k]
    so, st = ostr[o, k], ostr[t, k]  # one-dimensional views: no index arithmetic over four axes in the scan
    go, gt = order[o, k], order[t, k]
    co2, ct2 = ocards[o, k], ocards[t, k]
    tab[:] = 0.0
    run = 0.0
    j = 0
    for i in range(ct):
        s = st[i]
        while j < co and so[j] < s:
            r = ro[go[j]]
            if r != 0.0:
                run += r
                tab[co2[j, 0]] += r
                tab[co2[j, 1]] += r
            j += 1
        out[gt[i]] = win * (run - tab[ct2[i, 0]] - tab[ct2[i, 1]])
    tab[:] = 0.0
    run = 0.0
    j = co
    for i in range(ct - 1, -1, -1):
        s = st[i]
        while j > 0 and so[j - 1] > s:
            j -= 1
            r = ro[go[j]]
            if r != 0.0:
                run += r
                tab[co2[j, 0]] += r
                tab[co2[j, 1]] += r
        out[gt[i]] -= lose * (run - tab[ct2[i, 0]] - tab[ct2[i, 1]])


@njit(cache=True)
def _workspace(length, width, actions):  # pragma: no cover - compiled
    """Scratch arrays for :func:`_segment` over at most ``length`` nodes of ``width`` hands and ``actions`` actions:
    flat buffers each segment reshapes to its own size, allocated once per pass (per subtree on threads)."""
    return (
        np.empty(length * width),  # reaches of the opponent, a row per node
        np.empty(length * width),  # the traverser's own reaches
        np.empty(length * width),  # counterfactual values
        np.zeros(length, np.int64),  # the row holding a node's opponent reach
        np.zeros(length, np.int64),  # ... and its own reach
        np.empty(actions * width),  # a node's strategy
        np.empty(width),  # regret matching's scratch row
        np.empty(52),  # the card table of the showdowns and folds
        np.empty(width),  # a subtree's root reaches (opponent, own)
        np.empty(width),
        np.empty(length * actions * width),  # the traverser's strategies, a block per node (CFR passes)
    )


@njit(cache=True, fastmath=True, error_model="numpy", _nrt=False)
def _segment(
    start, ln, k, base, t, mode, ro0, rt0, leafres, out, tree, hands, regret, strat, lock, has_lock, disc, pot, ws
):  # pragma: no cover - compiled
    """Values of traverser t over one segment (nodes start .. start+ln-1), root reaches ro0/rt0.

    Payoffs are measured from the middle of the pot (a player's chips back minus what they put in, minus
    half the starting pot): the same for every terminal, so regrets and best responses do not change, and
    :func:`solve_pass` adds the half pot back at the root. A child whose reach row equals its parent's (the
    opponent's row under the traverser's action, and the other way round) shares the parent's row.
    Own reaches (``rt``) are only followed in a CFR pass (``mode 0``), for the strategy sums.
    """
    kind, player, nkid, kid, put0, put1, off, leaf = tree
    cards, nh, strength, order, cnt, same, ostr, ocards = hands
    alpha, beta, gamma, sweight, plus = disc
    o = 1 - t
    n_t = nh[t]
    n_o = nh[o]
    half = 0.5 * pot
    f_ro, f_rt, f_cfv, io, it, f_sig, den, tab = ws[0], ws[1], ws[2], ws[3], ws[4], ws[5], ws[6], ws[7]
    ro = f_ro[: ln * n_o].reshape((ln, n_o))
    rt = f_rt[: ln * n_t].reshape((ln, n_t))
    cfv = f_cfv[: ln * n_t].reshape((ln, n_t))
    nmax = max(n_t, n_o)
    sig = f_sig[: kid.shape[1] * nmax].reshape((kid.shape[1], nmax))
    # a CFR pass keeps the traverser's strategy at each node from the top-down pass for the bottom-up one (its
    # regrets change only at that node's own update, after the last use)
    mine = ws[10][: (ln if mode == 0 else 1) * kid.shape[1] * n_t].reshape((ln if mode == 0 else 1, kid.shape[1], n_t))
    io[0] = 0  # the row of ro (rt) holding node li's reach
    it[0] = 0
    src = regret if mode == 0 else strat
    # Hot loops run over one-dimensional rows indexed by the loop variable only (see _sigma): vectorised.
    r0 = ro[0]
    for g in range(n_o):
        r0[g] = ro0[g]
    if mode == 0:
        r0 = rt[0]
        for h in range(n_t):
            r0[h] = rt0[h]
    # top-down: reaches
    for li in range(ln):
        i = start + li
        if kind[i] != 2:
            continue
        q = player[i]
        na = nkid[i]
        if q == t:
            if mode != 0:
                for a in range(na):
                    io[kid[i, a] - start] = io[li]
                continue
            sl = mine[li]
            _sigma(src, base + off[i], na, n_t, lock, has_lock, sl, den)
            up = rt[it[li]]
            for a in range(na):
                lc = kid[i, a] - start
                io[lc] = io[li]
                it[lc] = lc
                dst = rt[lc]
                sa = sl[a]
                for h in range(n_t):
                    dst[h] = up[h] * sa[h]
        else:
            _sigma(src, base + off[i], na, n_o, lock, has_lock, sig, den)
            up = ro[io[li]]
            for a in range(na):
                lc = kid[i, a] - start
                it[lc] = it[li]
                io[lc] = lc
                dst = ro[lc]
                sa = sig[a]
                for g in range(n_o):
                    dst[g] = up[g] * sa[g]
    # bottom-up: values
    for li in range(ln - 1, -1, -1):
        i = start + li
        kd = kind[i]
        here = cfv[li]
        if kd == 0:
            pt = put0[i] if t == 0 else put1[i]
            po = put1[i] if t == 0 else put0[i]
            pay = -pt - half if player[i] == t else half + po
            _mass_ws(ro[io[li]], cards[o], n_o, cards[t], n_t, same[t], k, strength[t], here, tab)
            for h in range(n_t):
                here[h] *= pay
        elif kd == 1:
            pt = put0[i] if t == 0 else put1[i]
            po = put1[i] if t == 0 else put0[i]
            _showdown_half(ro[io[li]], t, k, nh, order, cnt, ostr, ocards, half + po, half + pt, here, tab)
        elif kd == 3:
            lr = leafres[leaf[i]]
            for h in range(n_t):
                here[h] = lr[h]
        else:
            q = player[i]
            na = nkid[i]
            first = cfv[kid[i, 0] - start]
            if q != t:
                for h in range(n_t):
                    here[h] = first[h]
                for a in range(1, na):
                    c = cfv[kid[i, a] - start]
                    for h in range(n_t):
                        here[h] += c[h]
                continue
            b = base + off[i]
            if mode == 1:
                for h in range(n_t):
                    here[h] = first[h]
                for a in range(1, na):
                    c = cfv[kid[i, a] - start]
                    for h in range(n_t):
                        here[h] = c[h] if c[h] > here[h] else here[h]
                if has_lock:
                    _sigma(src, b, na, n_t, lock, has_lock, sig, den)
                    for h in range(n_t):
                        if lock[b + h] >= 0:
                            v = 0.0
                            for a in range(na):
                                v += sig[a, h] * cfv[kid[i, a] - start, h]
                            here[h] = v
                continue
            if mode == 0:
                sl = mine[li]
            else:
                _sigma(src, b, na, n_t, lock, has_lock, sig, den)
                sl = sig
            s0 = sl[0]
            for h in range(n_t):
                here[h] = s0[h] * first[h]
            for a in range(1, na):
                c = cfv[kid[i, a] - start]
                sa = sl[a]
                for h in range(n_t):
                    here[h] += sa[h] * c[h]
            if mode == 0:
                own = rt[it[li]]
                for a in range(na):
                    c = cfv[kid[i, a] - start]
                    sa = sl[a]
                    x0 = b + a * n_t
                    rg = regret[x0 : x0 + n_t]
                    sg = strat[x0 : x0 + n_t]
                    if plus:
                        for h in range(n_t):
                            r = rg[h] + (c[h] - here[h])
                            rg[h] = r if r > 0 else 0.0
                            sg[h] = sg[h] * gamma + sweight * own[h] * sa[h]
                    else:
                        for h in range(n_t):
                            r = rg[h]
                            rg[h] = r * (alpha if r > 0 else beta) + (c[h] - here[h])
                            sg[h] = sg[h] * gamma + sweight * own[h] * sa[h]
    c0 = cfv[0]
    for h in range(n_t):
        out[h] = c0[h]


@njit(cache=True, fastmath=True, error_model="numpy", _nrt=False)
def _instance(
    x,
    t,
    mode,
    K,
    factor,
    leaf_node,
    tmpl_root,
    tmpl_len,
    inst_base,
    block,
    ro,
    rt,
    res,
    tree,
    hands,
    regret,
    strat,
    lock,
    has_lock,
    disc,
    pot,
    ws,
):  # pragma: no cover - compiled
    """The river subtree number x (chance leaf x // K, river slot x % K): its root values into res[x]."""
    nh = hands[1]
    strength = hands[2]
    o = 1 - t
    n_t = nh[t]
    n_o = nh[o]
    j = x // K
    k = x % K
    nd = leaf_node[j]
    ro_in = ws[8][:n_o]
    rt_in = ws[9][:n_t]
    for g in range(n_o):
        ro_in[g] = 0.0 if strength[o, k, g] < 0 else ro[nd, g] * factor
    for h in range(n_t):
        rt_in[h] = 0.0 if strength[t, k, h] < 0 else rt[nd, h]
    _segment(
        tmpl_root[j],
        tmpl_len[j],
        k,
        inst_base[j] + k * block[j],
        t,
        mode,
        ro_in,
        rt_in,
        res,
        res[x],
        tree,
        hands,
        regret,
        strat,
        lock,
        has_lock,
        disc,
        pot,
        ws,
    )


@njit(cache=True)
def _mirror(res, t, K, nh, iso):  # pragma: no cover - compiled
    """With suit isomorphism, the representatives' rows of ``res`` become the sum over every river card.

    ``res`` holds one row per chance leaf and representative river card (``K`` of them): traverser t's values
    in that subtree. The subtree under a card c of the same class is its mirror image, so hand h's value there
    is the representative's value of hand ``perm[c, t, h]`` (the hand h becomes when the suits are permuted
    back); summing those over every card of the class gives the row the chance leaf adds up, as if each card
    had been solved. ``iso`` is (on, rep_of, perm): ``rep_of[c]`` the representative of full slot c.
    """
    on, rep_of, perm = iso
    if not on:
        return
    n_t = nh[t]
    raw = res.copy()
    res[:, :] = 0.0
    J = res.shape[0] // K
    for j in range(J):
        # the whole sum in the first row, over the cards in the full layout's order (the other rows 0.0): the
        # chance leaf then adds exactly what it adds without the isomorphism, rounding included
        dst = res[j * K]
        for c in range(rep_of.shape[0]):
            src = raw[j * K + rep_of[c]]
            pc = perm[c, t]
            for h in range(n_t):
                dst[h] += src[pc[h]]


@njit(cache=True, parallel=True)
def _instances_par(
    t,
    mode,
    K,
    factor,
    leaf_node,
    tmpl_root,
    tmpl_len,
    inst_base,
    block,
    ro,
    rt,
    res,
    tree,
    hands,
    regret,
    strat,
    lock,
    has_lock,
    iso,
    disc,
    pot,
):  # pragma: no cover - compiled
    """Every river subtree, spread over numba's threads, largest first and one subtree at a time.

    numba's default schedule cuts the loop into one contiguous block per thread; the subtrees under a
    check-check are far larger than those under an all-in call (a single showdown), so one thread got
    most of the work and the other waited. Handing out one subtree at a time (chunk size 1), the
    largest first, keeps both busy, and a thread the machine descheduled delays only its current subtree.
    """
    n = res.shape[0]
    cost = np.empty(n)
    for x in range(n):
        cost[x] = -tmpl_len[x // K]
    todo = np.argsort(cost, kind="mergesort")
    width = max(hands[1][0], hands[1][1])
    for i in prange(n):
        ws = _workspace(tmpl_len.max(), width, tree[3].shape[1])
        _instance(
            todo[i],
            t,
            mode,
            K,
            factor,
            leaf_node,
            tmpl_root,
            tmpl_len,
            inst_base,
            block,
            ro,
            rt,
            res,
            tree,
            hands,
            regret,
            strat,
            lock,
            has_lock,
            disc,
            pot,
            ws,
        )
    _mirror(res, t, K, hands[1], iso)


@njit(cache=True)
def _instances_ser(
    t,
    mode,
    K,
    factor,
    leaf_node,
    tmpl_root,
    tmpl_len,
    inst_base,
    block,
    ro,
    rt,
    res,
    tree,
    hands,
    regret,
    strat,
    lock,
    has_lock,
    iso,
    disc,
    pot,
    ws,
):  # pragma: no cover - compiled
    """Every river subtree, one after the other (no thread start-up for one thread or a river board)."""
    n = res.shape[0]
    for x in range(n):
        _instance(
            x,
            t,
            mode,
            K,
            factor,
            leaf_node,
            tmpl_root,
            tmpl_len,
            inst_base,
            block,
            ro,
            rt,
            res,
            tree,
            hands,
            regret,
            strat,
            lock,
            has_lock,
            disc,
            pot,
            ws,
        )
    _mirror(res, t, K, hands[1], iso)


@njit(cache=True)
def _game_workspace(n_root, tmpl_len, tree, hands):  # pragma: no cover - compiled
    """A :func:`_workspace` for every segment of the game: the root's and the largest template's."""
    length = max(n_root, tmpl_len.max()) if len(tmpl_len) else n_root
    return _workspace(length, max(hands[1][0], hands[1][1]), tree[3].shape[1])


@njit(cache=True, fastmath=True, error_model="numpy")
def solve_pass(
    par,
    t,
    mode,
    n_root,
    K,
    factor,
    leaf_node,
    tmpl_root,
    tmpl_len,
    inst_base,
    block,
    w,
    tree,
    hands,
    regret,
    strat,
    lock,
    has_lock,
    iso,
    disc,
    pot,
):  # pragma: no cover - compiled
    """Traverser t's counterfactual values at the root, per hand (see the module docstring for ``mode``)."""
    ws = _game_workspace(n_root, tmpl_len, tree, hands)
    out = _pass(par, t, mode, n_root, K, factor, leaf_node, tmpl_root, tmpl_len, inst_base, block, w, tree, hands,
                regret, strat, lock, has_lock, iso, disc, pot, ws)  # fmt: skip
    if mode == 0:
        _add_half_pot(out, t, w, hands, pot, ws[8], ws[7])
    return out


@njit(cache=True, fastmath=True, error_model="numpy")
def _pass(
    par,
    t,
    mode,
    n_root,
    K,
    factor,
    leaf_node,
    tmpl_root,
    tmpl_len,
    inst_base,
    block,
    w,
    tree,
    hands,
    regret,
    strat,
    lock,
    has_lock,
    iso,
    disc,
    pot,
    ws,
):  # pragma: no cover - compiled
    """:func:`solve_pass` in the caller's workspace ``ws`` (see :func:`_game_workspace`).

    A CFR pass (``mode 0``) returns its values measured from the middle of the pot: :func:`run` uses only the
    pass's updates, so the half pot is not added back (a fold's worth of work per pass; :func:`solve_pass` adds it).
    """
    nh = hands[1]
    o = 1 - t
    n_t = nh[t]
    n_o = nh[o]
    J = len(leaf_node)
    out = np.empty(n_t)
    if n_root == 1 and K == 1:  # a river: the root is the one chance leaf, its subtree the whole game
        _segment(tmpl_root[0], tmpl_len[0], 0, inst_base[0], t, mode, w[o], w[t], w, out, tree, hands, regret,
                 strat, lock, has_lock, disc, pot, ws)  # fmt: skip
        if mode != 0:
            _add_half_pot(out, t, w, hands, pot, ws[8], ws[7])
        return out
    # reaches at the chance leaves: a values-free top-down pass over the root segment
    kind, player, nkid, kid, off = tree[0], tree[1], tree[2], tree[3], tree[6]
    ro = np.empty((n_root, n_o))
    rt = np.empty((n_root, n_t))
    ro[0, :] = w[o, :n_o]
    rt[0, :] = w[t, :n_t]
    nmax = max(n_t, n_o)
    sig = np.empty((kid.shape[1], nmax))
    den = np.empty(nmax)
    for i in range(n_root):
        if kind[i] != 2:
            continue
        q = player[i]
        na = nkid[i]
        src = regret if mode == 0 else strat
        _sigma(src, off[i], na, nh[q], lock, has_lock, sig, den)
        for a in range(na):
            c = kid[i, a]
            if q == t:
                for h in range(n_t):
                    rt[c, h] = rt[i, h] * sig[a, h]
                ro[c, :] = ro[i, :]
            else:
                for g in range(n_o):
                    ro[c, g] = ro[i, g] * sig[a, g]
                rt[c, :] = rt[i, :]
    res = np.empty((J * K, n_t))  # every row is written by its subtree
    if par:
        _instances_par(
            t,
            mode,
            K,
            factor,
            leaf_node,
            tmpl_root,
            tmpl_len,
            inst_base,
            block,
            ro,
            rt,
            res,
            tree,
            hands,
            regret,
            strat,
            lock,
            has_lock,
            iso,
            disc,
            pot,
        )
    else:
        _instances_ser(
            t,
            mode,
            K,
            factor,
            leaf_node,
            tmpl_root,
            tmpl_len,
            inst_base,
            block,
            ro,
            rt,
            res,
            tree,
            hands,
            regret,
            strat,
            lock,
            has_lock,
            iso,
            disc,
            pot,
            ws,
        )
    leafres = np.zeros((max(J, 1), n_t))
    for x in range(J * K):
        j = x // K
        for h in range(n_t):
            leafres[j, h] += res[x, h]
    _segment(
        0,
        n_root,
        -1,
        0,
        t,
        mode,
        w[o, :n_o],
        w[t, :n_t],
        leafres,
        out,
        tree,
        hands,
        regret,
        strat,
        lock,
        has_lock,
        disc,
        pot,
        ws,
    )
    if mode != 0:
        _add_half_pot(out, t, w, hands, pot, ws[8], ws[7])
    return out


@njit(cache=True, fastmath=True, error_model="numpy")
def _add_half_pot(out, t, w, hands, pot, mass, tab):  # pragma: no cover - compiled
    """The half pot the payoffs were measured from, back on every pair of hands that can be dealt."""
    cards, nh, strength, same = hands[0], hands[1], hands[2], hands[5]
    o = 1 - t
    n_t = nh[t]
    _mass_ws(w[o], cards[o], nh[o], cards[t], n_t, same[t], -1, strength[t], mass, tab)
    for h in range(n_t):
        out[h] += 0.5 * pot * mass[h]


@njit(cache=True)
def discount(plus, t, alpha, beta, gamma, restart):  # pragma: no cover - compiled
    """(alpha_t, beta_t, gamma_t, strategy weight, plus) for iteration t (0-based).

    Discounted CFR multiplies positive regrets by ``t^alpha / (t^alpha + 1)``, negative ones by
    ``t^beta / (t^beta + 1)`` (``beta < 0``: negative regrets are dropped, as CFR+ does) and the strategy
    sums by ``(t / (t + 1))^gamma``; with ``restart`` the average starts again at every power of 4.
    CFR+ floors regrets at zero and weights iteration t's strategy by t + 1.
    """
    if plus:
        return (1.0, 1.0, 1.0, float(t + 1), True)
    ta = float(max(t - 1, 0))
    pa = ta**alpha
    b = 0.0
    if beta >= 0:
        pb = ta**beta
        b = pb / (pb + 1.0)
    low = 0
    if restart and t > 0:
        low = 1
        while low * 4 <= t:
            low *= 4
    tg = float(t - low)
    return (pa / (pa + 1.0), b, (tg / (tg + 1.0)) ** gamma, 1.0, False)


@njit(cache=True)
def run(
    par,
    start,
    max_iterations,
    every,
    checks,
    target,
    Z,
    plus,
    alpha,
    beta,
    gamma,
    restart,
    n_root,
    K,
    factor,
    leaf_node,
    tmpl_root,
    tmpl_len,
    inst_base,
    block,
    w,
    tree,
    hands,
    regret,
    strat,
    lock,
    has_lock,
    iso,
    pot,
):  # pragma: no cover - compiled
    """Up to ``checks`` checkpoints of the solve in one call: from iteration ``start``, the iterations up to the
    next multiple of ``every`` (or ``max_iterations``), then the exploitability (chips) from both best responses.

    Stops after the first checkpoint at or below ``target`` chips, at ``max_iterations`` or after ``checks``
    checkpoints. Returns ``(iterations done, exploitabilities at the checkpoints, (OOP, IP) values)``; the
    values (both players on the average strategies, shares of the pot, ``Z`` the weight of the deals) are
    filled in only when the solve is over (else NaN). A call from Python costs tens of microseconds (its
    arguments are checked one by one), as much as an iteration of a river spot: a river spot solves in one
    call, a turn spot in calls of a checkpoint or more, as :func:`pokerlab.solve.postflop.postflop` chooses.
    """
    ws = _game_workspace(n_root, tmpl_len, tree, hands)
    river = n_root == 1 and K == 1
    scratch = np.empty(max(hands[1][0], hands[1][1]))  # a river pass's root values (a CFR pass uses its updates)
    w0 = w[0]
    w1 = w[1]
    expl = np.empty(checks)
    flat = (1.0, 1.0, 1.0, 1.0, False)
    it = start
    done = 0
    over = False
    while done < checks and it < max_iterations:
        stop = min(it + every - it % every, max_iterations)
        for i in range(it, stop):
            disc = discount(plus, i, alpha, beta, gamma, restart)
            for t in range(2):
                if river:  # the whole game is one segment, walked directly (_pass allocates its result)
                    _segment(tmpl_root[0], tmpl_len[0], 0, inst_base[0], t, 0, w1 if t == 0 else w0,
                             w0 if t == 0 else w1, w, scratch, tree, hands, regret, strat, lock, has_lock, disc,
                             pot, ws)  # fmt: skip
                else:
                    _pass(par, t, 0, n_root, K, factor, leaf_node, tmpl_root, tmpl_len, inst_base, block, w, tree,
                          hands, regret, strat, lock, has_lock, iso, disc, pot, ws)  # fmt: skip
        it = stop
        total = 0.0
        for t in range(2):
            cfv = _pass(par, t, 1, n_root, K, factor, leaf_node, tmpl_root, tmpl_len, inst_base, block, w, tree,
                        hands, regret, strat, lock, has_lock, iso, flat, pot, ws)  # fmt: skip
            v = 0.0
            for h in range(hands[1][t]):
                v += w[t, h] * cfv[h]
            total += v / Z
        e = max(0.0, (total - pot) / 2)
        expl[done] = e
        done += 1
        if e <= target:
            over = True
            break
    values = np.full(2, np.nan)
    if over or it >= max_iterations:
        for t in range(2):
            cfv = _pass(par, t, 2, n_root, K, factor, leaf_node, tmpl_root, tmpl_len, inst_base, block, w, tree,
                        hands, regret, strat, lock, has_lock, iso, flat, pot, ws)  # fmt: skip
            v = 0.0
            for h in range(hands[1][t]):
                v += w[t, h] * cfv[h]
            values[t] = v / Z
    return it, expl[:done], values
