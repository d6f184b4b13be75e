"""The demo's scripted verdicts live in `examples/demo/judge_script.json`, never in what an
annotator reads: every item the annotation app would show is free of script markers, and the
rule file drives the scripted server through litellm's real HTTP path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from grade_support import DEMO
from judge_server import engine_for, ref_request

from expgrade.annotation_app.loaders import load_tasks_submissions
from expgrade.grading.controls import ControlOptions, build_controls
from expgrade.grading.errors import UserError
from expgrade.grading.run.demo import demo_judge_script
from expgrade.grading.run.orchestrator import load_tasks as load_run_tasks
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript, load_rules

ALL_JUDGED = ("design", "implementation", "conclusion", "integrity")
#: what would tell an annotator the scripted verdict
TELLTALES = ("@@script", "fooled", "scripted judge", "verdict=")


def test_no_item_of_the_demo_shows_a_script_marker() -> None:
    specs = load_tasks_submissions(DEMO / "tasks.jsonl", DEMO / "submissions")
    shown = [json.dumps(s.content, ensure_ascii=False) for s in specs]
    assert any("step 20 loss 0.0999" in text for text in shown)  # agent logs are among what is shown
    assert {s.subtask for s in specs} >= {"design", "implementation", "conclusion", "integrity"}
    leaks = [
        (s.item_key, t) for s, text in zip(specs, shown, strict=True) for t in TELLTALES if t in text.lower()
    ]
    assert leaks == []


def test_every_demo_rule_matches_some_submission_or_control_text() -> None:
    """A rule without a field is about the agents' submissions; one scoped to a field of the work
    is about the controls built from the demo's tasks (docs/controls.md). None is dead."""
    texts = "\n".join(p.read_text() for p in (DEMO / "submissions").rglob("*") if p.is_file())
    tasks = list(load_run_tasks(DEMO / "tasks.jsonl").values())
    cases = build_controls(tasks, ALL_JUDGED, DEMO, ControlOptions(attacks=12), 16)
    controls = "\n".join(
        json.dumps([c.inputs.submission.design, c.inputs.submission.conclusion, c.inputs.diff, c.inputs.log])
        + "\n".join(filter(None, [c.inputs.diff, c.inputs.log, c.inputs.submission.conclusion]))
        for c in cases
    )
    rules = demo_judge_script().rules
    assert rules
    for r in rules:
        if r.field is None:
            assert r.contains in texts or r.contains in texts.replace('\\"', '"'), r
        else:
            assert r.echoes_task or r.contains in controls, r


def test_rules_from_a_file_give_verdicts_first_match_wins_and_a_directive_overrides(tmp_path: Path) -> None:
    path = tmp_path / "judge_script.json"
    path.write_text(json.dumps({"rules": [
        {"contains": "forty-two", "verdict": "fail"},
        {"contains": "forty", "verdict": "pass"},
        {"contains": "thirty", "verdict": "fail"},
    ]}))  # fmt: skip
    reqs = [
        ref_request("a", "It is forty-two."),
        ref_request("b", "It is forty."),
        ref_request("c", "It is thirty. @@script verdict=pass@@"),
    ]
    with (
        ScriptedServer(ServerScript(rules=load_rules(path))) as server,
        engine_for(server.url, tmp_path) as engine,
    ):
        labels = [v.label for v in engine.judge_sync(reqs)]
    assert labels == ["fail", "pass", "pass"]


@pytest.mark.parametrize("text", ["{", '{"rules": [{"contains": "x"}]}'])
def test_a_bad_judge_script_is_a_user_error_naming_the_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "judge_script.json"
    path.write_text(text)
    with pytest.raises(UserError) as err:
        load_rules(path)
    assert str(path) in str(err.value)
