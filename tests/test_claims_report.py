"""The demo graded end to end shows claim support and cost/time per agent: results.jsonl,
report.json, report.html, report.md, the terminal, and `expgrade compare` (real CLI, scripted
judge over HTTP, local sandbox)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from grade_support import grade_demo_scripted, results, run_cli

from expgrade.grading.run.demo import demo_judge_script


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    tmp = tmp_path_factory.mktemp("claims")
    proc, _ = grade_demo_scripted(tmp, demo_judge_script())
    yield tmp / "run", proc.stdout


def test_each_result_records_its_claims_and_its_run(graded: tuple[Path, str]) -> None:
    got = results(graded[0])
    careful = got["careful-adam"]
    assert {(c["support"], c["step"]) for c in careful["claims"] if c["kind"] == "number"} == {
        ("transcript", 7)
    }
    assert {c["support"] for c in got["sloppy-adam"]["claims"]} == {"unsupported"}
    assert "claims_unsupported" in got["sloppy-adam"]["subtasks"]["integrity"]["flags"]
    assert "claims_unsupported" in got["cheater-adam"]["subtasks"]["integrity"]["flags"]
    assert careful["agent_run"]["steps"] == 8 and careful["agent_run"]["cost_usd"] > 0
    # the conclusion judge read the cited step, and its items say which
    items = careful["subtasks"]["conclusion"]["items"]
    assert all(i["evidence"] == {"cited_steps": [7]} for i in items[:2])


def test_the_report_shows_claim_support_and_cost_per_agent(graded: tuple[Path, str], tmp_path: Path) -> None:
    run, stdout = graded
    assert "the agents' claims, by what supports them" in stdout and "median / p90" in stdout
    proc = run_cli(tmp_path, "report", run, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    by_agent = {a["agent"]: a for a in report["agent_runs"]}
    assert by_agent["careful-agent"]["claims"] == {
        "measured": 0,
        "transcript": 8,
        "unsupported": 0,
        "mismatch": 0,
    }
    assert by_agent["sloppy-agent"]["claims"]["unsupported"] == 3
    assert by_agent["cheating-agent"]["claims"]["unsupported"] == 4
    steps = by_agent["cheating-agent"]["steps"]
    assert steps["n"] == 2 and steps["median"] <= steps["p90"]
    assert by_agent["careful-agent"]["cost_usd"]["median"] > 0
    sub = next(s for t in report["tasks"] for s in t["submissions"] if s["submission_id"] == "cheater-adam")
    assert "typed it at step 10" in sub["claims"][0]["why"]
    for fmt in ("html", "md"):
        assert run_cli(tmp_path, "report", run, "--format", fmt).returncode == 0
    html = (run / "report.html").read_text()
    assert "The agents&#39; runs: claims, cost and time" in html and "careful-agent" in html
    md = (run / "report.md").read_text()
    assert "## The agents' runs: claims, cost and time" in md
    # one line per number: the number, its metric, support and step; not the sentence again
    careful = next(
        s for t in report["tasks"] for s in t["submissions"] if s["submission_id"] == "careful-adam"
    )
    number = next(c for c in careful["claims"] if c["kind"] == "number")
    line = f"- {number['value']:g} [{number['metric'] or 'metric not named'}]: transcript, step 7 ("
    assert "Claims of careful-adam:" in md and line in md
    cells = f'{number["value"]:g}</td><td>{number["metric"]}</td><td class="pass">transcript</td><td>7</td>'
    assert cells in html
    assert f"claim {line[2:]}" in (run / "logs" / "careful-adam" / "grading.log").read_text()


def test_compare_shows_both_runs_agents(graded: tuple[Path, str], tmp_path: Path) -> None:
    run = graded[0]
    grade_demo_scripted(tmp_path, demo_judge_script())  # a second run of the same demo
    proc = run_cli(tmp_path, "compare", run, tmp_path / "run", "--out", tmp_path / "cmp")
    assert proc.returncode == 0, proc.stderr
    compare = json.loads((tmp_path / "cmp" / "compare.json").read_text())
    assert compare["agent_runs_a"] == compare["agent_runs_b"]
    assert {a["agent"] for a in compare["agent_runs_a"]} == {
        "careful-agent",
        "sloppy-agent",
        "cheating-agent",
    }
    assert "Run A's agents: claims, cost and time" in (tmp_path / "cmp" / "compare.md").read_text()
