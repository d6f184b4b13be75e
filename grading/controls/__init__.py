"""Control items: the judge checked on questions whose answer is known (docs/controls.md).

`cases` builds known-pass, known-fail and attack controls from a run's tasks; `grade` judges one
through the run's own graders and panel; `store` keeps them in RUN_DIR/controls.jsonl, apart from
results; `figures` turns them into each judge's false-pass, false-fail and attack-success rates.
`retest` asks a sample of the run's own judged items again past the cache (test-retest), kept in
RUN_DIR/retest.jsonl by the same `store`.
"""

from expgrade.grading.controls.cases import ControlCase, ControlOptions, build_controls, plan_count
from expgrade.grading.controls.figures import attack_figures, control_figures, refusals
from expgrade.grading.controls.grade import grade_control, planned_control_calls
from expgrade.grading.controls.retest import (
    RetestCase,
    grade_retest,
    retest_block,
    retest_cases,
    retest_requests,
)
from expgrade.grading.controls.store import ControlStore, RetestStore, read_controls, read_retests

__all__ = [
    "ControlCase",
    "ControlOptions",
    "ControlStore",
    "RetestCase",
    "RetestStore",
    "attack_figures",
    "build_controls",
    "control_figures",
    "grade_control",
    "grade_retest",
    "plan_count",
    "planned_control_calls",
    "read_controls",
    "read_retests",
    "refusals",
    "retest_block",
    "retest_cases",
    "retest_requests",
]
