"""Issue 45: one mapping for every harness, `import auto`, nothing dropped.

Each test is one case the issue lists, on a real public file or a faithful reduction of one
(tests/fixtures/harness_real/PROVENANCE.md says which, with repository, commit and path), and
fails on the code before the mapping (checked against main when written).
"""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli
from harness_writers import finished, openhands_run, paperbench_first_release_run, write_outputs

from expgrade.grading.harness_importers.mapping import FieldMap, parse_spec

REAL = Path(__file__).parent / "fixtures" / "harness_real"
MINI = REAL / "mini_swe_agent_run"
TRAJ = MINI / "swe-agent__test-repo-1" / "swe-agent__test-repo-1.traj.json"
NO_STATS = REAL / "2025-05-12T20-00-00-04-00_read-sample-no-stats.json"
EVAL = REAL / "log_read_sample.eval"


def imported(out: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("*/submission.json"))]


def flat(text: str) -> str:
    return " ".join(text.split())


# --- the mapping itself ---------------------------------------------------------------------


def test_a_spec_reads_paths_indices_alternatives_finders_and_constants() -> None:
    alts = parse_spec("metadata.llm.model|history[-1].args['final thought']|last_message(messages)|'x'")
    assert [type(a).__name__ for a in alts] == ["PathSpec", "PathSpec", "Call", "Const"]
    with pytest.raises(ValueError, match="unknown finder 'nope'"):
        parse_spec("nope(messages)")
    with pytest.raises(Exception, match="extra"):
        FieldMap.model_validate({"identifier": "x"})


# --- --map and --mapping on a harness expgrade has no preset for ----------------------------


MAP = [
    "id=instance_id",
    "agent='mini-swe-agent'",
    "model=info.config.model.model_name",
    "answer=info.submission",
    "log=messages",
    "ended=info.exit_status",
]


def _check_trajectory_import(out: Path) -> None:
    [sub] = imported(out)
    assert (sub["task_id"], sub["agent"], sub["agent_model"]) == (
        "swe-agent__test-repo-1",
        "mini-swe-agent",
        "anthropic/claude-sonnet-4-20250514",
    )
    fields = sub["extra"]["source"]["fields"]
    assert fields["patch"] == "info.submission" and fields["agent_model"] == "info.config.model.model_name"
    assert sub["extra"]["source"]["ended"] == "Submitted"
    assert (next(out.glob("*/patch.diff"))).read_text().startswith("diff --git a/tests/missing_colon.py")
    assert "trajectory_format" in sub["extra"]["harness"]  # what the mapping did not read is kept
    log = next(out.glob("*/agent.log")).read_text()  # rendered from the trajectory: every message a step
    # each ```bash turn is a call its next message answers (the last: the submission's output)
    assert "# 6 entries: 1 message (user/system), 1 message (user/user), 2 tool_call bash" in log
    assert "2 tool_output bash (agent/user)" in log


def test_map_options_import_a_mini_swe_agent_trajectory(tmp_path: Path) -> None:
    args = [a for m in MAP for a in ("--map", m)]
    r = run_cli("submissions", "import", "json", TRAJ, *args, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    _check_trajectory_import(tmp_path / "subs")


def test_a_mapping_file_is_the_same_mapping_and_is_validated(tmp_path: Path) -> None:
    mapping = tmp_path / "mini.yaml"
    mapping.write_text("".join(f'{m.split("=", 1)[0]}: "{m.split("=", 1)[1]}"\n' for m in MAP))
    r = run_cli("submissions", "import", "json", TRAJ, "--mapping", mapping, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    _check_trajectory_import(tmp_path / "subs")
    mapping.write_text("id: instance_id\nanwser: info.submission\n")
    r = run_cli("submissions", "import", "json", TRAJ, "--mapping", mapping, "--out", tmp_path / "bad")
    assert r.code == 2 and "anwser" in flat(r.err) and "Traceback" not in r.err
    r = run_cli(
        "submissions", "import", "json", TRAJ, "--map", "answer=info.submission", "--out", tmp_path / "x"
    )
    assert r.code == 2 and "--map id=PATH" in flat(r.err)


# --- auto: harness and generation from content ----------------------------------------------


def test_auto_names_each_files_harness_and_generation_before_writing(tmp_path: Path) -> None:
    renamed = tmp_path / "src" / "anything.txt"  # the name says nothing
    renamed.parent.mkdir()
    shutil.copy(REAL / "openhands_v0_2024_example_agent_output.jsonl", renamed)
    shutil.copy(REAL / "openhands_sdk_output.jsonl", tmp_path / "src" / "sdk.data")
    r = run_cli("submissions", "import", "auto", tmp_path / "src", "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    text = flat(r.out)
    assert "read as openhands: OpenHands V0, 2024" in text and "read as openhands: OpenHands V1 SDK" in text
    assert text.index("read as openhands") < text.index("wrote 2 submission(s)")
    assert len(imported(tmp_path / "subs")) == 2


def test_a_mini_swe_agent_run_folder_reads_its_predictions_and_names_its_side_files(tmp_path: Path) -> None:
    for fmt in ("swebench-predictions", "auto"):
        r = run_cli("submissions", "import", fmt, MINI, "--out", tmp_path / fmt)
        assert r.code == 0, r.out + r.err  # main: the trajectory was read as predictions, exit 1
        [sub] = imported(tmp_path / fmt)
        assert sub["task_id"] == "swe-agent__test-repo-1"
        text = flat(r.out)
        assert "swe-agent__test-repo-1.traj.json: trajectory" in text
        assert "swe-bench_lite__test__mini-run.json: evaluation report" in text
    assert "minisweagent.log: not JSON" in flat(r.out)  # auto names the run's log and exit statuses too


@pytest.mark.parametrize(
    ("fmt", "source", "reads_as"),
    [
        ("openhands", MINI / "preds.json", "swebench-predictions"),
        ("swebench-predictions", EVAL, "inspect"),
        ("inspect", REAL / "openhands_sdk_output.jsonl", "openhands"),
    ],
)
def test_a_wrong_harness_name_says_what_the_file_is_and_the_command(
    tmp_path: Path, fmt: str, source: Path, reads_as: str
) -> None:
    r = run_cli("submissions", "import", fmt, source, "--out", tmp_path / "subs")
    assert r.code == 2
    err = flat(r.err)
    assert f"this is not {fmt} output: it reads as" in err
    assert f"expgrade submissions import {reads_as} {source}" in err
    assert not (tmp_path / "subs").exists() or not list((tmp_path / "subs").iterdir())


def test_a_file_no_preset_knows_names_its_keys_and_the_map_command(tmp_path: Path) -> None:
    odd = tmp_path / "runs.jsonl"
    odd.write_text(json.dumps({"task": "t1", "reply": "42"}) + "\n")
    r = run_cli("submissions", "import", "auto", odd, "--out", tmp_path / "subs")
    assert r.code == 2
    err = flat(r.err)
    assert "records with the keys task, reply" in err and "--map id=PATH" in err


# --- nothing dropped ------------------------------------------------------------------------


def test_an_openhands_records_own_report_is_kept_as_its_result(tmp_path: Path) -> None:
    """OpenHands' eval_infer.py writes SWE-bench's verdict into `test_result.report`."""
    run, meta = openhands_run(tmp_path / "outputs")
    record = finished("astropy__astropy-12907", meta)
    record.test_result["report"] = {
        "empty_generation": False,
        "resolved": True,
        "failed_apply_patch": False,
        "error_eval": False,
        "test_timeout": False,
    }
    out_file = write_outputs(run, [record])
    r = run_cli("submissions", "import", "openhands", out_file, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    [sub] = imported(tmp_path / "subs")
    assert (
        sub["extra"]["result"]["resolved"] is True and sub["extra"]["result"]["failed_apply_patch"] is False
    )
    assert sub["extra"]["source"]["fields"]["result"] == "test_result.report"


def test_a_record_without_an_answer_is_imported_and_named(tmp_path: Path) -> None:
    preds = tmp_path / "preds.jsonl"
    preds.write_text(
        json.dumps({"instance_id": "a__a-1", "model_name_or_path": "m", "model_patch": ""})
        + "\n"
        + json.dumps(
            {"instance_id": "b__b-2", "model_name_or_path": "m", "model_patch": "diff --git a/x b/x\n"}
        )
        + "\n"
    )
    r = run_cli("submissions", "import", "swebench-predictions", preds, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    assert len(imported(tmp_path / "subs")) == 2
    assert (
        "1 record(s) have no answer (no patch, final message or files), imported without one: line 1 (a__a-1)"
        in flat(r.out)
    )


# --- OpenDevin 2024, keyed id ---------------------------------------------------------------


def test_opendevin_2024_output_keyed_id_imports_with_the_runs_metadata(tmp_path: Path) -> None:
    r = run_cli(
        "submissions", "import", "openhands", REAL / "opendevin_2024_logic_reasoning", "--out", tmp_path / "s"
    )
    assert r.code == 0, r.out + r.err  # main: "required field is missing: instance_id"
    [sub] = imported(tmp_path / "s")
    assert (sub["task_id"], sub["agent"], sub["agent_model"]) == (
        "ProntoQA_1",
        "CodeActAgent",
        "gpt-4o-2024-05-13",
    )
    assert sub["conclusion"] == "B" and sub["extra"]["result"] is True
    assert sub["extra"]["source"]["fields"]["agent"] == "metadata.json: Agent class"
    assert "read as OpenDevin, 2024" in flat(r.out)


# --- Inspect: the full reader, answers in model events ---------------------------------------


def test_an_inspect_json_log_without_stats_is_read_by_the_full_reader(tmp_path: Path) -> None:
    r = run_cli("submissions", "import", "inspect", NO_STATS, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err  # main: "Must encounter a 'stats'"
    [sub] = imported(tmp_path / "subs")
    assert "read with Inspect's full reader" in flat(r.out)
    # a multi-step sample whose output is empty: the answer is the last model reply in its events
    assert sub["conclusion"] == "Yes\n"
    assert sub["extra"]["source"]["fields"]["conclusion"].startswith("events[last agent model event]")


def test_an_inspect_sample_with_no_answer_anywhere_is_named(tmp_path: Path) -> None:
    log = json.loads(NO_STATS.read_text())
    log["samples"][0]["events"] = [e for e in log["samples"][0]["events"] if e["event"] != "model"]
    path = tmp_path / NO_STATS.name
    path.write_text(json.dumps(log))
    r = run_cli("submissions", "import", "inspect", path, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    assert "1 record(s) have no answer" in flat(r.out) and "sample 1, epoch 1" in flat(r.out)


# --- PaperBench: the first release's layout, binary logs ------------------------------------


def _home(tmp: Path) -> Path:
    home = tmp / "home"
    (home / "submission").mkdir(parents=True)
    (home / "submission" / "reproduce.sh").write_text("#!/bin/bash\npython3 train.py\n")
    (home / "logs").mkdir()
    (home / "logs" / "agent.log").write_text("step 1: read the paper\n")
    shutil.copy(EVAL, home / "logs" / "agent.eval")  # Inspect's binary log, as the agent left it
    return home


def test_paperbench_first_release_run_group_reads_agent_result_and_latest_snapshot(tmp_path: Path) -> None:
    run = paperbench_first_release_run(
        tmp_path / "runs", "rice", _home(tmp_path), agent_id="aisi-basic-agent-openai-dev"
    )
    for source in (run.parent, run, run / "2025-04-02T10-30-05-UTC.tar.gz"):
        out = tmp_path / "subs" / source.name
        r = run_cli("submissions", "import", "paperbench", source, "--out", out)
        assert r.code == 0, r.out + r.err  # main: refused, or the timestamp as the task id
        [sub] = imported(out)
        assert sub["task_id"] == "paperbench/rice"
        assert sub["agent"] == "aisi-basic-agent-openai-dev"
        assert (
            sub["extra"]["result"] == 0.25 and sub["extra"]["source"]["fields"]["result"] == "pb_result.score"
        )
        [folder] = list(out.iterdir())
        assert (folder / "workspace" / "snapshot.txt").read_text() == "snapshot 1\n"  # the latest, not _repro


def test_a_binary_log_in_a_paperbench_tarball_stays_a_file(tmp_path: Path) -> None:
    home = _home(tmp_path)
    tarball = tmp_path / "rice.tar.gz"
    with tarfile.open(tarball, "w:gz") as tar:
        tar.add(home / "submission", arcname="./submission")
        tar.add(home / "logs", arcname="./logs")
    r = run_cli("submissions", "import", "paperbench", tarball, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    [folder] = list((tmp_path / "subs").iterdir())
    log = (folder / "agent.log").read_text()
    assert "step 1: read the paper" in log and "\x00" not in log and "\ufffd" not in log
    assert (folder / "harness_files" / "logs" / "agent.eval").read_bytes() == EVAL.read_bytes()
    [sub] = imported(tmp_path / "subs")
    assert sub["extra"]["source"]["files"] == ["harness_files/logs/agent.eval"]


# --- found by the held-out batch, fixed in general (see docs/harnesses.md) -----------------


def test_per_instance_prediction_copies_beside_the_merged_file_are_named_not_imported(tmp_path: Path) -> None:
    """SWE-agent's run_batch layout: `<id>/<id>.pred` per instance, merged into `preds.json`."""
    run = tmp_path / "run"
    shutil.copytree(MINI, run)
    preds = json.loads((run / "preds.json").read_text())
    for instance_id, pred in preds.items():
        (run / instance_id / f"{instance_id}.pred").write_text(json.dumps(pred))
    (run / "run_batch_exit_statuses.yaml").write_text("instances_by_exit_status:\n  submitted:\n  - x\n")
    r = run_cli("submissions", "import", "auto", run, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    assert len(imported(tmp_path / "subs")) == 1
    assert "swe-agent__test-repo-1.pred: a per-instance copy of the predictions in preds.json" in flat(r.out)


def test_a_patch_field_holding_the_whole_prediction_gives_the_diff_inside(tmp_path: Path) -> None:
    preds = json.loads((MINI / "preds.json").read_text())
    [pred] = preds.values()
    wrapped = {**pred, "model_patch": dict(pred)}  # the prediction object where the patch belongs
    path = tmp_path / "all_preds.jsonl"
    path.write_text(json.dumps(wrapped) + "\n")
    r = run_cli("submissions", "import", "auto", path, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    [sub] = imported(tmp_path / "subs")
    assert sub["extra"]["source"]["fields"]["patch"] == "model_patch.model_patch"
    assert next((tmp_path / "subs").glob("*/patch.diff")).read_text() == pred["model_patch"]


def test_inspect_on_a_file_that_is_no_inspect_log_says_what_it_expected(tmp_path: Path) -> None:
    odd = tmp_path / "runs.jsonl"
    odd.write_text(json.dumps({"task": "t1", "reply": "42"}) + "\n")
    r = run_cli("submissions", "import", "inspect", odd, "--out", tmp_path / "subs")
    assert r.code == 2  # main: "No recorder for location"
    err = flat(r.err)
    assert "this is not an Inspect AI log: it is JSON records with the keys task, reply" in err
    assert "expected an `.eval` log" in err
