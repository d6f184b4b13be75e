"""Turning graded runs, label tables and raw tasks + submissions into annotation items.

One item per submission × subtask × criterion, the unit calibration compares judges and
humans on; its key is `task/submission/subtask/criterion`, the item id `expgrade labels`
gives the judge rows of the same unit, so judge and human labels join without a mapping.
What an item shows is frozen into its `content` (and hashed) at load time, so an annotator
labels exactly what the export's provenance says they saw, even if the files change later.
"""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from expgrade.annotation_app.failure_items import failure_specs
from expgrade.annotation_app.masking import commit_identities, identity_of, mask_identity, mask_value
from expgrade.annotation_app.queueing import (
    INJECTION_PRIORITY,
    Unit,
    draw,
    inclusion_probabilities,
    judge_priority,
)
from expgrade.annotation_app.store import ItemSpec
from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.graders.inputs import gather, repo_path
from expgrade.grading.graders.judged import reference_source
from expgrade.grading.items import INCLUSION_KEY, is_judged, item_id, result_item_key
from expgrade.grading.jsonl import iter_json_lines, load_json, read_models
from expgrade.grading.judge.types import PROMPT_INJECTION
from expgrade.grading.labels_io import read_located_label_rows
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import CriterionItem, LabelRow, ResultRecord, Task
from expgrade.grading.schemas.submission import SUBMISSION_FILE
from expgrade.grading.submission_reader import LoadedSubmission, scan_submissions
from expgrade.grading.subtasks import JUDGED_SUBTASKS, judged_results


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


@dataclass(frozen=True)
class Shown:
    """The allow-list of one subtask: what its judge is given, so all its annotators are shown.

    Read off the requests `expgrade.grading.graders.judged` builds for the subtask's judge:
    task fields (`question`, `method`), ground-truth parts and the agent's artefacts. Anything
    not named here (run logs with the verdicts, hidden-test output, execution status, the
    agent's and the submission's names) never reaches an item.
    """

    task: tuple[str, ...]
    ground_truth: tuple[str, ...]
    artifact: tuple[str, ...]


SHOWN: dict[str, Shown] = {
    # grade_design: question, method, reference (the task's design), response (the agent's design)
    "design": Shown(("question", "method"), ("design",), ("design",)),
    # grade_implementation: question, method, requirements + reference source, the diff
    "implementation": Shown(("question", "method"), ("requirements", "reference"), ("diff",)),
    # grade_conclusion: question, reference (expected outcome), response, results (measured, else claimed)
    "conclusion": Shown(("question",), ("expected_outcome",), ("conclusion", "results")),
    # judge_integrity: question, the agent's log
    "integrity": Shown(("question",), (), ("log",)),
}


@dataclass(frozen=True)
class AgentWork:
    """One submission's artefacts as its judges read them (`gather`), then masked (`masked`)
    with the names of the whole load, so no agent's name shows in another's items either."""

    design: str | None
    diff: str | None
    log: str | None
    conclusion: str | None
    #: the numbers the conclusion judge is given: {"measured": ...} or, when nothing ran, {"claimed": ...}
    results: dict[str, Any] | None
    #: the names this submission is known by: its agent, model and folder, its commits' authors
    names: tuple[tuple[str | None, str], ...]

    @classmethod
    def of(
        cls, task: Task, loaded: LoadedSubmission, tasks_dir: Path, measured: dict[str, Any] | None
    ) -> AgentWork:
        inputs = gather(task, loaded, tasks_dir)
        record = inputs.submission
        claimed = record.claimed_results
        results = {"measured": measured} if measured else ({"claimed": claimed} if claimed else None)
        names = (
            *identity_of(record.agent, record.agent_model, loaded.submission_id),
            *commit_identities(inputs.diff),
            *commit_identities(inputs.log),
        )
        return cls(_text(record.design), inputs.diff, inputs.log, record.conclusion, results, names)

    def masked(self, names: list[tuple[str | None, str]]) -> AgentWork:
        def mask(text: str | None) -> str | None:
            return None if text is None else mask_identity(text, names)

        return AgentWork(
            mask(self.design),
            mask(self.diff),
            mask(self.log),
            mask(self.conclusion),
            mask_value(self.results, names),
            self.names,
        )


def project_names(
    works: Iterable[AgentWork], recorded: Iterable[Iterable[tuple[str | None, str]]] = ()
) -> list[tuple[str | None, str]]:
    """Every name of every submission of a load (and the names its run `recorded`), in a stable
    order: what each item is masked for (an agent's log that names another agent of the project
    unblinds as much as its own name)."""
    every = [*(work.names for work in works), *recorded]
    return list(dict.fromkeys(name for names in every for name in names if name[0]))


def masked_judges(judges: dict[str, Any], names: list[tuple[str | None, str]]) -> dict[str, Any]:
    """The judge side with every rationale masked: an annotator reads them after the submit (the
    reveal) and an adjudicator before deciding, and a judge quoting the agent's log names it."""

    def masked(verdict: Any) -> Any:
        if isinstance(verdict, dict) and isinstance(verdict.get("rationale"), str):
            return {**verdict, "rationale": mask_identity(verdict["rationale"], names)}
        return verdict

    out = masked(judges)
    panel = out.get("judge")
    if isinstance(panel, list):
        out["judge"] = [masked(v) for v in panel]
    elif isinstance(panel, dict):
        out["judge"] = {k: masked(v) for k, v in panel.items()}
    return out  # type: ignore[no-any-return]


def read_submissions(root: Path) -> dict[str, LoadedSubmission]:
    """Every submission under `root` (any format `scan_submissions` knows), located.

    A folder the scanner rejects stops the load with all its problems listed: an item built
    from half a submission would show annotators less than the judges saw.
    """
    scan = scan_submissions(root)
    if scan.problems:
        raise UserError("; ".join(str(p) for p in scan.problems), file=root)
    return {loaded.submission_id: loaded for loaded in scan.submissions}


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, indent=2, ensure_ascii=False)


def ground_truth(task: Task, subtask: str, tasks_dir: Path | None) -> dict[str, Any]:
    """The ground truth the judge of `subtask` is given (and nothing about the judges)."""
    shown = SHOWN[subtask].ground_truth
    truth = {
        "design": (lambda: task.design.model_dump(exclude={"extra"}) if task.design else None),
        "requirements": lambda: task.requirements,
        "reference": lambda: reference_source(task, repo_path(task, tasks_dir)) if tasks_dir else None,
        "expected_outcome": lambda: task.expected_outcome,
    }
    values = {name: truth[name]() for name in shown}
    return {name: value for name, value in values.items() if value not in (None, "", [], {})}


def _content(
    task: Task, subtask: str, crit: Criterion, work: AgentWork, tasks_dir: Path | None
) -> dict[str, Any]:
    """What an annotator of this criterion is shown: exactly the allow-list `SHOWN` names."""
    if subtask not in SHOWN:
        raise UserError(
            f"the annotation app does not know what the '{subtask}' judge is shown", field="subtask"
        )
    shown = SHOWN[subtask]
    artifact = {name: getattr(work, name) for name in shown.artifact}
    return {
        "task_id": task.id,
        "subtask": subtask,
        "criterion": {"id": crit.id, "text": crit.text, "guidelines": crit.guidelines},
        **{name: getattr(task, name) for name in shown.task},
        "ground_truth": ground_truth(task, subtask, tasks_dir),
        "artifact": {name: value for name, value in artifact.items() if value not in (None, "", {})},
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


def _judges_of(item: CriterionItem, names: list[tuple[str | None, str]]) -> tuple[dict[str, Any], float]:
    """The judge side of an item (hidden until the annotator submits), rationales masked, and
    its queue priority."""
    judges = {"verdict": item.verdict, "rationale": item.rationale, "judge": item.judge, "flags": item.flags}
    return masked_judges(judges, names), priority_of(judge_votes(judges)) + injection_boost(item.flags)


def injection_boost(flags: Iterable[str]) -> float:
    """What a prompt_injection flag adds to an item's priority: flagged items are queued first."""
    return INJECTION_PRIORITY if PROMPT_INJECTION in flags else 0.0


def _read_tasks(path: Path) -> dict[str, Task]:
    return {t.id: t for t in read_models(path, Task)}


def _manifest_path(run_dir: Path, manifest: dict[str, Any], key: str) -> Path | None:
    value = manifest.get(key)
    if not isinstance(value, str):
        return None
    path = Path(value)
    return path if path.is_absolute() else (run_dir / path)


def _needed(path: Path | None, what: str, option: str, manifest: Path) -> Path:
    """The run's tasks file or submissions folder, or an error saying how to give it.

    Without them an item would show the annotator none of what its judge read.
    """
    if path is not None and (path.is_dir() if option == "--submissions" else path.is_file()):
        return path
    where = f"'{path}' (from {manifest.name}) is not there" if path else f"{manifest.name} does not name it"
    raise UserError(
        f"the run's {what} is needed to show annotators what the judges read: {where}; give {option}"
    )


def _results(path: Path) -> list[tuple[int, ResultRecord]]:
    """The run's result records with their line numbers; a duplicate submission stops the load.

    A grade run writes each submission's record once, so a second record for one is a file
    edited or concatenated by hand, and which of the two to label is not ours to guess.
    """
    seen: dict[tuple[str, str, int], int] = {}
    records = []
    for line, obj in iter_json_lines(path):
        try:
            record = ResultRecord.model_validate(obj)
        except ValidationError as exc:
            raise UserError(describe_validation_error(exc), file=path, record=f"line {line}") from None
        key = (record.task_id, record.submission_id, record.attempt)
        if key in seen:
            raise UserError(
                f"a second record for submission '{record.submission_id}' (task '{record.task_id}', "
                f"attempt {record.attempt}), first at line {seen[key]}; keep one of the two lines "
                "(or grade again into a fresh --out folder) and load again",
                file=path,
                record=f"line {line}",
            )
        seen[key] = line
        records.append((line, record))
    return records


def load_run(
    run_dir: Path,
    *,
    tasks: Path | None = None,
    submissions: Path | None = None,
    failure_modes: bool = False,
    only_failure_modes: bool = False,
) -> list[ItemSpec]:
    """Items from a graded run: every judged criterion of every result record, and with
    `failure_modes` each failed run's failure-mode item too; `only_failure_modes` loads those
    alone (a project to calibrate the failure classifier, masked for the whole run's names).

    The task and the submission come from `--tasks` / `--submissions` when given, else from
    the paths the run's manifest recorded, and each item shows what `SHOWN` allows for its
    subtask, read the way its judge read it.
    """
    folder = RunFolder(run_dir)
    results_path = folder.results
    if not results_path.is_file():
        raise UserError(f"not a graded run: no {results_path.name}", file=run_dir)
    manifest_file = folder.manifest
    manifest = load_json(manifest_file) if manifest_file.is_file() else {}
    if not isinstance(manifest, dict):
        raise UserError("expected a JSON object", file=manifest_file)
    tasks = _needed(
        tasks or _manifest_path(run_dir, manifest, "tasks_file"), "tasks file", "--tasks", manifest_file
    )
    submissions = _needed(
        submissions or _manifest_path(run_dir, manifest, "submissions_dir"),
        "submissions folder",
        "--submissions",
        manifest_file,
    )
    task_map = _read_tasks(tasks)
    located = read_submissions(submissions)
    graded: list[tuple[ResultRecord, Task, AgentWork]] = []
    for line, record in _results(results_path):
        where = f"line {line}"
        task = task_map.get(record.task_id)
        if task is None:
            raise UserError(
                f"task '{record.task_id}' is not in {tasks}", file=results_path, record=where, field="task_id"
            )
        loaded = located.get(record.submission_id)
        if loaded is None:
            raise UserError(
                f"submission '{record.submission_id}' is not in {submissions}",
                file=results_path,
                record=where,
                field="submission_id",
            )
        execution = record.subtasks.execution
        work = AgentWork.of(task, loaded, tasks.parent, execution.measured_results if execution else None)
        graded.append((record, task, work))
    # the run's records name the agent and model too (a record may say what submission.json does not)
    recorded = [identity_of(r.agent, r.agent_model, r.submission_id) for r, _, _ in graded]
    names = project_names([work for *_, work in graded], recorded)
    specs: list[ItemSpec] = []
    for record, task, raw in [] if only_failure_modes else graded:
        work = raw.masked(names)
        for subtask, graded_subtask in judged_results(record.subtasks):
            for item in graded_subtask.items:
                if not is_judged(item):
                    continue  # a program's check (unit tests, integrity scans), not a judge to calibrate
                key = result_item_key(record, subtask, item)
                crit = _criterion(subtask, item.criterion, key.criterion_id.split(":", 1)[0])
                judges, priority = _judges_of(item, names)
                content = _content(task, subtask, crit, work, tasks.parent)
                sent = diff_sent(item, names)
                if sent and "diff" in content["artifact"]:
                    content["artifact"]["diff_sent"] = sent
                specs.append(
                    _spec(
                        key.id,
                        key.criterion_id,
                        record.submission_id,
                        record.agent,
                        record.agent_model,
                        crit,
                        content,
                        judges,
                        priority,
                    )
                )
    # `failure_modes`: the failure-mode items of the runs that did not pass (docs/failures.md), a
    # project of their own to calibrate the failure classifier, not mixed into a pass/fail one
    wanted = failure_modes or only_failure_modes
    failures = failure_specs(run_dir, task_map, located, load_names=names) if wanted else []
    return specs + failures


def diff_sent(item: CriterionItem, names: list[tuple[str | None, str]]) -> dict[str, Any] | None:
    """Which parts of a long diff the judge was sent for this criterion (the grader's evidence),
    so the annotator, shown the whole diff, knows what its judge did not read."""
    evidence = item.evidence or {}
    files = evidence.get("diff_files_sent")
    if not isinstance(files, list):
        return None
    return {
        "files": [mask_identity(str(f), names) for f in files],
        "pieces": str(evidence.get("diff_pieces_sent") or ""),
    }


def _spec(
    item_key: str,
    criterion: str,
    submission_id: str,
    agent: str | None,
    agent_model: str | None,
    crit: Criterion,
    content: dict[str, Any],
    judges: dict[str, Any],
    priority: float,
) -> ItemSpec:
    return ItemSpec(
        item_key=item_key,
        scale=crit.scale,
        content=content,
        task_id=content["task_id"],
        submission_id=submission_id,
        agent=agent,
        agent_model=agent_model,
        subtask=content["subtask"],
        criterion=criterion,
        rubric_version=crit.rubric_version,
        judges=judges,
        priority=priority,
    )


def load_tasks_submissions(tasks: Path, submissions: Path) -> list[ItemSpec]:
    """Items for submissions nobody has graded yet: one per rubric criterion of each subtask
    whose artifact the submission has (a design, a diff, a conclusion, an agent log)."""
    task_map = _read_tasks(tasks)
    found: list[tuple[str, LoadedSubmission, Task, AgentWork]] = []
    for sub_id, loaded in read_submissions(submissions).items():
        task = task_map.get(loaded.submission.task_id)
        if task is None:
            raise UserError(
                f"task '{loaded.submission.task_id}' is not in {tasks}",
                file=submissions / sub_id / SUBMISSION_FILE,
                field="task_id",
            )
        found.append((sub_id, loaded, task, AgentWork.of(task, loaded, tasks.parent, None)))
    names = project_names(work for *_, work in found)
    specs: list[ItemSpec] = []
    for sub_id, loaded, task, raw in found:
        work = raw.masked(names)
        for subtask in JUDGED_SUBTASKS:
            if not getattr(work, SHOWN[subtask].artifact[0]):
                continue  # the agent gave nothing for this subtask's judge to read
            for crit in rubric_criteria(subtask):
                specs.append(
                    _spec(
                        item_id(task.id, sub_id, subtask, crit.id),
                        crit.id,
                        sub_id,
                        loaded.submission.agent,
                        loaded.submission.agent_model,
                        crit,
                        _content(task, subtask, crit, work, tasks.parent),
                        {},
                        0.0,
                    )
                )
    return specs


def _check_rows(path: Path, located: list[tuple[str, LabelRow]]) -> None:
    """Two rows of one rater on one item (and presentation order) stop the load.

    Equal rows are a table appended twice; different ones are contradictory votes, and the
    queue's priority and the agreement figures would count one judge twice or pick one.
    """
    seen: dict[tuple[str, str, str | None], tuple[str, LabelRow]] = {}
    for where, row in located:
        key = (row.item_id, row.rater, row.order)
        if key not in seen:
            seen[key] = (where, row)
            continue
        first_where, first = seen[key]
        same = (first.label, first.score, first.status) == (row.label, row.score, row.status)
        what = "repeats" if same else f"contradicts ({_vote(first)} there, {_vote(row)} here)"
        raise UserError(
            f"rater '{row.rater}' on item '{row.item_id}' {what} the row at {first_where}; "
            "a rater gives one verdict per item: fix the table (keep one row) and load again",
            file=path,
            record=where,
        )


def editor_lines(path: Path, located: list[tuple[str, LabelRow]]) -> list[tuple[str, LabelRow]]:
    """A CSV table's rows named by the line an editor shows (`line 3`: the header is line 1, a
    quoted cell may span lines, blank lines are skipped) instead of their count among the data
    rows; other formats, or a table whose records do not line up with the rows read, as given."""
    if path.suffix.lower() != ".csv":
        return located
    starts: list[int] = []
    with path.open(newline="", encoding="utf-8", errors="replace") as f:
        reader = csv.reader(f)
        next(reader, None)  # the header
        before = reader.line_num
        for record in reader:
            if record:
                starts.append(before + 1)
            before = reader.line_num
    if len(starts) != len(located):
        return located
    return [(f"line {line}", row) for line, (_, row) in zip(starts, located, strict=True)]


def _vote(row: LabelRow) -> str:
    return row.label or (f"score {row.score}" if row.score is not None else row.status)


def load_labels(path: Path) -> list[ItemSpec]:
    """Items from a label table: one per item_id; its judge rows become the hidden verdicts.

    The shown content is what the rows carry: grouping fields and the fields `expgrade judge`
    items give their judge (`question`, `reference`, `response`), nothing else of `extra`.
    """
    located = editor_lines(path, read_located_label_rows(path))
    _check_rows(path, located)
    by_item: dict[str, list[LabelRow]] = defaultdict(list)
    for _, row in located:
        by_item[row.item_id].append(row)
    names = list(
        dict.fromkeys(n for _, row in located for n in identity_of(None, row.agent_model, row.submission_id))
    )
    specs: list[ItemSpec] = []
    for key, group in by_item.items():
        first = group[0]
        judge_rows = [r for r in group if r.rater_kind == "judge"]
        labels = {r.label for r in group if r.label is not None}
        scale = ["pass", "fail"] if labels <= {"pass", "fail"} else sorted(labels)
        extra = {k: v for r in group for k, v in r.extra.items()}
        response = _text(extra.get("response"))
        content = {
            "task_id": first.task_id,
            "question": _text(extra.get("question")),
            "subtask": first.subtask,
            "criterion": {"id": first.criterion, "text": first.criterion or "", "guidelines": ""},
            "ground_truth": {"reference": extra.get("reference")} if "reference" in extra else {},
            "artifact": {"response": mask_identity(response, names) if response else response},
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
