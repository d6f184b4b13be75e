"""Turning graded runs, label tables and raw tasks + submissions into annotation items.

One item per submission × subtask × criterion, the unit calibration compares judges and
humans on; its key is `task/submission/subtask/criterion`, the item id `expgrade labels`
gives the judge rows of the same unit, so judge and human labels join without a mapping.
What an item shows is frozen into its `content` (and hashed) at load time, so an annotator
labels exactly what the export's provenance says they saw, even if the files change later.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from expgrade.annotation_app.queueing import (
    INJECTION_PRIORITY,
    Unit,
    draw,
    inclusion_probabilities,
    judge_priority,
)
from expgrade.annotation_app.store import ItemSpec
from expgrade.grading.errors import UserError
from expgrade.grading.items import INCLUSION_KEY, is_judged, item_id, result_item_key
from expgrade.grading.jsonl import load_json, read_models, read_text
from expgrade.grading.judge.types import PROMPT_INJECTION
from expgrade.grading.labels_io import read_label_rows
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.safepath import check_inside
from expgrade.grading.schemas import CriterionItem, ResultRecord, Submission, Task
from expgrade.grading.schemas.submission import DEFAULT_ARTIFACTS, SUBMISSION_FILE
from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.subtasks import JUDGED_SUBTASKS, judged_results

LOG_LINES = 200  # lines kept from each end of a log: the start says what ran, the end how it ended


@dataclass(frozen=True)
class Criterion:
    id: str
    text: str
    guidelines: str
    scale: list[str]
    rubric_version: str | None


def rubric_criteria(subtask: str) -> list[Criterion]:
    """The shipped rubric's criteria for a subtask (one 'overall' criterion when it has none)."""
    from expgrade.grading.judge.rubrics import load_rubric

    rubric = load_rubric(subtask)
    descriptions = "\n".join(f"- {label}: {text}" for label, text in rubric.verdict.descriptions.items())
    guidelines = rubric.instructions.strip() + (f"\n\nVerdicts:\n{descriptions}" if descriptions else "")
    version = f"{rubric.id}@{rubric.version}#{rubric.digest}"
    scale = (
        list(reversed(rubric.verdict.labels))
        if rubric.verdict.type == "binary"
        else list(rubric.verdict.labels)
    )
    criteria = rubric.criteria or []
    if not criteria:
        return [Criterion("overall", rubric.description.strip() or rubric.title, guidelines, scale, version)]
    return [Criterion(c.id, c.text, guidelines, scale, version) for c in criteria]


def _criterion(subtask: str, name: str, hint: str) -> Criterion:
    """The rubric criterion behind a run's item, matched by id (`hint`, from the item id) or text.

    The annotator sees the run's own criterion text (often more specific, e.g. one design
    variable), with the rubric criterion it instantiates at the top of the guidelines.
    """
    try:
        known = rubric_criteria(subtask)
    except UserError:
        known = []
    for c in known:
        if hint == c.id or name in (c.id, c.text):
            text = c.text if name == c.id else name
            guidelines = c.guidelines if text == c.text else f"Rubric criterion: {c.text}\n\n{c.guidelines}"
            return Criterion(c.id, text, guidelines, c.scale, c.rubric_version)
    base = known[0] if known else None
    return Criterion(
        name,
        name,
        base.guidelines if base else "",
        base.scale if base else ["pass", "fail"],
        base.rubric_version if base else None,
    )


def head_tail(text: str, lines: int = LOG_LINES) -> dict[str, Any]:
    """The first and last `lines` lines of a log and how many were left out between them."""
    all_lines = text.splitlines()
    if len(all_lines) <= 2 * lines:
        return {"head": text, "tail": "", "omitted": 0}
    return {
        "head": "\n".join(all_lines[:lines]),
        "tail": "\n".join(all_lines[-lines:]),
        "omitted": len(all_lines) - 2 * lines,
    }


@dataclass
class SubmissionFiles:
    """A submission read for display: its record, diff and logs."""

    submission_id: str
    record: Submission
    diff: str | None
    logs: dict[str, str]


def read_submissions(root: Path) -> dict[str, SubmissionFiles]:
    """Every submission under `root` (any format `scan_submissions` knows), read for display.

    A folder the scanner rejects stops the load with all its problems listed: an item built
    from half a submission would show annotators less than the judges saw.
    """
    scan = scan_submissions(root)
    if scan.problems:
        raise UserError("; ".join(str(p) for p in scan.problems), file=root)
    return {
        loaded.submission_id: SubmissionFiles(
            loaded.submission_id,
            loaded.submission,
            read_text(loaded.patch) if loaded.patch else None,
            {loaded.log.name: read_text(loaded.log)} if loaded.log else {},
        )
        for loaded in scan.submissions
    }


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, indent=2, ensure_ascii=False)


def ground_truth(task: Task | None, subtask: str) -> dict[str, Any]:
    """What the annotator needs to judge this subtask against (and nothing about the judges)."""
    if task is None:
        return {}
    if subtask == "design":
        return {"design": task.design.model_dump(exclude={"extra"}) if task.design else None}
    if subtask == "implementation":
        return {
            "requirements": task.requirements,
            "masked": [m.model_dump(exclude={"extra"}) for m in task.masked or []] or None,
        }
    if subtask == "conclusion":
        return {"expected_outcome": task.expected_outcome}
    return {}


def _content(
    task: Task | None,
    task_id: str,
    sub: SubmissionFiles | None,
    subtask: str,
    crit: Criterion,
    execution: dict[str, Any] | None,
    extra_logs: dict[str, str],
) -> dict[str, Any]:
    record = sub.record if sub else None
    logs = {**(sub.logs if sub else {}), **extra_logs}
    return {
        "task_id": task_id,
        "question": task.question if task else None,
        "method": task.method if task else None,
        "subtask": subtask,
        "criterion": {"id": crit.id, "text": crit.text, "guidelines": crit.guidelines},
        "ground_truth": ground_truth(task, subtask),
        "artifact": {
            "design": _text(record.design) if record else None,
            "diff": sub.diff if sub else None,
            "logs": {name: head_tail(text) for name, text in sorted(logs.items())},
            "results": execution
            or {
                "expected": task.expected_results if task else None,
                "claimed": record.claimed_results if record else None,
            },
            "conclusion": record.conclusion if record else None,
        },
    }


@dataclass(frozen=True)
class Vote:
    rater: str
    label: str | None  # None: this judge found the item unscorable
    confidence: float | None
    record: dict[
        str, Any
    ]  # the verdict as its source recorded it (`expgrade.grading.items.label_row` reads it)


def judge_votes(judges: dict[str, Any]) -> list[Vote]:
    """Each judge's verdict on an item, from whichever shape its source recorded.

    Runs record a list of per-judge dicts (`item_id`, `rater`, `label`, `status`,
    `confidence`, ...); older or hand-written runs a {judge: verdict} mapping or one verdict;
    label tables the judge rows (`verdicts`).
    """

    def conf(value: Any) -> float | None:
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

    if "verdicts" in judges:
        return [
            Vote(str(v.get("rater")), v.get("label"), conf(v.get("confidence")), dict(v))
            for v in judges["verdicts"]
        ]
    panel = judges.get("judge")
    if isinstance(panel, list) and panel:
        return [
            Vote(
                str(v.get("rater") or f"judge-{i + 1}"),
                (v.get("label") or v.get("verdict")) if v.get("status", "graded") == "graded" else None,
                conf(v.get("confidence")),
                {"rater": f"judge-{i + 1}", **v},
            )
            for i, v in enumerate(panel)
            if isinstance(v, dict)
        ]
    if isinstance(panel, dict) and panel:
        return [
            Vote(
                str(name),
                v.get("verdict") if isinstance(v, dict) else v,
                conf(v.get("confidence")) if isinstance(v, dict) else None,
                {**(v if isinstance(v, dict) else {"verdict": v}), "rater": str(name)},
            )
            for name, v in panel.items()
        ]
    if "verdict" in judges:
        rater = panel if isinstance(panel, str) and panel else "judge"
        return [Vote(rater, judges["verdict"], None, {"rater": rater, "verdict": judges["verdict"]})]
    return []


def priority_of(votes: list[Vote]) -> float:
    return judge_priority([v.label for v in votes], [v.confidence for v in votes if v.confidence is not None])


def _judges_of(item: CriterionItem) -> tuple[dict[str, Any], float]:
    """The judge side of an item (hidden until the annotator submits) and its queue priority."""
    judges = {"verdict": item.verdict, "rationale": item.rationale, "judge": item.judge, "flags": item.flags}
    return judges, priority_of(judge_votes(judges)) + injection_boost(item.flags)


def injection_boost(flags: Iterable[str]) -> float:
    """What a prompt_injection flag adds to an item's priority: flagged items are queued first."""
    return INJECTION_PRIORITY if PROMPT_INJECTION in flags else 0.0


def _read_tasks(path: Path | None) -> dict[str, Task]:
    return {t.id: t for t in read_models(path, Task)} if path else {}


def _run_logs(run_dir: Path, submission_id: str) -> dict[str, str]:
    """Logs the grader kept for a submission (`RUN_DIR/logs/<submission id>/...`)."""
    folder = RunFolder(run_dir).submission_logs(submission_id).root
    if not folder.is_dir():
        return {}
    return {
        str(p.relative_to(folder)): read_text(check_inside(folder, p))
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix in (".log", ".txt")
    }


def _manifest_path(run_dir: Path, manifest: dict[str, Any], key: str) -> Path | None:
    value = manifest.get(key)
    if not isinstance(value, str):
        return None
    path = Path(value)
    return path if path.is_absolute() else (run_dir / path)


def load_run(run_dir: Path, *, tasks: Path | None = None, submissions: Path | None = None) -> list[ItemSpec]:
    """Items from a graded run: every judged criterion of every result record.

    The task and submission contents come from `--tasks` / `--submissions` when given, else
    from the paths the run's manifest recorded; without them items still load, showing only
    what results.jsonl holds.
    """
    folder = RunFolder(run_dir)
    results_path = folder.results
    if not results_path.is_file():
        raise UserError(f"not a graded run: no {results_path.name}", file=run_dir)
    manifest_file = folder.manifest
    manifest = load_json(manifest_file) if manifest_file.is_file() else {}
    if not isinstance(manifest, dict):
        raise UserError("expected a JSON object", file=manifest_file)
    tasks = tasks or _manifest_path(run_dir, manifest, "tasks_file")
    submissions = submissions or _manifest_path(run_dir, manifest, "submissions_dir")
    task_map = _read_tasks(tasks if tasks and tasks.is_file() else None)
    subs = read_submissions(submissions) if submissions and submissions.is_dir() else {}
    specs: list[ItemSpec] = []
    for record in read_models(results_path, ResultRecord):
        task = task_map.get(record.task_id)
        sub = subs.get(record.submission_id)
        logs = _run_logs(run_dir, record.submission_id)
        execution = record.subtasks.execution
        table = (
            {
                "expected": execution.expected_results,
                "measured": execution.measured_results,
                "claimed": execution.claimed_results,
                "status": execution.status,
            }
            if execution
            else None
        )
        for subtask, graded in judged_results(record.subtasks):
            for item in graded.items:
                if not is_judged(item):
                    continue  # a program's check (unit tests, integrity scans), not a judge to calibrate
                key = result_item_key(record, subtask, item)
                crit = _criterion(subtask, item.criterion, key.criterion_id.split(":", 1)[0])
                judges, priority = _judges_of(item)
                content = _content(task, record.task_id, sub, subtask, crit, table, logs)
                specs.append(
                    _spec(
                        key.id,
                        key.criterion_id,
                        record.task_id,
                        record.submission_id,
                        record.agent,
                        record.agent_model,
                        subtask,
                        crit,
                        content,
                        judges,
                        priority,
                    )
                )
    return specs


def _spec(
    item_key: str,
    criterion: str,
    task_id: str,
    submission_id: str,
    agent: str | None,
    agent_model: str | None,
    subtask: str,
    crit: Criterion,
    content: dict[str, Any],
    judges: dict[str, Any],
    priority: float,
) -> ItemSpec:
    return ItemSpec(
        item_key=item_key,
        scale=crit.scale,
        content=content,
        task_id=task_id,
        submission_id=submission_id,
        agent=agent,
        agent_model=agent_model,
        subtask=subtask,
        criterion=criterion,
        rubric_version=crit.rubric_version,
        judges=judges,
        priority=priority,
    )


def load_tasks_submissions(tasks: Path, submissions: Path) -> list[ItemSpec]:
    """Items for submissions nobody has graded yet: one per rubric criterion of each subtask
    whose artifact the submission has (a design, a diff, a conclusion, an agent log)."""
    task_map = _read_tasks(tasks)
    specs: list[ItemSpec] = []
    for sub_id, sub in read_submissions(submissions).items():
        record = sub.record
        task = task_map.get(record.task_id)
        if task is None:
            raise UserError(
                f"task '{record.task_id}' is not in {tasks}",
                file=submissions / sub_id / SUBMISSION_FILE,
                field="task_id",
            )
        present = {
            "design": record.design is not None,
            "implementation": sub.diff is not None,
            "conclusion": record.conclusion is not None,
            "integrity": DEFAULT_ARTIFACTS["log"] in sub.logs,
        }
        for subtask in JUDGED_SUBTASKS:
            if not present.get(subtask, True):  # a subtask not listed reads the whole submission
                continue
            for crit in rubric_criteria(subtask):
                content = _content(task, task.id, sub, subtask, crit, None, {})
                specs.append(
                    _spec(
                        item_id(task.id, sub_id, subtask, crit.id),
                        crit.id,
                        task.id,
                        sub_id,
                        record.agent,
                        record.agent_model,
                        subtask,
                        crit,
                        content,
                        {},
                        0.0,
                    )
                )
    return specs


def load_labels(path: Path) -> list[ItemSpec]:
    """Items from a label table: one per item_id; its judge rows become the hidden verdicts.

    The shown content is what the rows carry: grouping fields and any extra fields
    (`question`, `reference`, `response` for `expgrade judge` items).
    """
    rows = read_label_rows(path)
    by_item: dict[str, list[Any]] = defaultdict(list)
    for row in rows:
        by_item[row.item_id].append(row)
    specs: list[ItemSpec] = []
    for key, group in by_item.items():
        first = group[0]
        judge_rows = [r for r in group if r.rater_kind == "judge"]
        labels = {r.label for r in group if r.label is not None}
        scale = ["pass", "fail"] if labels <= {"pass", "fail"} else sorted(labels)
        extra = {k: v for r in group for k, v in r.extra.items()}
        content = {
            "task_id": first.task_id,
            "question": _text(extra.get("question")),
            "method": None,
            "subtask": first.subtask,
            "criterion": {"id": first.criterion, "text": first.criterion or "", "guidelines": ""},
            "ground_truth": {"reference": extra.get("reference")} if "reference" in extra else {},
            "artifact": {"response": _text(extra.get("response"))},
        }
        judges = {
            "verdicts": [
                {"rater": r.rater, "label": r.label, "confidence": r.confidence, "status": r.status}
                for r in judge_rows
            ]
        }
        priority = priority_of(judge_votes(judges)) + injection_boost(f for r in judge_rows for f in r.flags)
        specs.append(
            ItemSpec(
                item_key=key,
                scale=scale,
                content=content,
                task_id=first.task_id,
                submission_id=first.submission_id,
                agent=None,
                agent_model=first.agent_model,
                subtask=first.subtask,
                criterion=first.criterion,
                judges=judges,
                priority=priority,
            )
        )
    return specs


def sample_budget(specs: list[ItemSpec], budget: int, seed: int) -> list[ItemSpec]:
    """An expected `budget` of the items, drawn with known probabilities (see `queueing`).

    Items are drawn per unit (one submission's subtask) so a drawn submission can be given a
    human verdict; each kept item records its unit's probability under the judges' side
    (`inclusion_probability`), from where gold export carries it to the report's weights.
    """
    units: dict[str, list[ItemSpec]] = defaultdict(list)
    for spec in specs:
        grouped = spec.task_id is not None and spec.submission_id is not None
        units[f"{spec.task_id}/{spec.submission_id}/{spec.subtask}" if grouped else spec.item_key].append(
            spec
        )
    probabilities = inclusion_probabilities(
        [
            Unit(key, (members[0].agent, members[0].subtask), len(members), max(m.priority for m in members))
            for key, members in units.items()
        ],
        budget,
    )
    drawn = draw(probabilities, seed)
    return [
        replace(spec, judges={**spec.judges, INCLUSION_KEY: drawn[key]})
        for key, members in units.items()
        if key in drawn
        for spec in members
    ]
