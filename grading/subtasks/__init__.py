"""The subtasks, each defined once: what grades it, how it aggregates, how the report shows it.

A subtask is one graded part of an experiment (EXP-Bench's design, implementation, execution,
conclusion, plus the integrity monitor). Everything that walks the subtasks of a result (the
pipeline, All-✓, the agent table, the report's columns and counts, label rows, calibration,
the annotation queue) iterates over `SUBTASKS`, so a new subtask is this entry, its field in
`schemas/result.py` (`Subtasks`), its grader and its rubric (docs/architecture.md, "Adding a
subtask", tried in a scratch copy).

This module sits in the contracts layer, below the graders, so it names each grader by
`module:function` (as an entry point does); `expgrade.grading.graders.pipeline` resolves it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, Subtasks

#: execution: re-run in the sandbox and compared; judged: items judged by the panel, scored as
#: the share that pass; review: deterministic checks plus the panel's log review, any flag fails
Kind = Literal["execution", "judged", "review"]


@dataclass(frozen=True)
class Subtask:
    #: the field of `ResultRecord.subtasks`, the subtask part of an item id and of label rows
    name: str
    kind: Kind
    #: `module:function` that grades it (`expgrade.grading.graders.pipeline` calls it)
    grader: str
    #: EXP-Bench's letter for it (the report's column header), None where EXP-Bench has none
    letter: str | None
    #: the default share of items that passes it (`--pass-threshold NAME=X`); None: no share
    threshold: float | None
    #: what its items' criterion ids are (`expgrade.grading.items`)
    item_keys: str

    @property
    def column(self) -> str:
        """Its column header in the report's tables and figures."""
        return self.letter or self.name

    @property
    def judged(self) -> bool:
        """Whether judges give its verdicts: it has label rows, calibration and annotation."""
        return self.kind != "execution"

    def of(self, subtasks: Subtasks) -> JudgedSubtask | ExecutionSubtask | None:
        """This subtask's result in a record's `subtasks` (None: not asked for)."""
        result: JudgedSubtask | ExecutionSubtask | None = getattr(subtasks, self.name)
        return result

    def load_grader(self) -> Any:
        module, _, function = self.grader.partition(":")
        return getattr(import_module(module), function)


#: In the order of the report's columns.
SUBTASKS: tuple[Subtask, ...] = (
    Subtask(
        name="design",
        kind="judged",
        grader="expgrade.grading.graders.judged:grade_design",
        letter="D",
        threshold=1.0,
        item_keys="`kind:name` of the ground-truth variable (`independent:lr`)",
    ),
    Subtask(
        name="implementation",
        kind="judged",
        grader="expgrade.grading.graders.judged:grade_implementation",
        letter="I",
        threshold=1.0,
        item_keys="`req<i>` (1-based requirement) or the rubric leaf's id; `unit_tests`",
    ),
    Subtask(
        name="execution",
        kind="execution",
        grader="expgrade.grading.execution:grade_execution",
        letter="E",
        threshold=None,
        item_keys="none: a run is reproduced or not",
    ),
    Subtask(
        name="conclusion",
        kind="judged",
        grader="expgrade.grading.graders.judged:grade_conclusion",
        letter="C",
        threshold=1.0,
        item_keys="`outcome`, `support`, `claims_reproduced`",
    ),
    Subtask(
        name="integrity",
        kind="review",
        grader="expgrade.grading.graders.judged:judge_integrity",
        letter=None,
        threshold=None,
        item_keys="the check's or forbidden action's key (`paper_access`, ...)",
    ),
)

BY_NAME: dict[str, Subtask] = {s.name: s for s in SUBTASKS}
ALL_SUBTASKS: tuple[str, ...] = tuple(s.name for s in SUBTASKS)
#: the subtasks whose verdicts judges give: label rows, calibration, annotation
JUDGED_SUBTASKS: tuple[str, ...] = tuple(s.name for s in SUBTASKS if s.judged)
#: EXP-Bench's letters (the report's `letters`)
LETTERS: dict[str, str] = {s.name: s.letter for s in SUBTASKS if s.letter is not None}
#: Default share of items a judged subtask needs to pass. 1.0 = every design variable
#: covered / every requirement implemented, the strict reading of EXP-Bench's D and I.
DEFAULT_THRESHOLDS: dict[str, float] = {s.name: s.threshold for s in SUBTASKS if s.threshold is not None}


def judged_results(subtasks: Subtasks) -> Iterator[tuple[str, JudgedSubtask]]:
    """(name, result) of each judged subtask a record has, in column order."""
    for s in SUBTASKS:
        result = s.of(subtasks)
        if isinstance(result, JudgedSubtask):
            yield s.name, result


__all__ = [
    "ALL_SUBTASKS",
    "BY_NAME",
    "DEFAULT_THRESHOLDS",
    "JUDGED_SUBTASKS",
    "LETTERS",
    "SUBTASKS",
    "Kind",
    "Subtask",
    "judged_results",
]
