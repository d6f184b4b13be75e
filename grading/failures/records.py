"""RUN_DIR/failures.jsonl: one failure verdict per submission that did not pass (docs/failures.md).

A file of its own beside results.jsonl, not fields in it: the verdicts are derived from the
results and the trajectories, so they are written again whole whenever the analysis runs (with
another taxonomy, or a judge), and a results record is never rewritten for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from expgrade.grading.jsonl import load_json, read_models

#: The file beside results.jsonl.
FAILURES_FILE = "failures.jsonl"

#: `classified`: a mode was named with its evidence; `unscorable`: the judge was asked and gave no
#: usable verdict (its citation named no step it was shown, the call failed); `not_assessed`:
#: nothing could be asked (no trajectory and no record-level evidence, or no judge for the rest).
FailureStatus = Literal["classified", "unscorable", "not_assessed"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FindingRecord(_Strict):
    mode: str
    detector: str
    step: int | None
    steps: list[int] = Field(default_factory=list)
    evidence: str
    #: Made by a detector measured below the precision goal, shown because `--candidates` asked.
    candidate: bool = False


class FailureJudgeRecord(_Strict):
    """The failure judge's verdict, as far as this record needs it (the ledger has the rest)."""

    judge: str
    rubric: str = Field(description="id@version#digest of the rubric it answered")
    status: Literal["graded", "unscorable"]
    label: str | None
    step: int | None = Field(description="the step its answer cited")
    reason: str | None = None
    rationale: str | None = None
    cost_usd: float | None = None
    cached: bool = False


class FailureRecord(_Strict):
    task_id: str
    submission_id: str
    agent: str
    agent_model: str
    attempt: int = 1
    paper_id: str | None = None
    status: FailureStatus
    mode: str | None = None
    #: Where the run went wrong: the step a person follows to see it.
    step: int | None = None
    #: That step as the judge is shown it (cut), so the report can show it beside the verdict.
    step_text: str | None = None
    source: Literal["detector", "judge"] | None = None
    evidence: str | None = None
    #: The mode was named by a `candidate` detector (measured below the precision goal; `--candidates`).
    candidate: bool = False
    findings: list[FindingRecord] = Field(default_factory=list)
    #: What could not be assessed and why (no trajectory: only limits, claim support and re-execution).
    not_assessed: str | None = None
    #: Why the verdict is unscorable, in the status vocabulary (with `judge.reason` in words).
    unscorable: str | None = None
    taxonomy: str = Field(description="id@version#digest of the taxonomy the mode is from")
    #: Steps in the trajectory; None when the submission has no trajectory.jsonl.
    n_steps: int | None = None
    #: The steps the judge was shown (what a citation may name).
    cited_steps: list[int] = Field(default_factory=list)
    judge: FailureJudgeRecord | None = None


def read_failures(run_dir: Path) -> list[FailureRecord] | None:
    """The run's failure verdicts, or None when the analysis has not run on it."""
    path = run_dir / FAILURES_FILE
    return read_models(path, FailureRecord) if path.is_file() else None


#: The failure judge's checks beside failures.jsonl: controls and test-retest figures.
CHECKS_FILE = "failure_checks.json"


def read_failure_checks(run_dir: Path) -> dict[str, Any] | None:
    path = run_dir / CHECKS_FILE
    if not path.is_file():
        return None
    data = load_json(path)
    return data if isinstance(data, dict) else None
