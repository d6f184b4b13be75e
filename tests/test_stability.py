"""Test-retest and `expgrade compare`: a judge asked again, and two runs side by side.

Every run here is the real `expgrade grade` CLI on the demo bundle, judged through litellm's real
HTTP path by the scripted server: once as the demo's script (a deterministic judge), once as the
same script turning each answer into the other label with probability 0.3 (`ServerScript.flip`),
so the same item asked twice disagrees 2·0.3·0.7 = 42 % of the time.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from grade_support import DEMO, JUDGE, grade_demo_scripted, run_cli
from sklearn.metrics import cohen_kappa_score

from expgrade.calibration.paired import paired_agreement, paired_difference
from expgrade.grading.controls.retest import MIN_RETEST, pick_units
from expgrade.grading.run.demo import demo_judge_script
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

SUBTASKS = "design,implementation,conclusion,integrity"
FLIP = 0.3


def _script(flip: float) -> ServerScript:
    return dataclasses.replace(demo_judge_script(), flip=flip)


def _report(tmp: Path) -> dict[str, Any]:
    proc = run_cli(tmp, "report", tmp / "run", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@dataclasses.dataclass
class Graded:
    tmp: Path
    proc: Any
    report: dict[str, Any]
    first_results: str = ""  # results.jsonl before the retest session
    retest_calls: int = 0  # judge calls the retest session made

    @property
    def run(self) -> Path:
        return self.tmp / "run"


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Graded]:
    """'stable': the demo's judge, default retest. 'flipping': graded with --retest 0, then the
    same folder resumed with --retest 1 (every judged item asked again in a session of its own)."""
    done: dict[str, Graded] = {}

    def make(name: str) -> Graded:
        if name not in done:
            tmp = tmp_path_factory.mktemp(name)
            if name == "stable":
                proc, _ = grade_demo_scripted(tmp, _script(0.0))
                done[name] = Graded(tmp, proc, _report(tmp))
            else:
                grade_demo_scripted(tmp, _script(FLIP), "--retest", "0")
                first = (tmp / "run" / "results.jsonl").read_text()
                assert not (tmp / "run" / "retest.jsonl").exists()
                proc, stats = grade_demo_scripted(tmp, _script(FLIP), "--retest", "1")
                done[name] = Graded(tmp, proc, _report(tmp), first, stats["answered"])
        return done[name]

    return make


def _retests(g: Graded) -> dict[str, dict[str, Any]]:
    return {r["subtask"]: r for r in g.report["judge_checks"]["retests"]}


def test_a_deterministic_judge_measures_no_flip_on_at_least_ten_items_per_subtask(
    graded: Callable[[str], Graded],
) -> None:
    g = graded("stable")
    checks = g.report["judge_checks"]
    figures = _retests(g)
    assert set(figures) == set(SUBTASKS.split(","))
    records = [json.loads(line) for line in (g.run / "retest.jsonl").read_text().splitlines()]
    judged = Counter(
        name
        for line in (g.run / "results.jsonl").read_text().splitlines()
        for name, sub in json.loads(line)["subtasks"].items()
        if isinstance(sub, dict)
        for item in sub.get("items") or []
        if isinstance(item.get("judge"), list)
    )
    for name, f in figures.items():
        assert f["changed"] == 0 and f["flip_rate"]["value"] == 0.0 and not f["unstable"], name
        # the default 5 % is below ten items on the demo: at least ten (all, where there are fewer)
        assert min(MIN_RETEST, judged[name]) <= f["items"] <= judged[name], name
        assert f["flip_rate"]["n"] == f["items"], name  # every item decided both times
    assert f["items"] < judged["design"] or judged["design"] <= MIN_RETEST
    assert checks["unstable"] == [] and checks["retest_n"] == sum(f["items"] for f in figures.values())
    assert checks["retest"]["fraction"] == 0.05 and checks["retest"]["samples"] == 1
    assert {r["subtask"] for r in records} == set(figures) and all(r["temperature"] == 0.0 for r in records)
    assert "JUDGE UNSTABLE" not in g.proc.stdout + g.proc.stderr
    assert "the judge asked again" in g.proc.stdout  # beside the controls in the terminal
    for sub in records:  # both askings of every item, each judge's verdict record in full
        for item in sub["items"]:
            assert [v["label"] for v in item["first"]] == [v["label"] for v in item["again"]]
            assert all(v["cached"] is False for v in item["again"])


def test_a_judge_flipping_three_in_ten_is_measured_unstable_by_its_own_run(
    graded: Callable[[str], Graded],
) -> None:
    g = graded("flipping")
    checks = g.report["judge_checks"]
    figures = _retests(g)
    changed = sum(f["changed"] for f in figures.values())
    decided = sum(f["flip_rate"]["n"] for f in figures.values())
    assert decided >= 60  # --retest 1: every judged item of the demo
    assert 0.25 <= changed / decided <= 0.60, (changed, decided)  # 2·0.3·0.7 = 0.42
    for name, f in figures.items():
        if f["flip_rate"]["n"] >= 18:  # enough items for the interval to clear 5 % every time
            assert f["unstable"] and f["flip_rate"]["ci_low"] > 0.05, name
            assert f"{JUDGE} on {name}" in checks["unstable"]
    said = " ".join((g.proc.stdout + g.proc.stderr).split())
    assert "JUDGE UNSTABLE" in said and f"{JUDGE} on design" in said
    # the second session judged nothing but the retests, past the cache it had filled
    assert g.retest_calls > 0
    # and a retest never changes a verdict of the run
    assert (g.run / "results.jsonl").read_text() == g.first_results
    md = run_cli(g.tmp, "report", g.run, "--format", "md", "--out", g.tmp / "report.md")
    assert md.returncode == 0, md.stderr
    text = (g.tmp / "report.md").read_text()
    assert "UNSTABLE when asked again" in text and "Test-retest" in text


def test_the_estimate_counts_the_retest_calls_the_run_makes(tmp_path: Path) -> None:
    """--estimate prices the retest on lines of its own; a session that only retests makes as many calls."""
    with ScriptedServer(_script(0.0)) as server:
        base = [
            "grade", "--tasks", DEMO / "tasks.jsonl", "--submissions", DEMO / "submissions",
            "--out", tmp_path / "run", "--subtasks", SUBTASKS, "--sandbox", "local",
            "--judge", JUDGE, "--api-base", server.url,
        ]  # fmt: skip
        est = run_cli(tmp_path, *base, "--estimate")
        assert est.returncode == 0, est.stderr
        planned = sum(
            int(line.split()[2]) for line in (est.stdout + est.stderr).splitlines() if "(retest)" in line
        )
        assert run_cli(tmp_path, *base, "--retest", "0").returncode == 0
        server.reset_stats()
        assert run_cli(tmp_path, *base).returncode == 0
        made = server.stats["answered"]
    assert planned > 0 and made == planned


@pytest.fixture(scope="module")
def compared(graded: Callable[[str], Graded], tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    a, b = graded("stable"), graded("flipping")
    out = tmp_path_factory.mktemp("compare")
    proc = run_cli(out, "compare", a.run, b.run, "--out", out / "cmp")
    assert proc.returncode == 0, proc.stderr
    return proc, out / "cmp"


def _items(run: Path) -> dict[str, tuple[str, str, str | None, str | None]]:
    """item id -> (agent, task, verdict, rationale), read straight from results.jsonl."""
    out = {}
    for line in (run / "results.jsonl").read_text().splitlines():
        r = json.loads(line)
        for name, sub in r["subtasks"].items():
            for item in (sub or {}).get("items") or [] if isinstance(sub, dict) else []:
                if isinstance(item.get("judge"), list) and item["judge"]:
                    key = f"{r['task_id']}/{r['submission_id']}/{name}/{item['criterion_id']}"
                    out[key] = (r["agent"], r["task_id"], item["verdict"], item.get("rationale"))
    return out


def test_compare_lists_every_changed_item_with_both_rationales(
    graded: Callable[[str], Graded], compared: tuple[Any, Path]
) -> None:
    proc, out = compared
    data = json.loads((out / "compare.json").read_text())
    a, b = _items(graded("stable").run), _items(graded("flipping").run)
    expected = {i: (a[i], b[i]) for i in set(a) & set(b) if a[i][2] and b[i][2] and a[i][2] != b[i][2]}
    assert expected  # a judge flipping 3 in 10 changes some verdicts
    got = {c["item_id"]: c for c in data["changed"]}
    assert set(got) == set(expected)
    for i, (x, y) in expected.items():
        assert (got[i]["verdict_a"], got[i]["verdict_b"]) == (x[2], y[2])
        assert (got[i]["rationale_a"], got[i]["rationale_b"]) == (x[3], y[3])
    assert data["matched_items"] == len(set(a) & set(b)) and data["only_a"]["items"] == 0
    assert data["summary"][0].startswith(f"{len(expected)} of ")
    assert "UNSTABLE" in " ".join(data["summary"])  # each run's stability figures beside it
    assert data["judge_checks_b"]["unstable"] and not data["judge_checks_a"]["unstable"]
    for name in ("compare.md", "compare.html"):
        text = (out / name).read_text()
        assert next(iter(expected)) in text and "Items whose verdict changed" in text
    assert "run A against run B" in proc.stdout


def test_compare_figures_match_a_direct_computation(
    graded: Callable[[str], Graded], compared: tuple[Any, Path]
) -> None:
    _, out = compared
    data = json.loads((out / "compare.json").read_text())
    a, b = _items(graded("stable").run), _items(graded("flipping").run)
    for s in data["subtasks"]:
        both = sorted(i for i in set(a) & set(b) if f"/{s['subtask']}/" in i and a[i][2] and b[i][2])
        x = [a[i][2] == "pass" for i in both]
        y = [b[i][2] == "pass" for i in both]
        assert s["items"] == len(both) and s["changed"] == sum(p != q for p, q in zip(x, y, strict=True))
        direct = cohen_kappa_score(x, y) if len(set(x) | set(y)) > 1 else None
        if direct is not None and not np.isnan(direct):
            assert s["kappa"]["value"] == pytest.approx(direct, abs=1e-6)
        assert s["agreement"]["value"] == pytest.approx(np.mean(np.equal(x, y)), abs=1e-6)

    def passed(run: Path) -> dict[tuple[str, str], dict[str, Any]]:
        return {
            (r["task_id"], r["submission_id"]): r
            for r in map(json.loads, (run / "results.jsonl").read_text().splitlines())
        }

    ra, rb = passed(graded("stable").run), passed(graded("flipping").run)
    for s in data["subtasks"]:
        for agent in s["agents"]:
            pairs = [
                (ra[k]["subtasks"][s["subtask"]]["passed"], rb[k]["subtasks"][s["subtask"]]["passed"])
                for k in ra
                if k in rb and ra[k]["agent"] == agent["agent"]
            ]
            pairs = [(p, q) for p, q in pairs if p is not None and q is not None]
            assert agent["results"] == len(pairs)
            diff = np.mean([int(q) - int(p) for p, q in pairs])
            assert agent["difference"]["value"] == pytest.approx(diff, abs=1e-6)
            assert agent["difference"]["ci_low"] <= diff <= agent["difference"]["ci_high"]
        rates_b = {ag["agent"]: ag["pass_rate_b"] for ag in s["agents"]}
        assert s["ranking_b"] == sorted(rates_b, key=lambda k: (-rates_b[k], k))


def test_compare_refuses_what_it_cannot_compare(graded: Callable[[str], Graded], tmp_path: Path) -> None:
    run = graded("stable").run
    not_a_run = tmp_path / "empty"
    not_a_run.mkdir()
    proc = run_cli(tmp_path, "compare", run, not_a_run, "--out", tmp_path / "out")
    assert proc.returncode == 2 and "not a run folder" in proc.stderr and "results.jsonl" in proc.stderr
    other = tmp_path / "other-tasks"
    shutil.copytree(run, other)
    manifest = json.loads((other / "manifest.json").read_text())
    manifest["tasks_sha256"] = "0" * 64
    (other / "manifest.json").write_text(json.dumps(manifest))
    proc = run_cli(tmp_path, "compare", run, other, "--out", tmp_path / "out")
    assert proc.returncode == 2 and "different tasks" in proc.stderr
    disjoint = tmp_path / "disjoint"
    shutil.copytree(run, disjoint)
    lines = (disjoint / "results.jsonl").read_text().splitlines()
    renamed = [json.dumps({**json.loads(x), "submission_id": f"other-{i}"}) for i, x in enumerate(lines)]
    (disjoint / "results.jsonl").write_text("\n".join(renamed) + "\n")
    proc = run_cli(tmp_path, "compare", run, disjoint, "--out", tmp_path / "out")
    assert proc.returncode == 2 and "no judged item in common" in proc.stderr
    assert not (tmp_path / "out" / "compare.json").exists()  # nothing half-written


def test_samples_runs_report_the_within_item_spread(tmp_path: Path) -> None:
    # the last --subtasks given wins: design alone, the quickest subtask with enough items
    extra = ("--subtasks", "design", "--samples", "3", "--retest", "1", "--controls", "0")
    grade_demo_scripted(tmp_path, _script(FLIP), *extra)
    design = _retests(Graded(tmp_path, None, _report(tmp_path)))["design"]
    assert design["spread"] is not None and 0 < design["spread"] <= 0.5


def test_paired_statistics_check_their_inputs_and_agree_with_scikit_learn() -> None:
    rng = np.random.default_rng(1)
    x = rng.integers(0, 2, 200)
    y = np.where(rng.random(200) < 0.2, 1 - x, x)
    tasks = [f"t{i % 17}" for i in range(200)]
    kappa, agreement = paired_agreement(x, y, tasks, n_boot=500)
    assert kappa.value == pytest.approx(cohen_kappa_score(x, y))
    assert agreement.value == pytest.approx(np.mean(x == y))
    assert kappa.ci_low < kappa.value < kappa.ci_high and kappa.n == 200 and kappa.n_clusters == 17
    diff = paired_difference(x, y, tasks, n_boot=500)
    assert diff.value == pytest.approx(np.mean(y) - np.mean(x))
    with pytest.raises(ValueError, match="aligned"):
        paired_agreement(x, y[:-1], tasks)
    with pytest.raises(ValueError, match="only 0"):
        paired_difference([0, 2], [1, 1], ["a", "b"])
    with pytest.raises(ValueError, match="n_boot"):
        paired_difference(x, y, tasks, n_boot=0)


def test_the_retest_sample_is_seeded_and_reaches_its_share() -> None:
    units = {"design": [((f"t{i}", "s"), 3) for i in range(100)], "conclusion": [(("t0", "s"), 4)]}
    first = pick_units(units, 0.05, seed=7)
    assert first == pick_units(units, 0.05, seed=7) and first != pick_units(units, 0.05, seed=8)
    assert sum(3 for _ in first["design"]) >= 15  # 5 % of 300 items
    assert first["conclusion"] == [("t0", "s")]  # fewer than ten items: all of them
    assert pick_units(units, 0.0, seed=7) == {}
