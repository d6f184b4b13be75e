"""Joint answers as chat models write them (issue 24): the meant verdict, or asked again, never wrong.

Two layers. The parser, under hypothesis-generated garbling (fences, preambles and epilogues,
reordered and missing items, numbers as strings, label case and inflections, trailing commas,
duplicates, numbers nobody asked, a cut at the token limit): every requirement it reads gets the
verdict the judge meant, and what it cannot read it leaves out. The grader, through litellm's
real HTTP path to the scripted server playing a judge with those habits: what was left out is
asked again (a smaller joint call, then one call each), and a requirement ends unscorable only
when the judge keeps failing, with the number of times it was asked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expgrade.grading.controls import ControlOptions
from expgrade.grading.graders.inputs import SubmissionInputs
from expgrade.grading.graders.integrity import ChangedFiles
from expgrade.grading.graders.judged import Context, grade_implementation
from expgrade.grading.graders.judging import GradingPanel, grading_panel, run_judging
from expgrade.grading.graders.pipeline import _describe
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge import JudgeEngine, JudgeRequest
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.parse import Parsed, parse_reply, read_label, requirement_answers
from expgrade.grading.judge.rubrics import load_rubric
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.schemas import JudgedSubtask, Submission, Task
from expgrade.grading.status import Unscorable
from expgrade.grading.testing.judge_server import JOINT_HABITS, ScriptedServer, ScriptRule, ServerScript

JOINT = load_rubric("implementation-joint")
FROZEN = Path(__file__).parent / "data" / "garbled_joint_answers.jsonl"

# -- the parser -----------------------------------------------------------------------------

#: These tests count the calls of the submissions' judging (budget, re-asks); controls add their own
#: (tests/test_controls.py).
NO_CONTROLS = ControlOptions(ratio=0, retest=0)


@st.composite
def garbled(draw: st.DrawFn) -> tuple[str, dict[int, str], set[int], bool]:
    """(reply, meant label per number, numbers it must read, whether it was cut off).

    A number "must" be read when its entry is there whole, once (or repeated with the same
    label), in the rubric's vocabulary. Everything else may be left out, never misread.
    """
    k = draw(st.integers(1, 6))
    meant = {n: draw(st.sampled_from(["pass", "fail"])) for n in range(1, k + 1)}
    present = [n for n in meant if draw(st.booleans()) or k == 1]
    order = draw(st.permutations(present))
    entries: list[tuple[int | str, str, str]] = []

    def number(n: int) -> int | str:
        return draw(st.sampled_from([n, str(n), f"{n}.", f" {n} "]))

    def label(word: str) -> str:
        return draw(
            st.sampled_from([word, word.upper(), word.title(), word + "ed", f"**{word}**", f"{word}."])
        )

    for n in order:
        entries.append((number(n), label(meant[n]), draw(st.text(max_size=30))))
    contradicted: set[int] = set()
    # A reply cut at the token limit is read up to the cut: what the judge had written by then is
    # its answer (a contradiction it might have written later is not in the reply), so a cut reply
    # repeats a number only with the same label here.
    cut = draw(st.booleans())
    for n in draw(st.lists(st.sampled_from(present), max_size=2)) if present else []:
        same = cut or draw(st.booleans())
        other = meant[n] if same else ("fail" if meant[n] == "pass" else "pass")
        entries.insert(draw(st.integers(0, len(entries))), (number(n), label(other), "again"))
        if not same:
            contradicted.add(n)
    for extra in draw(st.lists(st.integers(k + 1, k + 5), max_size=2)):
        entries.append((extra, "pass", "a number nobody asked"))
    off_scale = {n for n in present if n not in contradicted and draw(st.integers(0, 9)) == 0}
    entries = [(num, "yes" if _n(num) in off_scale else lab, why) for num, lab, why in entries]
    listed = [{"number": a, "verdict": b, "rationale": c} for a, b, c in entries]
    body: dict[str, object] = {"requirements": listed}
    if draw(st.booleans()):
        body = {"verdict": draw(st.sampled_from(["fail", "FAIL", "pass"])), "rationale": "overall", **body}
    text = json.dumps(body, indent=draw(st.sampled_from([None, 2])))
    if draw(st.booleans()):
        text = re.sub(r"([}\]])", r",\1", text).replace("{,}", "{}").replace("[,]", "[]")
        text = text.replace(",}", ",}" if draw(st.booleans()) else "}")
    wrap = draw(st.sampled_from(["bare", "fence", "fence-nolang", "prose"]))
    pre = draw(st.sampled_from(["", "Here is my assessment.\n\n", "Sure! "]))
    post = draw(st.sampled_from(["", "\n\nLet me know if anything is unclear.", " Hope this helps."]))
    text = {
        "bare": text,
        "fence": f"{pre}```json\n{text}\n```{post}",
        "fence-nolang": f"{pre}```\n{text}\n```{post}",
        "prose": f"{pre}{text}{post}",
    }[wrap]
    if cut:
        text = text[: draw(st.integers(0, len(text)))]
    must = set() if cut else {n for n in present if n not in contradicted and n not in off_scale}
    readable = {n: lab for n, lab in meant.items() if n not in contradicted}
    return text, readable, must, cut


def _n(num: int | str) -> int:
    return num if isinstance(num, int) else int(str(num).strip(" ."))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(garbled())
def test_a_garbled_joint_answer_gives_the_meant_verdict_or_none(case: tuple[str, dict, set, bool]) -> None:
    text, readable, must, _cut = case
    answers = requirement_answers(text, JOINT)
    for n in range(1, max(readable, default=0) + 6):
        got = answers.get(n)
        if got is not None and n in readable:
            assert got[0] == readable[n], f"requirement {n} misread"
        elif got is not None:  # a number the call did not ask, or one answered both ways
            assert n not in range(1, max(readable, default=0) + 1), f"contradicted {n} read"
    for n in must:
        assert n in answers, f"requirement {n} was written plainly but not read"
    if must:  # the engine takes the reply (it is not re-asked as unreadable)
        assert isinstance(parse_reply(text, None, JOINT), Parsed)


REFERENCE = load_rubric("reference-match")


@settings(max_examples=300, deadline=None)
@given(
    label=st.sampled_from(["pass", "fail"]),
    shape=st.sampled_from(["{}", "PASS", "Passed", "**{}**"]),
    wrap=st.sampled_from(["bare", "fence", "prose"]),
    commas=st.booleans(),
    cut=st.one_of(st.none(), st.integers(0, 200)),
)
def test_a_garbled_single_verdict_is_the_meant_one_or_unreadable(
    label: str, shape: str, wrap: str, commas: bool, cut: int | None
) -> None:
    written = (
        shape.format(label)
        if "{}" in shape
        else (
            shape if label == "pass" else shape.replace("P", "F").replace("ASS", "AIL").replace("ass", "ail")
        )
    )
    text = json.dumps({"verdict": written, "rationale": "why", "confidence": 0.7})
    if commas:
        text = text.replace("}", ",}")
    text = {"bare": text, "fence": f"```json\n{text}\n```", "prose": f"My verdict:\n{text}\nDone."}[wrap]
    if cut is not None:
        text = text[:cut]
    parsed = parse_reply(text, None, REFERENCE)
    if isinstance(parsed, Parsed):
        assert parsed.label == label  # never another verdict
    else:
        assert cut is not None  # only a reply cut short is unreadable (and the engine asks again)


def test_labels_are_read_within_the_rubrics_vocabulary_only() -> None:
    ordinal = load_rubric("implementation-joint").model_copy(deep=True)
    ordinal.verdict = ordinal.verdict.model_copy(
        update={"type": "ordinal", "labels": ["not_met", "partially_met", "met"], "pass_labels": ["met"]}
    )
    assert [read_label(w, JOINT) for w in ("PASS", "Passed", "**fail**.", " fails ")] == [
        "pass",
        "pass",
        "fail",
        "fail",
    ]
    assert [read_label(w, JOINT) for w in ("yes", "implemented", "ok", "", None, 1)] == [None] * 6
    assert read_label("Partially-Met", ordinal) == "partially_met"
    assert read_label("met", ordinal) == "met" and read_label("Not met", ordinal) == "not_met"


def test_the_frozen_set_of_garbled_answers_reads_as_meant() -> None:
    """tests/data/garbled_joint_answers.jsonl was written before the parser changed (its
    generator sits beside it); bench/joint_answers.md has the counts before and after."""
    for line in FROZEN.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        accepted = isinstance(parse_reply(case["text"], None, JOINT), Parsed)
        answers = requirement_answers(case["text"], JOINT) if accepted else {}
        got = {str(n): a[0] for n, a in answers.items() if n in case["asked"]}
        if case["case"] == "single-quotes-python":  # a Python repr is not JSON: asked again instead
            assert got == {}
        else:
            assert got == case["meant"], case["case"]


# -- the grader, through litellm to the scripted server -----------------------------------------

REQUIREMENTS = ["load the data", "train the model", "evaluate on the test split", "report accuracy"]
TASK = Task.model_validate(
    {
        "id": "t/joint",
        "source": {"benchmark": "native", "paper_id": "p"},
        "question": "Does it work?",
        "requirements": REQUIREMENTS,
    }
)
SCRIPTED = {1: "pass", 2: "fail", 3: "pass", 4: "fail"}


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedServer]:
    # Verdicts by requirement text: a re-asked requirement is numbered anew in its call.
    rules = tuple(ScriptRule(REQUIREMENTS[n - 1], v) for n, v in SCRIPTED.items())
    with ScriptedServer(ServerScript(rules=rules)) as s:
        yield s


def _criteria(bodies: list[dict]) -> list[list[str]]:
    """The numbered list each call asked, from the request bodies as the server received them."""
    texts = ["\n".join(m["content"] for m in b["messages"]) for b in bodies]
    found = [re.search(r"# The criterion to judge now\n(.*?)\n\n# Reminder", t, re.S) for t in texts]
    return [m[1].splitlines() for m in found if m is not None]


def _grade(server: ScriptedServer, directive: str, panel: GradingPanel | None = None) -> JudgedSubtask:
    diff = (
        "diff --git a/train.py b/train.py\n--- a/train.py\n+++ b/train.py\n@@ -1 +1,2 @@\n"
        f"+# @@script {directive}@@\n+train()\n"
    )
    sub = Submission(task_id=TASK.id, agent="a", agent_model="m")
    inputs = SubmissionInputs("s1", sub, diff, None, None, ChangedFiles.from_diff(diff))
    ctx = replace(
        Context(TASK, inputs, None, {"implementation": 1.0}, 20_000, None), implementation_judging="joint"
    )
    chosen = panel or _panel(server, "openai/scripted-judge")

    async def go() -> JudgedSubtask:
        return await grade_implementation(ctx, chosen)

    return run_judging(go())


def _panel(server: ScriptedServer, model: str) -> GradingPanel:
    config = JudgeConfig.panel((model,), api_base=server.url, use_cache=False)
    panel = grading_panel(GradeSettings(tasks_dir=".", judge=JudgeSettings(config)))
    assert panel is not None
    return panel


COMBINED = (
    "first+prose+strings",
    "drop-last+reverse+upper+trailing-commas",
    "truncate+prose",
    "no-overall+unasked",
)


@pytest.mark.parametrize("habits", [*(h for h in JOINT_HABITS if h != "contradict"), *COMBINED])
def test_every_requirement_gets_its_verdict_however_the_judge_garbles(
    server: ScriptedServer, habits: str
) -> None:
    sub = _grade(server, f"joint={habits}")
    assert [i.verdict for i in sub.items] == [SCRIPTED[n] for n in range(1, 5)], habits
    assert all(i.evidence is not None and i.evidence["asked"] >= 1 for i in sub.items)


def test_a_judge_that_answers_only_the_first_is_asked_again_smaller_then_one_by_one(
    server: ScriptedServer,
) -> None:
    bodies = server.keep_bodies()
    panel = _panel(server, "openai/gpt-4o-mini")  # priced: the re-asks have a cost to account for
    calls_before = panel.engine.ledger.run.calls
    sub = _grade(server, "joint=first", panel)
    lists = _criteria(bodies)
    # round 1: all four; round 2: the three left out, together; round 3: the two still left out, alone
    assert lists == [
        [f"{n}. {r}" for n, r in enumerate(REQUIREMENTS, start=1)],
        [f"{n}. {r}" for n, r in enumerate(REQUIREMENTS[1:], start=1)],
        [f"1. {REQUIREMENTS[2]}"],
        [f"1. {REQUIREMENTS[3]}"],
    ]
    assert [i.evidence["asked"] for i in sub.items if i.evidence] == [1, 2, 3, 3]
    log = "\n".join(_describe("implementation", sub))
    assert "- pass: load the data" in log and log.count("asked 3 times") == 2
    assert [i.verdict for i in sub.items] == ["pass", "fail", "pass", "fail"]
    # every call's tokens are on some requirement: the ledger's view and the items' agree
    tokens = sum(j["prompt_tokens"] for i in sub.items for j in i.judge)
    assert tokens == sum(len("\n".join(m["content"] for m in b["messages"])) // 4 for b in bodies)
    # the re-asks are the run's calls like any other: in the cost ledger and the grading's cost
    assert panel.engine.ledger.run.calls - calls_before == len(bodies) == 4
    assert panel.cost_usd == pytest.approx(sum(j["cost_usd"] for i in sub.items for j in i.judge))
    assert panel.cost_usd is not None and panel.cost_usd > 0


def test_a_judge_that_keeps_failing_leaves_the_requirement_unscorable_with_how_often_it_was_asked(
    server: ScriptedServer,
) -> None:
    sub = _grade(server, "joint=contradict")  # requirement 1 answered both ways in every call
    first, *rest = sub.items
    assert first.verdict is None and first.unscorable == Unscorable.PARSE_ERROR
    assert first.evidence is not None and first.evidence["asked"] == 2  # the joint call, then alone
    assert [i.verdict for i in rest] == ["fail", "pass", "fail"]
    assert sub.status == "unscorable" and sub.passed is None  # never a fail


def test_a_call_the_budget_refuses_is_not_asked_again(server: ScriptedServer) -> None:
    config = JudgeConfig.panel(("openai/gpt-4o-mini",), api_base=server.url, use_cache=False, budget_usd=1e-9)
    panel = grading_panel(GradeSettings(tasks_dir=".", judge=JudgeSettings(config)))
    assert panel is not None
    refusals = panel.engine.ledger.budget_refusals
    server.reset_stats()
    sub = _grade(server, "joint=first", panel)
    assert [i.unscorable for i in sub.items] == [Unscorable.BUDGET] * 4  # budget, never parse_error
    # the refused call never reached the judge: nothing was asked
    assert [i.evidence["asked"] for i in sub.items if i.evidence] == [0, 0, 0, 0]
    assert panel.engine.ledger.budget_refusals - refusals == 1 and server.stats["requests"] == 0


# -- what re-asks can cost: the estimate's bound, and a budget that refuses them ----------------


def test_the_costliest_reasks_are_the_most_any_judge_can_cause() -> None:
    """`_costliest_reasks` (what the estimate counts) against every way a judge can answer: which
    requirements each round leaves out, for up to six requirements. No judge makes more re-ask
    calls, and none lists more (a call's cost grows with what it lists)."""
    from itertools import combinations

    from expgrade.grading.graders.judged import _costliest_reasks, _next_round

    def subsets(items: list[int]) -> Iterator[list[int]]:
        for k in range(len(items) + 1):
            yield from (list(c) for c in combinations(items, k))

    def runs(groups: list[list[int]], round_no: int) -> Iterator[list[list[int]]]:
        """Every sequence of re-ask calls after `groups`, over every left-out choice."""
        asked = [i for g in groups for i in g]
        for left_out in subsets(asked):
            later = _next_round(round_no, groups, left_out)
            if not later:
                yield []
            else:
                yield from ([*later, *rest] for rest in runs(later, round_no + 1))

    def listed(calls: list[list[int]], length: list[int]) -> int:
        return sum(10 + sum(length[i] for i in call) for call in calls)

    for n in range(1, 7):
        group = list(range(n))
        every = list(runs([group], 1))
        for length in (
            [20] * n,
            [10 + 5 * i for i in group],
            [40 - 5 * i for i in group],
            [30, 12, 45, 8, 22, 16][:n],
        ):
            costliest = [g for _, groups in _costliest_reasks(group, length.__getitem__) for g in groups]
            assert max(len(calls) for calls in every) == len(costliest) == (n if n > 1 else 0)
            assert max(listed(calls, length) for calls in every) == listed(costliest, length)
            assert costliest in every  # a judge can make exactly these calls


def _plan_folder(root: Path, submissions: int = 3) -> tuple[Path, Path]:
    """A task file and submissions, each diff one call (one chunk) for the joint judge."""
    tasks = root / "tasks.jsonl"
    tasks.write_text(TASK.model_dump_json(exclude_none=True) + "\n")
    for k in range(submissions):
        sub = root / "subs" / f"s{k}"
        sub.mkdir(parents=True)
        (sub / "submission.json").write_text(
            json.dumps({"task_id": TASK.id, "agent": f"a{k}", "agent_model": "m"})
        )
        body = "".join(f"+step_{k}_{n}()\n" for n in range(12))
        (sub / "patch.diff").write_text(f"--- a/train.py\n+++ b/train.py\n@@ -0,0 +1,12 @@\n{body}")
    return tasks, root / "subs"


@pytest.mark.parametrize("habits", [("first",), ()], ids=["answers-only-the-first", "answers-all"])
def test_the_estimate_bounds_the_calls_reasks_add(
    tmp_path: Path, judge_cache_dir: Path, habits: tuple[str, ...]
) -> None:
    """`grade --estimate` shows the expected calls and, apart, the most re-asks can add; the run
    then makes no more than both together, and exactly the expected ones when nothing is left out."""
    from typer.testing import CliRunner

    from expgrade.cli import _register
    from expgrade.cli.app import app
    from expgrade.grading.run.plan import estimate_run

    tasks, subs = _plan_folder(tmp_path)
    rules = tuple(ScriptRule(REQUIREMENTS[n - 1], v) for n, v in SCRIPTED.items())
    _register()
    with ScriptedServer(ServerScript(rules=rules, joint=habits)) as server:
        common = ["grade", "--tasks", str(tasks), "--submissions", str(subs), "--judge", "openai/gpt-4o-mini"]
        common += [
            "--api-base",
            server.url,
            "--subtasks",
            "implementation",
            "--controls",
            "0",
            "--retest",
            "0",
        ]
        config = JudgeConfig.panel(("openai/gpt-4o-mini",), api_base=server.url)
        settings = GradeSettings(
            tasks_dir=str(tmp_path), subtasks=("implementation",), judge=JudgeSettings(config)
        )
        est = estimate_run(tasks, subs, settings, NO_CONTROLS)
        expected, most = est.total(), est.reasks_total()
        shown = CliRunner().invoke(app, [*common, "--out", str(tmp_path / "plan"), "--estimate"])
        assert server.stats["requests"] == 0  # estimating calls no judge
        # A budget the expected calls fit but the re-asks may not: the run starts, and says so.
        assert est.most_usd is not None
        budget = ["--budget-usd", f"{0.9 * est.most_usd:.6f}"]
        run = CliRunner().invoke(app, [*common, "--out", str(tmp_path / "run"), *budget])
        actual = server.stats["requests"]
    assert shown.exit_code == 0 and run.exit_code == 0, shown.output + run.output
    # one joint call per submission; the bound is 1 + n per chunk of n ≥ 2 requirements
    assert expected.calls == 3 and most.calls == 3 * len(REQUIREMENTS)
    assert most.usd_prefix_cached and est.most_usd and est.expected_usd
    assert est.most_usd > est.expected_usd
    rows = shown.output.splitlines()
    below = rows[next(n for n, row in enumerate(rows) if row.startswith("implementation")) + 1]
    assert below.startswith("↳ re-asks ≤") and below.split()[3] == "12"  # under its subtask: 12 calls
    assert (
        f"at most, if the judge leaves requirements out and every re-ask is made: {3 + 12} calls"
        in " ".join(shown.output.split())
    )
    said = " ".join(run.output.split())
    assert "warning: expected: 3 calls" in said and "may end unscorable (budget)" in said, said
    if habits:
        assert expected.calls < actual <= expected.calls + most.calls
    else:
        assert actual == expected.calls
    records = [json.loads(line) for line in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    assert 0 < sum(r["cost_usd"] for r in records) <= est.most_usd


def _reserved(request: JudgeRequest, url: str) -> float:
    """What the budget gate reserves before sending `request`: its worst case (the engine counts
    it exactly only under a budget)."""
    config = JudgeConfig.panel(("openai/gpt-4o-mini",), api_base=url, use_cache=False, budget_usd=1.0)
    with JudgeEngine(config) as engine:
        judge = config.judges[0]
        worst, _ = engine._worst_case_usd(
            judge, engine.render(request, JOINT, judge).messages(), config.max_tokens
        )
    assert worst is not None
    return worst


def test_a_budget_that_refuses_the_reask_leaves_those_requirements_unscorable_budget(
    server: ScriptedServer,
) -> None:
    """Round 1 fits the budget, the re-ask does not: what round 1 graded is kept, the left-out
    requirements end `unscorable (budget)` (never parse_error, fail or pass) with how often they
    were asked, grading.log says so, and the ledger never spends past the budget."""
    from expgrade.grading.graders.pipeline import RecordingPanel

    recorder = RecordingPanel()
    _grade(server, "joint=first", cast(GradingPanel, recorder))
    (first_call,) = recorder.requests  # the joint call on all four requirements
    budget = _reserved(first_call, server.url) * 1.01
    config = JudgeConfig.panel(
        ("openai/gpt-4o-mini",), api_base=server.url, use_cache=False, budget_usd=budget
    )
    panel = grading_panel(GradeSettings(tasks_dir=".", judge=JudgeSettings(config)))
    assert panel is not None
    server.reset_stats()
    sub = _grade(server, "joint=first", panel)
    first, *rest = sub.items
    assert first.verdict == SCRIPTED[1]  # graded in round 1, kept
    assert [i.verdict for i in rest] == [None] * 3
    assert [i.unscorable for i in rest] == [Unscorable.BUDGET] * 3
    # asked once each: the re-ask the budget refused never reached the judge
    assert [i.evidence["asked"] for i in sub.items if i.evidence] == [1, 1, 1, 1]
    assert sub.status == "unscorable" and sub.passed is None and sub.score is None
    ledger = panel.engine.ledger
    assert server.stats["requests"] == ledger.run.calls == 1 and ledger.budget_refusals == 1
    assert 0 < ledger.run.cost_usd <= budget
    log = "\n".join(_describe("implementation", sub))
    assert log.count("- unscorable (budget)") == 3 and "asked" not in log
    assert "unscorable (undecided_items): 3 of 4 item(s) unscorable [3 budget]" in log


def test_grade_says_which_requirements_the_budget_left_unscorable(
    tmp_path: Path, judge_cache_dir: Path
) -> None:
    """The same through `expgrade grade`: results.jsonl, grading.log and the closing output name
    the reason, and the run's recorded spend stays within --budget-usd."""
    from typer.testing import CliRunner

    from expgrade.cli import _register
    from expgrade.cli.app import app
    from expgrade.grading.run.plan import run_plan

    tasks, subs = _plan_folder(tmp_path, submissions=1)
    rules = tuple(ScriptRule(REQUIREMENTS[n - 1], v) for n, v in SCRIPTED.items())
    _register()
    with ScriptedServer(ServerScript(rules=rules, joint=("first",))) as server:
        config = JudgeConfig.panel(("openai/gpt-4o-mini",), api_base=server.url)
        settings = GradeSettings(
            tasks_dir=str(tmp_path), subtasks=("implementation",), judge=JudgeSettings(config)
        )
        (first_call,) = run_plan(tasks, subs, settings, NO_CONTROLS).requests
        budget = _reserved(first_call, server.url) * 1.01
        out = tmp_path / "run"
        args = ["grade", "--tasks", str(tasks), "--submissions", str(subs), "--out", str(out)]
        args += ["--judge", "openai/gpt-4o-mini", "--api-base", server.url, "--subtasks", "implementation"]
        args += ["--controls", "0", "--retest", "0"]
        run = CliRunner().invoke(app, [*args, "--budget-usd", f"{budget:.8f}"])
        assert run.exit_code == 0, run.output
        assert server.stats["requests"] == 1
    (record,) = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    items = record["subtasks"]["implementation"]["items"]
    assert [(i["verdict"], i["unscorable"], i["evidence"]["asked"]) for i in items] == [
        (SCRIPTED[1], None, 1),
        *[(None, "budget", 1)] * 3,
    ]
    assert 0 < record["cost_usd"] <= budget
    log = (out / "logs" / "s0" / "grading.log").read_text()
    assert "[implementation] unscorable (undecided_items): 3 of 4 item(s) unscorable [3 budget]" in log
    assert log.count("  - unscorable (budget): ") == 3
    said = " ".join(run.output.split())
    assert "unscorable: implementation: 3 items (budget), 1 subtask (undecided_items)" in said, said
