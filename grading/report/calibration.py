"""How the report shows the judge's measured reliability beside each raw pass rate.

The numbers come from `expgrade.calibration.run_report` (attached by `expgrade report` as
`report["calibration"]`); this module only formats them, for Markdown and HTML alike, so the
two renderings say the same thing. A report built without that block says "uncalibrated
judge" once, in the summary's banner (overview.py), not beside every rate.
"""

from __future__ import annotations

from typing import Any

from expgrade.grading.estimate import format_estimate
from expgrade.grading.subtasks import JUDGED_SUBTASKS

UNCALIBRATED = "uncalibrated judge"
#: report table key -> calibration key (execution is measured by the sandbox, not judged)
CALIBRATION_KEYS = {**{name: name for name in JUDGED_SUBTASKS}, "all": "all_passed"}
ROW_HEADERS = (
    "subtask",
    "raw pass rate",
    "n gold",
    "agreement",
    "Cohen's κ",
    "TPR",
    "TNR",
    "corrected (PPI++)",
)


def calibrated(report: dict[str, Any]) -> bool:
    return (report.get("calibration") or {}).get("status") == "calibrated"


def judge_ran(report: dict[str, Any]) -> bool:
    """Whether any judge gave a verdict in the run: only then can its rates be uncalibrated (a run
    of sandbox re-runs and pattern scans alone has nothing for people to check)."""
    return any(
        isinstance(item.get("judge"), list) and item["judge"]
        for task in report["tasks"]
        for sub in task["submissions"]
        for view in sub["subtasks"].values()
        if view is not None
        for item in view.get("items") or []
    )


def uncalibrated(report: dict[str, Any]) -> bool:
    """The run's judged rates are a judge's own, unchecked against people."""
    return judge_ran(report) and not calibrated(report)


def fmt_ci(est: dict[str, Any] | None) -> str:
    """An estimate as every report writes one, with the run report's dash when undefined."""
    return format_estimate(est, undefined="–")


def corrected_text(cell: dict[str, Any] | None) -> str:
    if not cell:
        return "no judged units"
    if cell.get("not_estimable"):
        return f"not estimable: {cell['not_estimable']}"
    return fmt_ci(cell.get("corrected_pass_rate"))


def agent_cell(report: dict[str, Any], agent: str, key: str) -> dict[str, Any] | None:
    """The calibration cell behind an agent's rate in the table (None: uncalibrated, or not judged)."""
    if key not in CALIBRATION_KEYS or not calibrated(report):
        return None
    cell: dict[str, Any] | None = report["calibration"]["per_agent"].get(agent, {}).get(CALIBRATION_KEYS[key])
    return cell


def beside_rate(report: dict[str, Any], agent: str, key: str) -> str:
    """The corrected rate of an agent's raw rate, "– (gold n)" where too few labels, or nothing
    in an uncalibrated report (the summary says that once)."""
    cell = agent_cell(report, agent, key)
    if not cell:
        return ""
    if cell.get("not_estimable"):
        return f"– (gold {cell['n_gold']})"
    return f"{fmt_ci(cell['corrected_pass_rate'])} (gold {cell['n_gold']})"


def cell_row(name: str, cell: dict[str, Any]) -> list[str]:
    raw = cell.get("raw_pass_rate")
    return [
        name,
        "–" if raw is None else f"{raw:.2f} (n={cell['n']})",
        str(cell["n_gold"]),
        fmt_ci(cell["agreement"]),
        fmt_ci(cell["kappa"]),
        fmt_ci(cell["tpr"]),
        fmt_ci(cell["tnr"]),
        corrected_text(cell),
    ]


def headline(report: dict[str, Any]) -> list[str]:
    """Sentences above the tables: what was calibrated against what, and how many labels are needed."""
    cal = report.get("calibration")
    if not cal:
        return ["No calibration was computed for this report."]
    plan = ", ".join(
        f"{s} ≈ {c['labels_for_ci_0.05']}"
        + (f" (the run has {c['n']})" if c["labels_for_ci_0.05"] > c["n"] else "")
        for s, c in (cal.get("per_subtask") or {}).items()
    )
    lines = []
    if cal["status"] == "calibrated":
        g = cal.get("gold") or {}
        lines.append(
            f"Calibrated against {g.get('matched', 0)} human-labelled item(s) "
            f"({g.get('unmatched', 0)} gold item(s) not in this run, {g.get('ties', 0)} tied). "
            f"Corrected rates: PPI++ (power-tuned), weighted by inclusion probability where labels "
            f"were drawn actively; a cell with fewer than {cal['min_gold']} labelled units is not estimable."
        )
    else:
        lines += [f"{cal['note']}."] if cal.get("note") else []
        lines.append(
            ("Until then" if cal.get("note") else "No people's labels were given (--gold), so")
            + " agreement, Cohen's κ, TPR, TNR and corrected "
            f"rates cannot be estimated. Planned from {cal.get('prior_source')} "
            f"(disagreement {cal.get('prior_disagreement'):.2f}), labelling would make them estimable:"
        )
    lines.append(
        f"Fully labelled submissions for a ±{cal['target_half_width']} CI on the corrected rate: {plan}"
        + (
            f"; a cell with fewer than {cal['min_gold']} labelled units is not estimable."
            if cal["status"] != "calibrated"
            else "."
        )
    )
    return lines


COMPARISON_HEADERS = (
    "agents",
    "labelled tasks",
    "judge difference",
    "corrected difference",
    "settled",
    "labels to settle",
)


def comparison_tables(report: dict[str, Any]) -> list[tuple[str, list[list[str]]]]:
    """(title, rows) per cell of the corrected agent-vs-agent differences; the title carries the
    ranking, with a rank range ("1–2") where the data cannot break a tie."""
    out = []
    for cell, comp in ((report.get("calibration") or {}).get("comparisons") or {}).items():
        if comp.get("note"):
            out.append((f"{cell}: agents compared", [[comp["note"], "", "", "", "", ""]]))
            continue
        ranks = ", ".join(
            f"{r['agent']} {r['best_rank']}"
            + (f"–{r['worst_rank']}" if r["worst_rank"] != r["best_rank"] else "")
            for r in comp["ranking"]
        )
        rows = [
            [
                f"{p['a']} − {p['b']}",
                f"{p['n_labelled']}/{p['n_tasks']}",
                "–" if p["judge_difference"] is None else f"{p['judge_difference']:+.2f}",
                fmt_ci(p["difference"]),
                "yes" if p["settled"] else "no",
                str(p["labels_to_settle"]) if p["labels_to_settle"] is not None else (p["note"] or "–"),
            ]
            for p in comp["pairs"]
        ]
        out.append((f"{cell}: which agent is better (rank {ranks})", rows))
    return out
