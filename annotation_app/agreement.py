"""The admin page's agreement tables, computed by the calibration module.

Calibration owns every statistic (tie rule of the human majority, bootstrap intervals); this
module only chooses a dashboard-sized bootstrap and flattens the results into tables.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pandas as pd

from expgrade.calibration import calibrate, inter_annotator_agreement
from expgrade.calibration.bootstrap import estimate
from expgrade.calibration.humans import HumanAgreement, kappa_text, pair_kappa
from expgrade.calibration.labels import frame_of, load_label_data
from expgrade.grading.errors import UserError
from expgrade.grading.estimate import Estimate, format_estimate
from expgrade.grading.schemas import LabelRow

#: enough for a readable interval on a live page; `expgrade calibrate` uses 1000
DASHBOARD_RESAMPLES = 200


def _fmt(e: Estimate) -> str:
    return format_estimate(e, 3, undefined="n/a")


def mean_pairwise_kappa(
    humans: list[LabelRow], n_resamples: int = DASHBOARD_RESAMPLES, seed: int = 0, confidence: float = 0.95
) -> Estimate:
    """Mean Cohen's κ over annotator pairs with a percentile interval from resampling items
    (calibration's `estimate`; calibration itself gives κ per pair without an interval)."""
    data = load_label_data(frame_of(humans), None)
    pairs = list(combinations(sorted(data.humans), 2))

    def mean_kappa(items: np.ndarray) -> float:
        kappas = [
            pair_kappa(data.humans[a].codes[items], data.humans[b].codes[items], data.scale.k)
            for a, b in pairs
        ]
        finite = [kappa for n, kappa in kappas if n > 0 and math.isfinite(kappa)]
        return float(np.mean(finite)) if finite else float("nan")

    rng = np.random.default_rng(seed)
    samples = np.array(
        [mean_kappa(rng.integers(0, data.n_items, data.n_items)) for _ in range(n_resamples)], dtype=float
    )
    return estimate(mean_kappa(np.arange(data.n_items)), samples, confidence)


def _mean_kappa(h: HumanAgreement, humans: list[LabelRow]) -> str:
    """Two annotators: their κ with `kappa_interval`'s interval, as `calibrate` prints it, or
    undefined with their raw agreement; more: the mean over pairs with its item bootstrap."""
    if len(h.pairwise_kappa) == 1:
        (pair,) = h.pairwise_kappa
        return kappa_text(pair.estimate, pair.agreement, 3)
    return "n/a" if h.mean_pairwise_kappa is None else _fmt(mean_pairwise_kappa(humans))


def human_table(humans: list[LabelRow]) -> pd.DataFrame:
    columns = [
        "items with ≥2 labels",
        "annotators",
        "krippendorff α",
        "percent agreement",
        "Gwet AC1",
        "mean pairwise κ",
    ]
    if not humans:
        return pd.DataFrame(columns=columns)
    try:
        h = inter_annotator_agreement(humans, n_resamples=DASHBOARD_RESAMPLES)
    except UserError:
        return pd.DataFrame(columns=columns)
    values = [
        h.n_items,
        h.n_raters,
        _fmt(h.krippendorff_alpha),
        _fmt(h.percent_agreement),
        _fmt(h.gwet_ac1),
        _mean_kappa(h, humans),
    ]
    return pd.DataFrame([dict(zip(columns, values, strict=True))], columns=columns)


def judge_table(humans: list[LabelRow], judges: list[LabelRow]) -> pd.DataFrame:
    """Each judge against the human majority, overall and per subtask/criterion group."""
    columns = ["judge", "subtask", "criterion", "n", "percent agreement", "cohen κ", "TPR", "TNR"]
    if not humans or not judges:
        return pd.DataFrame(columns=columns)
    try:
        report = calibrate(humans + judges, n_resamples=DASHBOARD_RESAMPLES)
    except UserError:
        return pd.DataFrame(columns=columns)
    rows = []
    for r in report.judges:
        stats = r.statistics
        rows.append(
            [
                r.rater,
                r.subtask or "all",
                r.criterion or "all",
                r.n,
                _fmt(stats["percent_agreement"]),
                _fmt(stats["cohen_kappa"]),
                _fmt(stats["tpr"]) if "tpr" in stats else "n/a",
                _fmt(stats["tnr"]) if "tnr" in stats else "n/a",
            ]
        )
    return pd.DataFrame(rows, columns=columns)


def agreement_tables(humans: list[LabelRow], judges: list[LabelRow]) -> tuple[pd.DataFrame, pd.DataFrame]:
    return human_table(humans), judge_table(humans, judges)
