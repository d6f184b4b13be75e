"""Why something could not be graded: one closed vocabulary for judge, execution, unit tests and integrity.

Unscorable is never a pass and never a fail. Every layer that gives up says why with one of
these values, in one field (`unscorable` on result items and subtasks, `reason` on a judge
verdict), so the report can count causes across subtasks and a reader can tell "the judge
refused" from "the sandbox broke" without parsing prose. The prose goes in `reason` beside it.
The vocabulary is documented in docs/formats.md ("Status vocabulary").

Flags are not reasons: a flagged verdict keeps its label or its reason here. The flags
(`prompt_injection` and its source, `verdict_depends_on_injection`, ...) are documented beside
the vocabulary, in docs/formats.md ("Status vocabulary").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Literal

#: How a verdict or label row ended: with a label, or unscorable with a reason from `Unscorable`.
VerdictStatus = Literal["graded", "unscorable"]
#: A judged subtask's status in results.jsonl: a verdict's, or `skipped` when it was not asked for.
JudgedStatus = Literal[VerdictStatus, "skipped"]


class Unscorable(StrEnum):
    """The closed set of reasons a verdict, item or subtask is unscorable."""

    # A judge call gave no usable verdict.
    PARSE_ERROR = "parse_error"
    REFUSAL = "refusal"
    TIMEOUT = "timeout"
    PROVIDER_ERROR = "provider_error"
    BUDGET = "budget"
    CONTEXT_OVERFLOW = "context_overflow"
    EMPTY_RESPONSE = "empty_response"  # a reasoning judge spent its token limit thinking, even on a retry
    # The grading machinery itself could not decide.
    SANDBOX_ERROR = "sandbox_error"  # the sandbox or clean room failed, not the submission's code
    NOT_RUN = "not_run"  # nothing to run or nothing to check a run against
    REFERENCE_FAILED = "reference_failed"  # the task's own reference failed, or misses its expected values
    GRADER_ERROR = "grader_error"  # a grader raised; the traceback is in grading.log
    UNREADABLE_SUBMISSION = "unreadable_submission"
    MISSING_GROUND_TRUTH = "missing_ground_truth"  # the benchmark defines the subtask, the task lacks it
    UNDECIDED_ITEMS = "undecided_items"  # the subtask's items are unscorable; their own reasons say why
    JUDGE_FAILED_CONTROLS = "judge_failed_controls"  # the judge got its known-answer controls wrong
    STEPS_NOT_REVIEWED = "steps_not_reviewed"  # integrity: no judge read the run, only model-free checks


#: What an unscorable record that names no reason is shown as (hand-written and older records).
UNSTATED = "reason not recorded"


#: Statuses that say how far grading got rather than what it found (the verdict is elsewhere).
_PROGRESS = frozenset({"graded", None})
#: Verdict labels that are words of their own; any other label is a level of an ordinal scale.
_BINARY = frozenset({"pass", "fail"})


def _field(record: Any, *names: str) -> Any:
    """The first of `names` that `record` (a mapping, a pydantic model or a dataclass) sets."""
    for name in names:
        value = record.get(name) if isinstance(record, Mapping) else getattr(record, name, None)
        if value is not None:
            return value
    return None


def describe_verdict(record: Any) -> str:
    """What a verdict is, in the words a person reads: never just "graded".

    Every explanation shown to a person (the report, the Inspect score's explanation,
    grading.log, the judge CLI) goes through here, so that a fail never reads like a pass and an
    unscorable result always says why in the status vocabulary, with the detail beside it.
    `record` is anything that carries a verdict: a subtask (judged or execution, as a model or
    as its JSON), a result item (`verdict` is its label), or a judge verdict (`label`, `reason`).

    Examples: "pass (score 0.75)", "fail (mismatch)", "level partial", "unscorable
    (parse_error): no answer for requirement 2 after 3 asks", "skipped (no expected outcome)".
    """
    status = _field(record, "status")
    label = _field(record, "label", "verdict")
    passed = _field(record, "passed")
    score = _field(record, "score")
    detail = _field(record, "reason")
    code = _field(record, "unscorable")
    if code is None and detail in Unscorable.__members__.values():
        # a judge verdict's `reason` is the code itself; its detail, the provider's words
        code, detail = detail, _field(record, "reason_detail")
    if status == "skipped":
        return "skipped" + (f" ({detail})" if detail else "")
    word = (
        label
        if label in _BINARY
        else f"level {label}"
        if label is not None
        else {True: "pass", False: "fail"}.get(passed)
    )
    if code is not None or status == "unscorable" or (word is None and score is None):
        text = f"unscorable ({code or UNSTATED})" + (f": {detail}" if detail and detail != code else "")
        causes = Counter(
            str(_field(item, "unscorable") or UNSTATED)
            for item in _field(record, "items") or ()
            if _field(item, "verdict") is None
        )
        if causes:  # the items' own reasons are what a person needs (e.g. the judge was unreachable)
            text += " [" + ", ".join(f"{n} {cause}" for cause, n in causes.most_common()) + "]"
        return text
    parts = [] if status in _PROGRESS else [str(status)]  # an execution status says what happened
    if score is not None:
        parts.append(f"score {float(score):.2f}")
    text = ", ".join(parts) if word is None else word + (f" ({', '.join(parts)})" if parts else "")
    return text + (f": {detail}" if detail else "")
