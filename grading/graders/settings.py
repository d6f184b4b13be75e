"""The settings one grading needs, as one picklable value that travels to any worker."""

from __future__ import annotations

from dataclasses import dataclass, field

from expgrade.grading.errors import UserError
from expgrade.grading.judge.budget import BudgetGate
from expgrade.grading.judge.limits import RateLimiter
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.subtasks import ALL_SUBTASKS, DEFAULT_THRESHOLDS


@dataclass(frozen=True)
class GradeSettings:
    """Everything that decides a verdict (recorded in the manifest) plus how to reach the judges.

    Frozen and made of plain values so that `functools.partial(grade_job, settings=...)`
    pickles for a Ray worker on another machine.
    """

    tasks_dir: str  # relative task repo paths are resolved against the TASKS.jsonl folder
    subtasks: tuple[str, ...] = ALL_SUBTASKS
    #: The judge panel and everything that travels with it; None: judged subtasks are skipped.
    judge: JudgeSettings | None = None
    sandbox: str = "docker"
    gpu_mode: str = "auto"  # Docker: auto|nvidia|cdi|devices (grading/sandbox/docker_backend.py)
    thresholds: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_THRESHOLDS))
    #: Diff characters per implementation-judge call; long diffs are cut at file/hunk bounds.
    #: ~12k tokens (~20k datamarked): one call for a typical selected diff, far inside any
    #: current judge's window (a smaller window is fitted by expgrade.grading.judge.fit, marked). At
    #: 24,000 a joint call on a 2,800-line diff took two calls, each repeating the task and the
    #: reference scripts: 0.58x EXP-Bench's tokens against 0.42x in one (bench/judge.md).
    chunk_chars: int = 48_000
    #: How the implementation judge is asked: "joint" (one call per diff chunk answering every
    #: open requirement) or "per-requirement" (one call per requirement and chunk). Joint is
    #: the default because it reads each selected line once: 0.41x EXP-Bench's setup-judge
    #: tokens per requirement against 1.48x (bench/judge.md); per-requirement buys each
    #: requirement a call of its own, at that price. See docs/grading.md.
    implementation_judging: str = "joint"
    #: Runs of each task's reference (seeds 1..N) whose spread sets the execution tolerance;
    #: 0: the task's fixed tolerance (docs/grading.md, "Tolerance from measured noise").
    reference_runs: int = 0
    #: Runs of each submission with different seeds (pass^k, pass@k); 1: one run, seed 0.
    repeats: int = 1
    #: Judged subtasks whose judge failed its controls under `--on-failed-controls refuse`:
    #: subtask -> the reason its verdicts are unscorable (docs/controls.md).
    refused: dict[str, str] = field(default_factory=dict)
    #: A cluster-wide judge rate limiter (the Ray executor's); None = the engine's own, per process.
    rate_limiter: RateLimiter | None = field(default=None, compare=False)
    #: The run's budget gate (the executor's; under Ray one actor for every worker), so that
    #: `budget_usd` caps the run; None = the engine's own, per process.
    budget_gate: BudgetGate | None = field(default=None, compare=False)

    @property
    def runs_code(self) -> bool:
        """Whether grading starts sandboxes: the experiment (execution), the hidden tests (implementation)."""
        return bool({"execution", "implementation"} & set(self.subtasks))


IMPLEMENTATION_JUDGING = ("per-requirement", "joint")


def parse_subtasks(text: str) -> tuple[str, ...]:
    """'design,execution' -> ('design', 'execution') in canonical order; unknown names are user errors."""
    names = [p.strip() for p in text.split(",") if p.strip()]
    unknown = [n for n in names if n not in ALL_SUBTASKS]
    if unknown or not names:
        raise UserError(
            f"unknown subtask(s): {', '.join(unknown) or '(none given)'}; choose from "
            + ",".join(ALL_SUBTASKS),
            field="--subtasks",
        )
    return tuple(n for n in ALL_SUBTASKS if n in names)
