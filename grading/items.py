"""One identity for a judged item and one way to turn a verdict into a label row.

Judge rows, human rows, annotation items and gold exports all meet on the item id, so it
must be the same string wherever it is made and must not change when a criterion is
reworded. The id is `task/submission/subtask/criterion-id`, where the criterion id is the
grader's stable key for the item, never its text: each subtask's keys are stated once, in its
`item_keys` in `expgrade.grading.subtasks` (deterministic checks, such as the unit tests, use
the grader's own short name).

Every producer of label rows (the grader's result items via `expgrade labels`, `expgrade
judge`, the annotation dashboard and gold export) calls `label_row`, so a row carries the
same fields, statuses and reasons whoever wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from expgrade.grading.judge.types import Verdict
from expgrade.grading.schemas import CriterionItem, LabelRow, ResultRecord
from expgrade.grading.status import Unscorable

#: what graders write as an item's `judge` when code, not an LLM, decided it
DETERMINISTIC = "deterministic"
#: where an actively drawn item records its probability of being drawn (item judges, gold `extra`)
INCLUSION_KEY = "inclusion_probability"
#: the `extra` key of a gold row that is an adjudicator's decision on its item, not a blind
#: label (`gold export`, docs/formats.md §5.1): the item's gold, never one more rater's vote
ADJUDICATION_KEY = "adjudication"
#: why a judge gave no verdict when its record does not say (the engine always does; hand-written
#: and older runs may not): the call itself failed, as far as anyone can tell
UNSTATED_JUDGE_REASON = Unscorable.PROVIDER_ERROR
#: who flagged a verdict prompt_injection and on what evidence (docs/formats.md, "Status
#: vocabulary"): verdict record fields that a label row carries in `extra` when set
INJECTION_KEYS = ("injection_source", "injection_evidence")


@dataclass(frozen=True)
class ItemKey:
    task_id: str
    submission_id: str
    subtask: str
    criterion_id: str

    @property
    def id(self) -> str:
        return f"{self.task_id}/{self.submission_id}/{self.subtask}/{self.criterion_id}"

    @classmethod
    def parse(cls, item_id: str) -> ItemKey | None:
        """The key back from an id; None for ids not made here (e.g. `expgrade judge` items).

        Task ids may hold '/', criterion ids may not: split the last three parts off.
        """
        parts = item_id.rsplit("/", 3)
        if len(parts) != 4 or not all(parts):
            return None
        return cls(*parts)


def item_id(task_id: str, submission_id: str, subtask: str, criterion_id: str) -> str:
    return ItemKey(task_id, submission_id, subtask, criterion_id).id


def criterion_id_of(item: CriterionItem) -> str:
    """The stable id of a result item: recorded by the grader, else from a judge row's id.

    Runs written before items carried `criterion_id` still have it in each judge record's
    `item_id`; only a hand-written run with neither falls back to the criterion text.
    """
    if item.criterion_id:
        return item.criterion_id
    if isinstance(item.judge, list):
        for j in item.judge:
            if isinstance(j, dict) and isinstance(j.get("item_id"), str):
                key = ItemKey.parse(j["item_id"])
                if key is not None:
                    return key.criterion_id
    return item.criterion


def result_item_key(record: ResultRecord, subtask: str, item: CriterionItem) -> ItemKey:
    return ItemKey(record.task_id, record.submission_id, subtask, criterion_id_of(item))


def is_judged(item: CriterionItem) -> bool:
    """Whether an LLM judge decided the item (the only items a person calibrates)."""
    return item.judge != DETERMINISTIC


def verdict_record(v: Verdict) -> dict[str, Any]:
    """One judge's verdict as a result item stores it, and as `label_row` reads it."""
    return {
        "item_id": v.item_id,
        "rater": v.judge,
        # the model the server says answered (`rater` is the name asked for; they may differ)
        "answered_by": v.answered_by,
        "system_fingerprint": v.system_fingerprint,
        "status": v.status,
        "reason": v.reason,
        "reason_detail": v.reason_detail,
        "label": v.label,
        "passed": v.passed,
        "rationale": v.rationale,
        "confidence": v.confidence,
        "flags": list(v.flags),
        "injection_source": v.injection_source,
        "injection_evidence": list(v.injection_evidence),
        "rubric": f"{v.rubric_id}@{v.rubric_version}",
        "cost_usd": v.cost_usd,
        "prompt_tokens": v.prompt_tokens,
        "completion_tokens": v.completion_tokens,
        "cached_prompt_tokens": v.cached_prompt_tokens,
        "cached": v.cached,
        "structured_output": v.structured_output,
        "mode_refused": v.mode_refused,
        # with --samples N: the share of its samples that disagree with its label (test-retest's
        # within-item spread); absent with one sample, so one-sample records are as they were
        **({"spread": v.spread} if v.spread is not None else {}),
    }


def is_adjudication(extra: Any) -> bool:
    """Whether a label row's `extra` marks it as an adjudicator's decision (ADJUDICATION_KEY)."""
    return isinstance(extra, dict) and isinstance(extra.get(ADJUDICATION_KEY), dict)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _unstated_reason(rater_kind: str) -> str:
    return UNSTATED_JUDGE_REASON if rater_kind == "judge" else "unscorable (no reason given)"


def label_row(
    item: str | ItemKey,
    verdict: Mapping[str, Any],
    *,
    rater_kind: Literal["human", "judge"] = "judge",
    criterion: str | None = None,
    agent_model: str | None = None,
    subtask: str | None = None,
    task_id: str | None = None,
    submission_id: str | None = None,
    extra: dict[str, Any] | None = None,
) -> LabelRow:
    """Any verdict as a label row.

    `verdict` is a verdict record as the grader stores it in a result item (`rater`,
    `status`, `label`, `reason`, `flags`, `confidence`, cost and token fields, `verdict` for
    hand-written runs). A verdict without a label is unscorable (a row never claims a verdict
    nobody gave), with the recorded reason: a judge's from the status vocabulary
    (`expgrade.grading.status.Unscorable`, `UNSTATED_JUDGE_REASON` when unrecorded), a person's in their
    own words. The injection flag's source and evidence, when recorded, ride in `extra`.
    Given an `ItemKey`, grouping
    fields default to its parts; a plain id (`expgrade judge` items) is not parsed, since
    its slashes need not mean anything.
    """
    key = item if isinstance(item, ItemKey) else None
    label = verdict.get("label") if "label" in verdict else verdict.get("verdict")
    graded = verdict.get("status", "graded") == "graded" and label is not None
    confidence = _number(verdict.get("confidence"))
    return LabelRow(
        item_id=key.id if key else str(item),
        rater=str(verdict.get("rater") or "judge"),
        rater_kind=rater_kind,
        label=str(label) if graded else None,
        status="graded" if graded else "unscorable",
        reason=None if graded else str(verdict.get("reason") or _unstated_reason(rater_kind)),
        flags=list(verdict.get("flags") or []),
        subtask=subtask or (key.subtask if key else None),
        criterion=criterion or (key.criterion_id if key else None),
        task_id=task_id or (key.task_id if key else None),
        submission_id=submission_id or (key.submission_id if key else None),
        agent_model=agent_model,
        response_length=verdict.get("response_length"),
        confidence=confidence,
        cost_usd=_number(verdict.get("cost_usd")),
        prompt_tokens=verdict.get("prompt_tokens"),
        completion_tokens=verdict.get("completion_tokens"),
        extra={**{k: verdict[k] for k in INJECTION_KEYS if verdict.get(k)}, **(extra or {})},
    )
