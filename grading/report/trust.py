"""How far each judge can be trusted, in one line per judge: the report's summary reads it first.

A line joins what the run knows about the judge: people's labels (the calibration block),
control items with known answers and attack controls (`judge_checks`), agreement with
model-free signals, and signs that it is not reading the items. Markdown and HTML render the
same `TrustLine`, so the two formats say the same thing; a part marked `loud` (a judge that
failed its controls, degenerate verdicts) is shown as a warning, never as a footnote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from expgrade.grading.report.calibration import calibrated, fmt_ci

NO_CONTROLS = "no controls run"
#: the lists of `judge_checks` whose rows name a judge
CHECK_ROWS = ("controls", "attacks", "cross_checks", "degenerate")


@dataclass
class TrustPart:
    label: str
    text: str
    loud: bool = False


@dataclass
class TrustLine:
    judge: str
    parts: list[TrustPart] = field(default_factory=list)

    @property
    def loud(self) -> bool:
        return any(p.loud for p in self.parts)

    def text(self) -> str:
        return f"{self.judge}: " + " · ".join(f"{p.label}: {p.text}" for p in self.parts)


def judges(report: dict[str, Any]) -> list[str]:
    """The run's judges (the manifest's), then any judge only the checks name, in order."""
    names = list((report.get("manifest") or {}).get("judges") or [])
    checks = report.get("judge_checks") or {}
    for key in CHECK_ROWS:
        names += [row["judge"] for row in checks.get(key) or [] if row["judge"] not in names]
    return names


def people_text(report: dict[str, Any]) -> str:
    """Labels, agreement and corrected rate per subtask: the calibration block in one clause."""
    if not calibrated(report):
        return "none"
    cal = report["calibration"]
    # submissions, as the rate table counts them; items where no submission is labelled whole
    level, cells = "submissions", {n: c for n, c in (cal.get("per_subtask") or {}).items() if c["n_gold"]}
    if not cells:
        level, cells = "items", {n: c for n, c in (cal.get("items") or {}).items() if c["n_gold"]}
    matched = (cal.get("gold") or {}).get("matched")
    agreement = ", ".join(f"{name} {fmt_ci(c['agreement'])} ({c['n_gold']})" for name, c in cells.items())
    corrected = ", ".join(
        f"{name} {fmt_ci(c['corrected_pass_rate'])}"
        for name, c in cells.items()
        if not c.get("not_estimable")
    )
    return (
        f"{matched if matched is not None else 'some'} labelled item(s); agreement on {level} (labelled): "
        f"{agreement or 'none'}; corrected: "
        + (corrected or f"none estimable (fewer than {cal['min_gold']} labelled units per cell)")
    )


def _controls(rows: list[dict[str, Any]]) -> list[TrustPart]:
    parts = []
    for c in rows:
        figures = (
            f"{c['subtask']}: false-pass {fmt_ci(c['false_pass'])}, false-fail {fmt_ci(c['false_fail'])}"
        )
        if c["unscorable"]:
            figures += f", {c['unscorable']} unscorable"
        if c["failed"]:
            why = f" ({c['why']})" if c.get("why") else ""
            refused = "; its verdicts were made unscorable" if c.get("refused") else ""
            parts.append(TrustPart("FAILED its controls", f"{figures}{why}{refused}", loud=True))
        else:
            parts.append(TrustPart("controls", figures))
    return parts


def _attacks(rows: list[dict[str, Any]]) -> list[TrustPart]:
    """The headline attack figure: every family at every placement ('all', 'all'), per defence setting."""
    return [
        TrustPart(
            f"attack success (defences {a['defences']})",
            f"{fmt_ci(a['success'])} (passes without the attack {fmt_ci(a['baseline'])}; "
            f"{a['detected']} detected)",
        )
        for a in rows
        if a["family"] == "all" and a["placement"] == "all"
    ]


def _retests(checks: dict[str, Any], judge: str) -> list[TrustPart]:
    """Test-retest, per subtask: how many verdicts changed when asked again; an unstable one is loud."""
    rows = [r for r in checks.get("retests") or [] if r["judge"] == judge]
    if checks.get("retests") is None:
        return []  # a run from before test-retest
    if not rows:
        return [TrustPart("asked again", "no item asked again (--retest 0)")]
    text = "; ".join(
        f"{r['subtask']}: {r['changed']}/{r['flip_rate'].get('n') or 0} changed, "
        f"flip rate {fmt_ci(r['flip_rate'])}"
        for r in rows
    )
    unstable = [r for r in rows if r["unstable"]]
    if unstable:
        return [TrustPart("UNSTABLE when asked again", text, loud=True)]
    return [TrustPart("asked again", text)]


def lines(report: dict[str, Any]) -> list[TrustLine]:
    """One line per judge; a run without judges has none."""
    checks = report.get("judge_checks")
    out = []
    for judge in judges(report):
        line = TrustLine(judge, [TrustPart("people's labels", people_text(report))])
        if checks is None:
            line.parts.append(TrustPart("controls", NO_CONTROLS))
            out.append(line)
            continue
        mine = {key: [r for r in checks[key] if r["judge"] == judge] for key in CHECK_ROWS}
        none = NO_CONTROLS if not checks["controls_n"] else "none for this judge"
        line.parts += _controls(mine["controls"]) or [TrustPart("controls", none)]
        line.parts += _attacks(mine["attacks"]) or [TrustPart("attack success", "no attack controls")]
        line.parts += [
            TrustPart(f"agrees with {x['signal']}", f"{fmt_ci(x['agreement'])} on {x['subtask']}")
            for x in mine["cross_checks"]
        ]
        line.parts += _retests(checks, judge)
        line.parts += [
            TrustPart(
                "not reading the items?", f"{d['subtask']}: {d['kind']} {d['count']}/{d['of']}", loud=True
            )
            for d in mine["degenerate"]
        ]
        out.append(line)
    return out


def checks_summary(report: dict[str, Any]) -> str | None:
    """What the controls were and cost, and who failed them: the sentence above the trust lines."""
    checks = report.get("judge_checks")
    if checks is None:
        return None
    cost = "unknown" if checks["cost_usd"] is None else f"${checks['cost_usd']:.4f}"
    failing = (
        "FAILED: " + ", ".join(checks["failing"]) if checks["failing"] else "no judge failed its controls"
    )
    said = f"{checks['controls_n']} control grading(s), cost {cost}; {failing}."
    if checks.get("retest_n") is not None:
        again = "unknown" if checks.get("retest_cost_usd") is None else f"${checks['retest_cost_usd']:.4f}"
        unstable = (
            "UNSTABLE: " + ", ".join(checks["unstable"]) if checks.get("unstable") else "no judge unstable"
        )
        said += f" {checks['retest_n']} judged item(s) asked again past the cache, cost {again}; {unstable}."
    return said
