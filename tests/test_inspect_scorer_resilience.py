"""`expgrade_scorer` never takes an eval down (issue 29, items 2–5).

A real Inspect eval (mockllm agent in Inspect's local sandbox) scored by expgrade's conclusion
judge through litellm's HTTP path to the scripted server: a sample whose task is not in the
tasks file, a judge that cannot be reached, and a re-run on the same `work_dir` (whole, and
after an interrupted run) must all end in a finished eval, each sample scored or unscored with
its reason in the explanation. No Docker: the conclusion subtask judges the answer only.
"""

from __future__ import annotations

import json
import math
import socket
from pathlib import Path
from typing import Any

import pytest
from inspect_support import ADAM_TASK, REPO, SWEEP_TASK, run_tiny_eval

from expgrade.grading.inspect_scorer import expgrade_scorer
from expgrade.grading.testing.judge_server import ScriptedServer

TASKS = REPO.parent / "tasks.jsonl"


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXPGRADE_CACHE_DIR", str(tmp_path / "cache"))


def _scores(path: Path) -> tuple[str, dict[str, Any]]:
    from inspect_ai.log import read_eval_log

    log = read_eval_log(str(path))
    return log.status, {s.id: s.scores["expgrade_scorer"] for s in log.samples or [] if s.scores}


def _eval(tmp: Path, tasks: Path, api_base: str, work_dir: Path, name: str) -> tuple[str, dict[str, Any]]:
    scorer = expgrade_scorer(
        tasks=tasks,
        subtasks="conclusion",
        judge="openai/scripted-judge",
        api_base=api_base,
        work_dir=work_dir,
    )
    return _scores(run_tiny_eval(tmp / name, scorer=scorer, epochs=1))


def _unreachable() -> str:
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/v1"


def test_a_task_missing_from_the_tasks_file_is_unscored_and_the_eval_finishes(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(TASKS.read_text().splitlines()[0] + "\n")  # the Adam task only
    with ScriptedServer() as server:
        status, scores = _eval(tmp_path, tasks, server.url, tmp_path / "work", "logs")
    assert status == "success"
    assert scores["adam"].value == 1.0, scores["adam"].explanation
    graded = json.loads((Path((scores["adam"].metadata or {})["submission"]) / "submission.json").read_text())
    assert graded["agent"] == "basic_agent_loop"  # the solver, named as `submissions import` names it
    sweep = scores["sweep"]
    assert isinstance(sweep.value, float) and math.isnan(sweep.value)
    assert (
        sweep.explanation == f"not graded: task id '{SWEEP_TASK}' (from metadata.task_id) is not in {tasks}"
    )
    assert sweep.reason == "scoring_failed"


def test_a_judge_outage_is_unscored_with_its_reason_in_the_explanation(tmp_path: Path) -> None:
    status, scores = _eval(tmp_path, TASKS, _unreachable(), tmp_path / "work", "logs")
    assert status == "success"
    for sample in scores.values():
        assert isinstance(sample.value, float) and math.isnan(sample.value)
        # the judge could not be reached: the explanation says so, not only the metadata
        assert sample.explanation.startswith("conclusion: unscorable (provider_error)"), sample.explanation
        assert "connection refused" in sample.explanation, sample.explanation  # the cause, in words


def test_a_failed_conclusion_names_the_verdict(tmp_path: Path) -> None:
    from inspect_ai import eval
    from inspect_ai.model import get_model
    from inspect_support import agent_script, tiny_task

    wrong = "Adam reaches 12% accuracy. [@@script verdict=fail@@]"
    with ScriptedServer() as server:
        task = tiny_task(
            expgrade_scorer(
                tasks=TASKS, subtasks="conclusion", judge="openai/scripted-judge", api_base=server.url
            ),
            epochs=1,
        )
        model = get_model("mockllm/model", custom_outputs=agent_script(answer=wrong))
        [log] = eval(task, model=model, log_dir=str(tmp_path / "logs"), display="none", max_samples=2)
    _, scores = _scores(Path(log.location))
    adam = scores["adam"]
    assert adam.value == 0.0
    assert adam.explanation.startswith("conclusion: fail"), adam.explanation


def test_a_rerun_on_the_same_work_dir_resumes(tmp_path: Path) -> None:
    work = tmp_path / "work"
    with ScriptedServer() as server:
        status, first = _eval(tmp_path, TASKS, server.url, work, "first")
        assert status == "success" and server.stats["requests"] > 0
        # the whole run again: every grading is reused, no judge call is made, nothing fails
        server.reset_stats()
        status, again = _eval(tmp_path, TASKS, server.url, work, "again")
        assert status == "success" and server.stats["requests"] == 0
        for sample_id, score in first.items():
            assert again[sample_id].value == score.value and (again[sample_id].metadata or {})["resumed"]
        # an interrupted run: the sweep's grading never reached results.jsonl, its folder did
        results = work / "results.jsonl"
        kept = [line for line in results.read_text().splitlines() if json.loads(line)["task_id"] == ADAM_TASK]
        results.write_text("\n".join(kept) + "\n")
        status, resumed = _eval(tmp_path, TASKS, server.url, work, "resumed")
    assert status == "success"
    assert (resumed["adam"].metadata or {})["resumed"] is True
    assert "resumed" not in (resumed["sweep"].metadata or {})  # graded again (its verdicts cached)
    assert resumed["sweep"].value == first["sweep"].value
    assert len(results.read_text().splitlines()) == 2
