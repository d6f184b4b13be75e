"""Judge leaderboard and a plain-language recommendation per group of items.

"Human level" compares like with like: the judge's mean Cohen κ against each individual
annotator versus the annotators' mean κ with each other. (Comparing the judge with the
majority label against annotators with each other would flatter the judge, since a majority
is less noisy than one person.) With a single human rater there is no ceiling, and the
recommendation falls back on the conventional Landis–Koch bands for κ against the gold label.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from expgrade.calibration.report import CalibrationReport, GroupSummary, JudgeResult
from expgrade.grading.estimate import format_estimate

Json = dict[str, Any]

STRONG_KAPPA = 0.8
MODERATE_KAPPA = 0.6
NOTABLE_LENIENCY = 0.05


def _row(r: JudgeResult, ceiling: float | None) -> Json:
    kappa = r.statistics["cohen_kappa"]
    human_level = None if ceiling is None or r.kappa_vs_humans is None else bool(r.kappa_vs_humans >= ceiling)
    lenient = r.statistics.get("leniency")
    return {
        "rater": r.rater,
        "n": r.n,
        "cohen_kappa": kappa.as_dict(),
        "gwet_ac1": r.statistics["gwet_ac1"].as_dict()["value"],
        "krippendorff_alpha": r.statistics["krippendorff_alpha"].as_dict()["value"],
        "percent_agreement": r.statistics["percent_agreement"].as_dict()["value"],
        "leniency": None if lenient is None else lenient.as_dict()["value"],
        "kappa_vs_humans": None if r.kappa_vs_humans is None else round(r.kappa_vs_humans, 4),
        "human_ceiling": None if ceiling is None else round(ceiling, 4),
        "human_level": human_level,
        "cost_per_item": r.cost_per_item,
        "panel": r.panel_of is not None,
    }


def _fmt_ci(d: Json) -> str:
    return format_estimate(d, undefined="undefined")


def _cost(row: Json) -> str:
    return f" at ${row['cost_per_item']:.4f} per item" if row["cost_per_item"] else ""


def _no_ceiling(summary: GroupSummary) -> str:
    """Why there is no human ceiling, with the true count of raters."""
    raters = summary.humans.n_raters if summary.humans is not None else 0
    if raters < 2:
        return "only one human rating per item, so there is no human ceiling to compare with."
    return (
        f"the {raters} annotators' agreement with each other (κ) is undefined on these items (every "
        "item got one and the same label), so there is no human ceiling to compare with."
    )


def _kappa_verdict(best: Json, level: str, binary: bool) -> str:
    """What κ against the gold label supports, and no more: "too weakly" only where the whole
    interval lies below a moderate κ; an undefined κ is said to be undefined, with the raw
    agreement; an interval too wide to decide says so."""
    kappa = best["cohen_kappa"]
    value, low, high = kappa["value"], kappa["ci_low"], kappa["ci_high"]
    raw = best["percent_agreement"]
    raw_text = "" if raw is None else f"; raw agreement {raw:.2f} on {best['n']} items"
    if value is None:
        return (
            f"cannot be judged by κ: κ is undefined on these items (everyone gave every item the same "
            f"label{raw_text}). Label items of both kinds."
        )
    said = f"κ = {_fmt_ci(kappa)} ({level} CI{raw_text})."
    if low is not None and low >= STRONG_KAPPA:
        return (
            "agrees almost perfectly with the human label (κ CI above 0.8): it can stand in for the "
            f"human; {said}"
        )
    if high is not None and high < MODERATE_KAPPA:
        return f"agrees too weakly to replace human grading (κ CI below {MODERATE_KAPPA}); {said}"
    if value >= MODERATE_KAPPA:
        return (
            "agrees substantially but not perfectly: use it with "
            + ("the error-corrected scores and " if binary else "")
            + f"spot checks; {said}"
        )
    return f"cannot yet be told apart from a weak or a good judge: label more items; {said}"


def _recommend(summary: GroupSummary, rows: list[Json], confidence: float, binary: bool) -> str:
    name = summary.group.name
    if not rows:
        rate = ""
        if set(summary.gold_counts) == {"fail", "pass"} and summary.n_gold:
            rate = f"; humans pass {summary.gold_counts['pass'] / summary.n_gold:.0%} of them"
        return (
            f"{name}: human labels only ({summary.n_gold} items with a gold label{rate}). "
            "Add judge labels for the same items to see whether a judge can stand in for the humans."
        )
    best = rows[0]
    level = f"{confidence:.0%}"
    ceiling = best["human_ceiling"]
    if ceiling is not None:
        reached = [r for r in rows if r["human_level"]]
        if reached and reached[0]["cohen_kappa"]["ci_low"] is None:
            pick = reached[0]
            text = (
                f"{name}: {pick['rater']} agrees with the gold label as often as the annotators agree with "
                f"each other on these {pick['n']} items (κ {_fmt_ci(pick['cohen_kappa'])}), too few labels "
                "to say it reaches human level: label more items."
            )
        elif reached:
            priced = [r for r in reached if r["cost_per_item"]]
            pick = min(priced, key=lambda r: r["cost_per_item"]) if priced else reached[0]
            text = (
                f"{name}: {pick['rater']} reaches human-level agreement{_cost(pick)} — its mean κ "
                f"against individual annotators is {pick['kappa_vs_humans']:.2f}, annotators agree with "
                f"each other at κ = {ceiling:.2f}; κ against the gold label "
                f"{_fmt_ci(pick['cohen_kappa'])} ({level} CI)."
            )
            others = [r["rater"] for r in reached if r is not pick]
            if others:
                text += f" Also at human level: {', '.join(others)}."
        else:
            versus_humans = best["kappa_vs_humans"] if best["kappa_vs_humans"] is not None else float("nan")
            text = (
                f"{name}: no judge reaches the human ceiling (annotators agree at κ = {ceiling:.2f}). "
                f"The best, {best['rater']}, reaches κ = {versus_humans:.2f} against individual annotators "
                f"and {_fmt_ci(best['cohen_kappa'])} against the gold label. Keep human review"
                + (", or report judge scores only with the error-corrected estimates." if binary else ".")
            )
    else:
        text = (
            f"{name}: {_no_ceiling(summary)} The best judge, {best['rater']}{_cost(best)}, "
            + _kappa_verdict(best, level, binary)
        )
    if best["leniency"] is not None and abs(best["leniency"]) >= NOTABLE_LENIENCY:
        direction = "more" if best["leniency"] > 0 else "less"
        text += (
            f" Note: {best['rater']} passes {abs(best['leniency']):.0%} {direction} often than the humans."
        )
    return text


def build_leaderboard(report: CalibrationReport) -> tuple[dict[str, list[Json]], dict[str, str]]:
    """Judges ranked by κ against the gold label in each group, and one recommendation per group."""
    boards: dict[str, list[Json]] = {}
    advice: dict[str, str] = {}
    for summary in report.groups:
        g = summary.group
        ceiling = summary.humans.mean_pairwise_kappa if summary.humans is not None else None
        members = [r for r in report.judges if r.subtask == g.subtask and r.criterion == g.criterion]
        rows = sorted(
            (_row(r, ceiling) for r in members),
            key=lambda x: -np.nan_to_num(x["cohen_kappa"]["value"] or np.nan, nan=-2.0),
        )
        boards[g.name] = rows
        advice[g.name] = _recommend(summary, rows, report.confidence, report.binary)
    return boards, advice
