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

from enum import StrEnum


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
