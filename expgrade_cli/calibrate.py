"""`expgrade calibrate LABELS... --out DIR`: judges against human labels, as a report folder.

The numbers come from `calibration.calibrate_frame`; this module only reads the tables (through
`expgrade.grading.labels_frame`, column by column, so CSV, JSONL and Parquet all work and a
million rows read in about a second), writes the report and prints a summary.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from expgrade.cli.app import app, console
from expgrade.grading.errors import UserError

if TYPE_CHECKING:  # the statistics load on use: scipy and matplotlib are slow to import
    from rich.table import Table

    from expgrade.calibration.report import CalibrationReport

LevelOption = Literal["auto", "nominal", "ordinal", "interval", "ratio"]
GoldOption = Literal["majority", "dawid-skene", "mace", "adjudicated"]


def _summary_table(report: CalibrationReport) -> Table:
    """The judges on all items: agreement and κ with their intervals (each under its value, by
    `terminal_table`, so the table reads at 80 columns), the other statistics as point values."""
    from expgrade.calibration.report_json import contract_json
    from expgrade.calibration.report_markdown import ci, num
    from expgrade.grading.estimate import format_estimate
    from expgrade.grading.report.terminal import terminal_table

    board = {r["rater"]: r for r in report.leaderboard.get("all items", [])}
    ceiling = any(r["human_level"] is not None for r in board.values())
    columns = (
        ["judge", "n", "agreement", "Cohen κ", "AC1", "α"]
        + (["leniency"] if report.binary else [])
        + (["human\nlevel"] if ceiling else [])
    )
    rows = []
    for j in contract_json(report)["judges"]:
        if j["subtask"] is not None or j["criterion"] is not None:
            continue
        cells = [
            j["rater"],
            str(j["n"]),
            ci(j["percent_agreement"]),
            format_estimate(j["cohen_kappa"], undefined="undefined"),
        ]
        cells += [num(j["gwet_ac1"]["value"]), num(j["krippendorff_alpha"]["value"])]
        if report.binary:
            cells.append(num(j["leniency"]["value"]))
        if ceiling:
            cells.append(
                {True: "[green]yes[/]", False: "[red]no[/]", None: "—"}[
                    board.get(j["rater"], {}).get("human_level")
                ]
            )
        rows.append(cells)
    return terminal_table(
        f"{report.n_items} items · {report.bootstrap} resamples · {report.confidence:.0%} CI", columns, rows
    )


@app.command("calibrate")
def calibrate_command(
    labels: Annotated[
        list[Path], typer.Argument(help="Label tables (CSV, JSONL or Parquet) with judge and human rows.")
    ],
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Folder for report.json, details.json, report.md and report.html."),
    ],
    bootstrap: Annotated[
        int,
        typer.Option("--bootstrap", min=0, help="Bootstrap resamples for the intervals (0: no intervals)."),
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the bootstrap.")] = 0,
    confidence: Annotated[
        float, typer.Option("--confidence", help="Confidence level of every interval.")
    ] = 0.95,
    level: Annotated[
        LevelOption,
        typer.Option(
            "--level",
            help="Level of measurement for Krippendorff's α; auto: pass/fail and text are nominal, "
            "whole numbers ordinal, scores interval.",
        ),
    ] = "auto",
    alt_test_epsilon: Annotated[
        float,
        typer.Option(
            "--alt-test-epsilon",
            help="Cost–benefit margin ε of the alt-test (can the judge replace the annotators?): "
            "0.2 for expert annotators (default), 0.15 skilled, 0.1 crowd workers.",
        ),
    ] = 0.2,
    gold: Annotated[
        GoldOption,
        typer.Option(
            "--gold",
            help="How the human labels make the gold label: majority vote, or Dawid–Skene or MACE, "
            "which weigh each annotator by its estimated competence, or adjudicated: an adjudicator's "
            "decision (gold export's extra.adjudication) where there is one, else the majority.",
        ),
    ] = "majority",
) -> None:
    """Judge–human calibration: agreement with confidence intervals, bias, corrected scores and a report.

    Each item's gold label is the majority of its human raters (items where the humans tie have
    none), or with --gold the most probable label under Dawid–Skene or MACE; unscorable rows are
    counted and left out.
    """
    from expgrade.calibration.analysis import calibrate_frame
    from expgrade.calibration.humans import kappa_text
    from expgrade.calibration.report_files import write_reports
    from expgrade.calibration.report_markdown import ci, num
    from expgrade.grading.labels_frame import read_label_frame

    if not 0 < confidence < 1:
        raise UserError(f"--confidence must be between 0 and 1, got {confidence}", field="confidence")
    if not 0 <= alt_test_epsilon < 1:
        raise UserError(
            f"--alt-test-epsilon must be in [0, 1), got {alt_test_epsilon}", field="alt-test-epsilon"
        )
    report = calibrate_frame(
        read_label_frame(labels),
        n_resamples=bootstrap,
        seed=seed,
        confidence=confidence,
        level=None if level == "auto" else level,
        alt_test_epsilon=alt_test_epsilon,
        gold=gold,
    )
    paths = write_reports(report, out)
    if report.judges:
        console.print(_summary_table(report))
    else:
        console.print(
            f"{report.n_items} items, no judge rows: reporting the human labels only", highlight=False
        )
    if report.humans is not None and report.humans.n_raters < 2:
        console.print(
            "humans: one rater, so no inter-annotator agreement (no human ceiling)", highlight=False
        )
    elif report.humans is not None:
        h = report.humans
        pairs = h.pairwise_kappa
        if len(pairs) == 1:  # two raters: their κ, with its interval
            kappa = kappa_text(pairs[0].estimate, pairs[0].agreement)
        else:
            mean = h.mean_pairwise_kappa
            kappa = "undefined" if mean is None else f"{num(mean)} (each pair below)"
        console.print(
            f"humans: {h.n_raters} raters, α {ci(h.krippendorff_alpha.as_dict())}, "
            f"mean pairwise κ {kappa}, raw agreement {ci(h.percent_agreement.as_dict())}",
            highlight=False,
        )
        if len(pairs) > 1:
            each = (f"{p.a}–{p.b} {kappa_text(p.estimate, p.agreement)}" for p in pairs)
            console.print("pairwise κ: " + "; ".join(each), highlight=False)
    if gold == "adjudicated":
        console.print(
            f"gold: {report.gold_adjudicated} items from adjudication, the others by majority",
            highlight=False,
        )
    if report.unscorable:
        console.print(
            "unscorable rows left out: "
            + ", ".join(f"{k} {v}" for k, v in sorted(report.unscorable.items())),
            highlight=False,
        )
    for t in report.alt_test:
        if t.passed is None:
            console.print(f"alt-test {t.rater}: not computable: {t.reason}", highlight=False)
        else:
            console.print(
                f"alt-test {t.rater} (ε {t.epsilon:g}): winning rate {t.winning_rate:.2f}, advantage "
                f"{t.advantage_probability:.2f}: "
                + (
                    "[green]can replace the annotators[/]"
                    if t.passed
                    else "[red]cannot replace the annotators[/]"
                ),
                highlight=False,
            )
    for text in report.recommendations.values():
        console.print(f"• {text}", highlight=False)
    console.print("wrote " + ", ".join(str(p) for p in paths), highlight=False)
