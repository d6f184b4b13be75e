"""`expgrade grade`, `report`, `labels` and `demo`: the main job, end to end."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from expgrade.cli.app import app, console, err_console
from expgrade.cli.failures import TaxonomyOption, print_analysis
from expgrade.cli.judge_options import judge_options, preflight
from expgrade.grading.errors import UserError
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.subtasks import ALL_SUBTASKS, SUBTASKS

#: the subtasks only a judge grades (a review's deterministic checks run without one)
JUDGED_ONLY = tuple(s.name for s in SUBTASKS if s.kind == "judged")

if TYPE_CHECKING:
    from rich.table import Table

    from expgrade.calibration.people_demo import PeopleLoop
    from expgrade.grading.schemas import LabelRow
    from expgrade.grading.schemas.report import GoldMatch


#: `grade --help` panels after the common options and the judge's (help_width.py).
EXECUTION = "Execution: where and how often the code runs"
RULES = "Grading rules"
CHECKS = "Checks on the judge (docs/controls.md, docs/stability.md)"


@app.command()
@judge_options()
def grade(
    tasks: Annotated[Path, typer.Option("--tasks", help="TASKS.jsonl (formats.md §2).")],
    submissions: Annotated[Path, typer.Option("--submissions", help="Submissions folder (formats.md §3).")],
    out: Annotated[Path, typer.Option("--out", help="Run folder; re-running on it resumes.")],
    subtasks: Annotated[
        str,
        typer.Option(
            "--subtasks",
            help=f"Comma-separated subset to grade: {', '.join(ALL_SUBTASKS)}.",
            show_default="all",
        ),
    ] = ",".join(ALL_SUBTASKS),
    sandbox: Annotated[str, typer.Option("--sandbox", help="docker (default) or local.")] = "docker",
    gpu_mode: Annotated[
        str,
        typer.Option(
            "--gpu-mode",
            rich_help_panel=EXECUTION,
            help="How Docker gives GPUs: auto (default), nvidia, cdi or devices.",
        ),
    ] = "auto",
    implementation_judging: Annotated[
        str,
        typer.Option(
            "--implementation-judging",
            rich_help_panel=RULES,
            help="joint (default: one call per diff chunk answering every open requirement, "
            "0.41x EXP-Bench's tokens) or per-requirement (a call of its own per requirement).",
        ),
    ] = "joint",
    executor: Annotated[
        str, typer.Option("--executor", rich_help_panel=EXECUTION, help="local (default) or ray.")
    ] = "local",
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Gradings in flight.")] = 4,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            rich_help_panel=EXECUTION,
            min=1,
            help="Processes to grade in (local executor), for when judging makes one core the limit; "
            "--concurrency gradings spread over them, one budget and rate limit for all.",
        ),
    ] = 1,
    pass_threshold: Annotated[
        list[str] | None,
        typer.Option(
            "--pass-threshold",
            rich_help_panel=RULES,
            help="SUBTASK=SHARE, e.g. design=0.8 (default 1.0: every item).",
        ),
    ] = None,
    reference_runs: Annotated[
        int,
        typer.Option(
            "--reference-runs",
            rich_help_panel=EXECUTION,
            min=0,
            help="Run each task's reference N times (seeds 1..N, once per task, cached in the run "
            "folder) and check each metric against the prediction interval of those runs instead "
            "of the fixed tolerance; 0 (default): the task's tolerance. N >= 2; 8 or more to catch "
            "a 2x error on a noisy experiment (docs/grading.md).",
        ),
    ] = 0,
    repeats: Annotated[
        int,
        typer.Option(
            "--repeats",
            rich_help_panel=EXECUTION,
            min=1,
            help="Run each submission K times with different seeds ({seed} in run.command, "
            "EXPGRADE_SEED); reports pass^k, pass@k and each metric's spread.",
        ),
    ] = 1,
    controls: Annotated[
        float,
        typer.Option(
            "--controls",
            rich_help_panel=CHECKS,
            min=0.0,
            help="Control gradings with known answers (the task's reference as known-pass; placeholder, "
            "other-task, contradicting work as known-fail), as a share of the submissions, at least 4; "
            "0 switches controls off (docs/controls.md).",
        ),
    ] = 0.1,
    attack_controls: Annotated[
        int | None,
        typer.Option(
            "--attack-controls",
            rich_help_panel=CHECKS,
            min=0,
            help="Known-fail controls with an attack planted where agents put text (default: as many as "
            "plain controls, at least one per placement).",
        ),
    ] = None,
    attack_controls_undefended: Annotated[
        bool,
        typer.Option(
            "--attack-controls-undefended",
            rich_help_panel=CHECKS,
            help="Also run each attack control with the defences off (no fences, no datamarking), to "
            "show what they buy on this judge.",
        ),
    ] = False,
    on_failed_controls: Annotated[
        str,
        typer.Option(
            "--on-failed-controls",
            rich_help_panel=CHECKS,
            help="warn (default): name a judge that fails its controls; refuse: controls first, and the "
            "subtasks it failed on are not judged (unscorable: judge_failed_controls).",
        ),
    ] = "warn",
    retest: Annotated[
        float,
        typer.Option(
            "--retest",
            rich_help_panel=CHECKS,
            min=0.0,
            max=1.0,
            help="Test-retest: the share of judged items asked again past the cache, with the run's own "
            "judge settings, at least 10 per subtask (default 0.05); the flip rate goes in the report, "
            "no verdict changes; 0 switches it off (docs/stability.md).",
        ),
    ] = 0.05,
    failure_taxonomy: TaxonomyOption = None,
    regrade_changed: Annotated[
        bool,
        typer.Option(
            "--regrade-changed",
            rich_help_panel=RULES,
            help="Resuming into an --out whose finished results were graded from a task or submission "
            "that has changed since (or from a folder that recorded no content hashes): grade exactly "
            "those again and keep the rest. Without it such a run stops before grading (docs/grading.md).",
        ),
    ] = False,
    *,
    judges: JudgeSettings | None,
) -> None:
    """Grade every submission against its task; writes RUN_DIR/results.jsonl, manifest.json and logs/
    (and RUN_DIR/failures.jsonl: why each submission that did not pass failed)."""
    # Imported here, not at the top: `expgrade --help` must not load the graders (tests/test_cli_start.py).
    from expgrade.grading.controls import ControlOptions
    from expgrade.grading.failures.taxonomy import load_taxonomy
    from expgrade.grading.graders.settings import IMPLEMENTATION_JUDGING, GradeSettings, parse_subtasks
    from expgrade.grading.judge import unpriced_warning
    from expgrade.grading.run.orchestrator import grade_run
    from expgrade.grading.subtasks.passing import parse_thresholds

    taxonomy = load_taxonomy(failure_taxonomy)  # a bad file stops the run before any grading
    if on_failed_controls not in ("warn", "refuse"):
        raise UserError(
            f"unknown policy '{on_failed_controls}' (expected warn or refuse)", field="--on-failed-controls"
        )
    control_options = ControlOptions(
        ratio=controls,
        attacks=attack_controls,
        undefended=attack_controls_undefended,
        on_failure="refuse" if on_failed_controls == "refuse" else "warn",
        retest=retest,
    )
    if sandbox not in ("docker", "local"):
        raise UserError(f"unknown sandbox '{sandbox}' (expected docker or local)", field="--sandbox")
    if gpu_mode not in ("auto", "nvidia", "cdi", "devices"):
        raise UserError(
            f"unknown GPU mode '{gpu_mode}' (expected auto, nvidia, cdi or devices)", field="--gpu-mode"
        )
    if reference_runs == 1:
        raise UserError(
            "one reference run measures no spread: give --reference-runs 0 (the task's tolerance) or N >= 2",
            field="--reference-runs",
        )
    if implementation_judging not in IMPLEMENTATION_JUDGING:
        raise UserError(
            f"unknown implementation judging '{implementation_judging}' (expected "
            + " or ".join(IMPLEMENTATION_JUDGING)
            + ")",
            field="--implementation-judging",
        )
    settings = GradeSettings(
        tasks_dir=str(tasks.resolve().parent),
        subtasks=parse_subtasks(subtasks),
        judge=judges,
        sandbox=sandbox,
        gpu_mode=gpu_mode,
        thresholds=parse_thresholds(pass_threshold or []),
        implementation_judging=implementation_judging,
        reference_runs=reference_runs,
        repeats=repeats,
    )
    if judges is not None:
        warning = unpriced_warning(list(judges.models), judges.config.budget_usd)
        if warning:
            err_console.print(f"[yellow]warning:[/] {warning}", highlight=False, soft_wrap=True)
    elif set(settings.subtasks) & set(JUDGED_ONLY):
        err_console.print(
            f"[yellow]no --judge given:[/] {', '.join(JUDGED_ONLY[:-1])} and {JUDGED_ONLY[-1]} are skipped; "
            "integrity runs its deterministic checks only."
        )
    if judges is not None and judges.plans_first:
        from expgrade.cli.judge import batch_progress, check_estimate
        from expgrade.grading.run.plan import batch_run, estimate_run

        if not check_estimate(judges, lambda: estimate_run(tasks, submissions, settings, control_options)):
            return
        if judges.batch:  # the answers land in the response cache, where the grading below finds them
            settings = dataclasses.replace(settings, judge=preflight(judges))  # before the batch spends
            with batch_progress() as on_progress:
                t, settings = batch_run(tasks, submissions, out, settings, on_progress=on_progress)
            err_console.print(
                f"batch: {t.calls} calls, {t.cached} answered by the cache, "
                + ("cost unknown" if t.unknown_cost_calls else f"${t.cost_usd:.4f} at batch rates"),
                highlight=False,
            )
    summary = grade_run(
        tasks,
        submissions,
        out,
        settings,
        executor=executor,
        concurrency=concurrency,
        workers=workers,
        console=err_console,
        controls=control_options,
        regrade_changed=regrade_changed,
    )
    from expgrade.grading.failures.records import read_failures
    from expgrade.grading.failures.run import analyze_run
    from expgrade.grading.judge.served import mismatches
    from expgrade.grading.report import print_summary
    from expgrade.grading.run.manifest import load_manifest
    from expgrade.grading.run.store import report_run

    if summary.total:
        # The detectors only (free, exact): the failure judge costs calls that neither --estimate
        # nor the grading's --budget-usd counts, so it runs when asked (`failures analyze --judge`).
        # A resume that graded nothing new keeps the verdicts it has.
        fresh = summary.graded_now or read_failures(out) is None
        analysis = analyze_run(out, taxonomy, submissions=submissions, tasks=tasks) if fresh else None
        print_summary(report_run(out), console)
        if analysis is not None:
            print_analysis(analysis, out)
    refs = summary.references
    if reference_runs:
        console.print(
            f"reference runs: {refs.run_now} run now ({refs.duration_s:.1f} s in the sandbox), "
            f"{refs.cached} from the run folder's cache",
            highlight=False,
        )
        for task_id, why in refs.unusable.items():
            err_console.print(
                f"[yellow]reference unusable:[/] {task_id}: {why} (its submissions are unscorable)",
                highlight=False,
                soft_wrap=True,
            )
    folder = RunFolder(out)
    for said in mismatches((load_manifest(out) or {}).get("served")):
        err_console.print(f"[yellow]judge:[/] {said}", highlight=False, soft_wrap=True)
    cost = "unknown" if summary.cost_usd is None else f"${summary.cost_usd:.4f}"
    console.print(
        f"graded {summary.graded_now} submission(s) now, {summary.already_done} already done, "
        f"{summary.total} in all; judge cost {cost}; {summary.wall_s:.1f} s. "
        f"Results: {folder.results}; `expgrade report {out}` writes the report ({folder.report('html')})",
        highlight=False,
        soft_wrap=True,
    )


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A run folder written by `expgrade grade`.")],
    format: Annotated[str, typer.Option("--format", help="html (default), md or json.")] = "html",
    out: Annotated[
        Path | None, typer.Option("--out", help="Output file (default RUN_DIR/report.FORMAT; json: stdout).")
    ] = None,
    bootstrap: Annotated[int, typer.Option("--bootstrap", min=1, help="Bootstrap resamples for CIs.")] = 1000,
    confidence: Annotated[float, typer.Option("--confidence", min=0.5, max=0.999)] = 0.95,
    seed: Annotated[int | None, typer.Option("--seed", help="Bootstrap seed (default: the run's).")] = None,
    gold: Annotated[
        str | None,
        typer.Option(
            "--gold",
            help="Human labels: a label table (.jsonl/.csv/.parquet) or an annotation project name.",
        ),
    ] = None,
    db: Annotated[
        str | None, typer.Option("--db", help="Annotation database for --gold PROJECT (default as annotate).")
    ] = None,
) -> None:
    """The run report: pass rates with paper-clustered CIs, the judge's measured reliability and
    corrected pass rates (with --gold), plots, per-task drill-down."""
    import json

    from expgrade.calibration.run_report import report_with_calibration
    from expgrade.grading.report import render_html, render_markdown

    if format not in ("html", "md", "json"):
        raise UserError(f"unknown format '{format}' (expected html, md or json)", field="--format")
    rows, source = _gold_rows(gold, db) if gold is not None else (None, "")
    data = report_with_calibration(run_dir, rows, source, n_boot=bootstrap, confidence=confidence, seed=seed)
    if data.calibration is not None and data.calibration.note is not None:
        err_console.print(f"gold: {data.calibration.note}", highlight=False, soft_wrap=True)
    elif data.calibration is not None and data.calibration.gold is not None:
        _say_gold_match(data.calibration.gold)
    if format == "json":
        text = json.dumps(data.as_json(), indent=2, ensure_ascii=False)
        if out is None:
            print(text)
            return
    else:
        text = render_html(data) if format == "html" else render_markdown(data)
    target = out or RunFolder(run_dir).report(format)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    console.print(f"wrote {target}", highlight=False, soft_wrap=True)


def _gold_rows(source: str, db: str | None) -> tuple[list[LabelRow], str]:
    """Human rows from a label table (a path) or from an annotation project in the app's DB; a
    value that is neither says it came from --gold (a bare "no such project" does not say which
    option was wrong)."""
    from expgrade.grading.labels_io import FORMATS, read_label_rows

    path = Path(source)
    try:
        if path.suffix.lower() in FORMATS or path.exists():
            return read_label_rows(path), str(path)
        from expgrade.annotation_app.export import export_rows
        from expgrade.annotation_app.store import Store

        return export_rows(Store.open(db), source), f"project {source}"
    except UserError as exc:
        raise dataclasses.replace(exc, message=f"--gold {source}: {exc.message}") from None


def _say_gold_match(m: GoldMatch) -> None:
    err_console.print(
        f"gold: {m.matched} of {m.gold_items} labelled item(s) match the run, {m.unmatched} do not"
        + (f" (e.g. {', '.join(m.examples_unmatched)})" if m.unmatched else "")
        + (f"; matched e.g. {', '.join(m.examples_matched)}" if m.matched else ""),
        highlight=False,
        soft_wrap=True,
    )


@app.command()
def labels(
    run_dir: Annotated[Path, typer.Argument(help="A run folder written by `expgrade grade`.")],
    out: Annotated[Path, typer.Option("--out", help="LABELS.csv, .jsonl or .parquet.")],
) -> None:
    """Every judge verdict of a run as label rows (docs/formats.md §5), for calibration and annotation."""
    from expgrade.grading.labels_io import write_label_rows
    from expgrade.grading.run.labels import run_label_rows

    rows = run_label_rows(run_dir)
    if not rows:
        raise UserError("the run has no judge verdicts (was it graded without --judge?)", file=run_dir)
    n = write_label_rows(out, rows)
    unscorable = sum(r.status == "unscorable" for r in rows)
    console.print(
        f"wrote {n} label row(s) ({unscorable} unscorable) to {out}", highlight=False, soft_wrap=True
    )


@app.command()
def demo(
    out: Annotated[Path, typer.Option("--out", help="Where the demo run goes.")] = Path("expgrade-demo"),
    sandbox: Annotated[
        str, typer.Option("--sandbox", help="auto (Docker if its engine runs, else local), docker or local.")
    ] = "auto",
    fresh: Annotated[bool, typer.Option("--fresh/--resume", help="Start over (default) or resume.")] = True,
) -> None:
    """Grade the bundled example tasks and submissions end to end, then write the report.

    The first run builds the Docker sandbox image (about 2 minutes, from Debian's archive);
    later runs reuse it.

    Judges: the models in $EXPGRADE_JUDGE (comma-separated; $EXPGRADE_API_BASE for the endpoint)
    when set, else the bundled scripted judge server, whose verdicts are scripted, not judged.
    """
    from expgrade.calibration.run_report import report_with_calibration
    from expgrade.grading.run.demo import run_demo

    run_demo(
        out,
        sandbox=sandbox,
        fresh=fresh,
        console=console,
        err_console=err_console,
        report=report_with_calibration,
    )
    _people_loop(out / "people")


def people_table(loop: PeopleLoop) -> Table:
    """Per real judge: agreement and κ with the people, its raw rate and the corrected one."""
    from expgrade.grading.report.terminal import terminal_table

    def ci(value: float, low: float, high: float) -> str:
        return f"{value:.3f} [{low:.3f}, {high:.3f}]"

    corrected = {c["rater"]: c for c in loop.report.corrected_scores if c["group"] == "all"}
    rows = []
    for judge in (j for j in loop.report.judges if j.subtask is None and j.criterion is None):
        agree, kappa = judge.statistics["percent_agreement"], judge.statistics["cohen_kappa"]
        c = corrected.get(judge.rater)
        rows.append(
            (
                judge.rater,
                str(judge.n),
                ci(agree.value, agree.ci_low, agree.ci_high),
                ci(kappa.value, kappa.ci_low, kappa.ci_high),
                f"{c['judge_rate']:.3f}" if c else "-",
                ci(c["ppi"]["value"], c["ppi"]["ci_low"], c["ppi"]["ci_high"]) if c else "-",
            )
        )
    return terminal_table(
        "judge vs people, and the judge's rate corrected for its errors",
        (
            "judge",
            "labelled",
            "agreement\n[95 % CI]",
            "Cohen's κ\n[CI]",
            "raw\nrate",
            "corrected\n(PPI++) [CI]",
        ),
        rows,
    )


def _people_loop(out: Path) -> None:
    """The demo's last step: the loop's corrected numbers on real people (PandaLM's annotators)."""
    from expgrade.calibration.people_demo import people_loop
    from expgrade.grading.run.demo import demo_source

    err_console.print("\ncalibrating two real judges against real people (PandaLM) ...")
    loop = people_loop(demo_source() / "people" / "pandalm", out)
    console.print(
        "\n[bold]The loop on real people.[/] The rates above come from the SCRIPTED judge. These come "
        f"from real ones: PandaLM's published GPT-3.5 and PandaLM-7B verdicts on {loop.n_items} pairwise "
        f"items, and its three human annotators, whose labels the demo uses on {loop.n_labelled} random "
        "items only, as if people had labelled just those. Question: is response 1 strictly better?",
        highlight=False,
    )
    console.print(people_table(loop))
    for judge in loop.report.judges:
        if judge.subtask is None and judge.criterion is None and judge.n < loop.n_labelled:
            console.print(  # the table's "labelled" column counts only the items the judge decided
                f"{judge.rater}: {judge.n} of the {loop.n_labelled} labelled items; its published "
                f"verdict on the other {loop.n_labelled - judge.n} is no verdict (unscorable: neither "
                "agreement nor disagreement).",
                highlight=False,
                soft_wrap=True,
            )
    console.print(
        f"What the people said on all {loop.n_items} items (majority of three): {loop.human_rate_all:.3f}, "
        "the number the corrected intervals are built to cover; a raw rate carries its judge's bias "
        "with no interval for it.\n"
        f"  report      {out / 'report.html'}  (and report.md, report.json)",
        highlight=False,
        soft_wrap=True,
    )
