"""Is agent A better than agent B once the judge's errors are corrected?

A leaderboard needs differences, not rates side by side: two corrected rates whose intervals
overlap can still differ, and two that do not overlap may share most of their tasks. Both
agents are judged on the same tasks, so the difference is estimated per task:

    D_t = Y_A(t) − Y_B(t)   (people: pass = 1; the mean over an agent's units on task t)
    D̂_t = Ŷ_A(t) − Ŷ_B(t)  (the judge)

and the corrected difference is the PPI++ mean of D (`corrected.ppi_mean` on [−1, 1], power-tuned λ) over
the tasks both attempted: D on the tasks where every unit of both agents has a human label,
D̂ on the rest. Pairing removes the between-task variance that an unpaired difference would
carry. Without task ids the two corrected rates are subtracted and their variances added
(independent samples), and the entry says `paired: false`.

A pair is settled when its interval excludes 0. The ranking gives each agent the range of
ranks its settled pairs allow (1 + the agents settled above it … n − those settled below), so
"1–3" is a tie the data cannot break. For an open pair, the labels that would settle it follow
from PPI's effective sample size (Angelopoulos et al. 2023; the power analysis of ppi_py after
Broska, Howes & van Loon 2024): with ρ the correlation of D and D̂ on labelled tasks, n labelled
of T tasks are worth n_eff = n·T / (n + (1 − ρ²)(T − n)) classical samples, and an interval
of half-width |D̄| at 80 % power needs n_eff = ((z_{1−α/2} + z_{0.8}) σ_D / |D̄|)². Solving for
n gives the labelled tasks needed; when even T labelled tasks would not do, the pair needs more
tasks, not more labels, and the entry says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
from scipy.special import ndtri

from expgrade.calibration.corrected import ppi_mean, z_value
from expgrade.grading.aggregate.intervals import EXACT, exact_interval, few_tasks
from expgrade.grading.estimate import Estimate, json_number

POWER = 0.8
MIN_LABELLED = 2


@dataclass(frozen=True)
class PairComparison:
    """Corrected A − B (pass-rate points), and what it would take to settle it if it is open."""

    a: str
    b: str
    paired: bool
    n_tasks: int
    n_labelled: int
    judge_difference: float | None
    difference: Estimate
    settled: bool
    labels_to_settle: int | None
    note: str | None = None


@dataclass(frozen=True)
class RankedAgent:
    agent: str
    corrected: float | None
    best_rank: int
    worst_rank: int
    tied_with: list[str]


def _per_task(
    agent: np.ndarray, task: np.ndarray, judge: np.ndarray, human: np.ndarray, name: str
) -> dict[str, tuple[float, float | None]]:
    """Task -> (judge mean, human mean or None unless every unit of the agent is labelled)."""
    out: dict[str, tuple[float, float | None]] = {}
    mine = agent == name
    for t in np.unique(task[mine]):
        rows = mine & (task == t)
        h = human[rows]
        out[str(t)] = (float(judge[rows].mean()), None if np.isnan(h).any() else float(h.mean()))
    return out


def _labels_to_settle(
    d: np.ndarray, d_hat: np.ndarray, n_tasks: int, confidence: float
) -> tuple[int | None, str | None]:
    """More labelled tasks that would put 0 outside the interval at 80 % power (module docstring)."""
    mean, sd = float(d.mean()), float(d.std(ddof=1)) if d.size > 1 else 0.0
    if mean == 0 or sd == 0:
        return None, "the labelled tasks show no difference: no number of labels is planned to settle it"
    rho = float(np.corrcoef(d, d_hat)[0, 1]) if d.size > 2 and d_hat.std() > 0 else 0.0
    # capped at 1 − 1/n as ppi_py caps it; a negative ρ buys nothing, since λ ≥ 0
    rho2 = float(np.clip(rho, 0.0, 1.0 - 1.0 / d.size)) ** 2 if np.isfinite(rho) else 0.0
    needed_eff = ((z_value(confidence) + float(ndtri(POWER))) * sd / abs(mean)) ** 2
    room = n_tasks - rho2 * needed_eff
    n = needed_eff * (1 - rho2) * n_tasks / room if room > 0 else float("inf")
    if n > n_tasks:
        return None, (
            f"needs the information of about {int(np.ceil(needed_eff))} labelled tasks; labelling all "
            f"{n_tasks} shared tasks would not settle it: run more tasks"
        )
    return max(0, int(np.ceil(n)) - d.size), None


def _unpaired(
    agent: np.ndarray, judge: np.ndarray, human: np.ndarray, a: str, b: str, confidence: float
) -> PairComparison:
    """Without task ids: the difference of the two corrected rates, variances added."""
    z = z_value(confidence)
    ests = []
    for name in (a, b):
        rows = agent == name
        unlabelled = np.isnan(human)
        ests.append(
            ppi_mean(
                human[rows & ~unlabelled], judge[rows & ~unlabelled], judge[rows & unlabelled], confidence
            )
        )
    value = ests[0].value - ests[1].value
    half = z * float(
        np.hypot((ests[0].ci_high - ests[0].ci_low) / (2 * z), (ests[1].ci_high - ests[1].ci_low) / (2 * z))
    )
    diff = Estimate(value, value - half, value + half)
    settled = bool(diff.ci_low > 0 or diff.ci_high < 0)
    return PairComparison(
        a,
        b,
        False,
        0,
        int((~np.isnan(human) & np.isin(agent, [a, b])).sum()),
        float(judge[agent == a].mean() - judge[agent == b].mean()),
        diff,
        settled,
        None,
        None if settled else "no task ids: the units cannot be paired, so no labels are planned",
    )


def _honest(diff: Estimate, n_tasks: int, confidence: float) -> Estimate:
    """The PPI++ interval under the one rule for intervals over tasks (docs/calibration.md): on
    fewer than five tasks, or where it collapsed to a point (every labelled task's difference
    alike), widened to at least the exact interval on the tasks, so two tasks never settle a pair."""
    if not few_tasks(diff, n_tasks):
        return diff
    exact = exact_interval(diff.value, n_tasks, bounds=(-1.0, 1.0), confidence=confidence)
    low = min(diff.ci_low, exact.ci_low) if np.isfinite(diff.ci_low) else exact.ci_low
    high = max(diff.ci_high, exact.ci_high) if np.isfinite(diff.ci_high) else exact.ci_high
    return Estimate(diff.value, low, high, diff.n, n_tasks, interval=EXACT)


def compare_pair(
    agent: np.ndarray,
    task: np.ndarray | None,
    judge: np.ndarray,
    human: np.ndarray,
    a: str,
    b: str,
    confidence: float = 0.95,
) -> PairComparison:
    """The corrected difference a − b over the units of both agents (see the module docstring).

    `judge` and `human` are 0/1 per unit (`human` NaN where unlabelled); `task` pairs the units,
    None when the units carry no task id.
    """
    nan = Estimate(float("nan"), float("nan"), float("nan"))
    if task is None:
        return _unpaired(agent, judge, human, a, b, confidence)
    ta, tb = _per_task(agent, task, judge, human, a), _per_task(agent, task, judge, human, b)
    shared = sorted(set(ta) & set(tb))
    if not shared:
        return PairComparison(a, b, True, 0, 0, None, nan, False, None, "the agents share no task")
    d_hat = np.array([ta[t][0] - tb[t][0] for t in shared])
    humans = {t: (ha, hb) for t in shared if (ha := ta[t][1]) is not None and (hb := tb[t][1]) is not None}
    both = list(humans)
    labelled = np.array([t in humans for t in shared])
    d = np.array([ha - hb for ha, hb in humans.values()], dtype=float)
    if len(both) < MIN_LABELLED:
        return PairComparison(a, b, True, len(shared), len(both), float(d_hat.mean()), nan, False, None,
                              f"{len(both)} task(s) labelled for both agents; a corrected difference needs "
                              f"at least {MIN_LABELLED}")  # fmt: skip
    diff = _honest(
        ppi_mean(d, d_hat[labelled], d_hat[~labelled], confidence, bounds=(-1.0, 1.0)),
        len(shared),
        confidence,
    )
    settled = bool(diff.ci_low > 0 or diff.ci_high < 0)
    more, note = (None, None) if settled else _labels_to_settle(d, d_hat[labelled], len(shared), confidence)
    return PairComparison(a, b, True, len(shared), len(both), float(d_hat.mean()), diff, settled, more, note)


def compare_agents(
    agent: np.ndarray,
    task: np.ndarray | None,
    judge: np.ndarray,
    human: np.ndarray,
    corrected: dict[str, float | None],
    confidence: float = 0.95,
) -> tuple[list[PairComparison], list[RankedAgent]]:
    """Every pair of agents (ordered best-first by `corrected`, their corrected rates), and the
    ranking with the range of ranks each agent's settled pairs allow."""
    agents = sorted(corrected, key=lambda n: -(v if (v := corrected[n]) is not None else -1.0))
    pairs = [compare_pair(agent, task, judge, human, a, b, confidence) for a, b in combinations(agents, 2)]
    above = {n: 0 for n in agents}
    below = {n: 0 for n in agents}
    tied: dict[str, list[str]] = {n: [] for n in agents}
    for p in pairs:
        if p.settled:
            better, worse = (p.a, p.b) if p.difference.value > 0 else (p.b, p.a)
            above[worse] += 1
            below[better] += 1
        else:
            tied[p.a].append(p.b)
            tied[p.b].append(p.a)
    ranking = [RankedAgent(n, corrected[n], 1 + above[n], len(agents) - below[n], tied[n]) for n in agents]
    return pairs, ranking


def comparison_json(pairs: list[PairComparison], ranking: list[RankedAgent]) -> dict[str, Any]:
    """The pairs and the ranking as report.json writes them (the run report's schema too)."""
    return {
        "pairs": [
            {
                "a": p.a,
                "b": p.b,
                "paired": p.paired,
                "n_tasks": p.n_tasks,
                "n_labelled": p.n_labelled,
                "judge_difference": json_number(p.judge_difference),
                "difference": p.difference.as_dict(),
                "settled": p.settled,
                "labels_to_settle": p.labels_to_settle,
                "note": p.note,
            }
            for p in pairs
        ],
        "ranking": [
            {
                "agent": r.agent,
                "corrected": json_number(r.corrected),
                "best_rank": r.best_rank,
                "worst_rank": r.worst_rank,
                "tied_with": r.tied_with,
            }
            for r in ranking
        ],
    }
