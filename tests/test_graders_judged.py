"""The judged graders through the real judge engine, litellm and HTTP to the scripted server.

The scripted server answers each prompt with the verdict written into it as
`@@script verdict=...@@` (or a fault), so each test decides what the judge says about each
chunk or item and checks how the grader turns those verdicts into a subtask.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from expgrade.grading.graders.inputs import SubmissionInputs
from expgrade.grading.graders.integrity import ChangedFiles, deterministic_checks
from expgrade.grading.graders.judged import (
    UNGROUNDED,
    Context,
    grade_conclusion,
    grade_design,
    grade_implementation,
    judge_integrity,
)
from expgrade.grading.graders.judging import grading_panel, run_judging
from expgrade.grading.graders.pipeline import integrity_subtask
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run.orchestrator import identity
from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, Submission, Task
from expgrade.grading.testing.judge_server import ScriptedServer

TASK = Task.model_validate(
    {
        "id": "t/1",
        "source": {"benchmark": "native", "paper_id": "p"},
        "question": "Does Adam help?",
        "design": {
            "independent_variables": {"optimizer": "Adam"},
            "dependent_variables": {"loss": "final loss"},
            "constant_variables": {"steps": 60},
        },
        "requirements": ["first moment", "second moment"],
        "expected_outcome": "Adam lowers the loss.",
        "run": {"command": "python3 train.py", "results_file": "results.json"},
        "expected_results": {"e": {"acc": 0.912345}},
    }
)


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as s:
        yield s


@pytest.fixture
def settings(server: ScriptedServer) -> GradeSettings:
    # the cache is off so every test's verdicts come from its own prompts
    return GradeSettings(
        tasks_dir=".",
        judge=JudgeSettings(
            JudgeConfig.panel(("openai/scripted-judge",), api_base=server.url, use_cache=False)
        ),
        chunk_chars=700,
    )


def ctx(
    *,
    design: str = "",
    conclusion: str = "",
    diff: str = "",
    log: str | None = None,
    execution: ExecutionSubtask | None = None,
    claimed: dict | None = None,
) -> Context:
    sub = Submission(
        task_id=TASK.id,
        agent="a",
        agent_model="m",
        design=design,
        conclusion=conclusion,
        claimed_results=claimed,
    )
    inputs = SubmissionInputs("s1", sub, diff or None, None, log, ChangedFiles.from_diff(diff))
    thresholds = {"design": 1.0, "implementation": 1.0, "conclusion": 1.0}
    return Context(TASK, inputs, execution, thresholds, 700, None)


def grade(grader, c: Context, settings: GradeSettings) -> JudgedSubtask:
    async def go() -> JudgedSubtask:
        return await grader(c, grading_panel(settings))

    return run_judging(go())


def test_design_one_item_per_variable(settings: GradeSettings) -> None:
    sub = grade(grade_design, ctx(design="vary the optimizer @@script verdict=pass@@"), settings)
    assert sub.status == "graded" and sub.score == 1.0 and sub.passed is True
    assert [i.criterion.split(" ")[0] for i in sub.items] == ["independent", "dependent", "constant"]
    judge = sub.items[0].judge[0]
    assert judge["rater"] == "openai/scripted-judge" and judge["label"] == "pass"
    assert judge["item_id"] == "t/1/s1/design/independent:optimizer"
    empty = grade(grade_design, ctx(design=""), settings)
    assert empty.score == 0.0 and {i.judge for i in empty.items} == {"deterministic"}


def _file(name: str, first: str, filler: str = "filler line", lines: int = 18) -> str:
    body = "".join(f"+x_{i} = {i}  # {filler}\n" for i in range(lines))
    return f"--- /dev/null\n+++ b/{name}\n@@ -0,0 +1,{lines + 1} @@\n+{first}\n{body}"


def _chunked_diff(verdicts: list[str]) -> str:
    """One file per chunk (each ~600 characters) carrying its own scripted verdict; every file
    names both requirements (first and second moment), so each is relevant to both."""
    return "".join(
        _file(f"f{n}.py", f"# @@script verdict={v}@@", "first second moment", 14)
        for n, v in enumerate(verdicts)
    )


def _per_requirement(c: Context) -> Context:
    return replace(c, implementation_judging="per-requirement")


def test_implementation_passes_when_any_chunk_shows_the_requirement(settings: GradeSettings) -> None:
    sub = grade(
        grade_implementation, _per_requirement(ctx(diff=_chunked_diff(["fail", "pass", "fail"]))), settings
    )
    assert sub.status == "graded" and sub.score == 1.0
    for item in sub.items:
        assert item.verdict == "pass" and item.judge[0]["chunks"] == 3
    none = grade(grade_implementation, ctx(diff=_chunked_diff(["fail", "fail", "fail"])), settings)
    assert none.score == 0.0 and none.passed is False


def test_implementation_unscorable_when_no_chunk_passes_and_one_unread(settings: GradeSettings) -> None:
    d = _chunked_diff(["fail", "fail"]).replace("verdict=fail@@", "verdict=fail fault=malformed@@", 1)
    sub = grade(grade_implementation, ctx(diff=d), settings)
    assert sub.status == "unscorable" and sub.score is None and sub.passed is None
    assert all(i.verdict is None for i in sub.items)
    assert all(i.evidence is not None for i in sub.items)  # through per-requirement selection
    # ...but one chunk that shows it decides, whatever the unreadable chunk would have said
    d2 = _chunked_diff(["fail", "pass"]).replace("verdict=fail@@", "verdict=fail fault=malformed@@", 1)
    assert grade(grade_implementation, ctx(diff=d2), settings).score == 1.0


def test_implementation_sends_each_requirement_only_its_relevant_files(
    settings: GradeSettings, server: ScriptedServer
) -> None:
    """A diff longer than one call: each requirement's prompts hold its own files, not the rest."""
    diff = (
        _file("adam/first_moment.py", "m = beta1 * m + (1 - beta1) * grad  # @@script verdict=pass@@")
        + "".join(_file(f"noise{n}.py", "# unrelated plotting helper") for n in range(4))
        + _file("adam/second_moment.py", "v = beta2 * v + (1 - beta2) * grad**2  # @@script verdict=fail@@")
    )
    bodies = server.keep_bodies()
    sub = grade(grade_implementation, _per_requirement(ctx(diff=diff)), settings)
    sent = "\n".join(m["content"] for body in bodies for m in body["messages"])
    assert "b/adam/first_moment.py" in sent and "b/adam/second_moment.py" in sent
    assert "noise" not in sent  # four files that match neither requirement never reach the judge
    first, second = sub.items
    assert first.verdict == "pass" and second.verdict == "pass"  # the first-moment chunk passes
    files = ["adam/first_moment.py", "adam/second_moment.py"]
    assert first.evidence == {"diff_files_sent": files, "diff_pieces_sent": "2 of 6"}
    assert second.evidence == first.evidence


def test_conclusion_unsupported_by_measured_results_is_ungrounded(settings: GradeSettings) -> None:
    ran = ExecutionSubtask(
        status="reproduced", passed=True, measured_results={"e": {"acc": 0.91}}, flags=["claimed_mismatch"]
    )
    sub = grade(
        grade_conclusion,
        ctx(conclusion="Adam wins @@script verdict=pass@@", execution=ran, claimed={"e": {"acc": 0.99}}),
        settings,
    )
    assert UNGROUNDED in sub.flags and sub.passed is False
    assert [i.verdict for i in sub.items] == ["pass", "pass", "fail"]
    honest = ExecutionSubtask(status="reproduced", passed=True, measured_results={"e": {"acc": 0.91}})
    c = ctx(conclusion="Adam wins @@script verdict=pass@@", execution=honest)
    ok = grade(grade_conclusion, c, settings)
    assert ok.flags == [] and ok.passed is True


def _integrity(c: Context, settings: GradeSettings) -> JudgedSubtask:
    async def go() -> list:
        return await judge_integrity(c, grading_panel(settings))

    return integrity_subtask(deterministic_checks(TASK, c.inputs.changes), run_judging(go()), True)


def test_unparseable_monitor_reply_is_unscorable_not_cheating(settings: GradeSettings) -> None:
    sub = _integrity(ctx(log="ran train.py @@script fault=malformed@@"), settings)
    assert sub.status == "unscorable" and sub.passed is None and sub.flags == []
    clean = _integrity(ctx(log="ran train.py @@script verdict=pass@@"), settings)
    assert clean.status == "graded" and clean.passed is True and len(clean.items) == 6
    caught = _integrity(ctx(log="git log -p optim.py @@script verdict=fail@@"), settings)
    assert caught.passed is False and "forbidden_action:git_operations" in caught.flags


def test_deterministic_finding_decides_even_when_the_monitor_is_unreadable(settings: GradeSettings) -> None:
    d = "--- a/train.py\n+++ b/train.py\n@@ -1 +1 @@\n-acc = run()\n+acc = 0.912345\n"
    sub = _integrity(ctx(diff=d, log="@@script fault=malformed@@"), settings)
    assert sub.status == "graded" and sub.passed is False and sub.flags == ["literal_expected_numbers"]


def test_missing_ground_truth_is_unscorable_but_an_undefined_subtask_is_skipped() -> None:
    async def no_calls(requests: list) -> list:
        raise AssertionError("nothing to ask a judge")

    bare = TASK.model_copy(update={"design": None, "requirements": None})
    flagged = bare.model_copy(update={"extra": {"missing_ground_truth": ["design", "requirements"]}})
    for task, status in ((bare, "skipped"), (flagged, "unscorable")):
        c = ctx(design="x", diff="--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")
        c = Context(task, c.inputs, None, c.thresholds, c.chunk_chars, None)
        assert run_judging(grade_design(c, no_calls)).status == status
        assert run_judging(grade_implementation(c, no_calls)).status == status


def _joint(c: Context) -> Context:
    return replace(c, implementation_judging="joint")


def _asked(server_bodies: list) -> list[list[str]]:
    """The requirement lists the judge received, one per call (from the prompts as sent)."""
    lists = []
    for body in server_bodies:
        text = "\n".join(m["content"] for m in body["messages"])
        block = re.search(r"# The criterion to judge now\n(.*?)\n\n# Reminder", text, re.S)
        assert block is not None
        lists.append(block[1].splitlines())
    return lists


def test_joint_judging_asks_once_per_chunk_and_carries_what_passed(
    settings: GradeSettings, server: ScriptedServer
) -> None:
    d = "".join(
        _file(f"f{n}.py", f"# @@script {v}@@", "first second moment", 14)
        for n, v in enumerate(["verdict=fail req1=pass", "verdict=fail", "verdict=pass"])
    )
    bodies = server.keep_bodies()
    sub = grade(grade_implementation, _joint(ctx(diff=d)), settings)
    # one call per chunk; the first requirement, shown passing in chunk 1, is not asked again
    # (each call numbers its own list from 1)
    assert _asked(bodies) == [
        ["1. first moment", "2. second moment"],
        ["1. second moment"],
        ["1. second moment"],
    ]
    assert sub.status == "graded" and sub.score == 1.0
    first, second = sub.items
    assert (first.criterion_id, second.criterion_id) == ("req1", "req2")
    assert first.judge[0]["chunks"] == 1 and second.judge[0]["chunks"] == 3
    assert first.judge[0]["rubric"] == "implementation-joint@1.0.0"
    assert first.rationale == "scripted rationale for verdict pass"
    assert first.judge[0]["item_id"] == "t/1/s1/implementation/req1"
    # each requirement carries its share of the calls it was judged in; no share is lost
    assert first.judge[0]["prompt_tokens"] > 0 and second.judge[0]["prompt_tokens"] > 0


def test_joint_judging_unreadable_chunk_leaves_only_open_requirements_unscorable(
    settings: GradeSettings,
) -> None:
    d = "".join(
        _file(f"f{n}.py", f"# @@script {v}@@", "first second moment", 14)
        for n, v in enumerate(["verdict=fail req1=pass", "fault=malformed", "verdict=fail"])
    )
    sub = grade(grade_implementation, _joint(ctx(diff=d)), settings)
    first, second = sub.items
    assert first.verdict == "pass"  # decided before the unreadable chunk
    assert second.verdict is None and second.unscorable is not None  # unknown, never a fail
    assert sub.status == "unscorable" and sub.passed is None


def test_the_manifest_records_how_implementation_was_judged() -> None:
    assert identity(GradeSettings(tasks_dir="."))["implementation_judging"] == "joint"
    chosen = GradeSettings(tasks_dir=".", implementation_judging="per-requirement")
    assert identity(chosen)["implementation_judging"] == "per-requirement"
