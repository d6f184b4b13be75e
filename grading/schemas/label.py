"""Label table rows (docs/formats.md §5): one row per item × rater, judge or human."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from expgrade.grading.schemas.base import Record
from expgrade.grading.status import VerdictStatus


class LabelRow(Record):
    item_id: str = Field(min_length=1)
    rater: str = Field(min_length=1)
    rater_kind: Literal["human", "judge"]
    label: str | None = None
    score: float | None = None
    status: VerdictStatus = "graded"
    reason: str | None = None
    flags: list[str] = Field(default_factory=list)
    subtask: str | None = None
    criterion: str | None = None
    task_id: str | None = None
    submission_id: str | None = None
    agent_model: str | None = None
    response_length: int | None = Field(default=None, ge=0)
    order: Literal["original", "swapped"] | None = None
    confidence: float | None = Field(default=None, ge=0, le=1)
    cost_usd: float | None = Field(default=None, ge=0)
    prompt_tokens: int | None = Field(default=None, ge=0)
    completion_tokens: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _graded_rows_carry_a_verdict(self) -> LabelRow:
        if self.status == "graded" and self.label is None and self.score is None:
            raise ValueError("a graded row needs a 'label' or a 'score'")
        if self.status == "unscorable" and not self.reason:
            raise ValueError("an unscorable row needs a 'reason'")
        return self
