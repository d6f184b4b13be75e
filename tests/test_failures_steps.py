"""The failure detectors on steps shaped as the importers write them under the step contract
(docs/formats.md §3: a tool output is the agent's, with its exit code; a limit the harness hit is
the harness's own step), failure analysis on a folder of runs alone, and a failure judge held to
its controls (issue 61)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import failure_support as fs
import pytest
from cli_support import run_cli
from test_failures_detectors import _analyze
from test_failures_judge import PRICED, _run, _settings

from expgrade.grading.failures.records import read_failures
from expgrade.grading.failures.run import analyze_run
from expgrade.grading.failures.taxonomy import load_taxonomy
from expgrade.grading.report import render_html, render_markdown
from expgrade.grading.run.store import report_run
from expgrade.grading.testing.judge_server import ScriptedServer, ScriptRule, ServerScript


def _tool(
    tool: str, arguments: dict[str, Any], output: str, exit_code: int, call_id: str
) -> list[dict[str, Any]]:
    """A tool call with no shell command (Inspect's `python` tool) and the agent's output of it."""
    return [
        {"kind": "tool_call", "role": "assistant", "tool": tool, "arguments": arguments, "call_id": call_id},
        {"kind": "tool_output", "role": "tool", "call_id": call_id, "output": output, "exit_code": exit_code},
    ]


def test_a_run_that_ran_its_code_is_never_said_to_have_run_none(tmp_path: Path) -> None:
    """python through Inspect's `python` tool (no shell command), then pytest through a shell (a
    ReAct text call as the importers read it, with its command), both exit 0: no `no_run` finding."""
    python_tool = [
        fs.task_msg(),
        *_tool("python", {"code": "import train; print(train.main())"}, "test accuracy: 0.91\n", 0, "p1"),
        fs.say("Test accuracy is 0.91."),
    ]
    pytest_call = [
        fs.task_msg(),
        {**fs.call("pytest -q tests/"), "tool": "run_bash_cmd"},
        fs.out("3 passed in 0.41s\n", 0),
        fs.say("The tests pass; test accuracy is 0.91."),
    ]
    for name, steps in (("python", python_tool), ("pytest", pytest_call)):
        record = _analyze(tmp_path / name, steps)
        assert not [f for f in record.findings if f.detector == "no_run"], (name, record.findings)
        assert (record.status, record.mode) == ("not_assessed", None)


def test_a_missing_module_and_a_failed_install_are_an_environment_failure_citing_their_steps(
    tmp_path: Path,
) -> None:
    """pytest prints the missing module with no traceback header; the install fails; the agent gives up."""
    steps = [
        fs.task_msg(),
        fs.call("python -m pytest -q"),
        fs.out("E   ModuleNotFoundError: No module named 'sklearn'\n1 error in 0.20s\n", 2),
        fs.call("pip install scikit-learn==99.0"),
        fs.out("ERROR: No matching distribution found for scikit-learn==99.0\n", 1),
        fs.say("I cannot complete the task: the environment has no scikit-learn."),
    ]
    record = _analyze(tmp_path, steps, conclusion=None)
    assert (record.status, record.mode, record.step, record.source) == (
        "classified",
        "environment_setup",
        3,
        "detector",
    )
    assert "ModuleNotFoundError" in (record.evidence or "")
    cited = {f.detector: f.steps for f in record.findings if f.mode == "environment_setup"}
    assert cited == {"traceback": [3], "install": [5]}
    assert not [f for f in record.findings if f.mode in ("results_unsupported", "experiment_not_run")]


def test_a_call_recorded_with_its_result_in_one_step_is_read_as_a_run(tmp_path: Path) -> None:
    """SWE-agent's action/observation: one `tool_call` step with the command, output and return code."""
    steps = [
        fs.task_msg(),
        {
            **fs.call("python train.py"),
            "output": fs.traceback("ModuleNotFoundError", "No module named 'torch'"),
            "exit_code": 1,
        },
        fs.say("Test accuracy is 0.91."),
    ]
    record = _analyze(tmp_path, steps)
    assert (record.mode, record.step) == ("environment_setup", 2)
    assert {f.detector for f in record.findings} >= {"traceback", "no_run"}


def test_an_iteration_limit_is_named_with_its_step_and_a_budget_note_is_not_one(tmp_path: Path) -> None:
    """OpenHands V0: the harness notes the budget at step 2, and stops the run at its limit at step 6."""
    stopped = (
        "RuntimeError: Agent reached maximum iteration in headless mode. "
        "Current iteration: 30, max iteration: 30"
    )
    steps = [
        fs.task_msg(),
        {"kind": "message", "actor": "harness", "role": "user", "text": "Budget: 30 iterations remaining."},
        fs.call("ls"),
        fs.out("train.py\n", 0),
        fs.call("cat train.py"),
        {"kind": "error", "actor": "harness", "text": stopped},
    ]
    record = _analyze(tmp_path, steps, ended=stopped, conclusion=None)
    assert (record.status, record.mode, record.step) == ("classified", "out_of_budget", 6)
    assert "maximum iteration" in (record.evidence or "")


def test_failures_analyze_reads_a_folder_of_runs_with_no_graded_run_and_no_tasks(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    fs.write_submission(subs, "env", fs.module_never_fixed())
    fs.write_submission(subs, "probe", [fs.task_msg(), fs.call("python train.py"), fs.out("ok\n", 0)])
    fs.write_submission(subs, "bare", None)
    out = tmp_path / "out"
    result = run_cli("failures", "analyze", "--submissions", subs, "--out", out, "--candidates")
    assert result.code == 0, result.err
    by_id = {r.submission_id: r for r in read_failures(out) or []}
    assert set(by_id) == {"env", "probe", "bare"}
    env = by_id["env"]
    assert (env.status, env.mode, env.step, env.task_id) == ("classified", "environment_setup", 3, fs.TASK_ID)
    assert env.candidate and "environment_setup (candidate: 1)" in result.out
    for record in by_id.values():  # what needs a re-run or a task is said, never guessed
        assert "claim support and the re-execution's faults were not assessed" in (record.not_assessed or "")
    assert by_id["probe"].status == "not_assessed" and "no detector found a cause" in (
        by_id["probe"].not_assessed or ""
    )
    assert "no trajectory.jsonl" in (by_id["bare"].not_assessed or "")
    assert "3 run(s)" in result.out.replace("\n", " ") or "failure verdict(s)" in result.out
    refused = run_cli("failures", "analyze", "--submissions", subs)
    assert refused.code == 2 and "--out" in refused.err


def test_after_grade_with_a_judge_an_unexplained_run_says_how_to_ask_the_failure_judge(
    tmp_path: Path,
) -> None:
    subs = tmp_path / "subs"
    fs.write_submission(subs, "probe", [fs.task_msg(), fs.call("python train.py"), fs.out("ok\n", 0)])
    run = fs.write_run(tmp_path / "run", subs, [fs.result("probe")])
    manifest = json.loads((run / "manifest.json").read_text())
    (run / "manifest.json").write_text(json.dumps({**manifest, "judges": [PRICED]}))
    analyze_run(run, load_taxonomy())
    (record,) = read_failures(run) or []
    why = record.not_assessed or ""
    assert "no judge was given" not in why
    assert f"graded with --judge {PRICED}" in why and "failures analyze" in why and "--judge" in why


#: A judge that names the wrong mode for every control.
WRONG_ON_CONTROLS = (
    ScriptRule("the model and the optimiser are not written yet", "gave_up", step=1),
    ScriptRule("survey of image classifiers", "code_error", step=2),
    ScriptRule("name 'label' is not defined", "environment_setup", step=2),
    ScriptRule("No matching distribution found for torch==9.9", "code_error", step=1),
    ScriptRule("trains only a linear probe", "implementation_incomplete", step=3),
)


@pytest.fixture
def wrong_server() -> Iterator[ScriptedServer]:
    with ScriptedServer(ServerScript(rules=WRONG_ON_CONTROLS, seed=7)) as s:
        yield s


def test_a_failure_judge_that_fails_its_controls_is_out_of_the_shares_and_the_first_screen_says_so(
    tmp_path: Path, wrong_server: ScriptedServer
) -> None:
    run, _, _ = _run(tmp_path)
    analysis = analyze_run(run, load_taxonomy(), judges=_settings(wrong_server.url, tmp_path))
    checks = analysis.checks or {}
    assert checks["controls"]["passed"] is False and checks["controls"]["right"] == 0
    assert "0 of 4" in (checks["refused"] or "")
    probe = next(r for r in read_failures(run) or [] if r.submission_id == "probe0")
    assert (probe.status, probe.mode, probe.unscorable) == ("unscorable", None, "judge_failed_controls")
    assert probe.judge is not None and probe.judge.label == "implementation_incomplete"  # kept for audit
    report = report_run(run, n_boot=50).as_json()
    agent_a = next(a for a in report["failure_modes"]["agents"] if a["agent"] == "agent-a")
    assert [m["mode"] for m in agent_a["modes"]] == ["environment_setup"] and agent_a["n_unscorable"] == 2
    markdown = render_markdown(report_run(run, n_boot=50))
    first_screen = markdown.split("## Summary")[0]
    assert "failure judge" in first_screen and "failed its controls" in first_screen
    html = render_html(report_run(run, n_boot=50))
    assert 'id="failure-judge"' in html and html.index('id="failure-judge"') < html.index('class="rates"')
