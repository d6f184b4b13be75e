"""`expgrade tasks import|validate`: benchmark files to Task records, and checking them."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from expgrade.cli.app import app, console, err_console
from expgrade.cli.listing import in_one_folder
from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import iter_json_lines, validate_models, write_models
from expgrade.grading.safepath import PathEscapeError, check_relative
from expgrade.grading.schemas import Task
from expgrade.grading.tables import terminal_table
from expgrade.grading.task_importers import IMPORTERS, BatchResult, Importer, import_batch

tasks_app = typer.Typer(
    help="Import benchmark tasks into Task records (TASKS.jsonl) and check them.", no_args_is_help=True
)
app.add_typer(tasks_app, name="tasks")


def batch_exit_code(written: int, failed: int) -> int:
    """docs/formats.md §1: 0 all imported; 1 some file failed but something was written; 2 nothing written."""
    if written == 0:
        return 2
    return 1 if failed else 0


def shown(path: Path) -> str:
    """A path as short as still tells files apart: relative to here, else its last two parts."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(Path(*path.parts[-2:]))


def report_failures(errors: list[str]) -> None:
    for message in errors:
        err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)


@tasks_app.command("import")
def import_tasks(
    benchmark: Annotated[str, typer.Argument(help=f"One of: {', '.join(IMPORTERS)}.")],
    sources: Annotated[list[Path], typer.Argument(help="Task files, or folders to search for them.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="TASKS.jsonl to write.")],
) -> None:
    """Normalise benchmark task files into Task records; prints tasks per source file and kind.

    A bad source file is reported and skipped; the others still import (exit 1). Exit 0 when
    every file imported, 2 when nothing could be imported.
    """
    importer = IMPORTERS.get(benchmark)
    if importer is None:
        raise UserError(f"unknown benchmark '{benchmark}'; expected one of: {', '.join(IMPORTERS)}")
    result = import_batch(importer, sources)
    console.print(_summary(importer, result))
    report_failures([f.error for f in result.failed if f.error])
    tasks = result.tasks
    code = batch_exit_code(len(tasks), len(result.failed))
    if tasks:
        write_models(out, tasks)
        console.print(f"wrote {len(tasks)} tasks to {out}", highlight=False)
    else:
        err_console.print("[bold red]error:[/] no tasks imported; nothing written", highlight=False)
    raise typer.Exit(code)


def _summary(importer: Importer, result: BatchResult) -> Table:
    seen = Counter[str]()
    for f in result.files:
        seen.update(f.kinds)
    kinds = list(importer.kinds) + sorted(k for k in seen if k not in importer.kinds)
    folder, names = in_one_folder([shown(f.path) for f in result.files])
    rows = [
        (
            name,
            str(len(f.tasks)),
            *(str(f.kinds[k]) for k in kinds),
            "[green]ok[/]" if f.error is None else "[red]skipped (see error)[/]",
        )
        for f, name in zip(result.files, names, strict=True)
    ]
    total = (
        "[bold]total[/]",
        f"[bold]{len(result.tasks)}[/]",
        *(f"[bold]{seen[k]}[/]" for k in kinds),
        f"{len(result.failed)} failed" if result.failed else "",
    )
    return terminal_table(
        f"{importer.name}: tasks per source file and kind" + (f" in {folder}/" if folder else ""),
        ("source file", "tasks", *kinds, "status"),
        rows,
        text_columns=(len(kinds) + 2,),
        path_columns=(0,),
        stack=False,
        total=total,
    )


def task_problems(path: Path) -> tuple[list[Task], list[str]]:
    """Every problem in a TASKS.jsonl: bad records, duplicate ids, paths that leave the repo,
    a reference patch or folder that is not there."""
    from expgrade.grading.execution.reference import reference_tree  # scipy: only when validating

    tasks, problems = validate_models(path, Task)
    lines_of: dict[str, list[int]] = defaultdict(list)
    try:
        for line, obj in iter_json_lines(path):
            lines_of[str(obj.get("id"))].append(line)
    except UserError:
        pass  # already among `problems`, from validate_models
    for task_id, lines in lines_of.items():
        if len(lines) > 1:
            problems.append(f"{path}: task id '{task_id}' is duplicated (lines {', '.join(map(str, lines))})")
    for task in tasks:
        if task.repo and task.repo.path and not (path.parent / task.repo.path).is_dir():
            problems.append(
                f"{path}: task '{task.id}': repo.path '{task.repo.path}' is not a folder "
                "(relative paths are relative to the tasks file)"
            )
        if task.reference is not None and (task.reference.patch or task.reference.path):
            missing = reference_tree(task, path.parent)
            if isinstance(missing, str):
                problems.append(f"{path}: task '{task.id}': {missing}")
        named = [(f"masked[{i}].file", m.file) for i, m in enumerate(task.masked or [])]
        files = task.reference.files if task.reference else []
        named += [(f"reference.files[{i}]", f) for i, f in enumerate(files)]
        if task.run and task.run.results_file is not None:
            named.append(("run.results_file", task.run.results_file))
        for field, rel in named:
            try:
                check_relative(rel, what=field)
            except PathEscapeError as exc:
                problems.append(f"{path}: task '{task.id}': {exc.message}")
    if not tasks and not problems:
        problems.append(f"{path}: no tasks in this file")
    return tasks, problems


@tasks_app.command("validate")
def validate_tasks(
    tasks_file: Annotated[Path, typer.Argument(metavar="TASKS.jsonl", help="Task records to check.")],
) -> None:
    """Check every Task record and list every problem (exit 2 if there is any)."""
    tasks, problems = task_problems(tasks_file)
    by_benchmark = Counter(t.source.benchmark for t in tasks)
    rows = [(name, str(count)) for name, count in sorted(by_benchmark.items())]
    title = f"{tasks_file}: valid tasks per benchmark"
    console.print(
        terminal_table(title, ("benchmark", "tasks"), rows, text_columns=(), id_columns=(0,), stack=False)
    )
    if problems:
        report_failures(problems)
        err_console.print(f"{len(problems)} problem(s) found", highlight=False)
        raise typer.Exit(2)
    console.print(f"[green]ok[/]: {len(tasks)} tasks, ids unique", highlight=False)
