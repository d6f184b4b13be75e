"""Pydantic models of every file format expgrade reads or writes (docs/formats.md §2–§5)."""

from pydantic import BaseModel

from expgrade.grading.schemas.base import Record
from expgrade.grading.schemas.compare import CompareReport
from expgrade.grading.schemas.control import ControlRecord
from expgrade.grading.schemas.label import LabelRow
from expgrade.grading.schemas.report import CalibrationBlock, RunReport
from expgrade.grading.schemas.result import (
    CriterionItem,
    Deviation,
    ExecutionSubtask,
    JudgedSubtask,
    ResultRecord,
    Subtasks,
)
from expgrade.grading.schemas.retest import RetestRecord
from expgrade.grading.schemas.submission import Submission
from expgrade.grading.schemas.task import (
    Design,
    MaskedSpan,
    MetricTolerance,
    ReferenceSpec,
    RepoSpec,
    RubricNode,
    RunSpec,
    Task,
    TaskSource,
    Tolerance,
)
from expgrade.grading.schemas.trajectory import Step, StepUsage

#: The file formats of docs/formats.md by name: `expgrade schema NAME` and docs/schemas/.
FORMATS: dict[str, type[BaseModel]] = {
    "task": Task,
    "submission": Submission,
    "result": ResultRecord,
    "label": LabelRow,
    "report": RunReport,
    "control": ControlRecord,
    "retest": RetestRecord,
    "compare": CompareReport,
    "trajectory": Step,
}

__all__ = [
    "FORMATS",
    "CalibrationBlock",
    "CriterionItem",
    "Design",
    "Deviation",
    "ExecutionSubtask",
    "JudgedSubtask",
    "LabelRow",
    "MaskedSpan",
    "MetricTolerance",
    "Record",
    "ReferenceSpec",
    "RepoSpec",
    "ResultRecord",
    "RubricNode",
    "RunReport",
    "RunSpec",
    "Step",
    "StepUsage",
    "Submission",
    "Subtasks",
    "Task",
    "TaskSource",
    "Tolerance",
]
