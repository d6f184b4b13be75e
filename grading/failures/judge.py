"""The failure judge: for a failed run no detector explains, the primary mode and the step.

It reads the run's cited steps, not its whole log: the steps that errored or failed, the
harness's own steps, and the agent's first and last messages, each headed `[step N]`. Its
answer cites one step (`Rubric.cites_step`); a citation of a step it was not shown is not
guessed at or rounded to a neighbour: the verdict is unscorable. It goes through the one judge
engine (cache, budget, ledger), and is checked like every judge: controls with known answers
(crafted runs whose failure is known, `control_runs`) and test-retest (`retest_requests`).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from expgrade.grading.failures.detectors import Runs
from expgrade.grading.failures.records import FailureJudgeRecord
from expgrade.grading.failures.taxonomy import Taxonomy
from expgrade.grading.judge.engine import RETEST
from expgrade.grading.judge.parse import cited_step
from expgrade.grading.judge.rubrics import Rubric, load_rubric
from expgrade.grading.judge.types import JudgeRequest, Verdict
from expgrade.grading.schemas import ResultRecord
from expgrade.grading.schemas.trajectory import Step
from expgrade.grading.status import Unscorable, describe_verdict
from expgrade.grading.subtasks import SUBTASKS

#: The shipped rubric the failure judge answers (its labels are the taxonomy's modes).
RUBRIC_ID = "failure-mode"
#: The most steps a judge is shown, and the most characters of each (the trajectory keeps them whole).
MAX_STEPS = 40
MAX_STEP_CHARS = 2000


def failure_rubric(taxonomy: Taxonomy, folder: Path) -> str:
    """The failure rubric for `taxonomy`, as the engine loads it: the shipped id when the taxonomy
    is the shipped one's, else a file in `folder` whose labels and descriptions are the taxonomy's
    modes (its version names the taxonomy's, so a verdict says which modes it chose among)."""
    base = load_rubric(RUBRIC_ID)
    descriptions = {m.id: f"{m.title}: {m.description}" for m in taxonomy.modes}
    if base.verdict.labels == taxonomy.ids and base.verdict.descriptions == descriptions:
        return RUBRIC_ID
    data = base.model_dump(exclude={"source"})
    data["version"] = f"{base.version}+{taxonomy.id}.{taxonomy.version}.{taxonomy.digest}"
    data["verdict"] = {**data["verdict"], "labels": taxonomy.ids, "descriptions": descriptions}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{RUBRIC_ID}.{taxonomy.digest}.yaml"
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp", encoding="utf-8") as fh:
        yaml.safe_dump(data, fh, sort_keys=False, allow_unicode=True)
    Path(fh.name).replace(path)
    return str(path)


def cited_steps(steps: Sequence[Step]) -> list[Step]:
    """The steps the judge reads: where things went wrong (each failing command with its call), what
    the harness said, how the run began and ended; then the run's last steps, up to `MAX_STEPS`. A
    short run is shown whole; a long one never is, so a judge's cost does not grow with the log."""
    runs = Runs.of(steps)
    wanted = {i for r in runs.runs if r.failed for i in (r.call_step, r.step)}
    wanted |= {s.index for s in steps if s.actor == "harness" or s.kind == "error"}
    messages = [s.index for s in steps if s.kind == "message"]
    wanted |= set(messages[:2] + messages[-2:])
    chosen = sorted(wanted)
    if len(chosen) > MAX_STEPS:  # the first errors and the end of the run
        chosen = chosen[: MAX_STEPS // 2] + chosen[-MAX_STEPS // 2 :]
    keep = set(chosen)
    for s in reversed(steps):  # the run's end leads up to its outcome
        if len(keep) >= MAX_STEPS:
            break
        keep.add(s.index)
    return [s for s in steps if s.index in keep]


def render_step(step: Step) -> str:
    head = f"[step {step.index}] {step.kind} ({step.actor})"
    parts = [head]
    if step.command:
        parts.append(f"$ {step.command}")
    elif step.tool:
        parts.append(f"tool {step.tool}")
    body = step.output if step.output is not None else step.text
    if body:
        cut = (
            body
            if len(body) <= MAX_STEP_CHARS
            else body[: MAX_STEP_CHARS // 2] + "\n[...]\n" + body[-MAX_STEP_CHARS // 2 :]
        )
        parts.append(cut)
    if step.exit_code is not None:
        parts.append(f"(exit code {step.exit_code})")
    return "\n".join(parts)


def outcome(record: ResultRecord) -> str:
    """How grading found the run, in the words the report uses."""
    lines = []
    for s in SUBTASKS:
        sub = s.of(record.subtasks)
        if sub is not None:
            lines.append(f"{s.name}: {describe_verdict(sub)}")
    return "\n".join(lines) or "no subtask was graded"


@dataclass(frozen=True)
class Asked:
    """A judge request and the step indexes it showed (what its citation may name)."""

    request: JudgeRequest
    shown: tuple[int, ...]


def request_for(
    item_id: str, rubric: str, question: str, steps: Sequence[Step], outcome_text: str, meta: dict[str, Any]
) -> Asked:
    shown = cited_steps(steps)
    fields = {
        "question": question,
        "steps": "\n\n".join(render_step(s) for s in shown),
        "outcome": outcome_text,
    }
    return Asked(JudgeRequest(item_id, rubric, fields, meta=meta), tuple(s.index for s in shown))


def judged(verdict: Verdict, shown: Sequence[int], rubric: Rubric) -> FailureJudgeRecord:
    """The verdict as a failure verdict: unscorable when its citation names no step it was shown."""
    ref = f"{rubric.id}@{rubric.version}#{rubric.digest}"
    step = cited_step(verdict.raw_response) if verdict.status == "graded" else None
    base: dict[str, Any] = {
        "judge": verdict.judge,
        "rubric": ref,
        "rationale": verdict.rationale,
        "cost_usd": verdict.cost_usd,
        "cached": verdict.cached,
    }
    if verdict.status != "graded" or verdict.label is None:
        reason = verdict.reason.value if verdict.reason else None
        detail = f"{reason}: {verdict.reason_detail}" if verdict.reason_detail else reason
        return FailureJudgeRecord(status="unscorable", label=None, step=None, reason=detail, **base)
    if step is None or step not in shown:
        cited = "no step" if step is None else f"step {step}"
        return FailureJudgeRecord(
            status="unscorable",
            label=None,
            step=step,
            reason=f"{Unscorable.PARSE_ERROR.value}: the answer cites {cited}, which is not among the "
            f"{len(shown)} steps it was shown; a verdict without its evidence is not used",
            **base,
        )
    return FailureJudgeRecord(status="graded", label=verdict.label, step=step, **base)


def retest_request(asked: Asked) -> JudgeRequest:
    """The same request asked again past the cache (the engine's test-retest marker)."""
    req = asked.request
    return JudgeRequest(
        f"{req.item_id}:retest", req.rubric_id, req.fields, req.criterion, {**req.meta, RETEST: "on"}
    )
