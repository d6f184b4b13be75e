"""`expgrade compare RUN_A RUN_B --out DIR`: two runs of the same items side by side (docs/stability.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from expgrade.cli.app import app, console, err_console
from expgrade.grading.estimate import format_estimate
from expgrade.grading.tables import terminal_table


@app.command()
def compare(
    run_a: Annotated[Path, typer.Argument(help="The first run folder (before, judge A, rubric v1).")],
    run_b: Annotated[Path, typer.Argument(help="The second run folder, of the same tasks and submissions.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for compare.json, compare.md and compare.html.")],
    bootstrap: Annotated[
        int, typer.Option("--bootstrap", min=1, help="Bootstrap resamples for intervals.")
    ] = 1000,
    confidence: Annotated[float, typer.Option("--confidence", min=0.5, max=0.999)] = 0.95,
    seed: Annotated[int, typer.Option("--seed", help="Bootstrap seed.")] = 0,
) -> None:
    """Compare two runs item by item: agreement (kappa), paired pass-rate differences per agent,
    rankings, every changed verdict with both rationales, and each run's controls and test-retest."""
    from expgrade.calibration.run_compare import compare_runs, ranking_verdict, summary_lines, write_compare

    report = compare_runs(run_a, run_b, n_boot=bootstrap, confidence=confidence, seed=seed)
    rows = [
        (
            s.subtask,
            str(s.items),
            f"{s.changed} ({s.pass_to_fail}→fail, {s.fail_to_pass}→pass)",
            format_estimate(s.kappa.model_dump()),
            "[bold red]CHANGED[/]" if s.ranking_changed else ranking_verdict(s),
        )
        for s in report.subtasks
    ]
    headers = ("subtask", "items", "changed", "kappa [CI]", "ranking")
    title = "run A against run B, per subtask (b − a)"
    console.print(terminal_table(title, headers, rows, text_columns=(4,), id_columns=(0,), figures="left"))
    for text, loud in summary_lines(report):
        console.print(Text(text, style="bold red" if loud else ""), highlight=False, soft_wrap=True)
    paths = write_compare(report, out)
    err_console.print("wrote " + ", ".join(str(p) for p in paths), highlight=False, soft_wrap=True)
