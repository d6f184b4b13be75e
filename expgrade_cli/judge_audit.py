"""`expgrade judge audit`: check a judge on known answers from your own tasks before a large run.

Registered as `judge-audit`; `main` reads `expgrade judge audit ...` as that command, since
`expgrade judge ITEMS.jsonl` keeps its positional argument (docs/formats.md §1).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from expgrade.cli.app import app, console, err_console
from expgrade.cli.judge import check_estimate
from expgrade.cli.judge_options import judge_options, preflight
from expgrade.grading.errors import UserError
from expgrade.grading.judge.settings import JudgeSettings


@app.command("judge-audit", hidden=True)
@judge_options(required=True, concurrency_names=("--concurrency",))
def judge_audit(
    tasks: Annotated[
        Path, typer.Option("--tasks", help="TASKS.jsonl whose ground truth the controls are built from.")
    ],
    out: Annotated[
        Path, typer.Option("--out", help="Audit folder: audit.json, audit.md, controls.jsonl, controls/.")
    ],
    subtasks: Annotated[
        str,
        typer.Option(
            "--subtasks",
            help="Judged subtasks to audit, comma-separated: design, implementation, conclusion, integrity.",
            show_default="all four",
        ),
    ] = "design,implementation,conclusion,integrity",
    controls: Annotated[
        int,
        typer.Option("--controls", min=2, help="Known-pass and known-fail controls, in turn over the tasks."),
    ] = 8,
    attack_controls: Annotated[
        int, typer.Option("--attack-controls", min=0, help="Known-fail controls with an attack planted.")
    ] = 12,
    undefended: Annotated[
        bool,
        typer.Option(
            "--undefended",
            help="Also judge every attack control with the defences off (no fences, no datamarking).",
        ),
    ] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Controls judged at once.")] = 4,
    *,
    judges: JudgeSettings,
) -> None:
    """Judge only control items (known-pass, known-fail, attack) built from TASKS with each --judge,
    and write what the judge got right: false-pass and false-fail rates and attack success by
    family and placement, with intervals, and what it cost. `--estimate` prices it first."""
    from expgrade.grading.controls.audit import audit_cases, plan, run_audit
    from expgrade.grading.graders.settings import GradeSettings, parse_subtasks
    from expgrade.grading.report.render import checks_markdown
    from expgrade.grading.report.summary import print_attack_controls, print_judge_checks
    from expgrade.grading.run.orchestrator import load_tasks

    wanted = tuple(s for s in parse_subtasks(subtasks) if s != "execution")
    if not wanted:
        raise UserError("execution has no judge to audit; name a judged subtask", field="--subtasks")
    loaded = list(load_tasks(tasks).values())
    settings = GradeSettings(tasks_dir=str(tasks.resolve().parent), subtasks=wanted, judge=judges)
    cases = audit_cases(loaded, settings, controls, attack_controls, undefended)
    if not cases:
        raise UserError(
            f"no controls can be built: the tasks carry no ground truth for {subtasks}", file=tasks
        )
    judges = preflight(judges)  # the inputs hold: now the judges, before anything is written or spent
    settings = dataclasses.replace(settings, judge=judges)
    est = plan(cases, settings)
    if not check_estimate(judges, lambda: est):
        return
    progress = Progress(
        TextColumn("auditing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err_console
    )
    with progress:
        bar = progress.add_task("audit", total=len(cases))
        result = run_audit(
            cases, settings, out, concurrency=concurrency, on_done=lambda: progress.advance(bar)
        )
    print_judge_checks(result.checks, console)
    print_attack_controls(result.checks, console)
    (out / "audit.md").write_text(checks_markdown(result.checks), encoding="utf-8")
    spent = result.calls
    said = "unknown" if est.expected_usd is None else f"${est.expected_usd:.4f}"
    cost = "unknown" if result.checks.cost_usd is None else f"${result.checks.cost_usd:.4f}"
    console.print(
        f"audited {', '.join(judges.models)} on {len(cases)} controls: {spent.calls} calls and "
        f"{spent.cached} cache hits, {cost} (estimated {est.total().calls} calls and "
        f"{est.total().cache_hits} hits, {said}); {result.wall_s:.1f} s. "
        f"Report: {out / 'audit.md'}, {out / 'audit.json'}",
        highlight=False,
        soft_wrap=True,
    )
