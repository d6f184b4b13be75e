"""Failure-mode items: a failed run's cited steps, for people to name its failure mode.

One item per run that `failures analyze` looked at and that has a trajectory. It shows what the
failure judge reads (the same cited steps, with the step the classifier named added), in the
Log tab the page already has, masked like every other artefact; its scale is the taxonomy's
modes, and the classifier's verdict is the hidden judge side. The item id is the judge's request
id, so the gold export joins the failure classifier's verdicts directly (calibration/failures.py).
"""

from __future__ import annotations

from pathlib import Path

from expgrade.annotation_app.masking import identity_of, mask_identity
from expgrade.annotation_app.store import ItemSpec
from expgrade.calibration.failures import failure_item_id
from expgrade.grading.failures.judge import cited_steps, render_step
from expgrade.grading.failures.records import read_failures
from expgrade.grading.failures.taxonomy import Taxonomy, load_taxonomy
from expgrade.grading.schemas import Task
from expgrade.grading.submission_reader import LoadedSubmission
from expgrade.grading.trajectory import iter_steps, trajectory_path

SUBTASK = "failure_mode"
CRITERION = "primary_mode"


def _guidelines(taxonomy: Taxonomy) -> str:
    modes = "\n".join(f"- {m.id}: {m.title}. {m.description}" for m in taxonomy.modes)
    return (
        "Name the earliest cause this run never recovered from (an error fixed in a later step is "
        "not it); a fault of the harness, sandbox or provider is infrastructure.\n\nModes:\n" + modes
    )


def failure_specs(
    run_dir: Path,
    tasks: dict[str, Task],
    located: dict[str, LoadedSubmission],
    taxonomy: Taxonomy | None = None,
    load_names: list[tuple[str | None, str]] | None = None,
) -> list[ItemSpec]:
    """The run's failure-mode items (none when the analysis has not run on it), masked with the
    names of the whole load (`load_names`) like every other item, and with each run's own."""
    records = read_failures(run_dir)
    if not records:
        return []
    taxonomy = taxonomy or load_taxonomy()
    specs = []
    for r in records:
        loaded = located.get(r.submission_id)
        path = trajectory_path(loaded.root) if loaded is not None else None
        if path is None:
            continue  # nothing a person could read the mode off
        steps = list(iter_steps(path))
        shown = {s.index for s in cited_steps(steps)} | ({r.step} if r.step else set())
        names = [*(load_names or []), *identity_of(r.agent, r.agent_model, r.submission_id)]
        log = "\n\n".join(render_step(s) for s in steps if s.index in shown)
        task = tasks.get(r.task_id)
        judge = (
            r.judge.judge
            if r.judge is not None
            else f"detector:{r.findings[0].detector}"
            if r.findings
            else "classifier"
        )
        specs.append(
            ItemSpec(
                item_key=failure_item_id(r.task_id, r.submission_id),
                scale=taxonomy.ids,
                content={
                    "task_id": r.task_id,
                    "subtask": SUBTASK,
                    "criterion": {
                        "id": CRITERION,
                        "text": "Why did this run fail?",
                        "guidelines": _guidelines(taxonomy),
                    },
                    "question": task.question if task is not None else None,
                    "ground_truth": {},
                    "artifact": {"log": mask_identity(log, names)},
                },
                task_id=r.task_id,
                submission_id=r.submission_id,
                agent=r.agent,
                agent_model=r.agent_model,
                subtask=SUBTASK,
                criterion=CRITERION,
                rubric_version=r.taxonomy,
                judges={
                    "verdict": r.mode,
                    "rationale": mask_identity(
                        r.evidence or (r.judge.rationale if r.judge else "") or "", names
                    ),
                    "judge": judge,
                    "flags": [],
                },
                priority=0.5 if r.status != "classified" else 0.0,
            )
        )
    return specs
