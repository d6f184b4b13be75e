"""`expgrade_scorer` inside a real Inspect eval: mockllm agent, expgrade's Docker sandbox re-running
the code, the judges through litellm's HTTP path to the scripted server.

The Adam sample passes every subtask (score 1.0). The sweep sample's answer makes the judge
answer HTTP 400, so its conclusion is unscorable: its score must be Inspect's unscored NaN, not
0, and the eval's mean must leave it out."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import docker
import pytest
from inspect_support import ADAM_TASK, REPO, run_tiny_eval

from expgrade.grading.inspect_scorer import expgrade_scorer
from expgrade.grading.sandbox.image import build_base_image
from expgrade.grading.testing.judge_server import ScriptedServer

UNJUDGEABLE = "lr 0.05 gives the lowest final loss. [@@script fault=400@@]"


@pytest.mark.docker
def test_expgrade_scorer_grades_an_inspect_eval(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from inspect_ai.log import read_eval_log

    build_base_image(progress=lambda m: print(m, file=sys.stderr), client=docker.from_env())
    monkeypatch.setenv("EXPGRADE_CACHE_DIR", str(tmp_path / "cache"))
    with ScriptedServer() as server:
        scorer = expgrade_scorer(
            tasks=REPO.parent / "tasks.jsonl",
            subtasks="implementation,execution,conclusion",
            judge="openai/scripted-judge",
            api_base=server.url,
            work_dir=tmp_path / "work",
        )
        path = run_tiny_eval(tmp_path / "logs", scorer=scorer, epochs=1, sweep_answer=UNJUDGEABLE)
    log = read_eval_log(str(path))
    scores = {s.id: s.scores["expgrade_scorer"] for s in log.samples or [] if s.scores}
    adam, sweep = scores["adam"], scores["sweep"]

    assert adam.value == 1.0, adam.explanation
    meta = adam.metadata or {}
    assert meta["task_id"] == ADAM_TASK and meta["all_passed"] is True
    assert meta["values"] == {"implementation": 1.0, "execution": 1.0, "conclusion": 1.0}
    assert meta["subtasks"]["execution"]["status"] == "reproduced"  # re-run in expgrade's sandbox
    assert meta["subtasks"]["execution"]["measured_results"]["digits"]["accuracy"] == pytest.approx(
        0.944444, rel=1e-3
    )
    items = meta["subtasks"]["implementation"]["items"]
    assert len(items) == 4 and all(i["verdict"] == "pass" for i in items)  # 3 requirements + unit tests
    assert {i["criterion"] for i in meta["subtasks"]["conclusion"]["items"]} == {"outcome", "support"}
    folder = Path(meta["submission"])
    assert '+    state["t"] += 1' in (folder / "patch.diff").read_text()
    fields = (folder / "submission.json").read_text()
    assert "agent sandbox (git diff at scoring time)" in fields

    assert isinstance(sweep.value, float) and math.isnan(sweep.value)  # unscored, not 0
    assert sweep.reason == "scoring_failed"
    assert (sweep.metadata or {})["subtasks"]["conclusion"]["status"] == "unscorable"
    assert (sweep.metadata or {})["all_passed"] is None
    assert log.results is not None
    [mean] = [m for s in log.results.scores for name, m in s.metrics.items() if name == "mean"]
    assert mean.value == 1.0  # the unscored sample is left out, not averaged in as 0
