"""Whether an agent's corrected pass rate may rest on labels of other agents' submissions.

A Rogan–Gladen correction of one agent's judge rate p_a uses the judge's TPR and FPR. Measured
on every labelled item, they are mostly other agents' items: the correction is *borrowed*, and
it is right only if the judge's errors transport (Pearl & Bareinboim 2014), i.e.

    P(judge pass | human pass, agent a) = TPR  and  P(judge pass | human fail, agent a) = FPR

for every agent a. A judge that is lenient with one agent's style of write-up breaks that, and
the borrowed correction is then wrong by (ΔTPR·θ + ΔFPR·(1 − θ)) / (TPR − FPR), whatever its
interval says.

The check (`transport_test`) is the likelihood-ratio test of that hypothesis: within the
human-pass items a 2 × k table (judge pass/fail × agent), within the human-fail items another,

    G = 2 Σ O·ln(O / E),  E = row total · column total / table total,  df = (k₊ − 1) + (k₋ − 1)

summed over both tables (Agresti 2013, *Categorical Data Analysis* §3.2.1), k± the agents with
labels in each. Labels come by the tens, where χ²(df) is a poor guide to G, so the p-value is
the exact conditional one (Agresti 2013 §3.5), by Monte Carlo: given both tables' margins, the
judge-pass counts per agent are multivariate hypergeometric under the hypothesis, and
p = (1 + #{G* ≥ G}) / (1 + B) over B draws (Davison & Hinkley 1997 §4.2.1; valid at any n).

Not rejecting is not proof of equality (few labels test little), so a borrowed correction says
how many of its labels are the agent's own (`borrowing_note`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

#: the test's level: below it, the judge's error rates are taken to differ by agent
TRANSPORT_LEVEL = 0.05
#: Monte Carlo draws of the conditional null distribution (p-value's Monte Carlo s.e. ≤ 0.011)
DRAWS = 2000


@dataclass(frozen=True)
class TransportTest:
    """The likelihood-ratio test of equal TPR and equal FPR across agents.

    `p_value` is None when nothing can be tested (df = 0: every label from one agent).
    """

    statistic: float
    df: int
    p_value: float | None
    level: float
    n_labels: int
    agents: tuple[str, ...]

    @property
    def differ(self) -> bool:
        """The judge's error rates differ by agent at `level`."""
        return self.p_value is not None and self.p_value < self.level


def _g_statistic(passes: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """G of 2 × k tables: `passes[..., a]` judge passes of agent a out of `sizes[a]` items."""
    total = sizes.sum()
    share = passes.sum(axis=-1, keepdims=True) / total
    g = np.zeros(passes.shape[:-1])
    for observed, expected in ((passes, share * sizes), (sizes - passes, (1.0 - share) * sizes)):
        with np.errstate(divide="ignore", invalid="ignore"):
            g += np.where(observed > 0, observed * np.log(observed / expected), 0.0).sum(axis=-1)
    return 2.0 * g


def transport_test(
    agent: ArrayLike,
    human: ArrayLike,
    judge: ArrayLike,
    *,
    level: float = TRANSPORT_LEVEL,
    draws: int = DRAWS,
    seed: int = 0,
) -> TransportTest:
    """Test equal TPR and equal FPR across agents on the labelled items (module docstring).

    `agent`, `human` (true = pass) and `judge` (true = pass) are aligned over the labelled
    items. Seeded, so a report says the same p-value each time it is built.
    """
    a = np.asarray(agent, dtype=object)
    h = np.asarray(human, dtype=bool)
    j = np.asarray(judge, dtype=bool)
    names = tuple(sorted({str(x) for x in a}))
    rng = np.random.default_rng(seed)
    observed = 0.0
    null = np.zeros(draws)
    df = 0
    for stratum in (h, ~h):
        present = [n for n in names if np.any(stratum & (a == n))]
        if len(present) < 2:
            continue
        sizes = np.array([np.sum(stratum & (a == n)) for n in present], dtype=np.int64)
        passes = np.array([np.sum(stratum & (a == n) & j) for n in present], dtype=np.int64)
        df += len(present) - 1
        observed += float(_g_statistic(passes.astype(float), sizes.astype(float)))
        drawn = rng.multivariate_hypergeometric(sizes, int(passes.sum()), size=draws)
        null += _g_statistic(drawn.astype(float), sizes.astype(float))
    p = None if df == 0 else float((1 + np.sum(null >= observed - 1e-9)) / (1 + draws))
    return TransportTest(observed, df, p, level, int(h.size), names)


def borrowing_note(own: int, others: int, test: TransportTest, *, own_correction: bool) -> str | None:
    """What a reader must know about an agent's correction when other agents' items were
    labelled: `others` of them beside `own` of its own. None when nothing could be borrowed.

    Where the judge's errors differ by agent (`test.differ`) the correction must not borrow:
    `own_correction` says whether the agent's own labels made one (else there is none).
    """
    if others == 0:
        return None
    if test.differ:
        return f"judge errors differ by agent (p={test.p_value:.3f}): " + (
            f"corrected with this agent's own {own} labels only"
            if own_correction
            else "no borrowed correction"
        )
    if test.p_value is None:
        check = "transport untested: no two agents share labels of one human verdict"
    else:
        check = f"equal judge errors across agents not rejected, p={test.p_value:.2f}"
    return (
        f"correction borrowed: {own} of this agent's items labelled; uses {others} labels of "
        f"other agents ({check})"
    )
