"""`expgrade submissions validate DIR` checks a submissions folder before grading it;
`expgrade submissions import FORMAT SRC...` writes one from a harness's output;
`expgrade submissions show DIR/ID --steps 40-60` prints a run's steps for a person."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from expgrade.cli.app import app, console, err_console
from expgrade.cli.listing import in_one_folder
from expgrade.cli.tasks import batch_exit_code, report_failures, shown, task_problems
from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers import (
    HARNESSES,
    FileImport,
    HarnessOptions,
    Overrides,
    SubmissionWriter,
    import_files,
    load_mapping_file,
    parse_map_options,
    registered_harnesses,
)
from expgrade.grading.harness_importers.auto import import_walked, walk, wrong_harness
from expgrade.grading.harness_importers.sniff import side_file
from expgrade.grading.schemas.trajectory import TRAJECTORY_FILE, Step
from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.submission_reader.loader import load_native
from expgrade.grading.tables import terminal_table
from expgrade.grading.trajectory import iter_steps, trajectory_path

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
    rows = []
    for s in scan.submissions:
        artifacts = [
            name for name in ("patch", "workspace", "reproduce", "log") if getattr(s, name) is not None
        ]
        # two ids to a cell, the task's under the submission's: seven columns side by side left
        # the descriptions a letter each at 80 columns
        rows.append(
            (
                f"{s.submission_id}\n  {s.submission.task_id}",
                f"{s.submission.agent}\n{s.submission.agent_model}",
                str(s.submission.attempt),
                f"{s.format}\n{', '.join(artifacts) or '-'}",
            )
        )
    headers = ("submission\n  task_id", "agent\nmodel", "attempt", "format\nartifacts")
    title = f"{directory}: {len(scan.submissions)} submission(s)"
    console.print(terminal_table(title, headers, rows, text_columns=(1, 3), id_columns=(0,), stack=False))
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
    fmt: Annotated[
        str,
        typer.Argument(
            metavar="FORMAT",
            help=f"auto (recognised from each file's content), one of: {', '.join(HARNESSES)},"
            " or one an installed package adds (docs/harnesses.md).",
        ),
    ],
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
    maps: Annotated[
        list[str] | None,
        typer.Option(
            "--map",
            metavar="FIELD=PATH",
            help="json/jsonl: where a record holds FIELD (id, agent, model, attempt, patch, conclusion,"
            " answer, files, log, ended, result; records): a dotted path, \\[0] or \\[-1] for list items,"
            " a|b for alternatives (docs/harnesses.md).",
        ),
    ] = None,
    mapping: Annotated[
        Path | None,
        typer.Option(
            "--mapping", help="json/jsonl: the same mapping in a YAML or JSON file ({field: path})."
        ),
    ] = None,
) -> None:
    """Write expgrade submission folders from harness output (traced in extra.source).

    A bad source file is reported and contributes nothing; the others still import (exit 1).
    A partial file (a killed run) imports what it holds, and exits 1 too. Exit 0 when every
    file imported whole, 2 when nothing could be imported. How the runs ended, and fields that
    fell back to defaults, are counted per file.
    """
    known_formats, plugin_problems = registered_harnesses()
    for problem in plugin_problems:
        err_console.print(f"[bold yellow]warning:[/] {problem}", highlight=False, soft_wrap=True)
    if fmt != "auto" and fmt not in known_formats:
        raise UserError(f"unknown format '{fmt}'; expected auto or one of: {', '.join(known_formats)}")
    if (maps or mapping) and fmt not in ("json", "jsonl"):
        raise UserError(f"--map and --mapping are for `import json|jsonl`, not `import {fmt}`")
    field_map = None
    if fmt in ("json", "jsonl"):
        field_map = parse_map_options(maps or [], load_mapping_file(mapping) if mapping else None)
    task_ids = None
    if tasks is not None:
        known, task_file_problems = task_problems(tasks)
        if task_file_problems:
            raise UserError(f"cannot check task ids: {task_file_problems[0]}", file=tasks)
        task_ids = {t.id for t in known}
    options = HarnessOptions(task_field=task_field, paper=paper, mapping=field_map)
    writer = SubmissionWriter(out, fmt, overrides=Overrides(agent, agent_model), task_ids=task_ids)
    if fmt == "auto":
        found = walk(sources)
        for path, seen in found.files:  # said before anything is written
            console.print(
                f"read as {seen.harness}: {escape(seen.describe)}: {shown(path)}",
                highlight=False,
                soft_wrap=True,
            )
        outcomes = import_walked(found, writer, options, known_formats)
    else:
        harness = known_formats[fmt]
        outcomes = import_files(
            harness,
            sources,
            writer,
            options,
            check=lambda path: wrong_harness(fmt, path),
            skipped_why=side_file,
        )
    any_defaults = any(o.defaulted for o in outcomes)
    read_as = ["read as"] if fmt == "auto" else []
    defaulted = ["defaulted"] if any_defaults else []
    headers = [
        "source file",
        *read_as,
        "submissions",
        *defaulted,
        "repeats",
        "attempts",
        "runs ended",
        "status",
    ]
    kept_files = [o for o in outcomes if not o.skipped]
    skipped_files = [o for o in outcomes if o.skipped]
    rows = []
    for o in kept_files:
        cells = [shown(o.path)] + ([escape(o.read_as or "-")] if fmt == "auto" else [])
        counts = [str(len(o.written))] + ([str(o.defaulted)] if any_defaults else []) + [str(len(o.repeats))]
        rows.append((*cells, *counts, _attempts(o), _ended(o), _status(o)))
    text = (*range(1, 1 + len(read_as)), *range(len(headers) - 3, len(headers)))
    folder, names = in_one_folder([r[0] for r in rows])
    rows = [(name, *r[1:]) for name, r in zip(names, rows, strict=True)]
    title = f"{fmt}: submissions per source file" + (f" in {folder}/" if folder else "")
    console.print(terminal_table(title, headers, rows, text_columns=text, path_columns=(0,), stack=False))
    for o in skipped_files:  # files of the run that are not its records, each named
        console.print(f"skipped: {shown(o.path)}: {escape(o.skipped or '')}", highlight=False, soft_wrap=True)
    defaulted_note = f", {sum(o.defaulted for o in kept_files)} defaulted" if any_defaults else ""
    console.print(
        f"records: {sum(len(o.written) for o in kept_files)} kept{defaulted_note},"
        f" {sum(len(o.repeats) for o in kept_files)} skipped as repeats; files: {len(kept_files)} read,"
        f" {len(skipped_files)} skipped as not records",
        highlight=False,
    )
    for o in kept_files:
        _print_notes(o)
    outcomes = kept_files
    failed = [o for o in outcomes if o.error]
    report_failures([o.error for o in failed if o.error])
    written = sum(len(o.written) for o in outcomes)
    if written:
        console.print(f"wrote {written} submission(s) to {out}", highlight=False)
    else:
        err_console.print("[bold red]error:[/] no submissions imported; nothing written", highlight=False)
    partial = [o for o in outcomes if o.partial and not o.error]
    raise typer.Exit(batch_exit_code(written, len(failed) + len(partial)))


def _ended(o: FileImport) -> str:
    """'3 completed, 1 timeout': how the imported runs ended, the unfinished kinds in colour."""
    parts = [
        f"{n} {kind}" if kind == "completed" else f"[yellow]{n} {kind}[/]"
        for kind, n in o.ended.most_common()
    ]
    return ", ".join(parts) or "-"


def _attempts(o: FileImport) -> str:
    """'1', '2-3': the attempt numbers this file's submissions got ('1 x4, 2 x1' when mixed)."""
    if not o.attempts:
        return "-"
    if len(o.attempts) == 1:
        return str(next(iter(o.attempts)))
    return ", ".join(f"{n} x{count}" for n, count in sorted(o.attempts.items()))


#: Repeats and renumbered attempts listed one by one before "and N more".
LISTED = 10


def _listed(items: list[str]) -> str:
    more = f"; and {len(items) - LISTED} more" if len(items) > LISTED else ""
    return "; ".join(items[:LISTED]) + more


def _status(o: FileImport) -> str:
    if o.error is not None:
        return "[red]skipped (see error)[/]"
    if o.cut is not None:
        return f"[yellow]partial: line {o.cut.line} cut[/]"
    return "[yellow]partial (see warning)[/]" if o.partial else "[green]ok[/]"


def _print_notes(o: FileImport) -> None:
    """How each file was read (notes), then what a user must know before grading these (warnings):
    partial files, defaults, attempts numbered on from another file, records not written."""
    if o.error is not None:
        return
    for n in o.notices:
        if n.info and not (o.read_as and n.text.startswith("read as ")):  # auto said it already
            console.print(f"note: {shown(o.path)}: {escape(n.text)}", highlight=False, soft_wrap=True)
    notes = [n.text for n in o.notices if not n.info]
    notes += [f"{n} record(s) fell back to a default: {default}" for default, n in o.defaults.items()]
    if o.continued:
        notes.append(
            f"{len(o.continued)} record(s) are further attempts at tasks other files already gave"
            " (same task, agent and model), numbered on from theirs: "
            + _listed(
                [
                    f"{rec}: {task} attempt {n} (after {', '.join(shown(f) for f in files)})"
                    for rec, task, n, files in o.continued
                ]
            )
        )
    if o.repeats:
        notes.append(
            f"{len(o.repeats)} record(s) not written: each repeats one already imported"
            " (same task, agent, model, patch and answer): "
            + _listed([f"{record} = {first}" for record, first in o.repeats])
        )
    for note in notes:
        console.print(f"[yellow]warning:[/] {shown(o.path)}: {escape(note)}", highlight=False, soft_wrap=True)


def parse_steps(spec: str) -> tuple[int, int | None]:
    """`40-60`, `42`, `40-` (to the end), `-10` (the first ten) as (first, last or None)."""
    first, sep, last = spec.strip().partition("-")
    try:
        lo = int(first) if first.strip() else 1
        hi = (int(last) if last.strip() else None) if sep else lo
    except ValueError:
        raise UserError(f"--steps '{spec}': expected N, N-M, N- or -M (step numbers, from 1)") from None
    if lo < 1 or (hi is not None and hi < lo):
        raise UserError(f"--steps '{spec}': expected step numbers from 1, the first no later than the last")
    return lo, hi


def _step_panel(step: Step) -> Panel:
    """One step, whole: what it was and whose, the text, the command, the output, the exit code."""
    head = [f"[bold]{step.index}[/]", step.kind, step.actor + (f"/{step.role}" if step.role else "")]
    if step.tool:
        head.append(f"[cyan]{escape(step.tool)}[/]")
    if step.exit_code is not None:
        head.append(f"[{'green' if step.exit_code == 0 else 'red'}]exit {step.exit_code}[/]")
    if step.span:
        head.append(f"[dim]{escape(step.span)}[/]")
    tail = [
        f"{step.time:%Y-%m-%d %H:%M:%S}" if step.time else None,
        step.model,
        f"{step.usage.input_tokens or 0}+{step.usage.output_tokens or 0} tokens" if step.usage else None,
        f"${step.cost:.4f}" if step.cost is not None else None,
    ]
    body = Text()
    if step.text:
        body.append(step.text)
    if step.command:
        body.append(("\n" if body else "") + "$ " + step.command, style="bold yellow")
    elif step.arguments and step.kind == "tool_call":
        args = step.arguments if isinstance(step.arguments, str) else json.dumps(step.arguments, indent=1)
        body.append(("\n" if body else "") + args, style="yellow")
    if step.output is not None:
        body.append(("\n" if body else "") + step.output, style="red" if step.kind == "error" else "")
    style = {"error": "red", "tool_call": "yellow", "tool_output": "blue", "reasoning": "magenta"}.get(
        step.kind, "white"
    )
    return Panel(
        body,
        title=" · ".join(head),
        title_align="left",
        subtitle=" · ".join(t for t in tail if t) or None,
        subtitle_align="right",
        border_style=style,
    )


@submissions_app.command("show")
def show_submission(
    folder: Annotated[Path, typer.Argument(metavar="DIR/ID", help="One submission's folder.")],
    steps: Annotated[
        str | None,
        typer.Option(
            "--steps", metavar="N-M", help="Print these steps of its trajectory, whole: 40-60, 42, 40-."
        ),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", help="text (for a person) or json (one step a line).")
    ] = "text",
) -> None:
    """What a submission holds, and its run's steps (docs/formats.md §3.1)."""
    if fmt not in ("text", "json"):
        raise UserError(f"--format '{fmt}': expected text or json")
    loaded = load_native(folder)
    traj = trajectory_path(folder)
    if steps is None:
        sub = loaded.submission
        table = Table(title=f"{folder}", show_header=False)
        table.add_column("field", style="bold")
        table.add_column("value", overflow="fold")
        for name, value in (
            ("task", sub.task_id),
            ("agent", sub.agent),
            ("model", sub.agent_model),
            ("attempt", str(sub.attempt)),
            ("ended", str((sub.extra.get("source") or {}).get("ended", "-"))),
            ("patch", str(loaded.patch or "-")),
            ("conclusion", (sub.conclusion or "-")[:300]),
        ):
            table.add_row(name, escape(value))
        if traj is not None:
            counts: dict[str, int] = {}
            for step in iter_steps(traj):
                counts[step.kind] = counts.get(step.kind, 0) + 1
            total = sum(counts.values())
            summary = ", ".join(f"{n} {kind}" for kind, n in counts.items())
            table.add_row("trajectory", f"{total} steps ({summary}): --steps 1-{total}")
        else:
            table.add_row("trajectory", f"none (no {TRAJECTORY_FILE})")
        console.print(table)
        return
    lo, hi = parse_steps(steps)
    if traj is None:
        raise UserError(
            f"no {TRAJECTORY_FILE} here: its harness recorded no run, or it was imported before"
            " expgrade kept trajectories (import it again)",
            file=folder,
        )
    shown_steps = 0
    last = 0
    for step in iter_steps(traj):
        last = step.index
        if step.index < lo:
            continue
        if hi is not None and step.index > hi:
            break
        shown_steps += 1
        if fmt == "json":
            typer.echo(step.model_dump_json(exclude_none=True))
        else:
            console.print(_step_panel(step))
    if not shown_steps:
        raise UserError(f"--steps {steps}: the run has {last} step(s)", file=traj)
