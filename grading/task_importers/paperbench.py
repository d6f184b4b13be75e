"""PaperBench rubric trees as Tasks, and human-graded JudgeEval trees as gold label rows.

A rubric (`rubric.json`) becomes one task `paperbench/<paper>` carrying the whole tree under
`rubric` (ids, requirements, weights, task_category per leaf; `finegrained_task_category`
stays on each node's `extra`). The paper is the folder name for upstream's
`papers/<paper>/rubric.json`, else the file name without `.json`.

A JudgeEval `expected_result.json` is the same tree with a human `score` per node; each leaf
becomes one label row (docs/formats.md §5): `item_id` = `paperbench/<paper>/<leaf id>` (the same id a
judge grading that rubric leaf should use, so the two can be joined), `rater_kind` human,
`label` pass (score 1) / fail (score 0), `criterion` the leaf requirement, `subtask` its
task_category. A leaf marked `valid_score: false` becomes an unscorable row, never pass or fail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.schemas import LabelRow, RubricNode, Task, TaskSource
from expgrade.grading.task_importers.common import Importer, parse_raw

#: Who graded JudgeEval: PaperBench's authors, not named per leaf.
GOLD_RATER = "paperbench-judgeeval-human"


def paper_of(path: Path, generic_name: str) -> str:
    """Upstream names the file generically inside a per-paper folder; copies name it after the paper.

    `papers/<paper>/rubric.json` and `judge_eval/<paper>/0/grading/expected_result.json` give
    `<paper>`; `<paper>.json` and `<paper>.expected_result.json` likewise.
    """
    if path.name == generic_name:
        parts = path.resolve().parts
        if generic_name == "expected_result.json" and len(parts) >= 4 and parts[-2] == "grading":
            return parts[-4]
        return path.resolve().parent.name
    return path.name.removesuffix(".json").removesuffix("." + generic_name.removesuffix(".json"))


def _tree(path: Path) -> RubricNode:
    data = load_json(path)
    if not isinstance(data, dict):
        raise UserError(f"expected a rubric tree (a JSON object), found {type(data).__name__}", file=path)
    return parse_raw(RubricNode, data, file=path, record="rubric tree")


def load(path: Path) -> list[Task]:
    tree = _tree(path)
    paper = paper_of(path, "rubric.json")
    return [
        Task(
            id=f"paperbench/{paper}",
            source=TaskSource.model_validate(
                {"benchmark": "paperbench", "paper_id": paper, "extra": {"file": path.name}}
            ),
            question=tree.requirements,
            rubric=tree,
        )
    ]


def tags(task: Task) -> list[str]:
    leaves = task.rubric.leaves() if task.rubric else []
    return [f"leaves: {c}" for c in (leaf.task_category or "uncategorised" for leaf in leaves)]


IMPORTER = Importer(
    name="paperbench",
    patterns=("rubric.json",),
    load=load,
    kinds=("leaves: Code Development", "leaves: Code Execution", "leaves: Result Analysis"),
    tags=tags,
)


class GradedNode(BaseModel):
    """A node of a graded PaperBench tree: the rubric node plus its score."""

    model_config = ConfigDict(extra="allow")

    id: str
    requirements: str
    weight: float = 1.0
    score: float | None = None
    valid_score: bool = True
    task_category: str | None = None
    explanation: str | None = None
    sub_tasks: list[GradedNode] = Field(default_factory=list)


def gold_labels(path: Path) -> list[LabelRow]:
    """One human label row per leaf of a JudgeEval `expected_result.json`."""
    data = load_json(path)
    if not isinstance(data, dict):
        raise UserError(
            f"expected a graded rubric tree (a JSON object), found {type(data).__name__}", file=path
        )
    root = parse_raw(GradedNode, data, file=path, record="graded tree")
    paper = paper_of(path, "expected_result.json")
    return [_label(leaf, paper, path) for leaf in _leaves(root)]


def _leaves(node: GradedNode) -> list[GradedNode]:
    return [node] if not node.sub_tasks else [leaf for c in node.sub_tasks for leaf in _leaves(c)]


def _label(leaf: GradedNode, paper: str, path: Path) -> LabelRow:
    common: dict[str, Any] = {
        "item_id": f"paperbench/{paper}/{leaf.id}",
        "rater": GOLD_RATER,
        "rater_kind": "human",
        "subtask": leaf.task_category,
        "criterion": leaf.requirements,
        "task_id": f"paperbench/{paper}",
        "extra": {"leaf_id": leaf.id, "weight": leaf.weight, "explanation": leaf.explanation},
    }
    if not leaf.valid_score or leaf.score is None:
        return LabelRow.model_validate(
            {**common, "status": "unscorable", "reason": "PaperBench marks this leaf's score invalid"}
        )
    if leaf.score not in (0.0, 1.0):
        raise UserError(
            f"leaf score {leaf.score} is not binary (0 or 1)",
            file=path,
            record=f"leaf {leaf.id}",
            field="score",
        )
    return LabelRow.model_validate(
        {**common, "label": "pass" if leaf.score == 1.0 else "fail", "score": leaf.score}
    )
