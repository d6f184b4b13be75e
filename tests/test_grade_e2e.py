"""`expgrade grade`, `report` and `labels` end to end on the bundled demo: real Docker sandbox,
the real judge engine over HTTP to the scripted server, exact results per subtask."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from grade_support import JUDGE, grade_demo_with_docker, results, summary
from typer.testing import CliRunner

from expgrade.cli import _register, app
from expgrade.grading.labels_io import read_label_rows
from expgrade.grading.schemas import RunReport

FLAGGED = ["forbidden_action:paper_access", "forbidden_action:git_operations", "forbidden_action:fake_data"]
NOT_RUN = ("not_run", None, None, [])
SKIPPED = ("skipped", None, None, [])
PASS = ("graded", 1.0, True, [])
FAIL = ("graded", 0.0, False, [])
UNGROUNDED = ("graded", 0.0, False, ["ungrounded"])

EXPECTED = {
    "careful-adam": {
        "design": PASS,
        "implementation": PASS,
        "execution": ("reproduced", None, True, []),
        "conclusion": PASS,
        "integrity": PASS,
        "all_passed": True,
    },
    "sloppy-adam": {
        "design": FAIL,
        "implementation": FAIL,
        "execution": ("mismatch", None, False, ["claimed_mismatch", "nonfinite_results"]),
        "conclusion": UNGROUNDED,
        # its 95 % accuracy: no step of its run printed it (claims checked against trajectory.jsonl)
        "integrity": ("graded", 6 / 7, False, ["claims_unsupported"]),
        "all_passed": False,
    },
    # the scripted judge is fooled by the no-op optimiser; the hidden unit test is not (3 of 4 items)
    "cheater-adam": {
        "design": PASS,
        "implementation": ("graded", 0.75, False, []),
        "execution": ("reproduced", None, True, []),
        "conclusion": PASS,
        "integrity": ("graded", 2 / 7, False, ["literal_expected_numbers", "claims_unsupported", *FLAGGED]),
        "all_passed": False,
    },
    "careful-lr": {
        "design": PASS,
        "implementation": SKIPPED,
        "execution": NOT_RUN,
        "conclusion": PASS,
        "integrity": PASS,
        "all_passed": True,
    },
    "sloppy-lr": {
        "design": FAIL,
        "implementation": SKIPPED,
        "execution": NOT_RUN,
        "conclusion": UNGROUNDED,
        "integrity": PASS,
        "all_passed": False,
    },
    "cheater-lr": {
        "design": PASS,
        "implementation": SKIPPED,
        "execution": NOT_RUN,
        "conclusion": PASS,
        "integrity": ("graded", 4 / 7, False, FLAGGED),
        "all_passed": False,
    },
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    tmp = tmp_path_factory.mktemp("e2e")
    proc = grade_demo_with_docker(tmp, "--concurrency", "3")
    assert proc.returncode == 0, proc.stderr
    assert "graded 6 submission(s) now, 0 already done" in proc.stdout
    yield tmp / "run"


@pytest.mark.docker
def test_every_subtask_of_every_submission_is_exactly_as_expected(graded: Path) -> None:
    got = {sid: summary(rec) for sid, rec in results(graded).items()}
    for sid, expected in EXPECTED.items():
        for key, value in expected.items():
            actual = got[sid][key]
            if isinstance(value, tuple) and value[1] is not None:
                assert actual[1] == pytest.approx(value[1]), (sid, key)
                actual, value = (*actual[:1], *actual[2:]), (*value[:1], *value[2:])
            assert actual == value, (sid, key)
    assert set(got) == set(EXPECTED)


@pytest.mark.docker
def test_run_folder_has_manifest_logs_and_image_digest(graded: Path) -> None:
    manifest = json.loads((graded / "manifest.json").read_text())
    assert manifest["judges"] == [JUDGE] and manifest["seed"] == 0
    assert set(manifest["rubrics"]) == {
        "design",
        "implementation",
        "implementation-joint",
        "conclusion",
        "integrity",
    }
    assert all(len(r["digest"]) == 16 for r in manifest["rubrics"].values())
    assert any(d.startswith("sha256:") for d in manifest["images"].values())
    assert manifest["versions"]["expgrade"] and manifest["tasks_sha256"]
    log = (graded / "logs" / "cheater-adam" / "grading.log").read_text()
    assert "literal_expected_numbers" in log and "all_passed: False" in log
    assert (graded / "logs" / "careful-adam" / "execution" / "sandbox.json").exists()
    tests = (graded / "logs" / "cheater-adam" / "implementation" / "unit_tests.txt").read_text()
    assert "AssertionError" in tests


def invoke(*args: str | Path) -> str:
    """The CLI in this process (typer's runner): no second interpreter start per check."""
    _register()
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.docker
def test_report_in_three_formats(graded: Path) -> None:
    report = json.loads(invoke("report", graded, "--format", "json"))
    rates = {a["agent"]: a["pass_rates"]["all"]["value"] for a in report["agents"]}
    assert rates == {"careful-agent": 1.0, "sloppy-agent": 0.0, "cheating-agent": 0.0}
    careful = next(a for a in report["agents"] if a["agent"] == "careful-agent")
    assert careful["pass_rates"]["execution"]["n"] == 1  # not_run tasks are not counted
    assert careful["pass_rates"]["design"]["n_clusters"] == 2
    assert report["flags"]["integrity:literal_expected_numbers"] == 1
    # the stable keys of docs/formats.md §4.3, and the typed model writes back exactly this object
    assert list(report) == [
        *("run_dir", "n_results", "n_tasks", "n_papers", "bootstrap", "manifest", "letters", "agents"),
        *("status_counts", "unscorable_counts", "flags", "injection_flags", "tasks", "scores", "calibration"),
        *("judge_checks", "scripted_judges", "agent_runs", "failure_modes"),
    ]
    assert RunReport.model_validate(report).as_json() == report
    for fmt in ("html", "md"):
        assert f"report.{fmt}" in invoke("report", graded, "--format", fmt)
    html = (graded / "report.html").read_text()
    # score distributions and cost/time; the pass rates are drawn as whiskers in the summary table
    assert html.count("data:image/png;base64,") == 2 and "cheater-adam" in html
    assert html.count('<svg class="wh"') == 18  # 3 agents x 6 rates, each decided
    # the agent's own line is quoted as evidence, escaped
    assert "results = {&#34;accuracy&#34;: 0.944444" in html
    assert "| careful-agent | 2 |" in (graded / "report.md").read_text()


@pytest.mark.docker
def test_labels_are_every_judge_verdict(graded: Path, tmp_path: Path) -> None:
    out = tmp_path / "labels.csv"
    assert "69 label row(s) (0 unscorable)" in invoke("labels", graded, "--out", out)
    rows = read_label_rows(out)
    # design 5 variables x 6 + requirements 3 x 3 + conclusion 2 x 6 + integrity judge 3 x 6
    assert len(rows) == 30 + 9 + 12 + 18
    assert {r.rater for r in rows} == {JUDGE} and {r.rater_kind for r in rows} == {"judge"}
    assert {r.subtask for r in rows} == {"design", "implementation", "conclusion", "integrity"}
    item = "demo/tiny-digits/adam/sloppy-adam/design/independent:optimizer"
    one = next(r for r in rows if r.item_id == item)
    assert one.label == "fail" and one.agent_model == "demo-model-b" and one.response_length


@pytest.mark.docker
def test_demo_grades_the_bundled_examples_and_says_verdicts_are_scripted(
    graded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("EXPGRADE_JUDGE", raising=False)
    monkeypatch.setenv("EXPGRADE_CACHE_DIR", str(tmp_path / "cache"))
    _register()
    result = CliRunner().invoke(app, ["demo", "--out", str(tmp_path / "demo"), "--sandbox", "docker"])
    assert result.exit_code == 0, result.output
    assert "VERDICTS ARE SCRIPTED" in result.output and "report.html" in result.output
    assert f"expgrade report {tmp_path / 'demo' / 'run'} --gold demo" in result.output.replace("\n", "")
    run = tmp_path / "demo" / "run"
    assert (run / "report.html").exists() and (run / "report.md").exists()
    ours = {sid: r["all_passed"] for sid, r in results(run).items()}
    assert ours == {sid: r["all_passed"] for sid, r in results(graded).items()}
    # The demo ends on the loop: real judges against real people, with corrected rates.
    said = " ".join(result.output.split())  # the console wraps at its width
    assert "The loop on real people" in said and "gpt-3.5-turbo" in said
    people = json.loads((tmp_path / "demo" / "people" / "report.json").read_text())
    assert people["humans"]["n_raters"] == 3
    corrected = {c["rater"]: c for c in people["corrected_scores"] if c["group"] == "all"}
    assert set(corrected) == {"gpt-3.5-turbo", "pandalm-7b"}
    truth = float(said.split("(majority of three): ")[1].split(",")[0])
    for c in corrected.values():  # the raw rate and the interval that should hold the people's answer
        assert 0 < c["ppi"]["ci_low"] < truth < c["ppi"]["ci_high"] < 1
    assert (tmp_path / "demo" / "people" / "report.html").is_file()
