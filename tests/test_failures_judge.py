"""The failure judge over real HTTP (the scripted judge server), its controls and test-retest,
the report's failure-mode table, compare, the annotation items and the calibration against
people's labels, end to end (issue 54)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import failure_support as fs
import pytest
from cli_support import run_cli

from expgrade.calibration.failures import failure_calibration, failure_item_id
from expgrade.grading.failures.records import read_failure_checks, read_failures
from expgrade.grading.failures.run import analyze_run
from expgrade.grading.failures.taxonomy import load_taxonomy
from expgrade.grading.judge import JudgeConfig, JudgeSpec
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.labels_io import read_label_rows
from expgrade.grading.report import render_html, render_markdown
from expgrade.grading.run.store import report_run
from expgrade.grading.testing.judge_server import ScriptedServer, ScriptRule, ServerScript

PRICED = "openai/gpt-4o-mini"

#: The crafted controls' failures, as a right judge names them (mode, step).
CONTROL_RULES = (
    ScriptRule("the model and the optimiser are not written yet", "implementation_incomplete", step=3),
    ScriptRule("survey of image classifiers", "gave_up", step=1),
    ScriptRule("name 'label' is not defined", "code_error", step=3),
    ScriptRule("No matching distribution found for torch==9.9", "environment_setup", step=2),
)


def _probe_only(n: int) -> list[dict]:
    """A run no detector explains: the code runs, but it trains only a linear probe."""
    return [
        fs.task_msg(),
        fs.call("cat train.py"),
        fs.out(f"# run {n} by agent-a: trains only a linear probe on frozen random features\n", 0),
        fs.call("python train.py"),
        fs.out("test accuracy: 0.12\n", 0),
        fs.say("Test accuracy is 0.12."),
    ]


def _wrong_split() -> list[dict]:
    return [
        fs.task_msg(),
        fs.call("python train.py --split validation"),
        fs.out("this run uses the validation split; test accuracy: 0.88\n", 0),
        fs.say("Test accuracy is 0.88."),
    ]


def _server(flip: float = 0.0) -> ScriptedServer:
    rules = (
        *CONTROL_RULES,
        ScriptRule("trains only a linear probe", "implementation_incomplete", step=3),
        # A citation of a step the judge was never shown: the verdict must not be used.
        ScriptRule("uses the validation split", "experiment_not_run", step=99),
    )
    return ScriptedServer(ServerScript(rules=rules, flip=flip, seed=7))


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with _server() as s:
        yield s


def _settings(url: str, cache: Path) -> JudgeSettings:
    return JudgeSettings(
        JudgeConfig(
            judges=[JudgeSpec(PRICED)],
            api_base=url,
            cache_path=cache / "judge.sqlite",
            timeout_s=5.0,
            backoff_base_s=0.01,
            backoff_max_s=0.1,
            max_retries=2,
        )
    )


def _run(tmp_path: Path, name: str = "run", probes: int = 2) -> tuple[Path, Path, Path]:
    subs = tmp_path / "subs"
    records = []
    fs.write_submission(subs, "env", fs.module_never_fixed(), agent="agent-a")
    records.append(fs.result("env", agent="agent-a"))
    fs.write_submission(subs, "echo", fs.echo_results(), agent="agent-b")
    records.append(fs.result("echo", agent="agent-b"))
    for n in range(probes):
        fs.write_submission(subs, f"probe{n}", _probe_only(n), agent="agent-a")
        records.append(fs.result(f"probe{n}", agent="agent-a"))
    fs.write_submission(subs, "split", _wrong_split(), agent="agent-b")
    records.append(fs.result("split", agent="agent-b"))
    fs.write_submission(subs, "ok", fs.fixed_three_steps_later(), agent="agent-b")
    records.append(fs.result("ok", agent="agent-b", passed=True))
    tasks = fs.write_tasks(tmp_path / "tasks.jsonl")
    return fs.write_run(tmp_path / name, subs, records, tasks), subs, tasks


def test_the_judge_names_mode_and_step_and_a_citation_of_no_shown_step_is_unscorable(
    tmp_path: Path, server: ScriptedServer
) -> None:
    run, _, _ = _run(tmp_path)
    analysis = analyze_run(run, load_taxonomy(), judges=_settings(server.url, tmp_path))
    by_id = {r.submission_id: r for r in read_failures(run) or []}
    assert "ok" not in by_id  # a passing run gets none
    assert (by_id["env"].source, by_id["env"].mode) == ("detector", "environment_setup")
    probe = by_id["probe0"]
    assert (probe.status, probe.mode, probe.step, probe.source) == (
        "classified",
        "implementation_incomplete",
        3,
        "judge",
    )
    assert probe.judge is not None and probe.judge.rubric.startswith("failure-mode@1.0.0#")
    assert probe.taxonomy == load_taxonomy().ref
    assert 3 in probe.cited_steps and "linear probe" in (probe.step_text or "")
    split = by_id["split"]
    assert (split.status, split.mode, split.unscorable) == ("unscorable", None, "parse_error")
    assert split.judge is not None and split.judge.step == 99 and "not among" in (split.judge.reason or "")
    # The judge read the cited steps and went through the engine: the controls, right, and a retest.
    checks = analysis.checks or {}
    assert checks["controls"]["passed"] is True and checks["controls"]["right"] == 4
    assert checks["retest"]["n"] == 3 and checks["retest"]["mode_flips"] == 0
    assert read_failure_checks(run) == checks


def test_an_unstable_judge_fails_its_controls_and_flips_on_retest(tmp_path: Path) -> None:
    run, _, _ = _run(tmp_path, probes=6)
    with _server(flip=1.0) as server:
        analysis = analyze_run(run, load_taxonomy(), judges=_settings(server.url, tmp_path))
    checks = analysis.checks or {}
    assert checks["controls"]["passed"] is False
    assert checks["retest"]["mode_flips"] > 0 and checks["retest"]["flip_rate"]["value"] > 0


def test_report_json_and_html_carry_the_table_and_a_row_leads_to_its_step(
    tmp_path: Path, server: ScriptedServer
) -> None:
    run, _, _ = _run(tmp_path)
    analyze_run(run, load_taxonomy(), judges=_settings(server.url, tmp_path))
    report = report_run(run, n_boot=50).as_json()
    block = report["failure_modes"]
    agents = {a["agent"]: a for a in block["agents"]}
    a = agents["agent-a"]
    assert (a["n_analyzed"], a["n_classified"]) == (3, 3)
    modes = {m["mode"]: m for m in a["modes"]}
    impl = modes["implementation_incomplete"]
    assert impl["count"] == 2 and impl["median_step"] == 3 and impl["by"] == {"judge": 2}
    assert impl["share"]["n"] == 3 and impl["share"]["ci_low"] < 2 / 3 < impl["share"]["ci_high"]
    assert agents["agent-b"]["n_unscorable"] == 1
    assert report["failure_checks"]["controls"]["passed"] is True
    html = render_html(report_run(run, n_boot=50))
    example = impl["examples"][0]
    assert f'href="#{example["anchor"]}"' in html and f'id="{example["anchor"]}"' in html
    assert "linear probe" in html and "--steps 3" in html
    markdown = render_markdown(report_run(run, n_boot=50))
    assert "## Failure modes" in markdown and "| implementation_incomplete | 2 |" in markdown


def test_compare_says_which_modes_changed(tmp_path: Path, server: ScriptedServer) -> None:
    run_a, _, _ = _run(tmp_path, "a")
    analyze_run(run_a, load_taxonomy())  # detectors only: the probes are not assessed
    run_b = tmp_path / "b"
    run_b.mkdir()
    for name in ("results.jsonl", "manifest.json"):
        (run_b / name).write_text((run_a / name).read_text())
    analyze_run(run_b, load_taxonomy(), judges=_settings(server.url, tmp_path))
    from expgrade.grading.failures.table import failure_changes

    block = failure_changes(read_failures(run_a) or [], read_failures(run_b) or [])
    rows = {(m["agent"], m["mode"]): m for m in block["modes"]}
    assert (
        rows[("agent-a", "implementation_incomplete")]["count_a"],
        rows[("agent-a", "implementation_incomplete")]["count_b"],
    ) == (0, 2)


def test_people_calibrate_the_classifier_end_to_end(tmp_path: Path, server: ScriptedServer) -> None:
    """Failure-mode items loaded for people; their labels in; κ per mode with its interval out."""
    from expgrade.annotation_app.failure_items import failure_specs
    from expgrade.grading.submission_reader import scan_submissions

    run, subs, _ = _run(tmp_path, probes=4)
    analyze_run(run, load_taxonomy(), judges=_settings(server.url, tmp_path))
    located = {s.submission_id: s for s in scan_submissions(subs).submissions}
    specs = {s.item_key: s for s in failure_specs(run, {}, located)}
    probe = specs[failure_item_id(fs.TASK_ID, "probe0")]
    assert probe.scale == load_taxonomy().ids and probe.subtask == "failure_mode"
    assert (
        "[step 3]" in probe.content["artifact"]["log"]
        and probe.judges["verdict"] == "implementation_incomplete"
    )
    assert "agent-a" not in probe.content["artifact"]["log"]  # masked like every item
    people = {  # the people agree on all but one probe, which they call a wrong-data experiment
        "env": "environment_setup",
        "echo": "results_unsupported",
        "probe0": "implementation_incomplete",
        "probe1": "implementation_incomplete",
        "probe2": "implementation_incomplete",
        "probe3": "experiment_not_run",
    }
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        "".join(
            json.dumps(
                {
                    "item_id": failure_item_id(fs.TASK_ID, sub),
                    "rater": rater,
                    "rater_kind": "human",
                    "label": label,
                    "subtask": "failure_mode",
                }
            )
            + "\n"
            for sub, label in people.items()
            for rater in ("ann1", "ann2")
        ),
        encoding="utf-8",
    )
    block = failure_calibration(
        read_failures(run) or [], read_label_rows(gold), load_taxonomy().ids, n_boot=200
    )
    assert block["n_labelled"] == 6
    per = {m["mode"]: m for m in block["per_mode"]}
    impl = per["implementation_incomplete"]
    assert (impl["n_people"], impl["n_classifier"], impl["n_both"]) == (3, 4, 3)
    assert (
        0 < impl["kappa"]["value"] < 1
        and impl["kappa"]["ci_low"] <= impl["kappa"]["value"] <= impl["kappa"]["ci_high"]
    )
    assert per["environment_setup"]["kappa"]["value"] == 1.0
    assert impl["corrected_share"]["value"] == pytest.approx(3 / 6, abs=1e-6)
    # The command line: labels in, the table out, the block kept for the report.
    result = run_cli("failures", "calibrate", run, "--labels", gold, "--n-boot", "100")
    assert result.code == 0, result.err
    assert "implementation_incomplete" in result.out and "κ" in result.out
    assert (read_failure_checks(run) or {})["calibration"]["n_labelled"] == 6
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        json.dumps({"item_id": "failure/t1/env", "rater": "x", "rater_kind": "human", "label": "laziness"})
        + "\n"
    )
    refused = run_cli("failures", "calibrate", run, "--labels", bad)
    assert refused.code == 2 and "laziness" in refused.err and "not a mode" in refused.err
