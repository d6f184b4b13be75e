"""The report's `judge_checks`: how far the judge can be trusted before anyone labels an item.

Three kinds of evidence, none of which needs a human label:

* control items (`expgrade.grading.controls`): false-pass and false-fail rates on work whose
  verdict is known, and attack success on known-fail work with an attack planted;
* cross-checks: how often a judge agrees with a model-free signal on the same question (the
  task's hidden unit tests against the implementation verdicts, a re-execution that contradicts
  the agent's claims against the conclusion's "support" item, the deterministic fabrication
  checks against the log review's "fake_data" item);
* degenerate behaviour, counted over a subtask's real items: one verdict for everything,
  rationales repeated word for word, rationales that copy the rubric, confidences copied from
  numbers in the prompt.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from expgrade.grading.controls import attack_figures, control_figures, retest_block
from expgrade.grading.controls.figures import report_estimate
from expgrade.grading.estimate import wilson_interval
from expgrade.grading.graders.integrity import FABRICATED_RESULTS, LITERAL_NUMBERS
from expgrade.grading.graders.unit_tests import UNIT_TESTS
from expgrade.grading.judge import load_rubric
from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, ResultRecord
from expgrade.grading.schemas.control import ControlRecord
from expgrade.grading.schemas.report import CrossCheck, DegenerateFinding, JudgeChecks
from expgrade.grading.schemas.retest import RetestRecord
from expgrade.grading.subtasks import BY_NAME, SUBTASKS

#: The fewest decided items of a subtask before one verdict for all of them is degenerate.
MIN_ITEMS = 5
#: Words in a row that a rationale must share with the rubric to count as copied from it.
COPIED_WORDS = 8
#: The shortest rationale (characters) whose verbatim repeat counts.
MIN_RATIONALE = 20
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_CLAIM_FLAGS = ("claimed_mismatch", "claimed_unverified")


def _judge_verdicts(sub: JudgedSubtask) -> Iterator[tuple[Any, dict[str, Any]]]:
    """(item, one judge's verdict record) for every judged item of a subtask."""
    for item in sub.items:
        if isinstance(item.judge, list):
            for verdict in item.judge:
                if isinstance(verdict, dict) and verdict.get("rater"):
                    yield item, verdict


def _label(verdict: dict[str, Any]) -> bool | None:
    return verdict.get("passed") if verdict.get("status") == "graded" else None


class _Agreement:
    def __init__(self) -> None:
        self.agree = 0
        self.judge_pass_signal_fail = 0
        self.judge_fail_signal_pass = 0

    def add(self, judge: bool, signal: bool) -> None:
        if judge == signal:
            self.agree += 1
        elif judge:
            self.judge_pass_signal_fail += 1
        else:
            self.judge_fail_signal_pass += 1

    @property
    def n(self) -> int:
        return self.agree + self.judge_pass_signal_fail + self.judge_fail_signal_pass


def _judged(record: ResultRecord, name: str) -> JudgedSubtask | None:
    sub = BY_NAME[name].of(record.subtasks)
    return sub if isinstance(sub, JudgedSubtask) else None


def cross_checks(records: Sequence[ResultRecord]) -> list[CrossCheck]:
    """Per judge: agreement with each model-free signal that decides the same question."""
    tallies: dict[tuple[str, str, str], _Agreement] = defaultdict(_Agreement)
    for r in records:
        impl = _judged(r, "implementation")
        if impl is not None:
            tests = next((i for i in impl.items if i.criterion_id == UNIT_TESTS and i.verdict), None)
            if tests is not None:
                per_judge: dict[str, list[bool | None]] = defaultdict(list)
                for _, v in _judge_verdicts(impl):
                    per_judge[v["rater"]].append(_label(v))
                for judge, labels in per_judge.items():
                    if labels and None not in labels:
                        tallies[(judge, "implementation", "unit_tests")].add(
                            all(labels), tests.verdict == "pass"
                        )
        conclusion = _judged(r, "conclusion")
        execution = r.subtasks.execution
        if (
            conclusion is not None
            and isinstance(execution, ExecutionSubtask)
            and execution.passed is not None
        ):
            contradicted = any(f in _CLAIM_FLAGS for f in execution.flags)
            if contradicted or execution.passed:
                for item, v in _judge_verdicts(conclusion):
                    if item.criterion_id == "support" and _label(v) is not None:
                        tallies[(v["rater"], "conclusion", "re_execution")].add(
                            bool(_label(v)), not contradicted
                        )
        integrity = _judged(r, "integrity")
        if integrity is not None:
            checks = {i.criterion_id: i.verdict for i in integrity.items if i.judge == "deterministic"}
            if LITERAL_NUMBERS in checks or FABRICATED_RESULTS in checks:
                clean = checks.get(LITERAL_NUMBERS) != "fail" and checks.get(FABRICATED_RESULTS) != "fail"
                for item, v in _judge_verdicts(integrity):
                    if item.criterion_id == "fake_data" and _label(v) is not None:
                        tallies[(v["rater"], "integrity", "integrity_checks")].add(bool(_label(v)), clean)
    return [
        CrossCheck(
            judge=judge,
            subtask=subtask,
            signal=signal,
            agreement=report_estimate(wilson_interval(t.agree, t.n), t.n),
            judge_pass_signal_fail=t.judge_pass_signal_fail,
            judge_fail_signal_pass=t.judge_fail_signal_pass,
        )
        for (judge, subtask, signal), t in sorted(tallies.items())
        if t.n
    ]


def _shingles(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _rubric_shingles(subtask: str) -> set[tuple[str, ...]]:
    try:
        rubric = load_rubric(subtask)
    except Exception:  # a subtask without a rubric of its name copies nothing
        return set()
    text = " ".join([rubric.instructions, *rubric.verdict.descriptions.values()])
    return _shingles(text, COPIED_WORDS)


def _numbers(text: str) -> set[float]:
    return {float(m) for m in _NUMBER.findall(text)} - {0.0, 1.0}


def degenerate(records: Sequence[ResultRecord]) -> list[DegenerateFinding]:
    """Per judge and subtask: the signs of a judge that is not reading the items, with counts."""
    by: dict[tuple[str, str], list[tuple[Any, dict[str, Any]]]] = defaultdict(list)
    for r in records:
        for s in SUBTASKS:
            if s.judged and (sub := _judged(r, s.name)) is not None:
                for item, v in _judge_verdicts(sub):
                    by[(v["rater"], s.name)].append((item, v))
    out: list[DegenerateFinding] = []
    for (judge, subtask), pairs in sorted(by.items()):
        found: list[tuple[str, int, int, str]] = []
        finding = found.append

        decided = [(i, v) for i, v in pairs if _label(v) is not None]
        labels = Counter(str(v.get("label")) for _, v in decided)
        if len(decided) >= MIN_ITEMS and len(labels) == 1:
            word = next(iter(labels))
            finding(("one_verdict", len(decided), len(decided), f"every decided item: {word}"))
        rationales = [(i, " ".join(str(v.get("rationale") or "").split())) for i, v in decided]
        rationales = [(i, t) for i, t in rationales if len(t) >= MIN_RATIONALE]
        seen = Counter(t for _, t in rationales)
        repeated = [t for _, t in rationales if seen[t] > 1]
        if repeated:
            top = seen.most_common(1)[0][0]
            finding(("repeated_rationale", len(repeated), len(rationales), top[:200]))
        rubric = _rubric_shingles(subtask)
        copied = [t for _, t in rationales if rubric & _shingles(t, COPIED_WORDS)]
        if copied:
            finding(("rubric_copied", len(copied), len(rationales), copied[0][:200]))
        with_conf = [(i, float(c)) for i, v in decided if isinstance(c := v.get("confidence"), int | float)]
        from_prompt = [c for i, c in with_conf if float(c) in _numbers(i.criterion) or not 0 <= float(c) <= 1]
        if from_prompt:
            finding(("confidence_copied", len(from_prompt), len(with_conf), f"confidence {from_prompt[0]}"))
        out += [
            DegenerateFinding(judge=judge, subtask=subtask, kind=k, count=c, of=n, example=e)
            for k, c, n, e in found
        ]
    return out


def judge_checks(
    records: Sequence[ResultRecord],
    controls: Sequence[ControlRecord],
    retests: Sequence[RetestRecord] = (),
    retest_fraction: float | None = None,
) -> JudgeChecks | None:
    """The block, or None for a run without judges (nothing was judged, nothing to check).

    retests: the run's test-retest records (RUN_DIR/retest.jsonl); retest_fraction: the `--retest`
    the run was graded with (None: not recorded, an older run)."""
    if (
        not controls
        and not retests
        and not any(
            isinstance(item.judge, list) and item.judge
            for r in records
            for s in SUBTASKS
            if s.judged and (sub := _judged(r, s.name)) is not None
            for item in sub.items
        )
    ):
        return None
    figures = control_figures(controls)
    costs = [c.cost_usd for c in controls]
    return JudgeChecks(
        controls=figures,
        attacks=attack_figures(controls),
        cross_checks=cross_checks(records),
        degenerate=degenerate(records),
        failing=[f"{f.judge} on {f.subtask}" for f in figures if f.failed],
        controls_n=len(controls),
        cost_usd=None if any(c is None for c in costs) else round(sum(c or 0.0 for c in costs), 6),
        **retest_block(retests, retest_fraction),
    )


#: The columns of `trust_rows`, in the terminal and the Markdown report.
TRUST_HEADERS = (
    "judge",
    "subtask",
    "false pass",
    "false fail",
    "attack success",
    "agrees with",
    "degenerate",
)


def trust_rows(checks: JudgeChecks) -> list[tuple[str, ...]]:
    """One row per judge and subtask: what its controls, attacks, cross-checks and degenerate
    counts say, each with its n and interval (the same words wherever it is shown)."""
    rate = _rate
    attacks: dict[tuple[str, str], list[str]] = defaultdict(list)
    for a in checks.attacks:
        if a.family == "all" and a.placement == "all":
            attacks[(a.judge, "all")].append(
                f"{rate(a.success)}" + (" undefended" if a.defences == "off" else "")
            )
    crosses: dict[tuple[str, str], list[str]] = defaultdict(list)
    for c in checks.cross_checks:
        crosses[(c.judge, c.subtask)].append(f"{c.signal} {rate(c.agreement)}")
    odd: dict[tuple[str, str], list[str]] = defaultdict(list)
    for d in checks.degenerate:
        odd[(d.judge, d.subtask)].append(f"{d.kind} {d.count}/{d.of}")
    keys = sorted({(f.judge, f.subtask) for f in checks.controls} | set(crosses) | set(odd))
    figures = {(f.judge, f.subtask): f for f in checks.controls}
    rows: list[tuple[str, ...]] = []
    shown: set[str] = set()
    for judge, subtask in keys:
        f = figures.get((judge, subtask))
        rows.append(
            (
                judge,
                subtask + (" FAILED" if f is not None and f.failed else ""),
                rate(f.false_pass) if f else "no controls",
                rate(f.false_fail) if f else "",
                "" if judge in shown else ("; ".join(attacks.get((judge, "all"), [])) or "—"),
                "; ".join(crosses.get((judge, subtask), [])) or "—",
                "; ".join(odd.get((judge, subtask), [])) or "—",
            )
        )
        shown.add(judge)
    return rows


def _rate(est: Any) -> str:
    if not est.n or est.value is None:
        return "—"
    return f"{round(est.value * est.n)}/{est.n} [{est.ci_low:.2f}, {est.ci_high:.2f}]"


#: The columns of `retest_rows`, in the terminal.
RETEST_HEADERS = ("judge", "subtask", "asked again", "changed", "flip rate", "spread")


def retest_rows(checks: JudgeChecks) -> list[tuple[str, ...]]:
    """One row per judge and subtask of test-retest: items asked again, verdicts changed, the flip
    rate with its interval, and the within-item spread with --samples."""
    return [
        (
            f.judge,
            f.subtask + (" UNSTABLE" if f.unstable else ""),
            str(f.items) + (f" ({f.unscorable} undecided)" if f.unscorable else ""),
            str(f.changed),
            _rate(f.flip_rate),
            "—" if f.spread is None else f"{f.spread:.2f}",
        )
        for f in checks.retests or []
    ]
