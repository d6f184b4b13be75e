"""`expgrade submissions validate DIR` checks a submissions folder before grading it;
`expgrade submissions import FORMAT SRC...` writes one from a harness's output."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from expgrade.cli.app import app, console, err_console
from expgrade.cli.tasks import batch_exit_code, report_failures, shown, task_problems
from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers import (
    HARNESSES,
    HarnessOptions,
    Overrides,
    SubmissionWriter,
    import_files,
)
from expgrade.grading.submission_reader import scan_submissions

submissions_app = typer.Typer(
    help="Import agent submissions from harness output, and check them (docs/formats.md §3).",
    no_args_is_help=True,
)
app.add_typer(submissions_app, name="submissions")


@submissions_app.command("validate")
def validate_submissions(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="Folder with one entry per submission.")],
    tasks: Annotated[
        Path | None, typer.Option("--tasks", help="Also check that each task_id is in this TASKS.jsonl.")
    ] = None,
) -> None:
    """List every submission with its artifacts, and every problem (exit 2 if there is any)."""
    scan = scan_submissions(directory)
    problems = [str(p) for p in scan.problems]
    if tasks is not None:
        known, task_file_problems = task_problems(tasks)
        if task_file_problems:
            raise UserError(f"cannot check task ids: {task_file_problems[0]}", file=tasks)
        ids = {t.id for t in known}
        problems += [
            f"{s.submission_id}: task_id '{s.submission.task_id}' is not in {tasks}"
            for s in scan.submissions
            if s.submission.task_id not in ids
        ]
    table = Table(title=f"{directory}: {len(scan.submissions)} submission(s)")
    for col in ("submission", "format", "task_id", "agent", "model", "attempt", "artifacts"):
        table.add_column(col, overflow="fold")
    for s in scan.submissions:
        artifacts = [
            name for name in ("patch", "workspace", "reproduce", "log") if getattr(s, name) is not None
        ]
        table.add_row(
            s.submission_id,
            s.format,
            s.submission.task_id,
            s.submission.agent,
            s.submission.agent_model,
            str(s.submission.attempt),
            ", ".join(artifacts) or "-",
        )
    console.print(table)
    for s in scan.submissions:
        for w in s.warnings:
            console.print(f"[yellow]warning:[/] {s.submission_id}: {w}", highlight=False)
    if problems:
        report_failures(problems)
        console.print(f"{len(problems)} problem(s) found", highlight=False)
        raise typer.Exit(2)
    console.print(f"[green]ok[/]: {len(scan.submissions)} submission(s)", highlight=False)


@submissions_app.command("import")
def import_submissions(
    fmt: Annotated[str, typer.Argument(metavar="FORMAT", help=f"One of: {', '.join(HARNESSES)}.")],
    sources: Annotated[
        list[Path], typer.Argument(metavar="SRC...", help="Harness files, or folders of them.")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Submissions folder to write (one folder each).")],
    tasks: Annotated[
        Path | None, typer.Option("--tasks", help="TASKS.jsonl: every task id must be in it.")
    ] = None,
    agent: Annotated[str | None, typer.Option("--agent", help="Agent name instead of the harness's.")] = None,
    agent_model: Annotated[
        str | None, typer.Option("--agent-model", help="Agent model instead of the harness's.")
    ] = None,
    task_field: Annotated[
        str | None,
        typer.Option(
            "--task-field", help="inspect: sample metadata key holding the task id ('id': the sample id)."
        ),
    ] = None,
    paper: Annotated[
        str | None, typer.Option("--paper", help="paperbench: the paper id (default: the source's name).")
    ] = None,
) -> None:
    """Write expgrade submission folders from harness output (traced in extra.source).

    A bad source file is reported and contributes nothing; the others still import (exit 1).
    Exit 0 when every file imported, 2 when nothing could be imported.
    """
    harness = HARNESSES.get(fmt)
    if harness is None:
        raise UserError(f"unknown format '{fmt}'; expected one of: {', '.join(HARNESSES)}")
    task_ids = None
    if tasks is not None:
        known, task_file_problems = task_problems(tasks)
        if task_file_problems:
            raise UserError(f"cannot check task ids: {task_file_problems[0]}", file=tasks)
        task_ids = {t.id for t in known}
    writer = SubmissionWriter(out, fmt, overrides=Overrides(agent, agent_model), task_ids=task_ids)
    outcomes = import_files(harness, sources, writer, HarnessOptions(task_field=task_field, paper=paper))
    table = Table(title=f"{fmt}: submissions per source file")
    table.add_column("source file", overflow="fold")
    table.add_column("submissions", justify="right")
    table.add_column("status")
    for o in outcomes:
        status = "[green]ok[/]" if o.error is None else "[red]skipped (see error)[/]"
        table.add_row(shown(o.path), str(len(o.written)), status)
    console.print(table)
    failed = [o for o in outcomes if o.error]
    report_failures([o.error for o in failed if o.error])
    written = sum(len(o.written) for o in outcomes)
    if written:
        console.print(f"wrote {written} submission(s) to {out}", highlight=False)
    else:
        err_console.print("[bold red]error:[/] no submissions imported; nothing written", highlight=False)
    raise typer.Exit(batch_exit_code(written, len(failed)))
