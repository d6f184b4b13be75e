"""expgrade as an Inspect AI scorer: grade each sample while the eval runs (extra `expgrade[inspect]`).

    from expgrade.grading.inspect_scorer import expgrade_scorer

    Task(..., scorer=expgrade_scorer(tasks="tasks.jsonl", judge="openai/gpt-4o-mini"))

The sample becomes a submission exactly as `expgrade submissions import inspect` makes one
(same mapping, same writer, `extra.source` saying which Inspect fields were used), except that
the patch comes first from the agent's sandbox itself: its `git diff` when the scorer runs (new
files included). The grading is expgrade's own pipeline: execution re-runs the code in
expgrade's sandbox (`sandbox="docker"` by default), never in the agent's, and the judges go
through expgrade's judge engine (cache, budget, full verdict records).

The score's value is 1.0 when every graded subtask passed and 0.0 when one failed. When the
grading cannot decide (a subtask unscorable), the value is Inspect's unscored NaN
(`Score.unscored`), which metrics and reducers skip: unscorable is never counted as a fail.
The explanation names each subtask's verdict or why it has none; per-subtask values and every
judged item are in `Score.metadata`.

The scorer never takes an eval down: under Inspect's default `fail_on_error` one raising scorer
cancels every other sample. A sample whose task is not in the tasks file, a judge outage, or
any failure of the scorer itself becomes an unscored sample whose explanation says why. With
a fixed `work_dir`, a re-run resumes: gradings finished there are reused, not redone.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

try:
    from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
    from inspect_ai.solver import TaskState
    from inspect_ai.util import sandbox as agent_sandbox
except ImportError as exc:  # the optional extra is not installed
    raise ImportError("expgrade_scorer needs Inspect AI: pip install 'expgrade[inspect]'") from exc

from expgrade.grading.errors import UserError
from expgrade.grading.graders.pipeline import grade_submission
from expgrade.grading.graders.settings import GradeSettings, parse_subtasks
from expgrade.grading.harness_importers.common import HarnessOptions
from expgrade.grading.harness_importers.inspect_log import SAMPLE, is_diff, task_id_of
from expgrade.grading.harness_importers.mapping import Context, Derived
from expgrade.grading.harness_importers.presets import to_record
from expgrade.grading.harness_importers.writer import Overrides, SubmissionWriter
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run.orchestrator import load_tasks
from expgrade.grading.run.store import ResultsStore, read_results, result_key
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import ResultRecord
from expgrade.grading.status import describe_verdict
from expgrade.grading.submission_reader.loader import load_native
from expgrade.grading.subtasks import SUBTASKS

#: New files count as changes too: `git add -N` makes them visible to `git diff`.
_SANDBOX_DIFF = "git add -A -N . >/dev/null 2>&1; git diff"


async def _sandbox_diff() -> str | None:
    """The agent's final changes as its own sandbox sees them; None without a sandbox or git."""
    try:
        result = await agent_sandbox().exec(["bash", "-c", _SANDBOX_DIFF], timeout=120)
    except Exception:  # no sandbox in this eval, or it is gone: fall back to the transcript
        return None
    return result.stdout if result.success and is_diff(result.stdout) else None


def _value(sub: dict[str, Any]) -> float | None:
    """A subtask's number: its score, else passed as 1/0, else None (skipped or undecided)."""
    if sub.get("score") is not None:
        return float(sub["score"])
    return None if sub.get("passed") is None else float(sub["passed"])


def score_of(record: ResultRecord) -> Score:
    """The Inspect score of one grading: all_passed as 1/0, unscored when undecided."""
    subtasks = {
        s.name: sub.model_dump(mode="json", exclude_none=True)
        for s in SUBTASKS
        if (sub := s.of(record.subtasks)) is not None
    }
    metadata: dict[str, Any] = {
        "all_passed": record.all_passed,
        "values": {name: _value(sub) for name, sub in subtasks.items()},
        "subtasks": subtasks,
        "cost_usd": record.cost_usd,
        "task_id": record.task_id,
    }
    explanation = "; ".join(f"{name}: {describe_verdict(sub)}" for name, sub in subtasks.items())
    if record.all_passed is None:
        return Score.unscored(reason="scoring_failed", explanation=explanation, metadata=metadata)
    return Score(value=1.0 if record.all_passed else 0.0, explanation=explanation, metadata=metadata)


def unscored(why: str, **metadata: Any) -> Score:
    """A sample expgrade could not grade: unscored (never 0), with why in the explanation."""
    return Score.unscored(
        reason="scoring_failed", explanation=f"not graded: {why}", metadata={"unscored": why, **metadata}
    )


def _agent() -> tuple[str, str, dict[str, str]]:
    """(agent, where it came from, defaults): the running plan's agent, as the log will name it."""
    try:  # Inspect's own record of the running sample; private, so a missing one is no error
        from inspect_ai.log._samples import sample_active

        active = sample_active()
    except ImportError:
        active = None
    name = getattr(active, "agent_name", None)
    if isinstance(name, str) and name:
        return name, "plan (the solver's unqualified name, as `submissions import` reads it)", {}
    return "inspect", "default", {"agent": "'inspect' (Inspect did not say which solver ran)"}


@scorer(metrics=[mean(), stderr()])
def expgrade_scorer(
    tasks: str | Path,
    subtasks: str | Sequence[str] = "design,implementation,execution,conclusion",
    judge: str | Sequence[str] = "openai/gpt-4o-mini",
    *,
    api_base: str | None = None,
    sandbox: str = "docker",
    task_field: str | None = None,
    budget_usd: float | None = None,
    work_dir: str | Path | None = None,
) -> Scorer:
    """Grade each sample with expgrade against its task in `tasks` (a TASKS.jsonl).

    `subtasks`: comma-separated or a list; `judge`: one model or a panel (litellm names);
    `api_base`: the judges' endpoint; `sandbox`: where execution re-runs the code (docker or
    local); `task_field`: the metadata key holding the task id (as `--task-field`);
    `work_dir`: where the submission folders and grading logs are kept (default: a temp dir).
    """
    tasks_path = Path(tasks)
    known = load_tasks(tasks_path)
    names = subtasks if isinstance(subtasks, str) else ",".join(subtasks)
    models = (judge,) if isinstance(judge, str) else tuple(judge)
    settings = GradeSettings(
        tasks_dir=str(tasks_path.resolve().parent),
        subtasks=parse_subtasks(names),
        judge=JudgeSettings(JudgeConfig.panel(models, api_base=api_base, budget_usd=budget_usd))
        if models
        else None,
        sandbox=sandbox,
    )
    root = Path(work_dir) if work_dir is not None else Path(tempfile.mkdtemp(prefix="expgrade-inspect-"))
    # The work folder is this scorer's own: an earlier run's folders are replaced, its finished
    # gradings (results.jsonl, append-only) reused, so a re-run resumes instead of failing.
    writer = SubmissionWriter(
        root / "submissions", "inspect", overrides=Overrides(), task_ids=set(known), replace=True
    )
    root.mkdir(parents=True, exist_ok=True)
    store = ResultsStore.open(root)
    done = {result_key(r.task_id, r.submission_id): r for r in read_results(root)} if store.finished else {}

    async def grade(state: TaskState) -> Score:
        record = f"sample {state.sample_id}, epoch {state.epoch}"
        try:
            task_id, task_from = task_id_of(
                state.metadata, state.sample_id, task_field, file=None, record=record
            )
        except UserError as exc:
            return unscored(str(exc))
        if task_id not in known:
            return unscored(f"task id '{task_id}' (from {task_from}) is not in {tasks_path}", task_id=task_id)
        agent, agent_from, defaults = _agent()
        # The sample as the importer reads one from a log, through the same mapping (`SAMPLE`),
        # but the patch first from the agent's own sandbox.
        sample: dict[str, Any] = {
            "id": state.sample_id,
            "epoch": state.epoch,
            "metadata": state.metadata,
            "store": dict(state.store.items()),
            "messages": [m.model_dump(mode="json") for m in state.messages],
            "output": {"completion": state.output.completion},
            "@agent": Derived(agent, agent_from),
        }
        if diff := await _sandbox_diff():
            sample["@sandbox_patch"] = Derived(diff, "agent sandbox (git diff at scoring time)")
        ctx = Context(sample, {"eval": {"model": str(state.model)}})
        try:
            [harness] = to_record(
                SAMPLE,
                ctx,
                file=Path("inspect"),
                record=record,
                options=HarnessOptions(task_field=task_field),
            )
        except UserError as exc:
            return unscored(str(exc))
        harness.fields["agent_model"] = "state.model"
        harness.defaults = defaults
        harness.extra = {"inspect": {"sample_id": state.sample_id, "epoch": state.epoch}}
        [folder] = writer.write_file(Path(f"inspect sample {state.sample_id}"), [harness]).written
        key = result_key(task_id, folder.name)
        if key in done:
            result = score_of(done[key])
            assert result.metadata is not None
            result.metadata["resumed"] = True
        else:
            loaded = load_native(folder)
            logs = RunFolder(root).submission_logs(folder.name)
            logs.root.mkdir(parents=True, exist_ok=True)
            outcome = await asyncio.to_thread(
                grade_submission, known[task_id], loaded, settings, gpu_ids=[], logs=logs
            )
            logs.grading_log.write_text("\n".join(outcome.log) + "\n", encoding="utf-8")
            store.append(outcome.record)
            done[key] = outcome.record
            result = score_of(outcome.record)
        result.answer = harness.conclusion
        assert result.metadata is not None
        result.metadata["submission"] = str(folder)
        return result

    async def score(state: TaskState, target: Target) -> Score:
        try:
            return await grade(state)
        except Exception as exc:  # under Inspect's fail_on_error one raise cancels the eval
            return unscored(f"the scorer failed ({type(exc).__name__}: {exc})")

    return score
