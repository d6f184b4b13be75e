"""`expgrade calibrate` and `expgrade gold import pandalm|llmbar` through the real entry point."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from expgrade.cli import main
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas.label import LabelRow

CONTRACT_TOP = {
    "n_items", "confidence", "bootstrap", "seed", "judges", "humans", "corrected_scores", "alt_test",
    "annotators", "agent_comparisons",
}  # fmt: skip
CONTRACT_JUDGE = {
    "rater", "subtask", "criterion", "n", "percent_agreement", "cohen_kappa", "scott_pi", "gwet_ac1",
    "krippendorff_alpha", "macro_f1", "tpr", "tnr", "leniency", "judge_pass_rate", "human_pass_rate",
    "self_preference", "length_bias", "position_consistency",
}  # fmt: skip


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def expgrade(*args: str | Path, cwd: Path | None = None) -> Done:
    """The real entry point (`expgrade_cli.main`, which maps UserError to exit 2), run in-process:
    a fresh interpreter per call would spend most of the test time importing litellm."""
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_cwd = sys.argv, Path.cwd()
    sys.argv = ["expgrade", *map(str, args)]
    code: int | str | None = 0
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.argv = old_argv
        os.chdir(old_cwd)
    return Done(code if isinstance(code, int) else 1, out.getvalue(), err.getvalue())


def binary_rows() -> list[LabelRow]:
    rows = []
    for i in range(40):
        truth = "pass" if i % 3 else "fail"
        for h in ("ann-1", "ann-2"):
            rows.append(
                LabelRow(item_id=f"t/{i}", rater=h, rater_kind="human", label=truth, agent_model="gpt-4o")
            )
        judged = truth if i % 7 else ("fail" if truth == "pass" else "pass")
        rows.append(
            LabelRow(
                item_id=f"t/{i}",
                rater="<script>alert(1)</script>",
                rater_kind="judge",
                label=judged,
                agent_model="gpt-4o",
            )
        )
    rows.append(
        LabelRow(item_id="t/0", rater="claude-3", rater_kind="judge", status="unscorable", reason="refused")
    )
    return rows


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_calibrate_writes_the_contract_report_from_every_format(tmp_path: Path, suffix: str) -> None:
    table = tmp_path / f"labels{suffix}"
    write_label_rows(table, binary_rows())
    out = tmp_path / "report"
    done = expgrade("calibrate", table, "--out", out, "--bootstrap", "200", "--seed", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert set(report) == CONTRACT_TOP
    assert (report["n_items"], report["bootstrap"], report["seed"], report["confidence"]) == (
        40,
        200,
        3,
        0.95,
    )
    judge = report["judges"][0]
    assert set(judge) == CONTRACT_JUDGE
    assert judge["n"] == 40
    assert set(judge["cohen_kappa"]) == {"value", "ci_low", "ci_high"}
    assert judge["human_pass_rate"] == pytest.approx(26 / 40)
    assert set(report["humans"]) == {"n_raters", "krippendorff_alpha", "percent_agreement"}
    assert report["humans"]["krippendorff_alpha"]["value"] == 1.0
    assert {r["group"] for r in report["corrected_scores"]} == {"all", "gpt-4o"}
    details = json.loads((out / "details.json").read_text())
    assert details["unscorable_rows"] == {"claude-3": 1}
    html = (out / "report.html").read_text()
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "data:image/png;base64," in html
    assert "# Judge calibration report" in (out / "report.md").read_text()
    assert "Cohen κ" in done.stdout


def test_same_seed_same_report(tmp_path: Path) -> None:
    table = tmp_path / "labels.jsonl"
    write_label_rows(table, binary_rows())
    for name in ("a", "b"):
        assert (
            expgrade(
                "calibrate", table, "--out", tmp_path / name, "--bootstrap", "100", "--seed", "9"
            ).returncode
            == 0
        )
    assert (tmp_path / "a" / "report.json").read_text() == (tmp_path / "b" / "report.json").read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.csv", "--out", "r"], "file not found"),
        (["labels.jsonl", "--out", "r", "--confidence", "1.5"], "--confidence"),
        (["labels.txt", "--out", "r"], "unknown label-table format"),
    ],
)
def test_bad_input_exits_2_without_traceback(tmp_path: Path, args: list[str], message: str) -> None:
    write_label_rows(tmp_path / "labels.jsonl", binary_rows())
    (tmp_path / "labels.txt").write_text("x")
    done = expgrade("calibrate", *args, cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_bad_row_names_file_record_and_field(tmp_path: Path) -> None:
    table = tmp_path / "labels.jsonl"
    table.write_text(
        '{"item_id": "a", "rater": "h", "rater_kind": "human", "label": "pass"}\n'
        '{"item_id": "a", "rater": "j", "rater_kind": "robot", "label": "pass"}\n'
    )
    done = expgrade("calibrate", table, "--out", tmp_path / "r")
    assert done.returncode == 2
    assert "line 2" in done.stderr and "rater_kind" in done.stderr and "Traceback" not in done.stderr


def test_pandalm_import_and_report(datasets: Path, tmp_path: Path) -> None:
    labels = tmp_path / "pandalm.jsonl"
    done = expgrade(
        "gold",
        "import",
        "pandalm",
        datasets / "judge_human" / "pandalm" / "testset-v1.json",
        "--out",
        labels,
    )
    assert done.returncode == 0, done.stderr
    rows = read_label_rows(labels)
    assert len(rows) == 999 * 5
    assert sum(r.status == "unscorable" for r in rows) == 25  # GPT-3.5's "garbage" verdicts
    first = [r for r in rows if r.item_id == "pandalm/0"]
    assert {r.rater: r.label for r in first} == {
        "annotator1": "2",
        "annotator2": "2",
        "annotator3": "2",
        "gpt-3.5-turbo": "1",
        "pandalm-7b": "2",
    }
    assert first[0].extra["candidate_models"] == {"1": "bloom-7b", "2": "llama-7b"}
    out = tmp_path / "report"
    assert expgrade("calibrate", labels, "--out", out, "--bootstrap", "200").returncode == 0
    report = json.loads((out / "report.json").read_text())
    assert report["n_items"] == 999
    assert report["humans"]["n_raters"] == 3
    assert report["humans"]["krippendorff_alpha"]["value"] == pytest.approx(0.8642, abs=1e-3)
    by_rater = {j["rater"]: j for j in report["judges"]}
    assert by_rater["pandalm-7b"]["n"] == 999 and by_rater["gpt-3.5-turbo"]["n"] == 974
    assert by_rater["pandalm-7b"]["percent_agreement"]["value"] == pytest.approx(0.6677, abs=1e-4)
    assert by_rater["pandalm-7b"]["tpr"]["value"] is None  # no pass class in pairwise labels
    assert by_rater["pandalm-7b"]["self_preference"]["family"] == "Meta"
    assert report["corrected_scores"] == []


def test_llmbar_import_and_position_consistency(datasets: Path, tmp_path: Path) -> None:
    labels = tmp_path / "llmbar.csv"
    done = expgrade("gold", "import", "llmbar", datasets / "judge_human" / "llmbar_natural", "--out", labels)
    assert done.returncode == 0, done.stderr
    rows = read_label_rows(labels)
    assert len(rows) == 100 + 4 * 100 * 2
    assert {r.order for r in rows if r.rater_kind == "judge"} == {"original", "swapped"}
    out = tmp_path / "report"
    assert expgrade("calibrate", labels, "--out", out, "--bootstrap", "200").returncode == 0
    report = json.loads((out / "report.json").read_text())
    gpt4 = next(j for j in report["judges"] if j["rater"] == "GPT-4")
    assert gpt4["percent_agreement"]["value"] == 0.92  # swap = False verdicts against the expert label
    assert gpt4["position_consistency"]["value"] == 0.93  # 93 of 100 items keep their verdict
    chatgpt = next(j for j in report["judges"] if j["rater"] == "ChatGPT")
    assert chatgpt["position_consistency"]["first_position_preference"]["ci_low"] > 0.5
    assert report["humans"]["n_raters"] == 1 and report["humans"]["krippendorff_alpha"]["value"] is None


def test_paperbench_human_only_report(datasets: Path, tmp_path: Path) -> None:
    labels = tmp_path / "pb.jsonl"
    sources = sorted((datasets / "paperbench" / "judge_eval").glob("*.json"))
    assert expgrade("gold", "import", "paperbench", *sources, "--out", labels).returncode == 0
    out = tmp_path / "report"
    done = expgrade("calibrate", labels, "--out", out, "--bootstrap", "50")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["judges"] == [] and report["corrected_scores"] == []
    assert report["n_items"] == 195
    details = json.loads((out / "details.json").read_text())
    assert {g["group"] for g in details["groups"]} == {
        "all items",
        "Code Development",
        "Code Execution",
        "Result Analysis",
    }
    assert "human labels only" in (out / "report.md").read_text()


def test_converter_rejects_a_bad_annotator_value(tmp_path: Path) -> None:
    bad = [
        {
            "idx": 0,
            "cmp_key": "a_b",
            "response1": "x",
            "response2": "y",
            "annotator1": 7,
            "annotator2": 1,
            "annotator3": 1,
        }
    ]
    (tmp_path / "testset-v1.json").write_text(json.dumps(bad))
    done = expgrade("gold", "import", "pandalm", tmp_path / "testset-v1.json", "--out", tmp_path / "o.jsonl")
    assert done.returncode == 2
    assert "annotator1" in done.stderr and "idx 0" in done.stderr and "Traceback" not in done.stderr
