"""EXP-Bench task files (`<paper>_complete_final*.json`, `{"questions": [task, ...]}`) as Tasks.

Mapping (EXP-Bench field -> Task):
- `question`, `method`, `expected_outcome` -> same names; a structured (dict) `method` becomes
  its indented JSON text, the dict itself kept as `extra.method_structured`.
- `design_complexity` -> `design` (a doubly wrapped `{"design_complexity": {...}}`, as some
  files have, is unwrapped; absent or null -> `design: null`).
- `requirements` -> `requirements`; tasks with `no_answer` instead have `requirements: null`.
- `masked_source` -> `masked` (paths relative to the repo: EXP-Bench's `/workspace/` prefix,
  where its container mounts the repo, is dropped).
- `reference`: the paper's repo as it stands, `files` = `masked_source` or, without it,
  `source`: EXP-Bench clones the repo and deletes exactly those files before the agent starts
  (`evaluation/eval.py`), so the clone holds the original code. Tasks with neither have none.
  The task names no repo (EXP-Bench's files do not): give `repo` to run it.
- every other field -> `extra` verbatim; the file's paper-level keys (`main_takeaways`,
  `follow_up_work_ideas`) -> `extra.paper`.
- added: `extra.expbench_kind` (`masked_source` | `source-only` | `neither`) and
  `extra.missing_ground_truth` (e.g. `["requirements"]`), so graders can mark a subtask
  unscorable instead of guessing.

Ids are `expbench/<conference>/<paper>/<index>`: conference = the folder holding the file,
paper = the file name up to the first `_`, index = position in `questions`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.schemas import Design, MaskedSpan, ReferenceSpec, Task, TaskSource
from expgrade.grading.task_importers.common import Importer, parse_raw

#: Where EXP-Bench's container mounts the paper's repository.
WORKSPACE_PREFIX = "/workspace/"
KINDS = ("masked_source", "source-only", "neither", "no_answer")


class RawQuestion(BaseModel):
    """One EXP-Bench task as published; fields we do not map are allowed and kept."""

    model_config = ConfigDict(extra="allow")

    question: str
    method: str | dict[str, Any] | None = None
    expected_outcome: str | None = None
    design_complexity: dict[str, Any] | None = None
    requirements: list[str] | None = None
    masked_source: list[str] | None = None
    source: list[str] | None = None
    no_answer: str | None = None


class RawFile(BaseModel):
    model_config = ConfigDict(extra="allow")

    questions: list[dict[str, Any]]


_CONSUMED = {"question", "method", "expected_outcome", "design_complexity", "requirements", "masked_source"}


def paper_of(path: Path) -> str:
    """`18277_complete_final_sonnet37.json` -> `18277`."""
    return path.name.split("_", 1)[0].removesuffix(".json")


def load(path: Path) -> list[Task]:
    data = load_json(path)
    if not isinstance(data, dict):
        raise UserError(f"expected a JSON object with 'questions', found {type(data).__name__}", file=path)
    raw_file = parse_raw(RawFile, data, file=path)
    conference = path.resolve().parent.name
    paper = paper_of(path)
    paper_context = {k: v for k, v in data.items() if k != "questions"}
    tasks = []
    for i, item in enumerate(raw_file.questions):
        where = f"questions[{i}]"
        q = parse_raw(RawQuestion, item, file=path, record=where)
        tasks.append(_task(q, item, f"expbench/{conference}/{paper}/{i}", paper, conference, path, where))
        if paper_context:
            tasks[-1].extra["paper"] = paper_context
    return tasks


def _task(
    q: RawQuestion, item: dict[str, Any], task_id: str, paper: str, conference: str, path: Path, where: str
) -> Task:
    extra: dict[str, Any] = {k: v for k, v in item.items() if k not in _CONSUMED}
    method = q.method
    if isinstance(method, dict):
        extra["method_structured"] = method
        method = json.dumps(method, indent=2, ensure_ascii=False)
    if q.masked_source is not None:
        kind = "masked_source"
    elif q.source is not None:
        kind = "source-only"
    else:
        kind = "neither"
    extra["expbench_kind"] = kind
    design = _design(q.design_complexity, path, where)
    missing = [
        name for name, value in (("design", design), ("requirements", q.requirements)) if value is None
    ]
    if missing:
        extra["missing_ground_truth"] = missing
    masked = None
    if q.masked_source is not None:
        masked = [MaskedSpan(file=f.removeprefix(WORKSPACE_PREFIX)) for f in q.masked_source]
    originals = q.masked_source if q.masked_source is not None else q.source
    reference = (
        ReferenceSpec(files=[f.removeprefix(WORKSPACE_PREFIX) for f in originals]) if originals else None
    )
    return Task(
        id=task_id,
        source=TaskSource.model_validate(
            {
                "benchmark": "expbench",
                "paper_id": paper,
                "extra": {"conference": conference, "file": path.name},
            }
        ),
        question=q.question,
        method=method,
        design=design,
        requirements=q.requirements,
        expected_outcome=q.expected_outcome,
        masked=masked,
        reference=reference,
        extra=extra,
    )


def _design(raw: dict[str, Any] | None, path: Path, where: str) -> Design | None:
    if raw is None:
        return None
    if set(raw) == {"design_complexity"} and isinstance(raw["design_complexity"], dict):
        raw = raw["design_complexity"]
    return parse_raw(Design, raw, file=path, record=f"{where}, design_complexity")


def tags(task: Task) -> list[str]:
    out = [str(task.extra["expbench_kind"])]
    if "no_answer" in task.extra:
        out.append("no_answer")
    return out


IMPORTER = Importer(
    name="expbench",
    patterns=("*_complete_final*.json",),
    load=load,
    kinds=KINDS,
    tags=tags,
)
