"""`expgrade failures analyze|taxonomy`: why a run's failed submissions failed (docs/failures.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from expgrade.cli.app import app, console, err_console
from expgrade.cli.judge_options import judge_options
from expgrade.grading.judge.settings import JudgeSettings

if TYPE_CHECKING:
    from expgrade.grading.failures.run import Analysis

failures_app = typer.Typer(
    help="Failure modes of the runs that did not pass: detectors over steps, a judge for the rest."
)
app.add_typer(failures_app, name="failures")

#: `--failure-taxonomy`, shared by `grade` and `failures analyze`.
TaxonomyOption = Annotated[
    Path | None,
    typer.Option(
        "--failure-taxonomy",
        help="A failure taxonomy YAML (docs/failures.md): `extends: failure-taxonomy` adds modes to "
        "the shipped ones, else it replaces them (keeping the modes the detectors name).",
    ),
]


@failures_app.command("analyze")
@judge_options()
def analyze(
    run_dir: Annotated[Path, typer.Argument(help="A run folder written by `expgrade grade`.")],
    submissions: Annotated[
        Path | None,
        typer.Option("--submissions", help="The submissions folder (default: the run's manifest)."),
    ] = None,
    tasks: Annotated[
        Path | None, typer.Option("--tasks", help="TASKS.jsonl (default: the run's manifest).")
    ] = None,
    failure_taxonomy: TaxonomyOption = None,
    *,
    judges: JudgeSettings | None,
) -> None:
    """Classify every submission that did not pass: RUN_DIR/failures.jsonl (and failure_checks.json)."""
    from expgrade.grading.failures.run import analyze_run
    from expgrade.grading.failures.taxonomy import load_taxonomy

    taxonomy = load_taxonomy(failure_taxonomy)
    analysis = analyze_run(run_dir, taxonomy, submissions=submissions, tasks=tasks, judges=judges)
    print_analysis(analysis, run_dir)
    if analysis.problems:
        raise typer.Exit(1)


def print_analysis(analysis: Analysis, run_dir: Path) -> None:
    """The per-agent failure-mode table, the judge's checks, and what could not be assessed."""
    from rich.table import Table

    from expgrade.grading.failures.table import failure_table, mode_cells

    block = failure_table(analysis.records)
    for row in block["agents"]:
        title = (
            f"{row['agent']}: {row['n_analyzed']} failed run(s), {row['n_classified']} classified, "
            f"{row['n_not_assessed']} not assessed, {row['n_unscorable']} unscorable"
            + (
                f" ({row['n_without_trajectory']} without a trajectory)"
                if row["n_without_trajectory"]
                else ""
            )
        )
        if not row["modes"]:
            console.print(f"failure modes of {title}", highlight=False, soft_wrap=True)
            continue
        table = Table(title=title)
        for col in ("mode", "count", "share [95% CI]", "median step", "examples"):
            table.add_column(col)
        for m in row["modes"]:
            table.add_row(*mode_cells(m))
        console.print(table)
    if analysis.checks is not None:
        c, r = analysis.checks["controls"], analysis.checks["retest"]
        style = "green" if c["passed"] else "red"
        console.print(
            f"failure judge {analysis.checks['judge']}: controls "
            f"[{style}]{c['right']}/{c['decided']} right[/] "
            f"({c['n'] - c['decided']} unscorable); retest {r['mode_flips']}/{r['decided']} mode flips",
            highlight=False,
        )
    for problem in analysis.problems:
        err_console.print(f"[red]skipped:[/] {problem}", highlight=False)
    console.print(
        f"{len(analysis.records)} failure verdict(s) in {run_dir / 'failures.jsonl'}; "
        f"the table is in `expgrade report {run_dir}`",
        highlight=False,
        soft_wrap=True,
    )


@failures_app.command("taxonomy")
def taxonomy(
    failure_taxonomy: TaxonomyOption = None,
) -> None:
    """Print the failure taxonomy (the shipped one, or a file checked as `analyze` would read it)."""
    from rich.table import Table

    from expgrade.grading.failures.taxonomy import load_taxonomy

    tax = load_taxonomy(failure_taxonomy)
    table = Table(title=f"{tax.title} ({tax.ref})")
    for col in ("id", "title", "agent's fault", "description"):
        table.add_column(col)
    for m in tax.modes:
        table.add_row(m.id, m.title, "yes" if m.agent_fault else "no", m.description)
    console.print(table)


@failures_app.command("calibrate")
def calibrate(
    run_dir: Annotated[Path, typer.Argument(help="A run folder with failures.jsonl (`failures analyze`).")],
    labels: Annotated[
        list[Path],
        typer.Option(
            "--labels", help="People's failure-mode labels (gold export: JSONL, CSV or Parquet); repeatable."
        ),
    ],
    failure_taxonomy: TaxonomyOption = None,
    n_boot: Annotated[
        int, typer.Option("--n-boot", min=0, help="Bootstrap resamples for the κ intervals.")
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Bootstrap seed.")] = 0,
) -> None:
    """The failure classifier against people: κ per mode with its interval, and the corrected shares."""
    import json

    from rich.table import Table

    from expgrade.calibration.failures import failure_calibration
    from expgrade.grading.errors import UserError
    from expgrade.grading.estimate import format_estimate
    from expgrade.grading.failures.records import CHECKS_FILE, read_failure_checks, read_failures
    from expgrade.grading.failures.taxonomy import load_taxonomy
    from expgrade.grading.labels_io import read_label_tables

    records = read_failures(run_dir)
    if records is None:
        raise UserError("no failures.jsonl here: run `expgrade failures analyze` on it first", file=run_dir)
    taxonomy = load_taxonomy(failure_taxonomy)
    block = failure_calibration(records, read_label_tables(labels), taxonomy.ids, n_boot=n_boot, seed=seed)
    checks = read_failure_checks(run_dir) or {}
    (run_dir / CHECKS_FILE).write_text(
        json.dumps({**checks, "calibration": block}, indent=2) + "\n", encoding="utf-8"
    )
    table = Table(
        title=f"failure classifier vs people: {block['n_labelled']} labelled run(s), "
        f"κ {format_estimate(block['kappa'])}"
    )
    for col in ("mode", "people", "classifier", "κ [95% CI]", "classifier share", "corrected share [95% CI]"):
        table.add_column(col)
    for m in block["per_mode"]:
        share = m["classifier_share"]
        table.add_row(
            m["mode"],
            str(m["n_people"]),
            str(m["n_classifier"]),
            format_estimate(m["kappa"]),
            "–" if share is None else f"{share:.2f}",
            format_estimate(m["corrected_share"]),
        )
    console.print(table)
    if block["n_people_ties"]:
        err_console.print(
            f"{block['n_people_ties']} item(s) left out: their people split evenly", highlight=False
        )
    console.print(f"written to {run_dir / CHECKS_FILE} (the report shows it)", highlight=False)
