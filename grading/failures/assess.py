"""One submission's failure evidence: the detectors' findings and the primary mode they name.

The primary mode is the earliest cause the run never recovered from: a later symptom (the step
limit a run spent retrying a broken import) is kept as a finding but does not name the run.
An infrastructure fault comes first whatever its step, because a run the harness or the sandbox
broke says nothing about the agent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from expgrade.grading.failures import detectors
from expgrade.grading.failures.detectors import Finding
from expgrade.grading.failures.precision import is_candidate
from expgrade.grading.failures.taxonomy import Taxonomy
from expgrade.grading.schemas import ResultRecord, Submission
from expgrade.grading.schemas.trajectory import Step
from expgrade.grading.trajectory import iter_steps, trajectory_path

#: What a run without a trajectory is still checked for.
WITHOUT_TRAJECTORY = "limits, claim support and re-execution"
#: What needs a graded run (a task and a re-run), said of every run analysed without one.
WITHOUT_GRADING = (
    "claim support and the re-execution's faults were not assessed: they need a graded run "
    "(its tasks and re-run), and these runs were analysed from their submissions alone"
)


@dataclass(frozen=True)
class Evidence:
    findings: list[Finding]
    #: The trajectory's steps; None when the submission has none.
    steps: list[Step] | None


def ended(submission: Submission) -> str | None:
    """How the harness said the run ended (`source.ended`, written by `submissions import`)."""
    source = submission.extra.get("source")
    value = source.get("ended") if isinstance(source, dict) else None
    return str(value) if value is not None else None


def has_answer(submission: Submission) -> bool:
    """Whether the agent stated results (a conclusion or numbers), which a run must stand behind."""
    return bool(submission.conclusion or submission.claimed_results)


def gather_evidence(
    record: ResultRecord | None, submission: Submission, submission_dir: Path, *, candidates: bool = False
) -> Evidence:
    """Every detector's findings on one submission (its trajectory's where it has one); `record`
    None for a run that was never graded: what needs its result record is left out. The findings
    of detectors measured below the precision goal (`precision.is_candidate`) are left out too,
    unless `candidates`: then they are kept, marked `candidate`."""
    path = trajectory_path(submission_dir)
    steps = list(iter_steps(path)) if path is not None else None
    runs = detectors.Runs.of(steps) if steps is not None else None
    findings = detectors.limit_hit(ended(submission), runs)
    if record is not None:
        findings = [*detectors.sandbox_fault(record), *findings, *detectors.claims(record)]
    if steps is not None:
        findings += detectors.from_steps(steps, has_answer=has_answer(submission))
    marked = [replace(f, candidate=True) if is_candidate(f.detector, f.mode) else f for f in findings]
    return Evidence(_deduplicated([f for f in marked if candidates or not f.candidate]), steps)


def _deduplicated(findings: Sequence[Finding]) -> list[Finding]:
    """One finding per (mode, step): two detectors seeing one broken step cite it once."""
    seen: set[tuple[str, int | None]] = set()
    out = []
    for f in findings:
        key = (f.mode, f.step)
        if key in seen and f.step is not None:
            continue
        seen.add(key)
        out.append(f)
    return out


def primary(findings: Sequence[Finding], taxonomy: Taxonomy) -> Finding | None:
    """The finding that names the run: an infrastructure fault, else the earliest step (record-level
    evidence, which has no step, after every cited step), ties in taxonomy order."""
    if not findings:
        return None
    order = {m: i for i, m in enumerate(taxonomy.ids)}
    blameless = {m.id for m in taxonomy.modes if not m.agent_fault}

    def key(f: Finding) -> tuple[int, float, int]:
        return (
            0 if f.mode in blameless else 1,
            f.step if f.step is not None else float("inf"),
            order.get(f.mode, len(order)),
        )

    return min(findings, key=key)
