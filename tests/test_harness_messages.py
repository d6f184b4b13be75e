"""What `submissions import` says about each file it did not take as records (issue 62 item 4):
one rule — every such file is listed with what it is and why it was not taken; a damaged file
is called damaged with what it would have been; an empty value is a present field; a trajectory
with no steps is said to be empty; a file that is no harness output never makes a successful
import exit non-zero.

Every input is a real public file of tests/fixtures/harness_real/ (PROVENANCE.md), copied into
`tmp_path` and cut, emptied or laid beside others there to make each case.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli

from expgrade.grading.trajectory import iter_steps

REAL = Path(__file__).parent / "fixtures" / "harness_real"
EVAL = REAL / "log_read_sample.eval"


def flat(text: str) -> str:
    return " ".join(text.split())


def submissions(out: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("*/submission.json"))]


def step_texts(out: Path) -> list[str]:
    return [s.text or s.output or "" for p in sorted(out.glob("*/trajectory.jsonl")) for s in iter_steps(p)]


@pytest.mark.parametrize("harness", ["auto", "inspect"])
def test_an_eval_log_cut_short_is_called_damaged_not_mapped_by_hand(tmp_path: Path, harness: str) -> None:
    cut = tmp_path / EVAL.name
    cut.write_bytes(EVAL.read_bytes()[:3000])
    r = run_cli("submissions", "import", harness, cut, "--out", tmp_path / "out")
    said = flat(r.out + r.err)
    assert r.code == 2, said
    assert "damaged: cut short at byte 3000" in said
    assert "Inspect AI eval log (.eval)" in said
    assert "import json" not in said


def test_a_cancelled_eval_with_no_samples_says_it_was_cancelled(tmp_path: Path) -> None:
    log_api = pytest.importorskip("inspect_ai.log", reason="Inspect AI is the extra expgrade[inspect]")
    log = log_api.read_eval_log(str(EVAL))
    log.status, log.samples, log.results = "cancelled", None, None
    path = tmp_path / EVAL.name
    log_api.write_eval_log(log, str(path))
    r = run_cli("submissions", "import", "auto", path, "--out", tmp_path / "out")
    said = flat(r.out + r.err)
    assert r.code == 2, said
    assert "the eval was cancelled before any sample finished" in said
    assert "no inspect records in this file" not in said


def test_a_mapped_field_left_empty_is_present_and_the_records_import_with_a_warning(tmp_path: Path) -> None:
    preds = json.loads((REAL / "mini_swe_agent_run" / "preds.json").read_text())
    lines = [{**p, "model_patch": ""} for p in preds.values()]
    src = tmp_path / "all_preds.jsonl"
    src.write_text("".join(json.dumps(p) + "\n" for p in lines))
    out = tmp_path / "out"
    r = run_cli(
        "submissions",
        "import",
        "json",
        src,
        "--map",
        "id=instance_id",
        "--map",
        "answer=model_patch",
        "--out",
        out,
    )
    said = flat(r.out + r.err)
    assert r.code == 0, said
    assert "found in no record" not in said
    assert "have no answer" in said
    assert [s["task_id"] for s in submissions(out)] == [p["instance_id"] for p in lines]


def _empty_run(tmp_path: Path) -> tuple[Path, Path]:
    """mini-swe-agent's run folder whose trajectory holds no message, its transcript kept as
    text in `exec_trajectories/` beside it."""
    run = tmp_path / "run"
    shutil.copytree(REAL / "mini_swe_agent_run", run)
    traj = next(run.rglob("*.traj.json"))
    data = json.loads(traj.read_text())
    transcript = "\n\n".join(f"{m['role']}: {m['content']}" for m in data["messages"])
    data["messages"] = []
    traj.write_text(json.dumps(data))
    (run / "exec_trajectories").mkdir()
    text = run / "exec_trajectories" / f"{data['instance_id']}.txt"
    text.write_text(transcript)
    return run, text


def test_a_run_whose_trajectories_are_empty_says_so_and_lists_its_text_transcripts(tmp_path: Path) -> None:
    run, text = _empty_run(tmp_path)
    r = run_cli("submissions", "import", "auto", run, "--out", tmp_path / "out")
    said = flat(r.out + r.err)
    assert r.code == 0, said
    assert "prediction(s) joined to their trajectory" not in said
    assert "1 of the 1 trajectories joined under run are empty" in said
    assert f"{text.name}: transcript in plain text" in said


def test_a_text_log_beside_a_record_is_mapped_as_its_steps(tmp_path: Path) -> None:
    run, text = _empty_run(tmp_path)
    record = text.parent / "preds.json"
    shutil.copy(run / "preds.json", record)
    out = tmp_path / "out"
    r = run_cli(
        "submissions",
        "import",
        "json",
        record,
        "--map",
        "id=@key",
        "--map",
        "patch=model_patch",
        "--map",
        f"steps={text.name}:",
        "--out",
        out,
    )
    assert r.code == 0, r.out + r.err
    assert "".join(step_texts(out)) == text.read_text()


def test_a_folder_of_only_a_swe_agent_traj_does_not_claim_a_predictions_file(tmp_path: Path) -> None:
    folder = tmp_path / "trajs"
    folder.mkdir()
    shutil.copy(next((REAL / "swe_agent_run").glob("*.traj")), folder)
    r = run_cli("submissions", "import", "auto", folder, "--out", tmp_path / "out")
    said = flat(r.out + r.err)
    assert r.code == 2, said
    assert "a predictions file of the run" not in said
    assert "trajectory with no predictions file beside it" in said


@pytest.mark.parametrize(
    ("name", "content", "spec"),
    [
        (
            "args.yaml",
            "agent:\n  model:\n    model_name: gpt-4o-2024-08-06\n",
            "args.yaml:agent.model.model_name",
        ),
        ("config.json", json.dumps({"agent": {"model": "gpt-4o-2024-08-06"}}), "config.json:agent.model"),
        ("model.txt", "gpt-4o-2024-08-06", "model.txt:"),
    ],
)
def test_map_reaches_yaml_json_and_text_files_beside_the_record(
    tmp_path: Path, name: str, content: str, spec: str
) -> None:
    run = tmp_path / "run"
    shutil.copytree(REAL / "swe_agent_run", run)
    (run / name).write_text(content)
    out = tmp_path / "out"
    r = run_cli(
        "submissions",
        "import",
        "json",
        run / "all_preds.jsonl",
        "--map",
        "id=instance_id",
        "--map",
        "patch=model_patch",
        "--map",
        f"model={spec}",
        "--out",
        out,
    )
    assert r.code == 0, r.out + r.err
    assert [s["agent_model"] for s in submissions(out)] == ["gpt-4o-2024-08-06"]


def test_an_autocoderover_run_with_a_swebench_eval_log_imports_and_lists_the_log(tmp_path: Path) -> None:
    run = tmp_path / "acr"
    shutil.copytree(REAL / "acr_run", run)
    # SWE-bench's evaluation log of the prediction: plain text whose lines begin with `[`
    log = run / "django__django-10914.acr-run.eval.log"
    log.write_text(
        "[django__django-10914] Task Metadata:\n\t- Instance ID: django__django-10914\n"
        "[django__django-10914] >>>>> Applied Patch (pred)\n"
    )
    out = tmp_path / "out"
    r = run_cli("submissions", "import", "auto", run, "--out", out)
    said = flat(r.out + r.err)
    assert r.code == 0, said
    assert f"{log.name}: SWE-bench evaluation log (plain text" in said
    assert "malformed JSON" not in said
    # every file the import did not take as records is listed, with what it is
    skipped = [line for line in (r.out + r.err).splitlines() if line.startswith("skipped: ")]
    taken = {run / "predictions_for_swebench.json"}
    for path in run.rglob("*"):
        if path.is_file() and path not in taken:
            assert any(f"{path.name}: " in line for line in skipped), path
    assert len(submissions(out)) == 1


def test_inspect_samples_input_messages_are_steps(tmp_path: Path) -> None:
    pytest.importorskip("inspect_ai.log", reason="Inspect AI is the extra expgrade[inspect]")
    out = tmp_path / "out"
    r = run_cli("submissions", "import", "auto", EVAL, "--out", out)
    assert r.code == 0, r.out + r.err
    # the solver's follow-up prompt, which the sample's first state does not hold
    assert "Now answer yes or no." in step_texts(out)
