"""`expgrade compare RUN_A RUN_B`: two runs of the same tasks and submissions, matched by item.

Judge A against judge B, rubric v1 against v2, before and after a change: per subtask, how far
the runs agree on the same items (Cohen's κ, the share of equal verdicts), what the change does to
each agent's pass rate (paired, the same submissions in both runs), whether the ranking of the
agents moves, every item whose verdict changed with both judges' reasons, and each run's own
control and test-retest figures beside it. Items only one run has are counted and listed. The
statistics are plain functions in `calibration/paired.py`; this module matches and tabulates.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.calibration.paired import paired_agreement, paired_difference
from expgrade.calibration.report_files import write_atomic
from expgrade.grading.aggregate.intervals import MIN_BOOTSTRAP_CLUSTERS, task_interval
from expgrade.grading.controls import read_controls, read_retests
from expgrade.grading.controls.figures import report_estimate
from expgrade.grading.controls.retest import retest_fraction
from expgrade.grading.errors import UserError
from expgrade.grading.estimate import Estimate, format_estimate
from expgrade.grading.failures.records import read_failures
from expgrade.grading.failures.table import failure_changes
from expgrade.grading.items import ItemKey
from expgrade.grading.report import evidence
from expgrade.grading.report.evidence import Section, Table
from expgrade.grading.report.judge_checks import judge_checks
from expgrade.grading.report.render import page_html, page_markdown
from expgrade.grading.report.runs import agent_runs
from expgrade.grading.run.manifest import load_manifest
from expgrade.grading.run.store import read_results
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import CriterionItem, ResultRecord
from expgrade.grading.schemas.compare import (
    AgentDifference,
    ChangedItem,
    CompareReport,
    CompareRun,
    OnlyOneRun,
    SubtaskComparison,
)
from expgrade.grading.schemas.report import AgentRunSummary, JudgeChecks, ReportBootstrap
from expgrade.grading.subtasks import judged_results

COMPARE_JSON = "compare.json"
COMPARE_MD = "compare.md"
COMPARE_HTML = "compare.html"
#: Item ids listed per run in compare.json/.md when only that run has them (all are counted).
MAX_LISTED = 1000


@dataclass(frozen=True)
class _Item:
    key: ItemKey
    agent: str
    item: CriterionItem

    @property
    def passed(self) -> bool | None:
        return None if self.item.verdict is None else self.item.verdict == "pass"


@dataclass
class _Run:
    folder: Path
    records: list[ResultRecord]
    manifest: dict[str, Any]
    checks: JudgeChecks | None

    @classmethod
    def read(cls, folder: Path) -> _Run:
        """A run folder, or a UserError saying why it is not one."""
        if not folder.is_dir():
            raise UserError("not a folder (expected a run folder written by `expgrade grade`)", file=folder)
        if not RunFolder(folder).results.exists():
            raise UserError(
                f"not a run folder: it has no {RunFolder(folder).results.name} (written by `expgrade grade`)",
                file=folder,
            )
        manifest = load_manifest(folder)
        if manifest is None:
            raise UserError(
                f"not a whole run folder: it has no {RunFolder(folder).manifest.name}, so what graded it "
                "(tasks, judges, rubrics) is unknown and the two runs cannot be checked to grade the same "
                "tasks; compare run folders written by `expgrade grade`",
                file=folder,
            )
        records = read_results(folder)
        checks = judge_checks(records, read_controls(folder), read_retests(folder), retest_fraction(manifest))
        return cls(folder, records, manifest, checks)

    def items(self) -> dict[str, _Item]:
        """Every judged item (one a judge gave a verdict on), by item id."""
        out: dict[str, _Item] = {}
        for r in self.records:
            for name, sub in judged_results(r.subtasks):
                for item in sub.items:
                    if isinstance(item.judge, list) and item.judge:
                        key = ItemKey(r.task_id, r.submission_id, name, item.criterion_id or item.criterion)
                        out[key.id] = _Item(key, r.agent, item)
        return out

    def passed(self) -> dict[tuple[str, str, str], tuple[str, bool | None]]:
        """(task, submission, subtask) -> (agent, the subtask's verdict)."""
        return {
            (r.task_id, r.submission_id, name): (r.agent, sub.passed)
            for r in self.records
            for name, sub in judged_results(r.subtasks)
        }

    def side(self, items: int) -> CompareRun:
        m = self.manifest
        rubrics = {
            k: f"{v.get('version')}@{str(v.get('digest'))[:12]}" for k, v in (m.get("rubrics") or {}).items()
        }
        return CompareRun(
            run_dir=str(self.folder),
            judges=list(m.get("judges") or []),
            rubrics=rubrics,
            tasks_file=m.get("tasks_file"),
            tasks_sha256=m.get("tasks_sha256"),
            results=len(self.records),
            items=items,
            images=self.images(),
        )

    def images(self) -> dict[str, list[str]]:
        """Each sandbox tag and the image ids it named in this run: the results' own, else the
        manifest's (written by every run, also those before results recorded their image)."""
        used: dict[str, set[str]] = defaultdict(set)
        for r in self.records:
            ex = r.subtasks.execution
            if ex is not None and ex.image and ex.image_id:
                used[ex.image].add(ex.image_id)
        for tag, image_id in (self.manifest.get("images") or {}).items():
            if tag not in used and image_id:
                used[str(tag)].add(str(image_id))
        return {tag: sorted(ids) for tag, ids in sorted(used.items())}


def _check_same_tasks(a: _Run, b: _Run) -> None:
    sha_a, sha_b = a.manifest.get("tasks_sha256"), b.manifest.get("tasks_sha256")
    if sha_a and sha_b and sha_a != sha_b:
        raise UserError(
            f"the two runs grade different tasks: run A's tasks file {a.manifest.get('tasks_file')} "
            f"(sha256 {sha_a[:12]}) is not run B's {b.manifest.get('tasks_file')} (sha256 {sha_b[:12]}); "
            "compare runs graded from the same TASKS.jsonl",
            file=b.folder,
            field="tasks_sha256",
        )


def _check_not_itself(a: _Run, b: _Run) -> None:
    """A run compared with itself agrees with itself perfectly: a κ of 1.00 that measures nothing."""
    if a.folder.resolve() == b.folder.resolve():
        raise UserError("run A and run B are the same folder: compare two different runs", file=a.folder)
    digest_a, digest_b = (_digest(RunFolder(r.folder).results) for r in (a, b))
    if digest_a == digest_b:
        raise UserError(
            f"run A ({a.folder}) and run B ({b.folder}) hold the same results.jsonl (sha256 "
            f"{digest_a[:12]}): a run compared with a copy of itself; compare two runs of the same "
            "submissions graded differently",
            file=b.folder,
        )


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _judged_items(run: _Run, name: str) -> dict[str, _Item]:
    """The run's judged items, or a UserError naming the run that has none."""
    items = run.items()
    if not items:
        raise UserError(
            f"run {name} has no judged item ({len(run.records)} result(s) in its "
            f"{RunFolder(run.folder).results.name}): compare runs graded with a judge",
            file=run.folder,
        )
    return items


def _ranking(rates: dict[str, float | None]) -> list[str]:
    return sorted((a for a, r in rates.items() if r is not None), key=lambda a: (-(rates[a] or 0.0), a))


def _tiers(rates: dict[str, float | None]) -> list[list[str]]:
    """Agents by rate, best first, agents with equal rates in one tier (a tie is a tie, not an
    order by name)."""
    tiers: list[list[str]] = []
    last: float | None = None
    for agent in _ranking(rates):
        rate = rates[agent]
        if tiers and last is not None and rate is not None and math.isclose(rate, last, abs_tol=1e-9):
            tiers[-1].append(agent)
        else:
            tiers.append([agent])
        last = rate
    return tiers


def _tiers_text(tiers: list[list[str]]) -> str:
    return " > ".join(" = ".join(t) for t in tiers) or "no agent"


def _settled(rows: dict[str, list[tuple[str, bool]]], boot: ReportBootstrap) -> list[list[str]]:
    """[better, worse] for every two agents whose order this run's interval settles: the mean over
    the tasks both did of the difference of their pass rates on each task, with its interval over
    tasks (`task_interval` on [−1, 1]), excludes 0."""
    per_task: dict[str, dict[str, float]] = {}
    for agent, done in rows.items():
        passed: dict[str, list[bool]] = defaultdict(list)
        for task, p in done:
            passed[task].append(p)
        per_task[agent] = {t: sum(v) / len(v) for t, v in passed.items()}
    out = []
    agents = sorted(per_task)
    for i, x in enumerate(agents):
        for y in agents[i + 1 :]:
            shared = sorted(set(per_task[x]) & set(per_task[y]))
            if not shared:
                continue
            diff = task_interval(
                [per_task[x][t] - per_task[y][t] for t in shared],
                shared,
                bounds=(-1.0, 1.0),
                n_boot=boot.n,
                confidence=boot.confidence,
                seed=boot.seed,
            )
            if diff.ci_low > 0:
                out.append([x, y])
            elif diff.ci_high < 0:
                out.append([y, x])
    return out


def _rate(values: Sequence[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _subtask(
    name: str,
    pairs: list[tuple[_Item, _Item]],
    results: list[tuple[str, str, bool, bool]],
    boot: ReportBootstrap,
) -> SubtaskComparison:
    """pairs: the subtask's items in both runs; results: (agent, task, passed in A, passed in B)."""
    decided = [(x, y) for x, y in pairs if x.passed is not None and y.passed is not None]
    first = [int(bool(x.passed)) for x, _ in decided]
    second = [int(bool(y.passed)) for _, y in decided]
    kappa, agreement = paired_agreement(
        first,
        second,
        [x.key.task_id for x, _ in decided],
        n_boot=boot.n,
        confidence=boot.confidence,
        seed=boot.seed,
    )
    by_agent: dict[str, list[tuple[str, bool, bool]]] = defaultdict(list)
    for agent, task, pa, pb in results:
        by_agent[agent].append((task, pa, pb))
    agents = []
    for agent, rows in sorted(by_agent.items()):
        a_vals = [int(pa) for _, pa, _ in rows]
        b_vals = [int(pb) for _, _, pb in rows]
        diff = paired_difference(
            a_vals, b_vals, [t for t, _, _ in rows], n_boot=boot.n, confidence=boot.confidence, seed=boot.seed
        )
        agents.append(
            AgentDifference(
                agent=agent,
                results=len(rows),
                tasks=len({t for t, _, _ in rows}),
                pass_rate_a=_rate(a_vals),
                pass_rate_b=_rate(b_vals),
                difference=_estimate(diff),
                changed=sum(x != y for x, y in zip(a_vals, b_vals, strict=True)),
            )
        )
    rates_a = {a.agent: a.pass_rate_a for a in agents}
    rates_b = {a.agent: a.pass_rate_b for a in agents}
    settled_a = _settled({agent: [(t, pa) for t, pa, _ in rows] for agent, rows in by_agent.items()}, boot)
    settled_b = _settled({agent: [(t, pb) for t, _, pb in rows] for agent, rows in by_agent.items()}, boot)
    reversed_pairs = [pair for pair in settled_a if pair[::-1] in settled_b]
    return SubtaskComparison(
        subtask=name,
        items=len(decided),
        undecided=len(pairs) - len(decided),
        changed=sum(a != b for a, b in zip(first, second, strict=True)),
        pass_to_fail=sum(a > b for a, b in zip(first, second, strict=True)),
        fail_to_pass=sum(a < b for a, b in zip(first, second, strict=True)),
        kappa=_estimate(kappa),
        agreement=_estimate(agreement),
        agents=agents,
        ranking_a=_ranking(rates_a),
        ranking_b=_ranking(rates_b),
        ranking_changed=bool(reversed_pairs),
        tiers_a=_tiers(rates_a),
        tiers_b=_tiers(rates_b),
        settled_a=settled_a,
        settled_b=settled_b,
    )


def _estimate(est: Estimate) -> Any:
    out = report_estimate(est, est.n or 0)
    out.n_clusters = est.n_clusters
    if est.interval is not None:
        out.interval = est.interval
    return out


def _changed(x: _Item, y: _Item) -> ChangedItem:
    return ChangedItem(
        item_id=x.key.id,
        task_id=x.key.task_id,
        submission_id=x.key.submission_id,
        agent=x.agent,
        subtask=x.key.subtask,
        criterion_id=x.key.criterion_id,
        criterion=x.item.criterion,
        verdict_a=str(x.item.verdict),
        verdict_b=str(y.item.verdict),
        rationale_a=x.item.rationale,
        rationale_b=y.item.rationale,
    )


def compare_runs(
    run_a: Path, run_b: Path, *, n_boot: int = 1000, confidence: float = 0.95, seed: int = 0
) -> CompareReport:
    """The comparison of two run folders; a UserError when either is not a whole run (no results,
    no manifest, no judged item), when they are one run (the same folder or the same results),
    when they grade different tasks, or when they have no judged item in common."""
    a, b = _Run.read(run_a), _Run.read(run_b)
    _check_same_tasks(a, b)
    _check_not_itself(a, b)
    items_a, items_b = _judged_items(a, "A"), _judged_items(b, "B")
    common = sorted(set(items_a) & set(items_b))
    if not common:
        raise UserError(
            f"the two runs have no judged item in common ({len(items_a)} in run A, {len(items_b)} in run B): "
            "compare runs of the same submissions, each graded with a judge",
            file=run_b,
        )
    boot = ReportBootstrap(n=n_boot, confidence=confidence, seed=seed, cluster="task")
    passed_a, passed_b = a.passed(), b.passed()
    by_subtask: dict[str, list[tuple[_Item, _Item]]] = defaultdict(list)
    for item_id in common:
        by_subtask[items_a[item_id].key.subtask].append((items_a[item_id], items_b[item_id]))
    subtasks = []
    for name, pairs in sorted(by_subtask.items()):
        results = [
            (agent, task, bool(pa), bool(pb))
            for (task, sub, s), (agent, pa) in sorted(passed_a.items())
            if s == name
            and pa is not None
            and (pb := passed_b.get((task, sub, s), ("", None))[1]) is not None
        ]
        subtasks.append(_subtask(name, pairs, results, boot))
    changed = [
        _changed(items_a[i], items_b[i])
        for i in common
        if items_a[i].passed is not None
        and items_b[i].passed is not None
        and items_a[i].passed != items_b[i].passed
    ]
    keys_a = {(r.task_id, r.submission_id) for r in a.records}
    keys_b = {(r.task_id, r.submission_id) for r in b.records}
    only_a = sorted(set(items_a) - set(items_b))
    only_b = sorted(set(items_b) - set(items_a))
    report = CompareReport(
        summary=[],
        run_a=a.side(len(items_a)),
        run_b=b.side(len(items_b)),
        bootstrap=boot,
        matched_results=len(keys_a & keys_b),
        matched_items=len(common),
        only_a=OnlyOneRun(results=len(keys_a - keys_b), items=len(only_a), item_ids=only_a[:MAX_LISTED]),
        only_b=OnlyOneRun(results=len(keys_b - keys_a), items=len(only_b), item_ids=only_b[:MAX_LISTED]),
        subtasks=subtasks,
        changed=changed,
        judge_checks_a=a.checks,
        judge_checks_b=b.checks,
        **{  # set only where a run recorded them, so compare.json has no key for nothing
            name: [AgentRunSummary.model_validate(r) for r in runs]
            for name, run in (("agent_runs_a", a), ("agent_runs_b", b))
            if (runs := agent_runs(run.records)) is not None
        },
        failure_modes=_failure_modes(run_a, run_b, confidence),
    )
    report.summary = [text for text, _ in summary_lines(report)]
    return report


def _failure_modes(run_a: Path, run_b: Path, confidence: float) -> dict[str, Any] | None:
    """The failure modes of both runs side by side, where both were analysed (`failures analyze`)."""
    fa, fb = read_failures(run_a), read_failures(run_b)
    return failure_changes(fa, fb, confidence) if fa is not None and fb is not None else None


def _failure_section(block: dict[str, Any]) -> Section:
    rows = [
        [
            m["agent"],
            m["mode"],
            str(m["count_a"]),
            format_estimate(m["share_a"]),
            str(m["count_b"]),
            format_estimate(m["share_b"]),
            "yes" if m["changed"] else "–",
        ]
        for m in block["modes"]
    ]
    moved = [
        [
            r["agent"],
            f"{r['task_id']}/{r['submission_id']}",
            f"{r['mode_a']} @{r['step_a']}",
            f"{r['mode_b']} @{r['step_b']}",
        ]
        for r in block["changed_runs"][:MAX_LISTED]
    ]
    return Section(
        "Failure modes in each run",
        "failure-modes",
        lines=[
            "Shares are of each agent's classified failed runs, with Wilson intervals; a mode is marked "
            f"changed when the two intervals do not overlap. {len(block['changed_runs'])} run(s) "
            "classified in both changed mode."
        ],
        tables=[
            Table("", ["agent", "mode", "A", "share A", "B", "share B", "changed"], rows),
            *([Table("Runs whose mode changed", ["agent", "run", "A", "B"], moved)] if moved else []),
        ],
    )


def _checks_words(checks: JudgeChecks | None) -> tuple[str, bool]:
    if checks is None:
        return "no judge checks", False
    failing = checks.failing
    unstable = checks.unstable or []
    if failing:
        parts = ["FAILED its controls: " + ", ".join(failing)]
    else:
        parts = ["passed its controls" if checks.controls_n else "no controls"]
    if checks.retests is None:
        parts.append("no test-retest recorded")
    elif not checks.retests:
        parts.append("no item asked again")
    else:
        flips = sum(f.changed for f in checks.retests)
        n = sum(f.flip_rate.n or 0 for f in checks.retests)
        parts.append(
            ("UNSTABLE when asked again: " + ", ".join(unstable)) if unstable else "stable when asked again"
        )
        parts[-1] += f" ({flips}/{n} verdicts changed)"
    return "; ".join(parts), bool(failing or unstable)


def summary_lines(report: CompareReport) -> list[tuple[str, bool]]:
    """The findings in words, most important first; a line that should alarm is marked loud."""
    out: list[tuple[str, bool]] = []
    changed = len(report.changed)
    decided = sum(s.items for s in report.subtasks)
    out.append(
        (
            f"{changed} of {decided} item(s) decided in both runs changed verdict "
            f"({report.matched_items} item(s) and {report.matched_results} result(s) matched).",
            False,
        )
    )
    for s in report.subtasks:
        moved = [
            f"{a.agent} {format_estimate(a.difference.model_dump())}"
            for a in s.agents
            if a.difference.ci_low is not None
            and a.difference.ci_high is not None
            and (a.difference.ci_low > 0 or a.difference.ci_high < 0)
        ]
        text = (
            f"{s.subtask}: kappa {format_estimate(s.kappa.model_dump())}, agreement "
            f"{format_estimate(s.agreement.model_dump())} on {s.items} item(s); {s.changed} changed "
            f"({s.pass_to_fail} pass→fail, {s.fail_to_pass} fail→pass)"
        )
        if moved:
            text += "; pass rate moved (b − a, interval excludes 0): " + ", ".join(moved)
        text += "; " + _ranking_words(s)
        out.append((text, s.ranking_changed))
    for name, only in (("A", report.only_a), ("B", report.only_b)):
        if only.items or only.results:
            out.append(
                (
                    f"only in run {name}: {only.results} result(s), {only.items} judged item(s) "
                    "(listed below).",
                    True,
                )
            )
    for name, checks in (("A", report.judge_checks_a), ("B", report.judge_checks_b)):
        words, loud = _checks_words(checks)
        out.append((f"run {name}'s judge: {words}.", loud))
    return out + _image_lines(report.run_a, report.run_b)


def _image_lines(a: CompareRun, b: CompareRun) -> list[tuple[str, bool]]:
    """A tag that named other images in the two runs ran other code under one name: executions
    that differ may differ for that alone."""
    out = []
    for tag in sorted(set(a.images) & set(b.images)):
        if a.images[tag] != b.images[tag]:
            ids_a, ids_b = (", ".join(i.removeprefix("sha256:")[:12] for i in r.images[tag]) for r in (a, b))
            out.append(
                (
                    f"sandbox image {tag} is not the same image in the two runs (run A: {ids_a}; "
                    f"run B: {ids_b}): it was rebuilt or re-pulled in between, so executions may differ"
                    " for that alone.",
                    True,
                )
            )
    return out


def ranking_verdict(s: SubtaskComparison) -> str:
    """The ranking's fate in a word or three, for a table cell: "CHANGED" only when settled."""
    if s.ranking_changed:
        return "CHANGED"
    if s.tiers_a != s.tiers_b:
        return "moved, not settled"
    tiers = s.tiers_a or []
    return "tied" if len(tiers) == 1 and len(tiers[0]) > 1 else "same"


def _ranking_words(s: SubtaskComparison) -> str:
    """What the runs say about the order of the agents, claiming no more than the intervals do."""
    tiers_a, tiers_b = s.tiers_a or [], s.tiers_b or []
    if s.ranking_changed:
        pairs = ", ".join(f"{x} above {y}" for x, y in (s.settled_a or []) if [y, x] in (s.settled_b or []))
        return (
            f"RANKING CHANGED: {pairs} in run A, the other way in run B, each order settled by its run's "
            f"interval ({_tiers_text(tiers_a)} became {_tiers_text(tiers_b)})"
        )
    if tiers_a == tiers_b:
        if len(tiers_a) == 1 and len(tiers_a[0]) > 1:
            return f"agents tied in both runs ({_tiers_text(tiers_a)})"
        return f"same order in both runs ({_tiers_text(tiers_a)})"
    return (
        f"order by pass rate {_tiers_text(tiers_a)} became {_tiers_text(tiers_b)}, but no two agents' order "
        "is settled the other way by the intervals: not a changed ranking"
    )


def _cell(est: Any) -> str:
    return format_estimate(est.model_dump() if est is not None else None)


def sections(report: CompareReport) -> list[Section]:
    """The page's sections after its summary: the figures, every changed item, what only one run
    has, and each run's own judge checks (the run report's section, as it renders it)."""
    agreement = Section(
        "Agreement between the runs",
        "agreement",
        lines=[
            f"{report.bootstrap.confidence:.0%} intervals over tasks: percentile bootstrap clustered by "
            f"task ({report.bootstrap.n} resamples, seed {report.bootstrap.seed}) on "
            f"{MIN_BOOTSTRAP_CLUSTERS} tasks or more, else exact on tasks (Clopper–Pearson; none for "
            "kappa); differences are b − a. "
            "A ranking changes only when two agents' order is settled the other way by the intervals "
            "(docs/calibration.md, Intervals over tasks)."
        ],
        tables=[
            Table(
                "Per subtask",
                ["subtask", "items", "undecided", "changed", "pass→fail", "fail→pass", "kappa", "agreement"],
                [
                    [
                        s.subtask,
                        str(s.items),
                        str(s.undecided),
                        str(s.changed),
                        str(s.pass_to_fail),
                        str(s.fail_to_pass),
                        _cell(s.kappa),
                        _cell(s.agreement),
                    ]
                    for s in report.subtasks
                ],
            ),
            Table(
                "Pass rate per agent, paired (results decided in both runs)",
                ["subtask", "agent", "results", "tasks", "run A", "run B", "b − a", "changed"],
                [
                    [
                        s.subtask,
                        a.agent,
                        str(a.results),
                        str(a.tasks),
                        "—" if a.pass_rate_a is None else f"{a.pass_rate_a:.2f}",
                        "—" if a.pass_rate_b is None else f"{a.pass_rate_b:.2f}",
                        _cell(a.difference),
                        str(a.changed),
                    ]
                    for s in report.subtasks
                    for a in s.agents
                ],
                empty="No result was decided in both runs.",
            ),
            Table(
                "Ranking of the agents (by pass rate, best first; = a tie)",
                ["subtask", "run A", "run B", "ranking"],
                [
                    [
                        s.subtask,
                        _tiers_text(s.tiers_a or []),
                        _tiers_text(s.tiers_b or []),
                        ranking_verdict(s),
                    ]
                    for s in report.subtasks
                ],
            ),
        ],
    )
    changed = Section(
        "Items whose verdict changed",
        "changed",
        tables=[
            Table(
                "",
                ["item", "agent", "criterion", "run A", "why (A)", "run B", "why (B)"],
                [
                    [
                        c.item_id,
                        c.agent,
                        c.criterion,
                        c.verdict_a,
                        c.rationale_a or "",
                        c.verdict_b,
                        c.rationale_b or "",
                    ]
                    for c in report.changed
                ],
                empty="No item changed verdict.",
            )
        ],
    )
    only = Section(
        "Items only one run has",
        "only-one",
        lines=[
            f"Run {name}: {o.results} result(s) and {o.items} judged item(s) the other run lacks"
            + (f" (the first {MAX_LISTED} listed)" if o.items > MAX_LISTED else "")
            + "."
            for name, o in (("A", report.only_a), ("B", report.only_b))
        ],
        tables=[
            Table(
                "",
                ["run", "item"],
                [[name, i] for name, o in (("A", report.only_a), ("B", report.only_b)) for i in o.item_ids],
            )
        ],
    )
    out = [agreement, changed, only]
    for name, runs in (("A", report.agent_runs_a), ("B", report.agent_runs_b)):
        section = evidence.runs_section(
            [r.as_json() for r in runs or []], f"Run {name}'s agents: claims, cost and time"
        )
        if section is not None:
            section.anchor = f"agent-runs-{name.lower()}"
            out.append(section)
    if report.failure_modes is not None:
        out.append(_failure_section(report.failure_modes))
    for name, checks in (("A", report.judge_checks_a), ("B", report.judge_checks_b)):
        section = evidence.checks_section({"judge_checks": checks.as_json() if checks else None})
        section.title = f"Run {name}'s judge: controls and test-retest"
        section.anchor = f"judge-checks-{name.lower()}"
        out.append(section)
    return out


def context(report: CompareReport) -> str:
    def one(name: str, r: CompareRun) -> str:
        rubrics = ", ".join(f"{k} {v}" for k, v in sorted(r.rubrics.items()))
        judges = ", ".join(r.judges) or "none"
        return f"run {name}: {r.run_dir} (judges {judges}; rubrics {rubrics or 'unknown'})"

    return f"{one('A', report.run_a)} · {one('B', report.run_b)}"


def write_compare(report: CompareReport, out: Path) -> list[Path]:
    """compare.json, compare.md and compare.html under `out` (created if needed), each written
    whole (beside the target, then renamed); returns their paths."""
    if out.exists() and not out.is_dir():
        raise UserError("expected a folder for the comparison, found a file", file=out)
    out.mkdir(parents=True, exist_ok=True)
    title = "expgrade compare: two runs side by side"
    lines, parts = summary_lines(report), sections(report)
    texts = {
        COMPARE_JSON: json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n",
        COMPARE_MD: page_markdown(title, context(report), lines, parts),
        COMPARE_HTML: page_html(title, context(report), lines, parts),
    }
    for name, text in texts.items():
        write_atomic(out / name, text)
    return [out / name for name in texts]
