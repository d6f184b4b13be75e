"""Test-retest: a seeded sample of the run's judged items asked again (docs/stability.md).

Controls ask whether the judge is right on easy questions; test-retest asks whether it says the
same thing twice. After a run's gradings, a seeded sample of its judged items (`fraction`, at
least `MIN_RETEST` per subtask where the run has them) is judged again through `judge_subtasks`,
the call the gradings went through, with the run's own judge settings (temperature, seeds,
samples) and the same inputs (the record's execution and unit-test results), but past the
response cache: the engine neither reads nor writes it for a request marked `retest`
(`expgrade.grading.judge.engine.RETEST`). Both askings of every item go to RUN_DIR/retest.jsonl;
results.jsonl is never touched, so a retest cannot change a verdict of the run.

The unit asked again is a subtask of one submission (its items are judged together: joint
implementation judging answers a chunk's requirements in one call), drawn until the subtask's
share of items is reached. So the items of a unit are correlated, and the Wilson interval on the
flip rate, which treats items as independent, is somewhat narrow when units are large.

The sample is drawn after the gradings, from what they decided, so it is the same on a resumed
run; the retest phase runs after the real gradings, on the same executor, limiter and budget
gate, and its calls count in the progress bar, the cost and `--estimate` (`retest_requests`).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
import traceback
from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from expgrade.grading.controls.figures import report_estimate
from expgrade.grading.estimate import format_estimate, wilson_interval
from expgrade.grading.graders.inputs import gather, repo_path
from expgrade.grading.graders.judged import Context
from expgrade.grading.graders.judging import grading_panel, run_judging, with_meta
from expgrade.grading.graders.pipeline import judge_subtasks
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.graders.unit_tests import UNIT_TESTS
from expgrade.grading.judge.engine import RETEST
from expgrade.grading.judge.types import JudgeRequest
from expgrade.grading.schemas import CriterionItem, ExecutionSubtask, JudgedSubtask, ResultRecord, Task
from expgrade.grading.schemas.report import RetestFigures, RetestSettings
from expgrade.grading.schemas.retest import RetestItem, RetestRecord
from expgrade.grading.submission_reader import LoadedSubmission
from expgrade.grading.subtasks import judged_results

#: `--retest`'s default: the share of a run's judged items asked again.
DEFAULT_FRACTION = 0.05
#: The fewest items per subtask asked again (all of them where the run has fewer).
MIN_RETEST = 10
#: A flip rate above this, with its interval's low end above `UNSTABLE_LOW`, makes a judge unstable.
UNSTABLE_RATE = 0.10
UNSTABLE_LOW = 0.05
#: What the second asking sends as seeds (recorded in the report's `judge_checks.retest`).
SEED_POLICY = "the same seeds as the first asking (seed, seed+1, ... per sample); the cache is bypassed"

K = TypeVar("K", bound=Hashable)


def pick_units(
    units: Mapping[str, Sequence[tuple[K, int]]], fraction: float, seed: int
) -> dict[str, list[K]]:
    """Per subtask, the units (a submission's items of that subtask) to ask again.

    Units are drawn in a seeded order until they hold max(ceil(fraction·N), min(MIN_RETEST, N))
    of the subtask's N items; `fraction` 0 draws none. The same units, weights and seed draw the
    same sample, so a resumed run asks again exactly what it meant to.
    """
    if fraction <= 0:
        return {}
    out: dict[str, list[K]] = {}
    for subtask, pool in sorted(units.items()):
        total = sum(n for _, n in pool)
        target = max(math.ceil(fraction * total), min(MIN_RETEST, total))
        order = list(pool)
        random.Random(f"retest:{seed}:{subtask}").shuffle(order)
        chosen: list[K] = []
        held = 0
        for key, n in order:
            if held >= target:
                break
            chosen.append(key)
            held += n
        if chosen:
            out[subtask] = chosen
    return out


def _judge_items(sub: JudgedSubtask, *, decided: bool = True) -> dict[str, list[dict[str, Any]]]:
    """criterion id -> its judges' verdict records, for the items a judge decided at least once
    (`decided` False: every item a judge was asked about, undecided ones too)."""
    return {
        str(item.criterion_id or item.criterion): item.judge
        for item in sub.items
        if isinstance(item.judge, list)
        and item.judge
        and (not decided or any(v.get("status") == "graded" for v in item.judge))
    }


@dataclass(frozen=True)
class RetestCase:
    """One submission's subtask to judge again, with the grading's own record beside it."""

    task: Task
    submission: LoadedSubmission
    record: ResultRecord
    subtask: str

    @property
    def retest_id(self) -> str:
        return f"{self.record.task_id}/{self.record.submission_id}/{self.subtask}"


def retest_cases(
    records: Sequence[ResultRecord],
    pairs: Sequence[tuple[Task, LoadedSubmission]],
    fraction: float,
    seed: int,
) -> list[RetestCase]:
    """The run's sample of judged units, drawn from what its gradings decided."""
    by_key = {(t.id, s.submission_id): (t, s) for t, s in pairs}
    units: dict[str, list[tuple[tuple[str, str], int]]] = defaultdict(list)
    found: dict[tuple[str, str], ResultRecord] = {}
    for r in sorted(records, key=lambda r: (r.task_id, r.submission_id)):
        key = (r.task_id, r.submission_id)
        if key not in by_key:
            continue
        found[key] = r
        for name, sub in judged_results(r.subtasks):
            n = len(_judge_items(sub))
            if n:
                units[name].append((key, n))
    return [
        RetestCase(*by_key[key], found[key], subtask)
        for subtask, keys in pick_units(units, fraction, seed).items()
        for key in keys
    ]


def retest_settings(settings: GradeSettings, subtask: str) -> GradeSettings:
    """The run's settings narrowed to one subtask; never refused (a refused subtask has no verdicts)."""
    return dataclasses.replace(settings, subtasks=(subtask,), refused={})


def _unit_tests(record: ResultRecord) -> CriterionItem | None:
    impl = record.subtasks.implementation
    items = impl.items if isinstance(impl, JudgedSubtask) else []
    return next((i for i in items if i.criterion_id == UNIT_TESTS), None)


def _context(case: RetestCase, settings: GradeSettings) -> Context:
    """The grading's own context: the same inputs, the record's execution and unit-test results."""
    tasks_dir = Path(settings.tasks_dir)
    execution = case.record.subtasks.execution
    return Context.of(
        case.task,
        gather(case.task, case.submission, tasks_dir),
        execution if isinstance(execution, ExecutionSubtask) else None,
        settings,
        repo_path(case.task, tasks_dir),
        _unit_tests(case.record),
    )


def grade_retest(case: RetestCase, settings: GradeSettings) -> tuple[RetestRecord, list[str]]:
    """Judge the case's subtask again, past the cache; both askings of each item and a log."""
    started = time.monotonic()
    narrowed = retest_settings(settings, case.subtask)
    judge = settings.judge
    assert judge is not None, "a retest needs the run's judge"
    panel = grading_panel(narrowed)
    assert panel is not None
    panel.meta = {RETEST: "on"}
    log = [f"retest:     {case.retest_id} (asked again past the response cache)"]
    try:
        again = run_judging(judge_subtasks(_context(case, narrowed), narrowed, panel, {}, log))
    except Exception:  # an unreadable submission now: its items count as undecided, the run goes on
        log.append(f"retest error:\n{traceback.format_exc()}")
        again = {}
    was = dict(judged_results(case.record.subtasks)).get(case.subtask)
    first = _judge_items(was) if was is not None else {}
    second = _judge_items(again[case.subtask], decided=False) if case.subtask in again else {}
    items = [RetestItem(criterion_id=cid, first=v, again=second.get(cid, [])) for cid, v in first.items()]
    for item in items:
        before = ", ".join(f"{v.get('rater')}={v.get('label')}" for v in item.first)
        now = ", ".join(f"{v.get('rater')}={v.get('label') or v.get('reason')}" for v in item.again) or "none"
        log.append(f"  - {item.criterion_id}: first {before}; again {now}")
    record = RetestRecord(
        retest_id=case.retest_id,
        task_id=case.record.task_id,
        submission_id=case.record.submission_id,
        agent=case.record.agent,
        subtask=case.subtask,
        temperature=judge.config.temperature,
        seed=judge.config.seed,
        samples=judge.config.samples,
        items=items,
        cost_usd=panel.cost_usd,
        duration_s=round(time.monotonic() - started, 3),
    )
    return record, log


def retest_requests(
    planned: Mapping[tuple[str, str], Sequence[JudgeRequest]], fraction: float, seed: int
) -> list[JudgeRequest]:
    """For `--estimate`: the planned requests of the units a retest would ask again, marked
    `retest` (the estimate never counts them as cached). planned: (task, submission) -> requests.

    An item is a request here, a joint request as many as the requirements it answers, so the
    draw is the run's, up to which items the gradings leave undecided."""
    units: dict[str, list[tuple[tuple[str, str], int]]] = defaultdict(list)
    by_unit: dict[tuple[str, str, str], list[JudgeRequest]] = defaultdict(list)
    for key in sorted(planned):
        for req in planned[key]:
            name = str(req.meta.get("subtask") or req.rubric_id)
            by_unit[(*key, name)].append(req)
    for (task, submission, name), reqs in by_unit.items():
        units[name].append(((task, submission), sum(int(r.meta.get("requirements", 1)) for r in reqs)))
    return [
        with_meta(req, {RETEST: "on"})
        for name, keys in pick_units(units, fraction, seed).items()
        for key in keys
        for req in by_unit[(*key, name)]
    ]


@dataclass
class _Pairs:
    items: int = 0
    changed: int = 0
    decided: int = 0
    unscorable: int = 0
    spreads: list[float] = dataclasses.field(default_factory=list)


def _decided(verdict: Mapping[str, Any] | None) -> bool | None:
    if verdict is None or verdict.get("status") != "graded" or verdict.get("label") is None:
        return None
    return verdict.get("passed") is True


def retest_figures(records: Sequence[RetestRecord]) -> list[RetestFigures]:
    """Per judge and subtask: items asked again, verdicts changed, the flip rate with its Wilson
    interval, within-item spread with samples, and whether the judge is unstable."""
    tallies: dict[tuple[str, str], _Pairs] = defaultdict(_Pairs)
    for rec in records:
        for item in rec.items:
            again = {str(v.get("rater")): v for v in item.again}
            for first in item.first:
                judge = str(first.get("rater"))
                t = tallies[(judge, rec.subtask)]
                t.items += 1
                second = again.get(judge)
                t.spreads += [
                    float(v["spread"]) for v in (first, second or {}) if v.get("spread") is not None
                ]
                a, b = _decided(first), _decided(second)
                if a is None or b is None:
                    t.unscorable += 1
                    continue
                t.decided += 1
                t.changed += a != b
    out = []
    for (judge, subtask), t in sorted(tallies.items()):
        rate = wilson_interval(t.changed, t.decided)
        unstable = t.decided > 0 and rate.value > UNSTABLE_RATE and rate.ci_low > UNSTABLE_LOW
        out.append(
            RetestFigures(
                judge=judge,
                subtask=subtask,
                items=t.items,
                changed=t.changed,
                flip_rate=report_estimate(rate, t.decided),
                unscorable=t.unscorable,
                spread=round(sum(t.spreads) / len(t.spreads), 4) if t.spreads else None,
                unstable=unstable,
                why=(
                    f"{t.changed} of {t.decided} verdicts changed when asked again ({format_estimate(rate)})"
                    if unstable
                    else None
                ),
            )
        )
    return out


def retest_fraction(manifest: Mapping[str, Any]) -> float | None:
    """The `--retest` of the run's last session (None: a run from before test-retest)."""
    said = [float(s["retest"]["fraction"]) for s in manifest.get("sessions") or [] if s.get("retest")]
    return said[-1] if said else None


def retest_block(records: Sequence[RetestRecord], fraction: float | None) -> dict[str, Any]:
    """The keys test-retest adds to the report's `judge_checks` (every one set, even with no retest)."""
    figures = retest_figures(records)
    costs = [r.cost_usd for r in records]
    first = records[0] if records else None
    return {
        "retests": figures,
        "unstable": [f"{f.judge} on {f.subtask}" for f in figures if f.unstable],
        "retest": RetestSettings(
            fraction=fraction if fraction is not None else (DEFAULT_FRACTION if records else 0.0),
            temperature=first.temperature if first else None,
            seed=first.seed if first else None,
            samples=first.samples if first else None,
            seed_policy=SEED_POLICY,
        ),
        "retest_n": sum(len(r.items) for r in records),
        "retest_cost_usd": None if any(c is None for c in costs) else round(sum(c or 0.0 for c in costs), 6),
    }
