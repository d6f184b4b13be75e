"""Judge biases measured against the human gold label: self-preference, length, position, confidence.

Each check controls for the human label, so a judge that passes long answers because long
answers really are better is not called biased: only the judge's deviation from the humans on
the same items counts. Intervals come from the multinomial item bootstrap (`expgrade.calibration.bootstrap`)
or, for the regression, from the Wald approximation.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from expgrade.calibration.bootstrap import estimate, resample_table
from expgrade.calibration.corrected import z_value
from expgrade.calibration.families import families_of, model_family
from expgrade.calibration.labels import IntArray, LabelData
from expgrade.calibration.validation import FloatArray
from expgrade.grading.estimate import Estimate, wilson_interval

Json = dict[str, Any]


def _div(num: FloatArray, den: FloatArray) -> FloatArray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)


def _stratified_own_minus_other(t: FloatArray) -> FloatArray:
    """t[..., own, human, judge] (2×2×2) → Σ_h w_h [P(J+ | own, h) − P(J+ | other, h)],
    weights w_h the share of own-family items with human label h."""
    rate = _div(t[..., 1], t.sum(axis=-1))  # (..., own, human)
    diff = rate[..., 1, :] - rate[..., 0, :]
    own_h = t[..., 1, :, :].sum(axis=-1)
    valid = np.isfinite(diff)
    weights = np.where(valid, own_h, 0.0)
    return _div((np.where(valid, diff, 0.0) * weights).sum(axis=-1), weights.sum(axis=-1))


def self_preference(
    data: LabelData,
    rater: str,
    codes: IntArray,
    mask: np.ndarray,
    n_resamples: int,
    confidence: float,
    rng: np.random.Generator,
) -> Json | None:
    """Does the judge favour its own model family? None when the family or the outputs' models are unknown.

    Binary items: the difference in the judge's pass rate between own-family and other outputs,
    within each human label, averaged over the human labels of the own-family items.
    Pairwise items (`candidate_models`): among items with exactly one own-family candidate,
    how much more often the judge picks it than the humans do.
    """
    family = model_family(rater)
    if family is None:
        return None
    ok = mask & (data.gold >= 0) & (codes >= 0)
    if data.scale.pairwise:
        return _pairwise_self_preference(data, family, codes, ok, n_resamples, confidence, rng)
    if not data.scale.binary:
        return None
    fams = families_of(data.agent_model)
    known = ok & (fams != None)  # noqa: E711 - elementwise comparison on an object array
    own = (fams == family) & known
    if own.sum() == 0 or (known & ~own).sum() == 0:
        return None
    pos = data.scale.positive
    table = np.zeros((2, 2, 2))
    np.add.at(
        table,
        (own[known].astype(int), (data.gold[known] == pos).astype(int), (codes[known] == pos).astype(int)),
        1.0,
    )
    est = estimate(
        _stratified_own_minus_other(table),
        _stratified_own_minus_other(resample_table(table, n_resamples, rng)),
        confidence,
    )
    return {
        "family": family,
        "kind": "pass-rate difference, own family minus others, within human label",
        "n_own": int(table[1].sum()),
        "n_other": int(table[0].sum()),
        **est.as_dict(),
    }


def _pairwise_self_preference(
    data: LabelData,
    family: str,
    codes: IntArray,
    ok: np.ndarray,
    n_resamples: int,
    confidence: float,
    rng: np.random.Generator,
) -> Json | None:
    fam = np.column_stack(
        [families_of(data.candidate_models[:, 0]), families_of(data.candidate_models[:, 1])]
    )
    own1, own2 = fam[:, 0] == family, fam[:, 1] == family
    eligible = ok & (own1 ^ own2)
    if eligible.sum() == 0:
        return None
    own_code = np.where(own1, data.scale.categories.index("1"), data.scale.categories.index("2"))
    table = np.zeros((2, 2))  # [human picked own, judge picked own]
    np.add.at(
        table,
        (
            (data.gold[eligible] == own_code[eligible]).astype(int),
            (codes[eligible] == own_code[eligible]).astype(int),
        ),
        1.0,
    )

    def excess(t: FloatArray) -> FloatArray:
        n = t.sum(axis=(-2, -1))
        return _div(t[..., :, 1].sum(axis=-1) - t[..., 1, :].sum(axis=-1), n)

    est = estimate(excess(table), excess(resample_table(table, n_resamples, rng)), confidence)
    n = table.sum()
    return {
        "family": family,
        "kind": "P(judge picks own-family output) minus P(humans pick it), same items",
        "n_own": int(n),
        "n_other": 0,
        "judge_own_rate": round(float(table[:, 1].sum() / n), 6),
        "human_own_rate": round(float(table[1, :].sum() / n), 6),
        **est.as_dict(),
    }


def logistic_regression(x: FloatArray, y: FloatArray, iterations: int = 50) -> tuple[FloatArray, FloatArray]:
    """Maximum-likelihood logistic coefficients and their standard errors (Newton–Raphson).

    A tiny ridge keeps separable data (a judge that always passes) from diverging; the
    returned SEs are then large, which is the honest answer.
    """
    beta = np.zeros(x.shape[1])
    ridge = 1e-6 * np.eye(x.shape[1])
    hessian = ridge
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -30, 30)))
        grad = x.T @ (y - p)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hessian, grad)
        beta = beta + step
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta, np.sqrt(np.diag(np.linalg.inv(hessian)))


def length_bias(data: LabelData, codes: IntArray, mask: np.ndarray, confidence: float) -> Json | None:
    """Judge verdict against response length with the human label held fixed.

    Binary items: logistic regression of the judge's pass on standardised log length and the
    human label; the reported value is the log-odds change per standard deviation of log length.
    Pairwise items: regression of 'judge prefers output 1' on the standardised log length ratio
    and the human preference, plus P(judge prefers the longer | lengths differ) next to the
    same rate for the humans.
    """
    ok = mask & (data.gold >= 0) & (codes >= 0)
    if data.scale.pairwise:
        return _pairwise_length_bias(data, codes, ok, confidence)
    if not data.scale.binary:
        return None
    ok &= np.isfinite(data.response_length)
    if ok.sum() < 10:
        return None
    log_len = np.log1p(data.response_length[ok])
    if log_len.std() == 0:
        return None
    pos = data.scale.positive
    human = (data.gold[ok] == pos).astype(float)
    x = np.column_stack([np.ones(ok.sum()), (log_len - log_len.mean()) / log_len.std(), human])
    beta, se = logistic_regression(x, (codes[ok] == pos).astype(float))
    return _coefficient(beta[1], se[1], int(ok.sum()), confidence) | {
        "kind": "log-odds of a judge pass per SD of log length, human label held fixed"
    }


def _coefficient(b: float, se: float, n: int, confidence: float) -> Json:
    z = z_value(confidence)
    return {
        **Estimate(float(b), float(b - z * se), float(b + z * se)).as_dict(),
        "n": n,
        "odds_ratio": round(float(np.exp(b)), 6),
    }


def _pairwise_length_bias(data: LabelData, codes: IntArray, ok: np.ndarray, confidence: float) -> Json | None:
    cats = data.scale.categories
    one, two = cats.index("1"), cats.index("2")
    lengths = data.candidate_lengths
    ok = ok & np.isfinite(lengths).all(axis=1) & (lengths[:, 0] != lengths[:, 1])
    decisive = ok & np.isin(codes, [one, two])
    if decisive.sum() < 10:
        return None
    longer = np.where(lengths[:, 0] > lengths[:, 1], one, two)
    judge_longer = wilson_interval(
        float((codes[decisive] == longer[decisive]).sum()), float(decisive.sum()), confidence
    )
    human_decisive = ok & np.isin(data.gold, [one, two])
    human_longer = (
        float((data.gold[human_decisive] == longer[human_decisive]).mean())
        if human_decisive.any()
        else float("nan")
    )
    ratio = np.log1p(lengths[decisive, 0]) - np.log1p(lengths[decisive, 1])
    gold = data.gold[decisive]
    x = np.column_stack([np.ones(decisive.sum()), ratio / ratio.std(), gold == one, gold == two]).astype(
        float
    )
    if "tie" not in cats or not (gold != one).any() or not (gold != two).any():
        x = x[:, :3]
    beta, se = logistic_regression(x, (codes[decisive] == one).astype(float))
    return _coefficient(beta[1], se[1], int(decisive.sum()), confidence) | {
        "kind": "log-odds of preferring output 1 per SD of log length ratio, human preference held fixed",
        "p_judge_prefers_longer": judge_longer.as_dict(),
        "p_human_prefers_longer": None if np.isnan(human_longer) else round(human_longer, 6),
    }


def position_consistency(
    data: LabelData,
    original: IntArray,
    swapped: IntArray,
    mask: np.ndarray,
    n_resamples: int,
    confidence: float,
    rng: np.random.Generator,
) -> Json | None:
    """For pairwise items judged in both orders: how often the verdict survives the swap, and how
    often the judge picks whichever output is shown first (0.5 is unbiased)."""
    if not data.scale.pairwise:
        return None
    both = mask & (original >= 0) & (swapped >= 0)
    if both.sum() == 0:
        return None
    k = data.scale.k
    table = np.zeros((k, k))
    np.add.at(table, (original[both], swapped[both]), 1.0)
    one, two = data.scale.categories.index("1"), data.scale.categories.index("2")

    def consistency(t: FloatArray) -> FloatArray:
        return _div(np.trace(t, axis1=-2, axis2=-1), t.sum(axis=(-2, -1)))

    def first_position(t: FloatArray) -> FloatArray:
        # shown first: output 1 in the original order, output 2 in the swapped order
        first = t[..., one, :].sum(axis=-1) + t[..., :, two].sum(axis=-1)
        decisive = t[..., [one, two], :].sum(axis=(-2, -1)) + t[..., :, [one, two]].sum(axis=(-2, -1))
        return _div(first, decisive)

    boots = resample_table(table, n_resamples, rng)
    cons = estimate(consistency(table), consistency(boots), confidence)
    first = estimate(first_position(table), first_position(boots), confidence)
    return {"n": int(both.sum()), **cons.as_dict(), "first_position_preference": first.as_dict()}


def reliability(gold: IntArray, codes: IntArray, conf: FloatArray, bins: int = 10) -> Json | None:
    """Reliability diagram and expected calibration error of the judge's stated confidence.

    `confidence` is read as the rater's probability that its own verdict is right; a verdict
    is right when it equals the human gold label.
    """
    ok = (gold >= 0) & (codes >= 0) & np.isfinite(conf)
    if ok.sum() == 0:
        return None
    c = conf[ok]
    correct = (codes[ok] == gold[ok]).astype(float)
    which = np.minimum((c * bins).astype(int), bins - 1)
    count = np.bincount(which, minlength=bins).astype(float)
    mean_conf = _div(np.bincount(which, weights=c, minlength=bins).astype(float), count)
    accuracy = _div(np.bincount(which, weights=correct, minlength=bins).astype(float), count)
    gaps = np.where(count > 0, np.abs(accuracy - mean_conf), 0.0)
    ece = float((count * gaps).sum() / count.sum())
    return {
        "n": int(ok.sum()),
        "ece": round(ece, 6),
        "bins": [
            {
                "low": b / bins,
                "high": (b + 1) / bins,
                "n": int(count[b]),
                "confidence": round(float(mean_conf[b]), 6),
                "accuracy": round(float(accuracy[b]), 6),
            }
            for b in range(bins)
            if count[b] > 0
        ],
    }
