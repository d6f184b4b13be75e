"""Figures for report.html, rendered with matplotlib's Agg backend and embedded as base64 PNG.

Embedding keeps the report a single file that opens anywhere, offline, with no asset folder.
Each function returns None when the report has nothing to draw for it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from expgrade.calibration.report import CalibrationReport, JudgeResult
from expgrade.grading.figures import plt, png

Json = dict[str, Any]
MAX_CORRECTED_PANELS = 4
PALETTE = ["#3b6ea8", "#d9822b", "#4f9a6b", "#b5485d", "#7a5fa8", "#8c7a4b", "#4a9fb0", "#a8a23b"]


def _overall(report: CalibrationReport) -> list[JudgeResult]:
    return [r for r in report.judges if r.subtask is None and r.criterion is None]


def _short(name: str, width: int = 28) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def _errorbars(ax: Any, ys: np.ndarray, ests: list[Json], color: str, label: str) -> None:
    vals = np.array([np.nan if e["value"] is None else e["value"] for e in ests], dtype=float)
    lo = np.array([np.nan if e["ci_low"] is None else e["ci_low"] for e in ests], dtype=float)
    hi = np.array([np.nan if e["ci_high"] is None else e["ci_high"] for e in ests], dtype=float)
    err = np.vstack([np.nan_to_num(vals - lo), np.nan_to_num(hi - vals)])
    ax.errorbar(vals, ys, xerr=err, fmt="o", color=color, capsize=3, label=label)


def agreement_plot(report: CalibrationReport, ceiling: float | None) -> str | None:
    """κ, AC1 and α per judge with their intervals, and the annotators' κ as the ceiling."""
    judges = _overall(report)
    if not judges:
        return None
    fig, ax = plt.subplots(figsize=(8, 0.6 * len(judges) + 1.6))
    ys = np.arange(len(judges))[::-1].astype(float)
    for offset, (stat, label, color) in zip(
        (0.2, 0.0, -0.2),
        (
            ("cohen_kappa", "Cohen κ", PALETTE[0]),
            ("gwet_ac1", "Gwet AC1", PALETTE[1]),
            ("krippendorff_alpha", "Krippendorff α", PALETTE[2]),
        ),
        strict=True,
    ):
        _errorbars(ax, ys + offset, [j.statistics[stat].as_dict() for j in judges], color, label)
    if ceiling is not None:
        ax.axvline(ceiling, color="#888", linestyle="--", label=f"annotators' mean κ ({ceiling:.2f})")
    ax.set_yticks(ys, [_short(j.rater, 40) for j in judges])
    ax.set_xlabel(f"agreement with the human gold label ({report.confidence:.0%} CI)")
    ax.set_xlim(min(-0.05, ax.get_xlim()[0]), 1.02)
    ax.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, -0.14 - 0.5 / (len(judges) + 2)),
        ncol=4,
        fontsize=8,
        frameon=False,
    )
    ax.grid(axis="x", alpha=0.3)
    return png(fig)


def confusion_plot(report: CalibrationReport) -> str | None:
    judges = _overall(report)
    if not judges:
        return None
    cols = min(4, len(judges))
    rows = int(np.ceil(len(judges) / cols))
    size = 1.0 + 0.55 * len(report.categories)
    fig, axes = plt.subplots(rows, cols, figsize=(size * cols + 0.5, size * rows + 0.4), squeeze=False)
    for ax in axes.ravel()[len(judges) :]:
        ax.axis("off")
    for ax, j in zip(axes.ravel(), judges, strict=False):
        m = np.array(j.confusion, dtype=float)
        ax.imshow(m, cmap="Blues")
        for (a, b), v in np.ndenumerate(m):
            ax.text(
                b,
                a,
                f"{int(v)}",
                ha="center",
                va="center",
                color="white" if v > m.max() / 2 else "black",
                fontsize=9,
            )
        ticks = range(len(report.categories))
        ax.set_xticks(ticks, report.categories, fontsize=8)
        ax.set_yticks(ticks, report.categories, fontsize=8)
        ax.set_xlabel("judge", fontsize=8)
        ax.set_ylabel("human gold", fontsize=8)
        ax.set_title(_short(j.rater, 24), fontsize=9)
    fig.tight_layout()
    return png(fig)


def _bar_ci(title: str, names: list[str], ests: list[Json], xlabel: str) -> str:
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(names) + 1.3))
    ys = np.arange(len(names))[::-1].astype(float)
    vals = np.array([e["value"] or 0.0 for e in ests], dtype=float)
    ax.barh(ys, vals, color=[PALETTE[0] if v >= 0 else PALETTE[1] for v in vals], alpha=0.75)
    _errorbars(ax, ys, ests, "#333", "CI")
    ax.axvline(0, color="#444", linewidth=0.8)
    ax.set_yticks(ys, [_short(n, 40) for n in names])
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return png(fig)


def leniency_plot(report: CalibrationReport) -> str | None:
    judges = [j for j in _overall(report) if "leniency" in j.statistics]
    if not judges:
        return None
    return _bar_ci(
        "Leniency: judge pass rate − human pass rate",
        [j.rater for j in judges],
        [j.statistics["leniency"].as_dict() for j in judges],
        "> 0: the judge passes more than the humans",
    )


def self_preference_plot(report: CalibrationReport) -> str | None:
    judges = [j for j in _overall(report) if j.self_preference]
    if not judges:
        return None
    return _bar_ci(
        "Self-preference towards the judge's own model family",
        [f"{j.rater} ({j.self_preference['family']})" for j in judges if j.self_preference],
        [j.self_preference for j in judges if j.self_preference],
        "> 0: the judge favours its own family more than the humans do",
    )


def position_plot(report: CalibrationReport) -> str | None:
    judges = [j for j in _overall(report) if j.position_consistency]
    if not judges:
        return None
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.45 * len(judges) + 1.4), sharey=True)
    ys = np.arange(len(judges))[::-1].astype(float)
    cons = [j.position_consistency for j in judges if j.position_consistency]
    _errorbars(axes[0], ys, cons, PALETTE[0], "consistency")
    axes[0].set_xlim(0, 1.02)
    axes[0].set_xlabel("same verdict after swapping the order")
    _errorbars(axes[1], ys, [c["first_position_preference"] for c in cons], PALETTE[1], "first position")
    axes[1].axvline(0.5, color="#888", linestyle="--")
    axes[1].set_xlim(0, 1)
    axes[1].set_xlabel("P(picks the output shown first); 0.5 = no bias")
    axes[0].set_yticks(ys, [_short(j.rater, 40) for j in judges])
    for ax in axes:
        ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return png(fig)


def reliability_plot(report: CalibrationReport) -> str | None:
    if not report.reliability:
        return None
    fig, ax = plt.subplots(figsize=(5.5, 5))
    ax.plot([0, 1], [0, 1], color="#999", linestyle="--", label="perfect calibration")
    for color, (rater, rel) in zip(PALETTE, report.reliability.items(), strict=False):
        bins = rel["bins"]
        ax.plot(
            [b["confidence"] for b in bins],
            [b["accuracy"] for b in bins],
            "o-",
            color=color,
            label=f"{_short(rater)} (ECE {rel['ece']:.3f})",
        )
    ax.set_xlabel("stated confidence")
    ax.set_ylabel("share of verdicts equal to the human gold")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return png(fig)


def corrected_plot(report: CalibrationReport) -> str | None:
    """Raw judge pass rate against the Rogan–Gladen and PPI++ estimates, per group, for the
    best judges on the leaderboard (all of them are in the table below the figure)."""
    ranked = [r["rater"] for r in report.leaderboard.get("all items", []) if not r["panel"]]
    raters = [name for name in ranked if any(r["rater"] == name for r in report.corrected_scores)][
        :MAX_CORRECTED_PANELS
    ]
    rows = [r for r in report.corrected_scores if r["rater"] in raters]
    if not rows:
        return None
    fig, axes = plt.subplots(
        len(raters),
        1,
        figsize=(8, (0.45 * len({r["group"] for r in rows}) + 1.2) * len(raters)),
        squeeze=False,
    )
    for ax, rater in zip(axes[:, 0], raters, strict=True):
        mine = [r for r in rows if r["rater"] == rater]
        ys = np.arange(len(mine))[::-1].astype(float)
        ax.plot([r["judge_rate"] for r in mine], ys + 0.2, "s", color=PALETTE[3], label="judge (raw)")
        _errorbars(ax, ys, [r["rogan_gladen"] for r in mine], PALETTE[0], "Rogan–Gladen")
        _errorbars(ax, ys - 0.2, [r["ppi"] for r in mine], PALETTE[2], "PPI++")
        ax.set_yticks(ys, [_short(r["group"], 30) for r in mine])
        ax.set_xlim(-0.02, 1.02)
        ax.set_title(rater, fontsize=10)
        ax.grid(axis="x", alpha=0.3)
    axes[0, 0].legend(fontsize=8, loc="lower right")
    axes[-1, 0].set_xlabel("pass rate")
    fig.tight_layout()
    return png(fig)


def judge_matrix_plot(report: CalibrationReport) -> str | None:
    names = report.judge_agreement["raters"]
    if len(names) < 2:
        return None
    m = np.array(
        [[np.nan if v is None else v for v in row] for row in report.judge_agreement["cohen_kappa"]],
        dtype=float,
    )
    fig, ax = plt.subplots(figsize=(0.6 * len(names) + 2.5, 0.6 * len(names) + 2))
    im = ax.imshow(m, cmap="viridis", vmin=min(0.0, np.nanmin(m)), vmax=1)
    for (a, b), v in np.ndenumerate(m):
        if np.isfinite(v):
            ax.text(
                b, a, f"{v:.2f}", ha="center", va="center", fontsize=7, color="white" if v < 0.6 else "black"
            )
    labels = [_short(n, 18) for n in names]
    ax.set_xticks(range(len(names)), labels, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(names)), labels, fontsize=8)
    fig.colorbar(im, ax=ax, label="Cohen κ")
    return png(fig)


def human_rates_plot(report: CalibrationReport) -> str | None:
    """Gold-label distribution per group: the human side of a report without judges."""
    groups = [g for g in report.groups if g.n_gold]
    if not groups:
        return None
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(groups) + 1.3))
    ys = np.arange(len(groups))[::-1].astype(float)
    left = np.zeros(len(groups))
    for color, cat in zip(PALETTE, report.categories, strict=False):
        share = np.array([g.gold_counts.get(cat, 0) / g.n_gold for g in groups])
        ax.barh(ys, share, left=left, color=color, label=cat)
        left += share
    ax.set_yticks(ys, [_short(g.group.name, 40) for g in groups])
    ax.set_xlabel("share of items by human gold label")
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    return png(fig)
