"""`expgrade demo`: the bundled example tasks and submissions, graded end to end.

Three agents (careful, sloppy, cheating) each attempt two small tasks. The demo re-runs the
code in the real sandbox (Docker, or the local-process backend with a warning), judges with
the models the user configured or, without any, with the bundled scripted judge server, and
writes the report. It says loudly which of these it used, so nobody mistakes a scripted
verdict for a model's.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.panel import Panel

from expgrade import grading
from expgrade.grading.errors import UserError
from expgrade.grading.failures.run import analyze_run
from expgrade.grading.failures.taxonomy import load_taxonomy
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.report import print_summary, render_html, render_markdown
from expgrade.grading.report.overview import SCRIPTED_JUDGE
from expgrade.grading.run.orchestrator import grade_run
from expgrade.grading.run.store import report_run
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import RunReport

if TYPE_CHECKING:
    from expgrade.grading.testing.judge_server import ServerScript


def demo_source() -> Path:
    """The bundled examples: inside the installed package, else the checkout's examples/demo."""
    pkg = Path(grading.__file__).resolve().parent  # the real folder, not the expgrade/ link
    for candidate in (pkg / "_demo", pkg.parent / "examples" / "demo"):
        if (candidate / "tasks.jsonl").is_file():
            return candidate
    raise UserError("the bundled demo (examples/demo) is not installed; run from a checkout of expgrade")


def choose_sandbox(kind: str, err_console: Console) -> str:
    """Docker when asked or when its engine answers (building the base image if needed), else local."""
    if kind in ("docker", "local"):
        chosen = kind
    elif kind != "auto":
        raise UserError(f"unknown sandbox '{kind}' (expected auto, docker or local)", field="--sandbox")
    else:
        chosen = "docker"
        try:
            import docker

            docker.from_env(timeout=10).ping()
            from expgrade.grading.sandbox.base import BASE_IMAGE
            from expgrade.grading.sandbox.image import build_base_image

            build_base_image(name=BASE_IMAGE, progress=lambda m: err_console.print(f"[blue][sandbox][/] {m}"))
        except Exception as exc:  # no engine, no permission, image build impossible: fall back
            err_console.print(f"[yellow]Docker is not usable here ({type(exc).__name__}: {exc}).[/]")
            chosen = "local"
    if chosen == "local":
        err_console.print(
            Panel(
                "Re-running submissions with the LOCAL-PROCESS sandbox: the code runs as a plain process on "
                "this machine, with resource limits but without Docker's isolation (no network or filesystem "
                "jail). Needs python3 with numpy and scikit-learn on PATH.",
                title="warning: weaker sandbox",
                border_style="yellow",
            )
        )
    return chosen


def demo_judge_script() -> ServerScript:
    """The scripted judge's verdicts for the demo, from `judge_script.json` beside the submissions:
    kept out of the submissions so that nothing an annotator reads hints at a verdict."""
    from expgrade.grading.testing.judge_server import ServerScript, load_rules

    return ServerScript(rules=load_rules(demo_source() / "judge_script.json"))


def run_demo(
    out: Path,
    *,
    sandbox: str,
    fresh: bool,
    console: Console,
    err_console: Console,
    report: Callable[[Path], RunReport] = report_run,
) -> Path:
    """Grade the bundled examples into OUT/run and write the report, made by `report` (the CLI
    gives one with the judge-reliability block: it may import the calibration package)."""
    source = demo_source()
    run_dir = out / "run"
    if fresh and run_dir.exists():
        if not RunFolder(run_dir).manifest.exists():
            raise UserError("exists and is not a demo run folder; choose another --out", file=run_dir)
        shutil.rmtree(run_dir)
    chosen = choose_sandbox(sandbox, err_console)
    judges = [j.strip() for j in os.environ.get("EXPGRADE_JUDGE", "").split(",") if j.strip()]
    server = None
    if judges:
        api_base = os.environ.get("EXPGRADE_API_BASE") or None
        err_console.print(f"judging with {', '.join(judges)}" + (f" at {api_base}" if api_base else ""))
    else:
        from expgrade.grading.testing.judge_server import ScriptedServer

        server = ScriptedServer(demo_judge_script()).start()
        judges, api_base = [SCRIPTED_JUDGE], server.url
        err_console.print(
            Panel(
                "No judge model configured (set EXPGRADE_JUDGE, e.g. openai/gpt-4o-mini, and its API key or "
                "EXPGRADE_API_BASE). The demo uses the bundled SCRIPTED judge server: every verdict below "
                "was scripted in examples/demo/judge_script.json, not judged by a model. Everything else "
                "(the sandbox runs, the deterministic integrity checks, aggregation) is real.",
                title="VERDICTS ARE SCRIPTED",
                border_style="bold red",
            )
        )
    try:
        settings = GradeSettings(
            tasks_dir=str(source),
            judge=JudgeSettings(JudgeConfig.panel(judges, api_base=api_base, use_cache=server is None))
            if judges
            else None,
            sandbox=chosen,
        )
        summary = grade_run(
            source / "tasks.jsonl",
            source / "submissions",
            run_dir,
            settings,
            concurrency=3,
            console=err_console,
            context={"demo": True},
        )
    finally:
        if server is not None:
            server.stop()
    # Why the failed submissions failed, by the detectors (the scripted judge has stopped by now).
    analyze_run(run_dir, load_taxonomy(), submissions=source / "submissions", tasks=source / "tasks.jsonl")
    folder = RunFolder(run_dir)
    data = report(run_dir)
    folder.report("html").write_text(render_html(data), encoding="utf-8")
    folder.report("md").write_text(render_markdown(data), encoding="utf-8")
    print_summary(data, console)
    console.print(
        f"\ngraded {summary.total} submission(s) in {summary.wall_s:.1f} s"
        + (" (verdicts SCRIPTED)" if server is not None else "")
        + ". Look at:\n"
        f"  report      {folder.report('html')}  (and report.md)\n"
        f"  results     {folder.results}\n"
        f"  logs        {folder.logs}/<submission>/grading.log\n"
        f"  manifest    {folder.manifest}\n"
        f"  next        expgrade labels {run_dir} --out labels.csv\n"
        "\nThe judge behind these rates is uncalibrated. Calibrate it against people in three steps:\n"
        f"  1. expgrade annotate load {run_dir} --project demo --active --budget 40\n"
        "  2. expgrade annotate    (label in the app; `expgrade annotate add-user NAME` gives a sign-in)\n"
        f"  3. expgrade report {run_dir} --gold demo",
        highlight=False,
        soft_wrap=True,  # paths stay whole, to copy and paste
    )
    return run_dir
