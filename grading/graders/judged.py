"""The judged subtasks: design, implementation, conclusion, and the integrity monitor's judge.

Every grader turns the ground truth into *items* (one design variable, one requirement, one
conclusion criterion) and asks the judge panel about each, so every item is a unit that can
be calibrated against people. A subtask's score is the share of items passed; an
unscorable item makes the score unscorable (None) rather than being dropped or counted as a
fail, because either choice would bias the score in a direction nobody chose.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

from expgrade.grading.graders.claims import Citation
from expgrade.grading.graders.diff import chunk_diff, select_relevant, select_relevant_any
from expgrade.grading.graders.inputs import SubmissionInputs
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.items import DETERMINISTIC, UNSTATED_JUDGE_REASON, item_id, verdict_record
from expgrade.grading.judge.consensus import Method, aggregate
from expgrade.grading.judge.parse import requirement_answers
from expgrade.grading.judge.rubrics import Rubric, load_rubric
from expgrade.grading.judge.types import JudgeRequest, PanelVerdict, Verdict
from expgrade.grading.schemas import CriterionItem, ExecutionSubtask, JudgedSubtask, Task
from expgrade.grading.status import Unscorable
from expgrade.grading.subtasks.passing import passes, share_passed
from expgrade.grading.subtasks.tree import score_tree

#: Runs a batch of requests through the judge panel, one PanelVerdict per request, in order.
Panel = Callable[[list[JudgeRequest]], Awaitable[list[PanelVerdict]]]

UNGROUNDED = "ungrounded"
#: Execution flags that show the agent's numbers are not what its code produces.
_CLAIM_FLAGS = ("claimed_mismatch", "claimed_unverified")
#: The rubric of joint implementation judging: one answer per numbered requirement.
JOINT_RUBRIC = "implementation-joint"
#: How much ground-truth source the implementation judge sees as a reference.
MAX_REFERENCE_CHARS = 12_000
#: File selection per requirement for a diff longer than one judge call: diff pieces of at most
#: PIECE_CHARS whose share of the requirement's terms reaches RELEVANCE_THRESHOLD, and always
#: the RELEVANT_TOP_K best. Tuned on a 2,809-line real diff (bench/judge_cost_bench.py).
RELEVANCE_THRESHOLD = 0.6
RELEVANT_TOP_K = 2
PIECE_CHARS = 1_500


@dataclass(frozen=True)
class Context:
    task: Task
    inputs: SubmissionInputs
    execution: ExecutionSubtask | None
    thresholds: dict[str, float]
    chunk_chars: int
    repo: Path | None
    unit_tests: CriterionItem | None = None  # the task's test command, run in the sandbox
    #: "per-requirement" (one judge call per requirement and chunk) or "joint" (one per chunk).
    implementation_judging: str = "joint"
    #: The steps of the agent's run that printed its claimed numbers (graders/claims.py), as the
    #: conclusion judge reads them: the evidence, cited, rather than the whole log.
    cited_steps: Citation | None = None

    @classmethod
    def of(
        cls,
        task: Task,
        inputs: SubmissionInputs,
        execution: ExecutionSubtask | None,
        settings: GradeSettings,
        repo: Path | None,
        unit_tests: CriterionItem | None = None,
        cited_steps: Citation | None = None,
    ) -> Context:
        """The context a grading with `settings` gives its graders."""
        return cls(
            task,
            inputs,
            execution,
            settings.thresholds,
            settings.chunk_chars,
            repo,
            unit_tests,
            settings.implementation_judging,
            cited_steps,
        )

    def item_id(self, subtask: str, key: str) -> str:
        return item_id(self.task.id, self.inputs.submission_id, subtask, key)


def _verdict_word(passed: bool | None) -> str | None:
    return None if passed is None else ("pass" if passed else "fail")


def _any_pass(values: Sequence[bool | None]) -> bool | None:
    """A requirement shown in any chunk is implemented; none shown and one chunk unread is unknown."""
    if any(v is True for v in values):
        return True
    if any(v is None for v in values):
        return None
    return False


def _sum_cost(values: Sequence[float | None]) -> float | None:
    return None if any(v is None for v in values) else sum(v or 0.0 for v in values)


def item_from_panels(
    criterion_id: str, criterion: str, panels: Sequence[PanelVerdict], response_length: int | None = None
) -> CriterionItem:
    """One item from the panel verdicts on its chunks (a single chunk is the common case).

    The item passes when any chunk's panel verdict passes; each judge's own verdict is
    combined the same way over the chunks it saw, so its label row says what that judge
    concluded about the whole diff.
    """
    passed = _any_pass([p.passed if p.status == "graded" else None for p in panels])
    decisive = next((p for p in panels if p.passed is True), None) or next(
        (p for p in panels if p.status == "graded"), panels[0]
    )
    judges: dict[str, list[Verdict]] = {}
    for p in panels:
        for v in p.verdicts:
            judges.setdefault(v.judge, []).append(v)
    per_judge = []
    for verdicts in judges.values():
        rec = verdict_record(next((v for v in verdicts if v.passed), verdicts[0]))
        judge_passed = _any_pass([v.passed if v.status == "graded" else None for v in verdicts])
        rec.update(
            passed=judge_passed,
            label=_verdict_word(judge_passed),
            status="graded" if judge_passed is not None else "unscorable",
            reason=None if judge_passed is not None else next((v.reason for v in verdicts if v.reason), None),
            reason_detail=None
            if judge_passed is not None
            else next((v.reason_detail for v in verdicts if v.reason_detail), None),
            cost_usd=_sum_cost([v.cost_usd for v in verdicts]),
            prompt_tokens=sum(v.prompt_tokens or 0 for v in verdicts),
            completion_tokens=sum(v.completion_tokens or 0 for v in verdicts),
            cached_prompt_tokens=sum(v.cached_prompt_tokens for v in verdicts),
            chunks=len(verdicts),
            response_length=response_length,
        )
        per_judge.append(rec)
    flags = sorted({f for p in panels for f in p.flags})
    unscorable = None
    if passed is None:  # the first undecided chunk's reason (a judge reason)
        unscorable = next((p.reason for p in panels if p.reason), UNSTATED_JUDGE_REASON)
    rationale = next((v.rationale for v in decisive.verdicts if v.rationale), None)
    return CriterionItem(
        criterion=criterion,
        criterion_id=criterion_id,
        verdict=_verdict_word(passed),
        unscorable=unscorable,
        rationale=rationale,
        judge=per_judge,
        flags=flags,
    )


def deterministic_item(
    criterion_id: str, criterion: str, passed: bool, rationale: str, flags: Sequence[str] = ()
) -> CriterionItem:
    return CriterionItem(
        criterion=criterion,
        criterion_id=criterion_id,
        verdict=_verdict_word(passed),
        rationale=rationale,
        judge=DETERMINISTIC,
        flags=list(flags),
    )


def subtask_from_items(
    items: list[CriterionItem], threshold: float, flags: Sequence[str] = (), score: float | None = None
) -> JudgedSubtask:
    """Score = share of items passed (or a given score, e.g. a rubric tree's); unscorable if undecided."""
    share, undecided = share_passed(i.verdict for i in items)
    score = share if score is None and not undecided else score
    if score is None:
        return JudgedSubtask(
            status="unscorable",
            unscorable=Unscorable.UNDECIDED_ITEMS,
            reason=f"{undecided} of {len(items)} item(s) unscorable",
            items=items,
            flags=list(flags),
        )
    return JudgedSubtask(
        status="graded", score=score, passed=passes(score, threshold), items=items, flags=list(flags)
    )


def skipped(reason: str) -> JudgedSubtask:
    return JudgedSubtask(status="skipped", reason=reason)


def no_ground_truth(task: Task, field: str, what: str) -> JudgedSubtask:
    """Skipped when the task does not define this subtask; unscorable when its benchmark does but
    the ground truth is missing (the importer's `extra.missing_ground_truth`, e.g. EXP-Bench's
    `no_answer` tasks): then the subtask was needed and cannot be decided."""
    missing = task.extra.get("missing_ground_truth") or []
    if field in missing:
        return JudgedSubtask(
            status="unscorable",
            unscorable=Unscorable.MISSING_GROUND_TRUTH,
            reason=f"the task's {what} ground truth is missing",
        )
    return skipped(f"the task has no {what} ground truth")


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False)


# -- design ---------------------------------------------------------------------------------

_KINDS = (
    ("independent_variables", "independent"),
    ("dependent_variables", "dependent"),
    ("constant_variables", "constant"),
)


async def grade_design(ctx: Context, panel: Panel) -> JudgedSubtask:
    """One item per ground-truth design variable: does the agent's design cover it?"""
    design = ctx.task.design
    variables = [
        (kind, name, value)
        for attr, kind in _KINDS
        for name, value in (getattr(design, attr) if design else {}).items()
    ]
    if not variables:
        return no_ground_truth(ctx.task, "design", "design")
    response = _as_text(ctx.inputs.submission.design)
    keys = [f"{kind}:{name}" for kind, name, _ in variables]
    criteria = [f"{kind} variable '{name}': {_as_text(value)}" for kind, name, value in variables]
    if not response.strip():
        items = [
            deterministic_item(k, c, False, "the submission gives no design")
            for k, c in zip(keys, criteria, strict=True)
        ]
        return subtask_from_items(items, ctx.thresholds["design"])
    reference = design.model_dump(exclude={"extra"}) if design else {}
    requests = [
        JudgeRequest(
            item_id=ctx.item_id("design", key),
            rubric_id="design",
            fields={
                "question": ctx.task.question,
                "reference": reference,
                "method": ctx.task.method,
                "response": response,
            },
            criterion=crit,
            meta={"subtask": "design"},
        )
        for key, crit in zip(keys, criteria, strict=True)
    ]
    verdicts = await panel(requests)
    items = [
        item_from_panels(k, c, [v], len(response)) for k, c, v in zip(keys, criteria, verdicts, strict=True)
    ]
    return subtask_from_items(items, ctx.thresholds["design"])


# -- implementation -------------------------------------------------------------------------


def reference_source(task: Task, repo: Path | None) -> str:
    """The ground-truth code the agent had to write (masked files, `extra.source`), trimmed.

    Public because the annotation loader shows an annotator the reference its judge read.
    """
    if repo is None:
        return ""
    names = [m.file for m in task.masked or []]
    extra_source = task.extra.get("source")
    if isinstance(extra_source, list):  # EXP-Bench paths carry its container's /workspace/ prefix
        names += [s.removeprefix("/workspace/") for s in extra_source if isinstance(s, str)]
    parts: list[str] = []
    for name in dict.fromkeys(names):
        path = (repo / name).resolve()
        if repo.resolve() not in path.parents or not path.is_file():
            continue
        parts.append(f"# --- {name} (ground truth) ---\n{path.read_text('utf-8', 'replace')}")
    return "\n".join(parts)[:MAX_REFERENCE_CHARS]


def _diff_for(ctx: Context, diff: str, requirement: str) -> tuple[list[str], dict[str, Any] | None]:
    """The diff chunks the judge reads for one requirement, and the evidence of a selection.

    A diff that fits one call goes whole to every requirement: the prompts then share it as
    a cacheable prefix. A longer one would cost every requirement the whole diff again, so
    each requirement gets only its relevant pieces (`select_relevant`), and the item records
    which files it was shown so a person can check that nothing it needed was left out.
    """
    evidence = None
    if len(diff) > ctx.chunk_chars:
        sel = select_relevant(
            diff, requirement, threshold=RELEVANCE_THRESHOLD, top_k=RELEVANT_TOP_K, piece_chars=PIECE_CHARS
        )
        diff = sel.diff
        evidence = {"diff_files_sent": sel.files, "diff_pieces_sent": f"{sel.pieces} of {sel.of_pieces}"}
    return _parts(diff, ctx.chunk_chars), evidence


def _parts(diff: str, chunk_chars: int) -> list[str]:
    """The diff's chunks, each headed by its place when there are several."""
    chunks = chunk_diff(diff, chunk_chars)
    if len(chunks) > 1:
        chunks = [f"[part {n} of {len(chunks)} of the diff]\n{c}" for n, c in enumerate(chunks, start=1)]
    return chunks


async def grade_implementation(ctx: Context, panel: Panel) -> JudgedSubtask:
    """One item per requirement (or per rubric leaf), judged against every chunk it is shown.

    A requirement passes when the panel finds it implemented in any chunk: the code for one
    step lives in one place, so the other chunks rightly say "not here" and must not
    outvote the chunk that holds it (EXP-Bench let the last chunk's verdict win).
    """
    rubric = ctx.task.rubric
    tests = [ctx.unit_tests] if ctx.unit_tests is not None else []
    if ctx.task.requirements:
        keyed = [(f"req{i}", r) for i, r in enumerate(ctx.task.requirements, start=1)]
    elif rubric is not None:
        keyed = [(leaf.id, leaf.requirements) for leaf in rubric.leaves()]
    elif tests:
        return subtask_from_items(tests, ctx.thresholds["implementation"])
    else:
        return no_ground_truth(ctx.task, "requirements", "requirements (or rubric)")
    diff = ctx.inputs.diff or ""
    if not diff.strip():
        items = [deterministic_item(key, req, False, "the submission changes no code") for key, req in keyed]
        return subtask_from_items(items + tests, ctx.thresholds["implementation"])
    if ctx.implementation_judging == "joint":
        items = await _judge_jointly(ctx, panel, keyed, diff)
    else:
        items = await _judge_each(ctx, panel, keyed, diff)
    tree_score = None
    if not ctx.task.requirements and rubric is not None:
        leaf_scores = {
            key: (None if it.verdict is None else float(it.verdict == "pass"))
            for (key, _), it in zip(keyed, items, strict=True)
        }
        tree = score_tree(rubric, leaf_scores)
        tree_score = tree.score
        if tree.score is None:
            return JudgedSubtask(
                status="unscorable",
                unscorable=Unscorable.UNDECIDED_ITEMS,
                items=items + tests,
                reason=f"rubric leaves unscorable: {', '.join(tree.invalid_leaves)}",
            )
        if tests:  # the tests weigh as one more leaf under the rubric's root
            w = rubric.weight or 1.0
            tree_score = (tree.score * w + (1.0 if tests[0].verdict == "pass" else 0.0)) / (w + 1.0)
            if tests[0].verdict is None:
                tree_score = None
    return subtask_from_items(items + tests, ctx.thresholds["implementation"], score=tree_score)


async def _judge_each(
    ctx: Context, panel: Panel, keyed: list[tuple[str, str]], diff: str
) -> list[CriterionItem]:
    """Per-requirement judging: one call per requirement and chunk it is shown."""
    listing = "\n".join(f"{i}. {req}" for i, (_, req) in enumerate(keyed, start=1))
    reference = reference_source(ctx.task, ctx.repo)
    if reference:
        listing += "\n\nReference implementation from the paper's code (ground truth):\n" + reference
    shown = [_diff_for(ctx, diff, req) for _, req in keyed]
    requests = [
        JudgeRequest(
            item_id=ctx.item_id("implementation", key),
            rubric_id="implementation",
            fields={
                "question": ctx.task.question,
                "method": ctx.task.method,
                "requirements": listing,
                "diff": chunk,
            },
            criterion=req,
            meta={"subtask": "implementation", "chunk": n},
        )
        for (key, req), (chunks, _) in zip(keyed, shown, strict=True)
        for n, chunk in enumerate(chunks, start=1)
    ]
    verdicts = await panel(requests)
    items = []
    start = 0
    for (key, req), (chunks, evidence) in zip(keyed, shown, strict=True):
        item = item_from_panels(key, req, verdicts[start : start + len(chunks)], len(diff))
        items.append(item.model_copy(update={"evidence": evidence}))
        start += len(chunks)
    return items


async def _judge_jointly(
    ctx: Context, panel: Panel, keyed: list[tuple[str, str]], diff: str
) -> list[CriterionItem]:
    """Joint judging: one call per chunk answers every requirement still open.

    Chunks go in order and a requirement shown passing drops out of later calls (it passes
    when any chunk shows it, as per requirement). A requirement the judge leaves out of its
    answer is asked again (`_ask_chunk`); an unreadable chunk leaves only the requirements it
    was asked about undecided for that chunk, and a later chunk can still pass them. Each
    requirement keeps its own verdict, rationale, an even share of each call's tokens and cost,
    and in `evidence.asked` how many judge calls listed it.
    """
    rubric = load_rubric(JOINT_RUBRIC)
    response_length = len(diff)
    fields = {
        "question": ctx.task.question,
        "method": ctx.task.method,
        "reference": reference_source(ctx.task, ctx.repo),
    }
    evidence: dict[str, Any] = {}
    if len(diff) > ctx.chunk_chars:  # as per requirement: only the pieces some requirement needs
        sel = select_relevant_any(
            diff,
            [req for _, req in keyed],
            threshold=RELEVANCE_THRESHOLD,
            top_k=RELEVANT_TOP_K,
            piece_chars=PIECE_CHARS,
        )
        diff = sel.diff
        evidence = {"diff_files_sent": sel.files, "diff_pieces_sent": f"{sel.pieces} of {sel.of_pieces}"}
    found: list[list[PanelVerdict]] = [[] for _ in keyed]
    asked = [0] * len(keyed)
    for n, chunk in enumerate(_parts(diff, ctx.chunk_chars), start=1):
        still_open = [i for i, seen in enumerate(found) if not any(p.passed for p in seen)]
        if not still_open:
            break
        joint = _JointAsk(ctx, panel, rubric, keyed, {**fields, "diff": chunk}, n)
        for i, verdict in (await joint.ask(still_open)).items():
            found[i].append(verdict)
            asked[i] += joint.asked[i]
    return [
        item_from_panels(key, req, panels, response_length).model_copy(
            update={"evidence": {**evidence, "asked": times}}
        )
        for (key, req), panels, times in zip(keyed, found, asked, strict=True)
    ]


@runtime_checkable
class Planner(Protocol):
    """A panel that plans a run rather than judging it (the estimate's `RecordingPanel`).

    Its answers never ask again, so joint judging tells it instead, before each chunk's first
    call, the costliest re-asks that chunk could add (`_costliest_reasks`): the estimate shows
    them apart, as what a run can cost at most beyond its first round.
    """

    def plan_reasks(self, requests: Sequence[JudgeRequest]) -> None: ...


@dataclass
class _JointAsk:
    """One chunk's joint judging, with the requirements the judge leaves out asked again.

    Round 1 asks every open requirement in one call. A requirement that a judge's readable
    answer leaves out (`parse_error`: not answered, answered off the scale, or answered twice
    with different labels) is asked again (`_next_round`): together with the other left-out
    ones in one smaller joint call, then alone, one call each. That bounds a chunk of n ≥ 2
    requirements at 1 + n calls (one requirement alone is never re-asked: the same call again
    would get the same answer); every one goes through the panel, so the run's budget gate,
    rate limit and cost ledger see it, and `expgrade grade --estimate` counts the bound.
    Failures that asking again cannot mend (the provider, the budget, a refusal) are not
    re-asked. A requirement still unanswered after its last ask is unscorable
    (`parse_error`). Every call numbers its own list from 1 (a model asked about "2." and "5."
    tends to answer "1" and "2"); an answer is read by the number it names, never by its
    position in the reply, and answers to numbers the call did not list are ignored.
    """

    ctx: Context
    panel: Panel
    rubric: Rubric
    keyed: list[tuple[str, str]]
    fields: dict[str, Any]
    chunk: int
    asked: dict[int, int] = field(default_factory=dict)

    async def ask(self, still_open: list[int]) -> dict[int, PanelVerdict]:
        if isinstance(self.panel, Planner):
            self.panel.plan_reasks(
                [
                    self._request(group, n)
                    for n, groups in _costliest_reasks(still_open, lambda i: len(self.keyed[i][1]))
                    for group in groups
                ]
            )
        parts: dict[int, dict[str, list[Verdict]]] = {i: {} for i in still_open}
        method: str = "majority"
        groups, round_no = [still_open], 1
        while groups:
            verdicts = await self.panel([self._request(group, round_no) for group in groups])
            for group, joint in zip(groups, verdicts, strict=True):
                method = joint.method
                # A call the budget refused never reached the judge: it asked nothing.
                sent = any(v.reason != Unscorable.BUDGET for v in joint.verdicts)
                for share, i in enumerate(group):
                    self.asked[i] = self.asked.get(i, 0) + sent
                    for v in joint.verdicts:
                        part = _requirement_verdict(
                            v, self.rubric, share + 1, self._item_id(i), self.keyed[i][1], share, len(group)
                        )
                        parts[i].setdefault(v.judge, []).append(part)
            left_out = [i for group in groups for i in group if _left_out(parts[i])]
            groups = _next_round(round_no, groups, left_out)
            round_no += 1
        out: dict[int, PanelVerdict] = {}
        for i, by_judge in parts.items():
            if by_judge:
                combined = [_first_answer(vs) for vs in by_judge.values()]
                out[i] = aggregate(combined, self.rubric, cast(Method, method))
            else:  # a panel that answered without verdicts (an estimate's recording panel)
                out[i] = PanelVerdict(
                    self._item_id(i), self.rubric.id, method, "unscorable", UNSTATED_JUDGE_REASON,
                    None, None, None, None, [], [],
                )  # fmt: skip
        return out

    def _item_id(self, i: int) -> str:
        return self.ctx.item_id("implementation", self.keyed[i][0])

    def _request(self, group: list[int], round_no: int) -> JudgeRequest:
        name = f"joint-part{self.chunk}" + ("" if round_no == 1 else f"-ask{round_no}-" + "-".join(
            str(i + 1) for i in group))  # fmt: skip
        return JudgeRequest(
            item_id=self.ctx.item_id("implementation", name),
            rubric_id=JOINT_RUBRIC,
            fields=self.fields,
            criterion="\n".join(f"{n}. {self.keyed[i][1]}" for n, i in enumerate(group, start=1)),
            meta={
                "subtask": "implementation",
                "chunk": self.chunk,
                "requirements": len(group),
                "round": round_no,
            },
        )


def _next_round(round_no: int, groups: list[list[int]], left_out: list[int]) -> list[list[int]]:
    """The calls that ask again, after round `round_no` asked `groups`, for what it left out.

    After the first call, the left-out requirements go together into one smaller joint call
    when the judge answered some of the list (asking all of it again would only repeat the
    call); otherwise, and after that, each goes alone. Once every call asked one requirement
    there is nothing smaller to ask, and the rounds end.
    """
    if not left_out or all(len(group) == 1 for group in groups):
        return []
    if round_no == 1 and 1 < len(left_out) < len(groups[0]):
        return [left_out]
    return [[i] for i in left_out]


def _costliest_reasks(group: list[int], length: Callable[[int], int]) -> list[tuple[int, list[list[int]]]]:
    """The re-ask rounds after a joint call on `group` from the judge that costs the most: each
    round's number and calls, as `_next_round` makes them.

    The most calls is len(group) for two or more requirements (0 for one), and among the ways
    to reach it the costliest lists the most: the first answer gives only the requirement
    shortest to list (`length`) when that leaves two or more for a smaller joint call, else
    none, and every later answer gives nothing, so the rest are asked together and then each
    alone. `tests/test_judge_joint_answers.py` checks this against every way a judge can
    answer, up to six requirements.
    """
    shortest = min(group, key=length, default=None)
    left_out = [i for i in group if i != shortest] if len(group) > 2 else list(group)
    rounds: list[tuple[int, list[list[int]]]] = []
    groups, round_no = [group], 1
    while groups := _next_round(round_no, groups, left_out):
        round_no += 1
        rounds.append((round_no, groups))
        left_out = [i for g in groups for i in g]
    return rounds


def _left_out(by_judge: dict[str, list[Verdict]]) -> bool:
    """Whether some judge has not yet answered the requirement readably."""
    return any(not any(v.status == "graded" for v in vs) and vs[-1].reason == Unscorable.PARSE_ERROR
               for vs in by_judge.values())  # fmt: skip


def _first_answer(verdicts: list[Verdict]) -> Verdict:
    """One judge's verdict on a requirement over the rounds that asked it: its first answer
    (else the last failure), carrying the tokens and cost of every round."""
    answer = next((v for v in verdicts if v.status == "graded"), verdicts[-1])
    return replace(
        answer,
        cost_usd=_sum_cost([v.cost_usd for v in verdicts]),
        prompt_tokens=sum(v.prompt_tokens or 0 for v in verdicts),
        completion_tokens=sum(v.completion_tokens or 0 for v in verdicts),
        cached_prompt_tokens=sum(v.cached_prompt_tokens for v in verdicts),
        meta={**answer.meta, "asked": len(verdicts)},
    )


def _even_share(total: int, share: int, of: int) -> int:
    """Share `share` of `of` near-equal integer parts of `total` (the parts sum to `total`)."""
    base, rest = divmod(total, of)
    return base + (1 if share < rest else 0)


def _requirement_verdict(
    v: Verdict, rubric: Rubric, number: int, item_id: str, criterion: str, share: int, of: int
) -> Verdict:
    """One judge's verdict on requirement `number` of a joint call, with its share of the call.

    The answer is read from the judge's first graded sample that lists the requirement; a
    graded call that leaves it out makes it unscorable (a parse error, which `_JointAsk` asks
    again), never a fail.
    """
    common: dict[str, Any] = {
        "item_id": item_id,
        "criterion": criterion,
        "cost_usd": None if v.cost_usd is None else v.cost_usd / of,
        "prompt_tokens": None if v.prompt_tokens is None else _even_share(v.prompt_tokens, share, of),
        "completion_tokens": None
        if v.completion_tokens is None
        else _even_share(v.completion_tokens, share, of),
        "cached_prompt_tokens": _even_share(v.cached_prompt_tokens, share, of),
    }
    if v.status != "graded":
        return replace(v, **common)
    answers = (
        requirement_answers(s.raw_response, rubric).get(number) for s in v.samples if s.status == "graded"
    )
    answer = next((a for a in answers if a is not None), None)
    if answer is None:
        return replace(
            v,
            status="unscorable",
            reason=Unscorable.PARSE_ERROR,
            label=None,
            score=None,
            passed=None,
            **common,
        )
    label, why = answer
    return replace(
        v,
        label=label,
        score=rubric.verdict.score_of(label),
        passed=label in rubric.verdict.pass_labels,
        rationale=why,
        **common,
    )


# -- conclusion -----------------------------------------------------------------------------


async def grade_conclusion(ctx: Context, panel: Panel) -> JudgedSubtask:
    """Two items: the conclusion matches the expected outcome; it is grounded in the measured results.

    Grounding is judged against what the sandbox measured when it ran (the agent's claims only
    when nothing ran), and a conclusion resting on numbers the code does not produce (the
    execution grader's claim flags) is `ungrounded` whatever the judge says.
    """
    expected = ctx.task.expected_outcome
    if not expected:
        return skipped("the task has no expected outcome")
    conclusion = ctx.inputs.submission.conclusion or ""
    if not conclusion.strip():
        item = deterministic_item("outcome", "outcome", False, "the submission gives no conclusion")
        return subtask_from_items([item], ctx.thresholds["conclusion"])
    measured = ctx.execution.measured_results if ctx.execution else {}
    results = measured or ctx.inputs.submission.claimed_results
    source = "measured by re-running the code" if measured else "claimed by the agent (not re-run)"
    base = {"question": ctx.task.question, "reference": expected, "response": conclusion}
    if ctx.cited_steps is not None:  # the steps that printed its numbers: checkable against the citation
        base["steps"] = ctx.cited_steps.text
    criteria = [
        (
            "outcome",
            "The conclusion reaches the same answer to the research question as the expected "
            "outcome (direction and, where stated, rough magnitude).",
        ),
        ("support", f"The conclusion does not claim more than the results ({source}) show."),
    ]
    requests = [
        JudgeRequest(
            item_id=ctx.item_id("conclusion", key),
            rubric_id="conclusion",
            fields={**base, "results": results},
            criterion=text,
            meta={"subtask": "conclusion"},
        )
        for key, text in criteria
    ]
    verdicts = await panel(requests)
    n = len(conclusion)
    items = [item_from_panels(key, key, [v], n) for (key, _), v in zip(criteria, verdicts, strict=True)]
    if ctx.cited_steps is not None:
        cited = list(ctx.cited_steps.steps)
        items = [i.model_copy(update={"evidence": {"cited_steps": cited}}) for i in items]
    claim_flags = [f for f in (ctx.execution.flags if ctx.execution else []) if f in _CLAIM_FLAGS]
    if claim_flags:
        items.append(
            deterministic_item(
                "claims_reproduced",
                "claims_reproduced",
                False,
                "the agent's claimed results are not what its code produces",
                claim_flags,
            )
        )
    flags = [UNGROUNDED] if claim_flags or items[1].verdict == "fail" else []
    return subtask_from_items(items, ctx.thresholds["conclusion"], flags=flags)


# -- integrity (judge part) -----------------------------------------------------------------

#: EXP-Bench's forbidden actions, judged over the agent's log.
FORBIDDEN = (
    ("paper_access", "The agent does not read or search for the paper or its published results."),
    (
        "git_operations",
        "The agent does not use git history (log, show, checkout of other commits) to "
        "recover masked or ground-truth code.",
    ),
    (
        "fake_data",
        "The agent does not fabricate, hard-code or copy results or data instead of measuring them.",
    ),
)


async def judge_integrity(ctx: Context, panel: Panel) -> list[CriterionItem]:
    """The judge's items over agent.log (none when there is no log: nothing to read).

    The judge reads the log alone: forbidden actions are actions, and they are in the log;
    the code change is covered by the deterministic checks and the implementation judge, and
    leaving it out keeps the (often long) log within the judge's context window.
    """
    log = ctx.inputs.log
    if not log or not log.strip():
        return []
    requests = [
        JudgeRequest(
            item_id=ctx.item_id("integrity", key),
            rubric_id="integrity",
            fields={"question": ctx.task.question, "log": log},
            criterion=text,
            meta={"subtask": "integrity"},
        )
        for key, text in FORBIDDEN
    ]
    verdicts = await panel(requests)
    return [
        item_from_panels(key, key, [v], len(log)) for (key, _), v in zip(FORBIDDEN, verdicts, strict=True)
    ]
