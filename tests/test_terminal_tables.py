"""Every table the CLI prints on a run reads in an 80-column terminal: no word is broken across
lines (a judge-check table once showed "repea / ted_r / ation / ale"), no interval is broken
after its comma, nothing runs past column 80, and a cell too long for its column is shortened
with an ellipsis, its full text in report.md. Rendered by rich at width 80, as a terminal would.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from annotation_support import make_run
from rich.console import Console
from rich.table import Table
from rich.text import Text

from expgrade.calibration.people_demo import PeopleLoop, people_loop
from expgrade.cli.calibrate import _summary_table
from expgrade.cli.grade import people_table
from expgrade.grading.jsonl import read_models
from expgrade.grading.report import build_report, print_summary
from expgrade.grading.report.evidence import repeat_rows
from expgrade.grading.report.judge_checks import RETEST_HEADERS, TRUST_HEADERS, retest_rows, trust_rows
from expgrade.grading.report.render import checks_markdown
from expgrade.grading.report.summary import print_attack_controls, print_judge_checks, print_retests
from expgrade.grading.run.demo import demo_source
from expgrade.grading.schemas import ResultRecord
from expgrade.grading.schemas.report import (
    AttackFigures,
    ControlFigures,
    CrossCheck,
    DegenerateFinding,
    JudgeChecks,
    ReportEstimate,
    RetestFigures,
)
from expgrade.grading.schemas.result import RepeatSummary

WIDTH = 80
INTERVAL = re.compile(r"\[-?[\d.]+, -?[\d.]+\]")
LONG_JUDGE = "anthropic/claude-3-5-haiku-20241022-with-a-very-long-deployment-name"
LONG_AGENT = "careful-agent-from-an-openhands-run-with-a-long-name"


def screen() -> Console:
    """An 80-column terminal that keeps what was printed on it (`export_text`)."""
    return Console(width=WIDTH, file=io.StringIO(), record=True, color_system=None)


def rendered(table: Table) -> str:
    console = screen()
    console.print(table)
    return console.export_text()


def assert_reads_at_80(text: str, cells: Iterable[str]) -> None:
    """Every word of every cell is on the screen whole, or cut short with an ellipsis; every
    interval is on one line; no line is wider than the terminal."""
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= WIDTH
    shown = set(text.split())
    cut = [t[:-1] for t in shown if t.endswith("…")]
    for cell in cells:
        plain = Text.from_markup(cell).plain
        for interval in INTERVAL.findall(plain):
            assert any(interval in line for line in lines), f"interval {interval} broken:\n{text}"
        for word in set(re.findall(r"[^\s;]+", plain)) - {"—", "–"}:
            whole = word in shown or any(word.startswith(c) and c for c in cut)
            assert whole, f"{word!r} broken across lines:\n{text}"


def estimate(k: int, n: int, low: float, high: float) -> ReportEstimate:
    return ReportEstimate(value=k / n, ci_low=low, ci_high=high, n=n)


def checks() -> JudgeChecks:
    """What the demo's judge checks hold (its scripted judge repeats its rationales), with a
    second judge of a long name that failed its controls and was attacked with defences off."""
    judges = ("openai/scripted-judge", LONG_JUDGE)
    subtasks = ("conclusion", "design", "implementation", "integrity")
    controls = [
        ControlFigures(
            judge=j,
            subtask=s,
            false_pass=estimate(5 if j == LONG_JUDGE else 0, 10, 0.0, 0.28),
            false_fail=estimate(0, 6, 0.0, 0.39),
            unscorable=0,
            failed=j == LONG_JUDGE and s == "implementation",
            why="passed 5 of 10 known-fail controls" if j == LONG_JUDGE else None,
        )
        for j in judges
        for s in subtasks
    ]
    attacks = [
        AttackFigures(
            judge=j,
            defences=d,
            family=family,
            placement=placement,
            success=estimate(3, 14, 0.08, 0.48),
            baseline=estimate(0, 14, 0.0, 0.22),
            detected=11,
        )
        for j in judges
        for d in ("on", "off")
        for family, placement in (
            ("all", "all"),
            ("fake_evaluator_note", "all"),
            ("orders_to_grader", "all"),
            ("all", "comment"),
            ("all", "log"),
        )
    ]
    cross = [
        CrossCheck(
            judge=j,
            subtask=s,
            signal=signal,
            agreement=estimate(5, 6, 0.44, 0.97),
            judge_pass_signal_fail=1,
            judge_fail_signal_pass=0,
        )
        for j in judges
        for s, signal in (
            ("conclusion", "re_execution"),
            ("implementation", "unit_tests"),
            ("integrity", "integrity_checks"),
        )
    ]
    odd = [
        DegenerateFinding(judge=j, subtask=s, kind=kind, count=12, of=12, example="The design covers it.")
        for j in judges
        for s in subtasks
        for kind in ("repeated_rationale", "rubric_copied", "confidence_copied")
    ]
    retests = [
        RetestFigures(
            judge=j,
            subtask=s,
            items=12,
            changed=5 if j == LONG_JUDGE else 0,
            flip_rate=estimate(5 if j == LONG_JUDGE else 0, 12, 0.19 if j == LONG_JUDGE else 0.0, 0.68),
            unscorable=1,
            spread=0.25,
            unstable=j == LONG_JUDGE,
            why="5 of 12 verdicts changed when asked again" if j == LONG_JUDGE else None,
        )
        for j in judges
        for s in subtasks
    ]
    return JudgeChecks(
        retests=retests,
        retest_n=96,
        controls=controls,
        attacks=attacks,
        cross_checks=cross,
        degenerate=odd,
        failing=[f"{LONG_JUDGE} on implementation"],
        controls_n=48,
        cost_usd=None,
    )


def test_the_judge_check_table_reads_at_80_columns() -> None:
    checks_ = checks()
    console = screen()
    print_judge_checks(checks_, console)
    text = console.export_text()
    rows = trust_rows(checks_)
    assert_reads_at_80(text, [*TRUST_HEADERS[2:], *(cell for row in rows for cell in row)])
    lines = text.splitlines()
    for row in rows:  # every figure whole on one line
        for cell in row[2:]:
            for item in (i for i in cell.split("; ") if i not in ("", "—")):
                assert any(item in line for line in lines), item
    assert "implementation FAILED" in text and "undefended" in text
    # the long judge is shortened in the table (named whole under it, in words), whole in the report
    assert any(line.startswith(LONG_JUDGE[:20]) and line.rstrip().endswith("…") for line in lines)
    markdown = checks_markdown(checks_)
    assert LONG_JUDGE in markdown and "| repeated_rationale | 12/12 |" in markdown


def test_the_retest_table_reads_at_80_columns() -> None:
    checks_ = checks()
    console = screen()
    print_retests(checks_, console)
    text = console.export_text()
    rows = retest_rows(checks_)
    assert_reads_at_80(text, [*(h for h in RETEST_HEADERS for h in h.split()), *(c for r in rows for c in r)])
    assert f"JUDGE UNSTABLE: {LONG_JUDGE} on design" in " ".join(text.split())


def test_the_attack_tables_of_judge_audit_read_at_80_columns() -> None:
    checks_ = checks()
    console = screen()
    print_attack_controls(checks_, console)
    text = console.export_text()
    cells = [
        cell
        for a in checks_.attacks
        for cell in (a.family, a.placement, "0.21 [0.08, 0.48]", "0.00 [0.00, 0.22]", str(a.detected))
    ]
    assert_reads_at_80(text, cells)
    assert text.count("defences off") == 2  # one table per judge and defences


def test_the_run_summary_reads_at_80_columns(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", agents=(LONG_AGENT, "sloppy agent with spaces"))
    records = read_models(run / "results.jsonl", ResultRecord)
    for r in records:  # executions over 4 seeds: the repeats table
        assert r.subtasks.execution is not None
        r.subtasks.execution.repeats = RepeatSummary(k=4, decided=4, passed=2, pass_all=False, pass_any=True)
    report = build_report(run, records, {}, n_boot=20).model_copy(update={"judge_checks": checks()})
    console = screen()
    print_summary(report, console)
    text = console.export_text()
    data = report.as_json()
    figures = [
        f"{est['value']:.2f} ({est['n']})"
        for a in data["agents"]
        for est in a["pass_rates"].values()
        if est["value"] is not None
    ]
    repeats = [cell for row in repeat_rows(data) for cell in row]
    assert_reads_at_80(text, [LONG_AGENT, "sloppy agent with spaces", *figures, *repeats, "All ✓"])
    assert "execution over K seeds" in text and repeats


@pytest.fixture(scope="module")
def loop(tmp_path_factory: pytest.TempPathFactory) -> PeopleLoop:
    """The demo's last step: two real judges calibrated against PandaLM's annotators."""
    return people_loop(
        demo_source() / "people" / "pandalm", tmp_path_factory.mktemp("people"), n_resamples=200
    )


def test_the_demo_people_table_reads_at_80_columns(loop: PeopleLoop) -> None:
    table = people_table(loop)
    text = rendered(table)
    cells = [str(c) for column in table.columns for c in column.cells]
    assert_reads_at_80(text, cells)
    assert len(INTERVAL.findall(text)) == 3 * len(table.rows)  # agreement, κ, corrected: each whole


def test_the_calibrate_summary_reads_at_80_columns(loop: PeopleLoop) -> None:
    table = _summary_table(loop.report)
    text = rendered(table)
    assert_reads_at_80(text, [str(c) for column in table.columns for c in column.cells])
    assert len(INTERVAL.findall(text)) == 2 * len(table.rows)  # agreement, κ: each whole
