"""The alternative annotator test: can this judge replace the human annotators?

Agreement with a majority label says how close a judge comes to people, not whether it could
stand in for one of them. The alt-test (Calderon, Reichart & Dror 2025) answers that question
directly, leaving one annotator out at a time:

1. For annotator j and each item i that j labelled (with at least one other annotator and a
   judge verdict), score the alignment of j's label and of the judge's label with the labels
   of the *other* annotators on i: accuracy (the share of them that agree) for categories,
   negative RMSE for numbers.
2. W_i^f = 1 if the judge aligns at least as well as j, W_i^h = 1 if j aligns at least as well
   as the judge; d_i = W_i^h − W_i^f.
3. One-sided one-sample t-test of H0: mean(d) ≥ ε against H1: mean(d) < ε. ε is the
   cost–benefit margin granted to the judge (0.2 for expert annotators, 0.15 skilled, 0.1
   crowd workers, as the paper recommends).
4. Benjamini–Yekutieli over the annotators at q = 0.05; the judge "wins" against the
   annotators whose null is rejected. Winning rate ω = wins / annotators tested; ω ≥ 0.5 passes.
5. Advantage probability ρ = mean over annotators of mean(W^f): the chance the judge is at
   least as good as a randomly drawn annotator, for ranking judges (higher is better).

Annotators with fewer than 30 such items are not tested (the paper's minimum); with fewer than
two annotators per item nothing is left to compare against.

Calderon, N., Reichart, R. & Dror, R. (2025). The Alternative Annotator Test for
LLM-as-a-Judge: How to Statistically Justify Replacing Human Annotators with LLMs. ACL 2025,
16051–16081. Benjamini, Y. & Yekutieli, D. (2001). The control of the false discovery rate in
multiple testing under dependency. Annals of Statistics 29(4), 1165–1188.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
from scipy.special import stdtr

from expgrade.calibration.validation import FloatArray, check_codes, check_values

Alignment = Literal["accuracy", "neg_rmse"]

DEFAULT_EPSILON = 0.2
DEFAULT_Q = 0.05
MIN_ANNOTATORS_PER_ITEM = 2
MIN_ITEMS_PER_ANNOTATOR = 30


@dataclass(frozen=True)
class AnnotatorComparison:
    """The judge against one left-out annotator."""

    annotator: str
    n: int
    p_value: float | None
    advantage_probability: float | None
    rejected: bool
    skipped: str | None = None


@dataclass(frozen=True)
class AltTestResult:
    """The alt-test of one judge; `reason` says why the numbers are missing when they are."""

    rater: str
    epsilon: float
    alignment: Alignment
    winning_rate: float | None
    advantage_probability: float | None
    passed: bool | None
    annotators: list[AnnotatorComparison]
    reason: str | None = None


def benjamini_yekutieli(p_values: FloatArray, q: float = DEFAULT_Q) -> np.ndarray:
    """Which hypotheses the Benjamini–Yekutieli step-up procedure rejects at FDR level `q`.

    Reject the k smallest p-values, k the largest rank with p_(k) ≤ k/m · q / H_m, where
    H_m = Σ_{i≤m} 1/i makes the procedure valid under any dependence between the tests (here
    every test shares the judge and the other annotators). NaN p-values are never rejected.
    """
    p = np.asarray(p_values, dtype=float)
    if p.ndim != 1:
        raise ValueError(f"p_values must be 1-d; got shape {p.shape}")
    if not 0 < q < 1:
        raise ValueError(f"q must be between 0 and 1; got {q}")
    m = p.size
    rejected = np.zeros(m, dtype=bool)
    if m == 0:
        return rejected
    order = np.argsort(p)  # NaN sorts last and never meets a threshold
    thresholds = np.arange(1, m + 1) / m * q / np.sum(1.0 / np.arange(1, m + 1))
    below = np.flatnonzero(p[order] <= thresholds)
    if below.size:
        rejected[order[: below[-1] + 1]] = True
    return rejected


def t_test_less(x: FloatArray, mean: float) -> float:
    """p-value of the one-sided one-sample t-test of H0: E[x] ≥ `mean` against E[x] < `mean`,
    as `scipy.stats.ttest_1samp(x, mean, alternative="less")` computes it (constant x: t = ±∞,
    p = 0 or 1); written out because scipy.stats takes a second to import."""
    n = x.size
    if n < 2:
        return float("nan")
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (float(x.mean()) - mean) / (float(x.std(ddof=1)) / np.sqrt(n))
    return float(stdtr(n - 1, t))


def _alignment_scores(
    label: np.ndarray, others: np.ndarray, alignment: Alignment, values: FloatArray
) -> FloatArray:
    """Alignment of each row's `label` (code) with the other annotators' codes on that row."""
    present = others >= 0
    n_others = present.sum(axis=1)
    if alignment == "accuracy":
        return (((others == label[:, None]) & present).sum(axis=1)) / n_others
    diff = np.where(present, values[label][:, None] - values[np.maximum(others, 0)], 0.0)
    return -np.sqrt((diff**2).sum(axis=1) / n_others)


@dataclass(frozen=True)
class _LeftOut:
    """One annotator left out, on the items it shares with another annotator: the others' codes
    and its own alignment with them, which every judge is compared with."""

    name: str
    rows: np.ndarray
    others: np.ndarray
    human_score: FloatArray


def alt_tests(
    judges: dict[str, np.ndarray],
    humans: np.ndarray,
    annotators: list[str],
    *,
    epsilon: float = DEFAULT_EPSILON,
    alignment: Alignment = "accuracy",
    values: FloatArray | None = None,
    q: float = DEFAULT_Q,
    min_items: int = MIN_ITEMS_PER_ANNOTATOR,
) -> list[AltTestResult]:
    """The alt-test of each judge against the annotators (see the module docstring).

    `judges` maps a name to the judge's category code per item (n,); `humans` holds each
    annotator's codes (n, m), −1 where a rater gave no label; `values` is each category's number
    (for `neg_rmse`). The left-out annotators' side is computed once for all judges.
    """
    h = np.asarray(humans)
    if h.ndim != 2 or h.shape[1] != len(annotators):
        raise ValueError(f"humans must be (items, annotators) with {len(annotators)} columns; got {h.shape}")
    if any(np.shape(j) != h.shape[:1] for j in judges.values()):
        raise ValueError(f"every judge must give one code per item ({h.shape[0]})")
    k = max([int(np.max(j, initial=-1)) for j in judges.values()] + [int(np.max(h, initial=-1)), 0]) + 1
    codes = {name: check_codes(j, f"judges[{name!r}]", k) for name, j in judges.items()}
    h = check_codes(h.ravel(), "humans", k).reshape(h.shape)
    if alignment not in ("accuracy", "neg_rmse"):
        raise ValueError(f"alignment must be 'accuracy' or 'neg_rmse'; got {alignment!r}")
    vals = np.arange(k, dtype=float) if values is None else np.asarray(values, dtype=float)
    if alignment == "neg_rmse":
        vals = check_values(vals, vals.shape[0])
    if not np.isfinite(epsilon):
        raise ValueError(f"epsilon must be a finite number; got {epsilon}")
    if len(annotators) < MIN_ANNOTATORS_PER_ITEM:
        reason = (
            f"{len(annotators)} annotator(s): the alt-test leaves one out and compares with the "
            f"others, so it needs at least {MIN_ANNOTATORS_PER_ITEM} per item"
        )
        return [AltTestResult(name, epsilon, alignment, None, None, None, [], reason) for name in judges]
    shared = (h >= 0).sum(axis=1) >= MIN_ANNOTATORS_PER_ITEM
    left_out = []
    for j, name in enumerate(annotators):
        rows = np.flatnonzero(shared & (h[:, j] >= 0))
        others = np.delete(h[rows], j, axis=1)
        left_out.append(_LeftOut(name, rows, others, _alignment_scores(h[rows, j], others, alignment, vals)))
    return [
        _one_judge(name, judge, left_out, epsilon, alignment, vals, q, min_items)
        for name, judge in codes.items()
    ]


def _one_judge(
    rater: str,
    judge: np.ndarray,
    left_out: list[_LeftOut],
    epsilon: float,
    alignment: Alignment,
    values: FloatArray,
    q: float,
    min_items: int,
) -> AltTestResult:
    tests: list[AnnotatorComparison] = []
    p_values: list[float] = []
    for out in left_out:
        judged = judge[out.rows] >= 0
        n = int(judged.sum())
        if n < min_items:
            tests.append(
                AnnotatorComparison(
                    out.name,
                    n,
                    None,
                    None,
                    False,
                    f"{n} items shared with the judge and another annotator; "
                    f"the alt-test needs at least {min_items}",
                )
            )
            continue
        human_score = out.human_score[judged]
        judge_score = _alignment_scores(judge[out.rows[judged]], out.others[judged], alignment, values)
        judge_wins = (judge_score >= human_score).astype(float)
        human_wins = (human_score >= judge_score).astype(float)
        p = t_test_less(human_wins - judge_wins, epsilon)
        p_values.append(p)
        tests.append(AnnotatorComparison(out.name, n, p, float(judge_wins.mean()), False))
    if all(t.skipped is not None for t in tests):
        reason = f"no annotator shares {min_items} or more items with the judge and another annotator"
        return AltTestResult(rater, epsilon, alignment, None, None, None, tests, reason)
    rejected = iter(benjamini_yekutieli(np.array(p_values), q))
    tests = [t if t.skipped is not None else replace(t, rejected=bool(next(rejected))) for t in tests]
    done = [t for t in tests if t.skipped is None]
    omega = sum(t.rejected for t in done) / len(done)
    rho = float(np.mean([t.advantage_probability for t in done]))
    return AltTestResult(rater, epsilon, alignment, omega, rho, omega >= 0.5, tests)


def alt_test(
    judge: np.ndarray,
    humans: np.ndarray,
    annotators: list[str],
    *,
    rater: str = "judge",
    epsilon: float = DEFAULT_EPSILON,
    alignment: Alignment = "accuracy",
    values: FloatArray | None = None,
    q: float = DEFAULT_Q,
    min_items: int = MIN_ITEMS_PER_ANNOTATOR,
) -> AltTestResult:
    """The alt-test of one judge (`alt_tests` with one entry)."""
    (result,) = alt_tests(
        {rater: judge},
        humans,
        annotators,
        epsilon=epsilon,
        alignment=alignment,
        values=values,
        q=q,
        min_items=min_items,
    )
    return result
