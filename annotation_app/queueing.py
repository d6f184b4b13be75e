"""Active queueing: which items a human should label first to learn the most about the judges.

An item's priority is how much its judges disagree plus how unsure they said they were; a
human label there moves the calibration estimate most. Serving by priority alone would
spend the whole budget on one agent or subtask whose judges happen to be noisy, so the queue
is stratified: strata (agent × subtask) take turns, each contributing its next most
informative item per round. The annotator sees none of this; ranks are never displayed.

With a budget (`annotate load --active --budget N`) only a random sample is queued, drawn
with known inclusion probabilities that favour the same informative items; the report
weights each label by 1/π (active inference), which keeps the corrected rate unbiased
although the sample over-represents the judges' hard cases.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

#: Added to the priority of an item whose verdict was flagged prompt_injection: such items are
#: served before every round of the stratified queue (a person must look at them first).
INJECTION_PRIORITY = 100.0


def queue_position(seed: int, item_key: str) -> int:
    """An item's place in the in-order queue: the first 63 bits of sha256(seed, item key).

    Serving items in load order made a person who stops partway label whole tasks in a row,
    where the corrected rate's interval assumes a uniform random sample of the items (it
    covered 0.415 there, bench/coverage.md §10). Sorting by a seeded hash is a random
    permutation that the seed and the keys alone rebuild, and an item loaded later falls at
    a random place among the rest without moving any other item.
    """
    digest = hashlib.sha256(f"{seed}\0{item_key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # fits a signed 64-bit column


def judge_priority(verdicts: Sequence[str | None], confidences: Sequence[float]) -> float:
    """Disagreement (0 when unanimous, 1 at an even split) plus uncertainty (1 - mean confidence).

    A verdict of None (the judge found the item unscorable) counts as its own vote, since a
    judge that could not decide is as informative to check as one that disagreed.
    """
    votes = [v if v is not None else "<unscorable>" for v in verdicts]
    disagreement = 0.0
    if len(votes) > 1:
        top = Counter(votes).most_common(1)[0][1]
        n_kinds = min(len(set(votes)), len(votes))
        disagreement = (1 - top / len(votes)) / (1 - 1 / n_kinds) if n_kinds > 1 else 0.0
    uncertainty = 1 - sum(confidences) / len(confidences) if confidences else 0.0
    return disagreement + uncertainty


def active_ranks(rows: Sequence[tuple[str, str | None, str | None, float, int]]) -> dict[str, int]:
    """(item key, agent, subtask, priority, load order) -> position in the active queue.

    Round r holds the r-th best item of every stratum, ordered by priority; ties fall back
    to load order so the queue is deterministic. Items flagged prompt_injection (priority of
    at least INJECTION_PRIORITY) come before the first round.
    """
    flagged = sorted((-p, seq, key) for key, _, _, p, seq in rows if p >= INJECTION_PRIORITY)
    strata: dict[tuple[str | None, str | None], list[tuple[float, int, str]]] = defaultdict(list)
    for key, agent, subtask, priority, seq in rows:
        if priority < INJECTION_PRIORITY:
            strata[(agent, subtask)].append((-priority, seq, key))
    rounds: dict[int, list[tuple[float, int, str]]] = defaultdict(list)
    for members in strata.values():
        for position, member in enumerate(sorted(members)):
            rounds[position].append(member)
    order = [key for _, _, key in flagged] + [key for r in sorted(rounds) for _, _, key in sorted(rounds[r])]
    return {key: rank for rank, key in enumerate(order)}


#: share of an item's priority every item keeps, so that a unit the judges agree on can still
#: be drawn: without it the estimate would rest on π_i → 0 weights and be unbiased only in name
PRIORITY_FLOOR = 0.05


@dataclass(frozen=True)
class Unit:
    """Items labelled together: one submission's subtask (its human verdict needs all of them)."""

    key: str
    stratum: tuple[str | None, str | None]  # (agent, subtask)
    size: int
    priority: float


def _scaled(weights: list[float], sizes: list[int], budget: float) -> list[float]:
    """π_g = min(1, c·w_g) with Σ π_g·size_g = budget (c found by capping the largest in turn)."""
    pi = [0.0] * len(weights)
    free = list(range(len(weights)))
    left = budget
    while free and left > 0:
        total = sum(weights[g] * sizes[g] for g in free)
        if total <= 0:
            break
        c = left / total
        capped = [g for g in free if c * weights[g] >= 1.0]
        if not capped:
            for g in free:
                pi[g] = c * weights[g]
            break
        for g in capped:
            pi[g] = 1.0
            left -= sizes[g]
        free = [g for g in free if g not in capped]
    return pi


def inclusion_probabilities(units: Sequence[Unit], budget: int) -> dict[str, float]:
    """Each unit's probability of being drawn, for an expected `budget` items in all.

    The budget is split evenly over the strata (agent × subtask; a stratum smaller than its
    share gives the rest back), so every cell of the report gets labels. Within a stratum π
    grows with √(floor + priority): the variance of the inverse-probability-weighted
    correction is Σ E[(Y − Ŷ)²]/π, which a fixed budget minimises with π ∝ the expected
    error's square root (Zrnic & Candès 2024), and judge disagreement / low confidence is
    the visible proxy for that error.

    A unit holding an item flagged prompt_injection (priority ≥ INJECTION_PRIORITY) is drawn
    with certainty (π = 1, still a known probability, so the weighting stays unbiased) and
    spends its size from the budget first: a person must see every flagged item.
    """
    flagged = [u for u in units if u.priority >= INJECTION_PRIORITY]
    strata: dict[tuple[str | None, str | None], list[Unit]] = defaultdict(list)
    for u in units:
        if u.priority < INJECTION_PRIORITY:
            strata[u.stratum].append(u)
    sizes = {s: sum(u.size for u in members) for s, members in strata.items()}
    share: dict[tuple[str | None, str | None], float] = {}
    left = max(0.0, float(budget) - sum(u.size for u in flagged))
    open_strata = sorted(strata, key=lambda s: sizes[s])
    while open_strata:
        each = left / len(open_strata)
        s = open_strata.pop(0)
        share[s] = min(each, sizes[s])
        left -= share[s]
    out = {u.key: 1.0 for u in flagged}
    for s, members in strata.items():
        weights = [math.sqrt(PRIORITY_FLOOR + u.priority) for u in members]
        for u, p in zip(members, _scaled(weights, [u.size for u in members], share[s]), strict=True):
            out[u.key] = p
    return out


def draw(probabilities: dict[str, float], seed: int) -> dict[str, float]:
    """The units drawn, each independently with its probability (Poisson sampling): the
    probability a submission's several units are all drawn is then the product of theirs."""
    rng = random.Random(seed)
    return {k: p for k, p in sorted(probabilities.items()) if p > 0 and rng.random() < p}
