"""Submission records (docs/formats.md §3): what one agent produced for one task."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from expgrade.grading.schemas.base import Record

#: The record of a native submission folder, `DIR/<submission_id>/submission.json`.
SUBMISSION_FILE = "submission.json"
#: Default artifact names inside a native submission folder (docs/formats.md §3); a submission's
#: `artifacts` overrides them.
DEFAULT_ARTIFACTS = {
    "patch": "patch.diff",
    "workspace": "workspace",
    "reproduce": "reproduce.sh",
    "log": "agent.log",
}


class Submission(Record):
    """The contents of `submission.json`; file artifacts are located by the loader."""

    task_id: str = Field(min_length=1)
    agent: str = Field(min_length=1)
    agent_model: str = Field(min_length=1)
    attempt: int = Field(default=1, ge=1)
    design: str | list[Any] | dict[str, Any] | None = None
    conclusion: str | None = None
    claimed_results: dict[str, dict[str, float]] | None = None
    # Optional: artifact paths relative to the submission folder, for agents
    # that do not use the default names (patch.diff, workspace/, reproduce.sh, agent.log).
    artifacts: dict[Literal["patch", "workspace", "reproduce", "log"], str] | None = None
