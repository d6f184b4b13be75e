"""`expgrade gold ...`: human (gold) labels into label tables (docs/formats.md §5).

`gold import KIND FILE... --out LABELS` converts a benchmark's human grades into label rows;
each KIND is one entry of `GOLD_IMPORTERS` (a function from one file to its rows), so new
sources are added by registering a converter. Other `gold` verbs (export, validate) live on
the same `gold_app`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer

from expgrade.cli.app import app, console, err_console
from expgrade.cli.listing import in_one_folder
from expgrade.cli.tasks import batch_exit_code, report_failures, shown
from expgrade.grading.errors import UserError
from expgrade.grading.labels_io import write_label_rows
from expgrade.grading.schemas import LabelRow
from expgrade.grading.tables import terminal_table
from expgrade.grading.task_importers.paperbench import gold_labels as paperbench_gold_labels

gold_app = typer.Typer(
    help="Human (gold) labels: import them from benchmarks, export them from annotation.",
    no_args_is_help=True,
)
app.add_typer(gold_app, name="gold")


def _calibration_datasets() -> ModuleType:
    """Loaded on use: the converters live beside the statistics, which are slow to import."""
    import expgrade.calibration.datasets

    return expgrade.calibration.datasets


#: KIND -> converter of one source file into label rows (raising UserError on bad input).
GOLD_IMPORTERS: dict[str, Callable[[Path], list[LabelRow]]] = {
    "paperbench": paperbench_gold_labels,
    # public judge-vs-human sets (issue 6): the file or folder, with the judges' files beside it
    "pandalm": lambda path: _calibration_datasets().pandalm_rows(path),
    "llmbar": lambda path: _calibration_datasets().llmbar_rows(path),
    # the alt-test paper's data sets (issue 28): a folder with human_ and llm_annotations.json
    "alttest": lambda path: _calibration_datasets().alttest_rows(path),
}


@gold_app.command("import")
def import_gold(
    kind: Annotated[str, typer.Argument(help="Which benchmark's human grades (e.g. paperbench).")],
    sources: Annotated[
        list[Path], typer.Argument(help="Files to convert (paperbench: expected_result.json).")
    ],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Label table to write (.jsonl, .csv or .parquet).")
    ],
) -> None:
    """Convert human-graded benchmark files into label rows, one per graded item.

    A bad file is reported and skipped; the others still import (exit 1). Exit 0 when every
    file converted, 2 when nothing could be.
    """
    convert = GOLD_IMPORTERS.get(kind)
    if convert is None:
        raise UserError(f"unknown gold label source '{kind}'; expected one of: {', '.join(GOLD_IMPORTERS)}")
    rows: list[LabelRow] = []
    errors: list[str] = []
    seen: dict[tuple[str, str], Path] = {}
    cells: list[tuple[str, ...]] = []
    for src in sources:
        try:
            converted = convert(src)
            if not converted:
                raise UserError("no gradable items in this file", file=src)
            for row in converted:
                key = (row.item_id, row.rater)
                if key in seen:
                    raise UserError(
                        f"item '{row.item_id}' by '{row.rater}' was already imported from {seen[key]}",
                        file=src,
                    )
        except UserError as exc:
            errors.append(str(exc))
            cells.append((shown(src), "0", "", "", "[red]skipped (see error)[/]"))
            continue
        seen.update({(r.item_id, r.rater): src for r in converted})
        rows.extend(converted)
        # Every label kind the source uses (pass/fail, or 1/2/tie for pairwise sets), not a fixed pair.
        graded = Counter(str(r.label) for r in converted if r.status == "graded")
        unscorable = sum(r.status == "unscorable" for r in converted)
        labels = ", ".join(f"{label} {n}" for label, n in sorted(graded.items()))
        cells.append((shown(src), str(len(converted)), labels, str(unscorable), "[green]ok[/]"))
    folder, names = in_one_folder([c[0] for c in cells])
    cells = [(name, *c[1:]) for name, c in zip(names, cells, strict=True)]
    title = f"gold labels from {kind}" + (f" in {folder}/" if folder else "")
    headers = ("source file", "rows", "labels", "unscorable", "status")
    console.print(terminal_table(title, headers, cells, text_columns=(2, 4), path_columns=(0,), stack=False))
    report_failures(errors)
    if rows:
        write_label_rows(out, rows)
        console.print(f"wrote {len(rows)} label rows to {out}", highlight=False)
    else:
        err_console.print("[bold red]error:[/] no label rows imported; nothing written", highlight=False)
    raise typer.Exit(batch_exit_code(len(rows), len(errors)))


@gold_app.command("export")
def export_gold(
    project: Annotated[str, typer.Option("--project", help="Annotation project to export.")],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Label table to write (.jsonl, .csv or .parquet).")
    ],
    db: Annotated[
        str | None, typer.Option("--db", help="Annotation database URL or SQLite file (as for `annotate`).")
    ] = None,
    after_reveal: Annotated[
        bool,
        typer.Option(
            "--after-reveal",
            help="Also write each label's latest change made after the judges were shown, "
            "under extra.revised_after_reveal (the row's label stays the blind one).",
        ),
    ] = False,
) -> None:
    """Human labels of an annotation project as label rows, with provenance under `extra`.

    Each row carries the blind label: what the annotator said before seeing the judges and the
    other annotators. An adjudicated item has one more row, the decision (its gold), marked
    extra.adjudication."""
    from expgrade.annotation_app.export import export_rows, summary
    from expgrade.annotation_app.store import Store

    rows = export_rows(Store.open(db), project, after_reveal=after_reveal)
    if not rows:
        raise UserError(f"project '{project}' has no submitted labels yet", field="--project")
    write_label_rows(out, rows)
    facts = summary(rows)
    console.print(
        f"wrote {facts['rows']} label rows ({facts['items']} items, {facts['annotators']} annotators, "
        f"{facts['unscorable']} unscorable, {facts['flagged']} flagged, {facts['adjudicated']} "
        f"adjudicated) to {out}",
        highlight=False,
    )


@gold_app.command("validate")
def validate_gold_file(
    file: Annotated[Path, typer.Argument(help="A gold label table (.jsonl, .csv or .parquet).")],
) -> None:
    """Check a gold label set: valid rows, human raters, one row per item × rater, provenance.

    Lists every problem and exits 1 when there are any.
    """
    from expgrade.annotation_app.export import summary, validate_gold

    rows, problems = validate_gold(file)
    for problem in problems:
        err_console.print(f"[red]✗[/] {problem}", highlight=False, soft_wrap=True)
    facts = summary(rows)
    console.print(
        f"{file}: {facts['rows']} rows, {facts['items']} items, {facts['annotators']} annotators, "
        f"{len(problems)} problem(s)",
        highlight=False,
    )
    raise typer.Exit(1 if problems else 0)
