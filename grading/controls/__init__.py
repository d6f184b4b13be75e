"""Control items: the judge checked on questions whose answer is known (docs/controls.md).

`cases` builds known-pass, known-fail and attack controls from a run's tasks; `grade` judges one
through the run's own graders and panel; `store` keeps them in RUN_DIR/controls.jsonl, apart from
results; `figures` turns them into each judge's false-pass, false-fail and attack-success rates.
"""

from expgrade.grading.controls.cases import ControlCase, ControlOptions, build_controls, plan_count
from expgrade.grading.controls.figures import attack_figures, control_figures, refusals
from expgrade.grading.controls.grade import grade_control, planned_control_calls
from expgrade.grading.controls.store import ControlStore, read_controls

__all__ = [
    "ControlCase",
    "ControlOptions",
    "ControlStore",
    "attack_figures",
    "build_controls",
    "control_figures",
    "grade_control",
    "plan_count",
    "planned_control_calls",
    "read_controls",
    "refusals",
]
