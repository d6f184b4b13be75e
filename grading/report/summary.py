"""The per-agent pass-rate table printed at the end of `expgrade grade` and `expgrade demo`."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table

from expgrade.grading.report.calibration import UNCALIBRATED, calibrated
from expgrade.grading.report.evidence import REPEAT_HEADERS, repeat_rows
from expgrade.grading.report.judge_checks import RETEST_HEADERS, TRUST_HEADERS, retest_rows, trust_rows
from expgrade.grading.report.overview import unscorable_lines
from expgrade.grading.report.plots import HEADERS, RATE_KEYS
from expgrade.grading.schemas import RunReport
from expgrade.grading.schemas.report import JudgeChecks
from expgrade.grading.subtasks import SUBTASKS


def _short(column: str) -> str:
    """A subtask's column in the terminal: a word past three letters is cut to three (`integrity`
    -> `Int`), because the full word costs the last column its room at 80 columns."""
    return column if len(column) <= 3 else column[:3].capitalize()


def print_summary(report: RunReport, console: Console) -> None:
    data = report.as_json()
    # No vertical rules: the table then fits an 80-column terminal without wrapping cells.
    table = Table(
        title="pass rate per agent (decided results in brackets; intervals in the report)",
        box=box.SIMPLE_HEAVY,
        pad_edge=False,
        padding=(0, 0),
    )
    table.add_column("agent", no_wrap=True, min_width=8)
    for h in (*(_short(s.column) for s in SUBTASKS), HEADERS[-1]):
        table.add_column(h, justify="right", no_wrap=True, min_width=9)
    for a in data["agents"]:
        cells = []
        for k in RATE_KEYS:
            est = a["pass_rates"][k]
            cells.append("–" if est["value"] is None else f"{est['value']:.2f} ({est['n']})")
        table.add_row(a["agent"], *cells)
    table.caption = " · ".join(f"{_short(s.column)} {s.name}" for s in SUBTASKS)
    if not calibrated(data):
        table.caption += f"\n{UNCALIBRATED}: `expgrade report RUN --gold ...` corrects these"
    console.print(table)
    why = unscorable_lines(data["unscorable_counts"])
    if why:
        console.print("unscorable: " + "; ".join(why), highlight=False, soft_wrap=True)
    if report.judge_checks is not None:
        print_judge_checks(report.judge_checks, console)
        print_retests(report.judge_checks, console)
    rows = repeat_rows(data)
    if rows:
        repeats = Table(title="execution over K seeds (--repeats)", box=box.SIMPLE_HEAVY, pad_edge=False)
        for h in REPEAT_HEADERS:
            repeats.add_column(h, justify="left" if h == "agent" else "right")
        for row in rows:
            repeats.add_row(*row)
        console.print(repeats)


def print_judge_checks(checks: JudgeChecks, console: Console) -> None:
    """The judge checked on known answers, before any person labels an item; a judge that failed
    its controls is named in red, once per subtask."""
    table = Table(
        title=f"the judge on {checks.controls_n} control gradings and model-free signals (docs/controls.md)",
        box=box.SIMPLE_HEAVY,
        pad_edge=False,
    )
    rows = trust_rows(checks)
    # a column with nothing to say (no attack controls, no cross-check) is left out, so the rest fit
    keep = [i for i, _ in enumerate(TRUST_HEADERS) if any(r[i] not in ("", "—") for r in rows)]
    for i in keep:
        table.add_column(TRUST_HEADERS[i], overflow="fold", no_wrap=i < 2)
    for row in rows:
        table.add_row(*(row[i] for i in keep))
    console.print(table)
    for f in checks.controls:
        if f.failed:
            refused = (
                " Its verdicts of this subtask are unscorable (refused)."
                if f.refused
                else (
                    " Its pass rates on this subtask mean nothing;"
                    " `--on-failed-controls refuse` makes them unscorable."
                )
            )
            console.print(
                f"[bold red]JUDGE FAILED ITS CONTROLS:[/] {f.judge} on {f.subtask}: {f.why}.{refused}",
                highlight=False,
                soft_wrap=True,
            )


def print_retests(checks: JudgeChecks, console: Console) -> None:
    """Test-retest beside the controls: the judge asked again past the cache; a judge whose
    verdicts flip is named in red, once per subtask (docs/stability.md)."""
    rows = retest_rows(checks)
    if not rows:
        return
    table = Table(
        title=f"the judge asked again: {checks.retest_n} item(s), past the cache (docs/stability.md)",
        box=box.SIMPLE_HEAVY,
        pad_edge=False,
    )
    keep = [i for i, _ in enumerate(RETEST_HEADERS) if any(r[i] not in ("", "—") for r in rows)]
    for i in keep:
        table.add_column(RETEST_HEADERS[i], overflow="fold", no_wrap=i < 2)
    for row in rows:
        table.add_row(*(row[i] for i in keep))
    console.print(table)
    for f in checks.retests or []:
        if f.unstable:
            console.print(
                f"[bold red]JUDGE UNSTABLE:[/] {f.judge} on {f.subtask}: {f.why}. Its verdicts on this"
                " subtask depend on when it was asked; more samples (--samples) or temperature 0 may help.",
                highlight=False,
                soft_wrap=True,
            )
