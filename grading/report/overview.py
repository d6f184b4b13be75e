"""The summary at the top of the report: what a reviewer reads before anything else.

Per agent, each subtask's pass rate with its interval; one trust line per judge (trust.py);
what could not be scored and why; what the run cost and how long it took. A fact that holds for
the whole run (an uncalibrated judge) is stated once, in `banner`, never beside each number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from expgrade.grading.report import calibration
from expgrade.grading.report.plots import RATE_KEYS
from expgrade.grading.status import Unscorable

#: The name `expgrade demo` gives its bundled scripted judge server: a run judged under it holds
#: scripted verdicts, and its report says so first.
SCRIPTED_JUDGE = "openai/scripted-judge"


def scripted_judges(judges: list[str]) -> list[str]:
    """The run's judges whose verdicts were scripted, not judged by a model."""
    return [j for j in judges if j == SCRIPTED_JUDGE]


def scripted_banner(report: dict[str, Any]) -> str | None:
    """The first thing the report says when its verdicts came from a script: a reader skimming the
    rates must not take them for a model's judgement."""
    judges = report.get("scripted_judges")
    if not judges:
        return None
    return (
        f"Verdicts are scripted: the judge {', '.join(judges)} is the scripted judge server (expgrade demo), "
        "which answers from a script, not a model. The judged rates below show the pipeline, not any "
        "model's judgement; grade with a real judge (--judge MODEL) for that."
    )


@dataclass
class RateCell:
    """One agent × subtask: the raw rate, its interval and n, and the corrected rate when calibrated."""

    value: float | None
    low: float | None
    high: float | None
    n: int | None
    undecided: int
    corrected: str

    @property
    def value_text(self) -> str:
        return "–" if self.value is None else f"{self.value:.2f}"

    @property
    def interval_text(self) -> str:
        if self.value is None or self.low is None or self.high is None:
            return ""
        return f"[{self.low:.2f}, {self.high:.2f}]"

    def text(self) -> str:
        """The cell as Markdown writes it: `0.50 [0.00, 1.00] n=2`, corrected beside it."""
        if self.value is None:
            return "–" + (f" ({self.undecided} unscorable)" if self.undecided else "")
        parts = [self.value_text, self.interval_text, f"n={self.n}"]
        return " ".join(p for p in parts if p) + (f" · {self.corrected}" if self.corrected else "")


def rate_cells(report: dict[str, Any], agent: dict[str, Any]) -> list[RateCell]:
    cells = []
    for key in RATE_KEYS:
        est = agent["pass_rates"][key]
        cells.append(
            RateCell(
                value=est.get("value"),
                low=est.get("ci_low"),
                high=est.get("ci_high"),
                n=est.get("n"),
                undecided=agent["undecided"].get(key, 0),
                corrected=_corrected(calibration.agent_cell(report, agent["agent"], key)),
            )
        )
    return cells


def _corrected(cell: dict[str, Any] | None) -> str:
    """An estimable corrected rate; a cell without one stays quiet (`corrected_note` says why once)."""
    if not cell or cell.get("not_estimable"):
        return ""
    return f"corrected {calibration.fmt_ci(cell['corrected_pass_rate'])}"


def corrected_note(report: dict[str, Any]) -> str | None:
    """Under the rate table of a calibrated report: how many cells have no corrected rate, and why."""
    if not calibration.calibrated(report):
        return None
    cells = [
        cell
        for a in report["agents"]
        for key in RATE_KEYS
        if (cell := calibration.agent_cell(report, a["agent"], key))
    ]
    short = sum(1 for c in cells if c.get("not_estimable"))
    if not short:
        return None
    return (
        f"No corrected rate in {short} of {len(cells)} judged cells: each has fewer than "
        f"{report['calibration']['min_gold']} labelled units (Judge calibration has their counts)."
    )


def banner(report: dict[str, Any]) -> str | None:
    """The one sentence that says the rates are the judges' own, unchecked against people; none
    where no judge ran."""
    if not calibration.uncalibrated(report):
        return None
    return (
        f"{calibration.UNCALIBRATED.capitalize()}: no people's labels were given, so every judged rate "
        "below is the judges' raw verdict, with errors nobody measured. "
        "`expgrade report RUN --gold LABELS` measures them and corrects the rates."
    )


def unscorable_lines(counts: list[dict[str, Any]]) -> list[str]:
    """Why results are unscorable, per subtask and reason (e.g. "implementation: 3 items (budget),
    1 subtask (undecided_items)"), so a `–` in the table says why; grading.log has each one. Then,
    once per reason, the judge server's own words where the verdicts recorded them (a refused
    request format, a bad key): what a person can act on."""
    by_subtask: dict[str, list[str]] = {}
    said: dict[str, str] = {}
    for u in counts:
        if _nothing_run(u):
            continue  # nothing to grade, said apart (`nothing_to_run`)
        noun = u["level"] + ("s" if u["count"] != 1 else "")
        by_subtask.setdefault(u["subtask"], []).append(f"{u['count']} {noun} ({u['reason']})")
        if u.get("example"):
            said.setdefault(u["reason"], u["example"])
    lines = [f"{name}: {', '.join(parts)}" for name, parts in by_subtask.items()]
    # A timeout's words are expgrade's own (whose it was, what to change), not the server's.
    return lines + [
        f"{reason}: {words}"
        if reason == Unscorable.TIMEOUT
        else f"{reason}: the judge's server said: {words}"
        for reason, words in said.items()
    ]


def _nothing_run(count: dict[str, Any]) -> bool:
    return bool(
        count["reason"] == Unscorable.NOT_RUN
        and count["subtask"] == "execution"
        and count["level"] == "subtask"
    )


def nothing_to_run(counts: list[dict[str, Any]]) -> str | None:
    """The execution subtasks a task gave nothing to run or check (`not_run`), said apart from the
    unscorable ones: the demo's design-only task read as "unscorable: execution: 3 subtasks
    (not_run)", as if its grading had failed. All-✓ leaves them out (grading/subtasks/passing.py)."""
    n = sum(u["count"] for u in counts if _nothing_run(u))
    if not n:
        return None
    return (
        f"nothing to run: execution of {n} submission(s) not graded (not_run): their task gives no run"
        " or no expected results, so no pass and no fail, and All ✓ leaves it out"
    )


def cost_line(report: dict[str, Any]) -> str:
    """Judge cost and grading time over all agents, then what controls and reference runs added.

    A cost some agent lacks (a model without a price) makes the total a lower bound, said so."""
    agents = report["agents"]
    known = [a["cost_usd"] for a in agents if a["cost_usd"] is not None]
    if not known:
        cost = "judge cost unknown"
    else:
        cost = f"judge cost ${sum(known):.4f}" + (" + unknown" if len(known) < len(agents) else "")
    parts = [cost, f"grading time {sum(a['duration_s'] for a in agents):.1f} s (summed over results)"]
    checks = report.get("judge_checks")
    if checks is not None:
        extra = "unknown" if checks["cost_usd"] is None else f"${checks['cost_usd']:.4f}"
        parts.append(f"controls {extra}")
        if checks.get("retest_n"):
            again = (
                "unknown" if checks.get("retest_cost_usd") is None else f"${checks['retest_cost_usd']:.4f}"
            )
            parts.append(f"test-retest {again}")
    if report.get("reference_runs"):
        parts.append(f"reference runs {report['reference_runs']['duration_s']:.1f} s sandbox")
    return "; ".join(parts)


def per_agent_cost(agent: dict[str, Any]) -> str:
    """Unknown cost (a model without a price) is shown as unknown, never as $0."""
    return "unknown" if agent["cost_usd"] is None else f"{agent['cost_usd']:.4f}"
