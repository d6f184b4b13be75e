"""The per-agent pass-rate table printed at the end of `expgrade grade` and `expgrade demo`."""

from __future__ import annotations

from itertools import groupby

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from expgrade.grading.report.calibration import UNCALIBRATED, uncalibrated
from expgrade.grading.report.evidence import REPEAT_HEADERS, checks_section, repeat_rows
from expgrade.grading.report.judge_checks import RETEST_HEADERS, TRUST_HEADERS, retest_rows, trust_rows
from expgrade.grading.report.overview import nothing_to_run, unscorable_lines
from expgrade.grading.report.plots import HEADERS, RATE_KEYS
from expgrade.grading.report.runs import print_agent_runs
from expgrade.grading.report.terminal import terminal_table
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
    # the agent's name is the column that gives way (wraps at spaces, else ends in …): a figure
    # column never does, and a table of no_wrap columns too wide for the terminal drops its last
    table.add_column("agent", min_width=8, overflow="ellipsis")
    for h in (*(_short(s.column) for s in SUBTASKS), HEADERS[-1]):
        table.add_column(h, justify="right", no_wrap=True, min_width=9)
    for a in data["agents"]:
        cells = []
        for k in RATE_KEYS:
            est = a["pass_rates"][k]
            cells.append("–" if est["value"] is None else f"{est['value']:.2f} ({est['n']})")
        table.add_row(a["agent"], *cells)
    table.caption = " · ".join(f"{_short(s.column)} {s.name}" for s in SUBTASKS)
    if uncalibrated(data):
        table.caption += f"\n{UNCALIBRATED}: `expgrade report RUN --gold ...` corrects these"
    console.print(table)
    why = unscorable_lines(data["unscorable_counts"])
    if why:
        console.print("unscorable: " + "; ".join(why), highlight=False, soft_wrap=True)
    if nothing := nothing_to_run(data["unscorable_counts"]):
        console.print(nothing, highlight=False, soft_wrap=True)
    if report.judge_checks is not None:
        print_judge_checks(report.judge_checks, console)
        print_retests(report.judge_checks, console)
    print_agent_runs(data.get("agent_runs"), console)
    rows = repeat_rows(data)
    if rows:
        # a header's words in brackets go under it: the column is as narrow as its figures
        headers = [h.replace(" (", "\n(") for h in REPEAT_HEADERS]
        console.print(terminal_table("execution over K seeds (--repeats)", headers, rows))


def print_judge_checks(checks: JudgeChecks, console: Console) -> None:
    """The judge checked on known answers, before any person labels an item; a judge that failed
    its controls is named in red, once per subtask. One line per figure, under its judge and
    subtask: a row per judge and subtask with a column per check needs more than 80 columns and
    broke its figures across lines. report.md has every figure in its judge-checks tables."""
    lines: list[tuple[str, str, str]] = []
    for judge, rows in groupby(trust_rows(checks), key=lambda row: row[0]):
        lines.append((f"[bold]{escape(judge)}[/]", "", ""))
        for row in rows:
            said = [
                (header, item)
                for header, cell in zip(TRUST_HEADERS[2:], row[2:], strict=True)
                for item in cell.split("; ")
                if item not in ("", "—")
            ]
            for n, (header, item) in enumerate(said or [("", "—")]):
                shown = header if n == 0 or header != said[n - 1][0] else ""
                lines.append(("  " + row[1] if n == 0 else "", shown, escape(item)))
    table = terminal_table(
        f"the judge on {checks.controls_n} control gradings and model-free signals (docs/controls.md)",
        ("judge · subtask", "check", "result"),
        lines,
        stack=False,
        figures="left",
    )
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
            )


def print_retests(checks: JudgeChecks, console: Console) -> None:
    """Test-retest beside the controls: the judge asked again past the cache; a judge whose
    verdicts flip is named in red, once per subtask (docs/stability.md)."""
    rows = retest_rows(checks)
    if not rows:
        return
    keep = [i for i, _ in enumerate(RETEST_HEADERS) if any(r[i] not in ("", "—") for r in rows)]
    console.print(
        terminal_table(
            f"the judge asked again: {checks.retest_n} item(s), past the cache (docs/stability.md)",
            [RETEST_HEADERS[i].replace(" ", "\n") for i in keep],
            [[row[i] for i in keep] for row in rows],
            text_columns=(0, 1),
        )
    )
    temperature = checks.retest.temperature if checks.retest is not None else None
    # Already at 0, the flips come from the server (batching, floating point), not from sampling.
    advice = "more samples (--samples)" + (" or temperature 0" if temperature != 0 else "")
    for f in checks.retests or []:
        if f.unstable:
            console.print(
                f"[bold red]JUDGE UNSTABLE:[/] {f.judge} on {f.subtask}: {f.why}. Its verdicts on this"
                f" subtask depend on when it was asked; {advice} may help.",
                highlight=False,
            )


def print_attack_controls(checks: JudgeChecks, console: Console) -> None:
    """Attack success by family and by placement, one table per judge and defences (`judge
    audit`): the report's table in the terminal, less its judge and defences columns, so that
    its figures fit 80 columns."""
    section = checks_section({"judge_checks": checks.as_json()})
    attacks = next(t for t in section.tables if t.title.startswith("Attack controls"))
    for (judge, defences), rows in groupby(attacks.rows, key=lambda row: (row[0], row[1])):
        console.print(
            terminal_table(
                f"{judge}, defences {defences}: {attacks.title}",
                attacks.headers[2:],
                [row[2:] for row in rows],
                text_columns=(0, 1),
            )
        )
