"""Test-retest (docs/stability.md): one record per re-asked task × submission × subtask in
RUN_DIR/retest.jsonl.

A sample of the run's judged items is asked again, past the response cache, with the run's own
judge settings; each record keeps both askings of every item side by side, so the flip rate can
be read back without results.jsonl. Kept apart from results so a retest never changes a verdict.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from expgrade.grading.schemas.base import Record


class RetestItem(Record):
    """One judged item asked twice."""

    criterion_id: str
    #: each judge's verdict record from the run's own grading (results.jsonl), as a result item stores it
    first: list[dict[str, Any]] = Field(default_factory=list)
    #: each judge's verdict record when asked again, past the cache (`expgrade.grading.items.verdict_record`)
    again: list[dict[str, Any]] = Field(default_factory=list)


class RetestRecord(Record):
    #: `task/submission/subtask`
    retest_id: str
    task_id: str
    submission_id: str
    agent: str
    subtask: str
    temperature: float = Field(description="the run's judge temperature, used for both askings")
    seed: int = Field(description="the run's judge seed: both askings send the same seeds")
    samples: int = Field(1, description="samples per judge and item (--samples), in both askings")
    items: list[RetestItem] = Field(default_factory=list)
    cost_usd: float | None = None
    duration_s: float | None = None
