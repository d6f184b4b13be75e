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
    run_dir: Annotated[
        Path | None,
        typer.Argument(help="A run folder written by `expgrade grade` (leave out: --submissions and --out)."),
    ] = None,
    submissions: Annotated[
        Path | None,
        typer.Option(
            "--submissions",
            help="The submissions folder (default: the run's manifest); without a run folder, every run "
            "in it is analysed as it is (imported or native), with no grading and no tasks needed.",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Where failures.jsonl goes when there is no run folder."),
    ] = None,
    tasks: Annotated[
        Path | None, typer.Option("--tasks", help="TASKS.jsonl (default: the run's manifest).")
    ] = None,
    failure_taxonomy: TaxonomyOption = None,
    candidates: Annotated[
        bool,
        typer.Option(
            "--candidates",
            help="Also run the detectors measured below 0.90 precision on real runs (`expgrade failures "
            "taxonomy` lists them); their findings are labelled candidate.",
        ),
    ] = False,
    *,
    judges: JudgeSettings | None,
) -> None:
    """Classify every submission that did not pass: RUN_DIR/failures.jsonl (and failure_checks.json);
    or, with --submissions and --out and no run folder, every run of a submissions folder."""
    from expgrade.grading.errors import UserError
    from expgrade.grading.failures.run import analyze_run, analyze_submissions
    from expgrade.grading.failures.taxonomy import load_taxonomy

    taxonomy = load_taxonomy(failure_taxonomy)
    if run_dir is None:
        if submissions is None or out is None:
            raise UserError("give a run folder, or --submissions DIR and --out DIR to analyse runs alone")
        analysis = analyze_submissions(
            submissions, out, taxonomy, tasks=tasks, judges=judges, candidates=candidates
        )
    else:
        analysis = analyze_run(
            run_dir, taxonomy, submissions=submissions, tasks=tasks, judges=judges, candidates=candidates
        )
    print_analysis(analysis, run_dir or out or Path("."), graded=run_dir is not None)
    if analysis.problems:
        raise typer.Exit(1)


def print_analysis(analysis: Analysis, run_dir: Path, *, graded: bool = True) -> None:
    """The per-agent failure-mode table, the judge's checks, and what could not be assessed."""
    from expgrade.grading.failures.table import failure_table, mode_cells
    from expgrade.grading.tables import terminal_table

    block = failure_table(analysis.records)
    for row in block["agents"]:
        title = (
            f"{row['agent']}: {row['n_analyzed']} {'failed ' if graded else ''}run(s), "
            f"{row['n_classified']} classified, "
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
        headers = ("mode", "count", "share [95% CI]", "median\nstep", "examples")
        cells = [mode_cells(m) for m in row["modes"]]
        console.print(terminal_table(title, headers, cells, text_columns=(4,), id_columns=(0,), stack=False))
    if analysis.checks is not None:
        c, r = analysis.checks["controls"], analysis.checks["retest"]
        style = "green" if c["passed"] else "red"
        console.print(
            f"failure judge {analysis.checks['judge']}: controls "
            f"[{style}]{c['right']}/{c['decided']} right[/] "
            f"({c['n'] - c['decided']} unscorable); retest {r['mode_flips']}/{r['decided']} mode flips",
            highlight=False,
        )
        if analysis.checks.get("refused"):
            err_console.print(f"[red]{analysis.checks['refused']}[/]", highlight=False, soft_wrap=True)
    for problem in analysis.problems:
        err_console.print(f"[red]skipped:[/] {problem}", highlight=False)
    console.print(
        f"{len(analysis.records)} failure verdict(s) in {run_dir / 'failures.jsonl'}"
        + (f"; the table is above, and in the report `expgrade report {run_dir}` writes" if graded else ""),
        highlight=False,
        soft_wrap=True,
    )


@failures_app.command("taxonomy")
def taxonomy(
    failure_taxonomy: TaxonomyOption = None,
) -> None:
    """Print the failure taxonomy (the shipped one, or a file checked as `analyze` would read it),
    and each detector's measured precision on held-out real runs: which fire by default."""
    from expgrade.grading.failures.precision import MEASURED_ON, PRECISION_GOAL, precision_rows
    from expgrade.grading.failures.taxonomy import load_taxonomy
    from expgrade.grading.tables import terminal_table

    tax = load_taxonomy(failure_taxonomy)
    rows = [(m.id, m.title, "yes" if m.agent_fault else "no", m.description) for m in tax.modes]
    headers = ("id", "title", "agent's\nfault", "description")
    console.print(
        terminal_table(
            f"{tax.title} ({tax.ref})", headers, rows, text_columns=(1, 3), id_columns=(0, 2), stack=False
        )
    )
    console.print(
        terminal_table(
            f"detectors: precision [95% CI] on {MEASURED_ON}; below {PRECISION_GOAL:.2f} a detector is a "
            "candidate, off unless `analyze --candidates`",
            ("detector", "mode", "precision [95% CI]", "default"),
            precision_rows(),
            text_columns=(2,),
            id_columns=(0, 1, 3),
            stack=False,
        )
    )


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

    from expgrade.calibration.failures import failure_calibration
    from expgrade.grading.errors import UserError
    from expgrade.grading.estimate import format_estimate
    from expgrade.grading.failures.records import CHECKS_FILE, read_failure_checks, read_failures
    from expgrade.grading.failures.taxonomy import load_taxonomy
    from expgrade.grading.labels_io import read_label_tables
    from expgrade.grading.tables import terminal_table

    records = read_failures(run_dir)
    if records is None:
        raise UserError("no failures.jsonl here: run `expgrade failures analyze` on it first", file=run_dir)
    taxonomy = load_taxonomy(failure_taxonomy)
    block = failure_calibration(records, read_label_tables(labels), taxonomy.ids, n_boot=n_boot, seed=seed)
    checks = read_failure_checks(run_dir) or {}
    (run_dir / CHECKS_FILE).write_text(
        json.dumps({**checks, "calibration": block}, indent=2) + "\n", encoding="utf-8"
    )
    rows = [
        (
            m["mode"],
            str(m["n_people"]),
            str(m["n_classifier"]),
            format_estimate(m["kappa"]),
            "–" if m["classifier_share"] is None else f"{m['classifier_share']:.2f}",
            format_estimate(m["corrected_share"]),
        )
        for m in block["per_mode"]
    ]
    title = (
        f"failure classifier vs people: {block['n_labelled']} labelled run(s), "
        f"κ {format_estimate(block['kappa'])}"
    )
    headers = ("mode", "people", "classifier", "κ\n[95% CI]", "classifier\nshare", "corrected\nshare [CI]")
    console.print(terminal_table(title, headers, rows, text_columns=(), id_columns=(0,)))
    if block["n_people_ties"]:
        err_console.print(
            f"{block['n_people_ties']} item(s) left out: their people split evenly", highlight=False
        )
    console.print(f"written to {run_dir / CHECKS_FILE} (the report shows it)", highlight=False)
