"""`submissions import` on harness output as it lies on disk after a real run (issue 29).

Inspect logs come from genuine `inspect eval` / `eval_set` runs (mockllm), one of them killed
mid-run; OpenHands, SWE-bench and PaperBench files are written by `harness_writers`, which
follows each harness's own writer statement by statement. Each test names the item it covers.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli
from harness_writers import (
    PATCH,
    convert_to_swebench,
    finished,
    openhands_run,
    paperbench_run,
    retries_exhausted,
    swebench_predictions,
    timed_out,
    write_outputs,
)
from inspect_support import ADAM_TASK, REPO, SWEEP_TASK, killed_eval_log, run_tiny_eval_set

DEMO_TASKS = REPO.parent / "tasks.jsonl"
LFS_POINTER = Path(__file__).parent / "fixtures" / "harnesses" / "paperbench_lfs_pointer.tar"


def imported(out: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("*/submission.json"))]


def flat(text: str) -> str:
    return " ".join(text.split())


# --- Inspect AI (items 1, 5) -------------------------------------------------------------------


def test_an_eval_set_folder_imports_its_logs_not_inspects_bookkeeping(tmp_path: Path) -> None:
    folder = run_tiny_eval_set(tmp_path / "set")
    assert (folder / "eval-set.json").is_file() and (folder / "logs.json").is_file()  # Inspect's own
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", folder, "--tasks", DEMO_TASKS, "--out", out)
    assert r.code == 0, r.out + r.err
    assert sorted(s["task_id"] for s in imported(out)) == [ADAM_TASK, SWEEP_TASK]
    assert "eval-set.json" not in r.out and "logs.json" not in r.out


def test_a_killed_eval_imports_its_finished_samples_says_partial_and_exits_1(tmp_path: Path) -> None:
    log = killed_eval_log(tmp_path / "logs")
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", log, "--out", out)
    assert r.code == 1, r.out + r.err
    assert [s["task_id"] for s in imported(out)] == [ADAM_TASK]
    assert "partial log: the eval's status is 'started' (killed or still running)" in flat(r.out)
    assert "partial" in flat(r.out).split("wrote")[0]  # in the table's status column


def test_a_limit_keeps_its_value_and_is_counted(tmp_path: Path) -> None:
    from inspect_ai import eval
    from inspect_ai.model import get_model
    from inspect_support import agent_script, tiny_task

    task = tiny_task(epochs=1)
    [log] = eval(
        task,
        model=get_model("mockllm/model", custom_outputs=agent_script()),
        log_dir=str(tmp_path / "logs"),
        display="none",
        token_limit=50,  # the mock agent spends 30 tokens a turn
    )
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", log.location, "--out", out)
    assert r.code == 0, r.err
    limits = [s["extra"]["inspect"]["limit"] for s in imported(out)]
    assert len(limits) == 2 and all(lim["type"] == "token" and lim["limit"] == 50 for lim in limits)
    assert all("Token limit exceeded" in lim["reason"] for lim in limits)
    assert all(s["extra"]["source"]["ended"] == "token limit" for s in imported(out))
    assert "2 token limit" in r.out


# --- OpenHands (items 6, 7, 8) ---------------------------------------------------------------


def test_an_openhands_run_folder_reads_output_jsonl_only(tmp_path: Path) -> None:
    run, meta = openhands_run(tmp_path / "evaluation_outputs")
    output = write_outputs(
        run, [finished("astropy__astropy-12907", meta), finished("django__django-11099", meta)]
    )
    convert_to_swebench(output)
    assert (run / "output.swebench.jsonl").is_file()
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", tmp_path / "evaluation_outputs", "--out", out)
    assert r.code == 0, r.out + r.err
    subs = imported(out)
    assert sorted(s["task_id"] for s in subs) == ["astropy__astropy-12907", "django__django-11099"]
    assert {(s["agent"], s["agent_model"]) for s in subs} == {("CodeActAgent", meta.llm_config.model)}


def test_an_openhands_file_cut_by_a_crash_keeps_its_complete_records(tmp_path: Path) -> None:
    run, meta = openhands_run(tmp_path / "outputs")
    ids = ["astropy__astropy-12907", "django__django-11099", "sympy__sympy-20590"]
    output = write_outputs(run, [finished(i, meta) for i in ids], killed_mid_record=True)
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", output, "--out", out)
    assert r.code == 1, r.out + r.err
    assert sorted(s["task_id"] for s in imported(out)) == ids[:2]
    assert f"{output}, line 3: cut short" in r.err.replace("\n", "")
    assert "partial: line 3 cut" in r.out  # the file's status in the table


def test_openhands_errors_and_timeouts_are_counted_and_defaults_named(tmp_path: Path) -> None:
    run, meta = openhands_run(tmp_path / "outputs", metadata_json=False)
    records = [
        finished("astropy__astropy-12907", meta),
        finished("django__django-11099", meta, error="AgentStuckInLoopError: Agent got stuck in a loop"),
        timed_out("sympy__sympy-20590"),
        retries_exhausted(run, "pytest-dev__pytest-5227", "AgentRuntimeUnavailableError: runtime gone"),
    ]
    output = write_outputs(run, records)
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", output, "--out", out)
    assert r.code == 0, r.out + r.err
    text = flat(r.out)
    for count in ("1 completed", "1 agent error", "1 timeout", "1 error (retries exhausted)"):
        assert count in text, text
    # the two records without metadata, and no metadata.json beside them: named, not silent
    assert "2 record(s) fell back to a default: agent = 'openhands' (no metadata.agent_class" in text
    assert "2 record(s) fell back to a default: agent_model = 'unknown'" in text
    by_task = {s["task_id"]: s for s in imported(out)}
    timeout = by_task["sympy__sympy-20590"]["extra"]["source"]
    assert timeout["ended"] == "timeout" and "agent" not in timeout["fields"]
    assert timeout["defaults"]["agent"].startswith("'openhands'")
    assert by_task["django__django-11099"]["extra"]["source"]["ended"] == "agent error"


def test_openhands_records_without_metadata_take_the_runs_metadata_json(tmp_path: Path) -> None:
    run, meta = openhands_run(tmp_path / "outputs")
    output = write_outputs(run, [finished("astropy__astropy-12907", meta), timed_out("sympy__sympy-20590")])
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", output, "--out", out)
    assert r.code == 0, r.out + r.err
    assert "default" not in r.out
    by_task = {s["task_id"]: s for s in imported(out)}
    timeout = by_task["sympy__sympy-20590"]
    assert (timeout["agent"], timeout["agent_model"]) == ("CodeActAgent", meta.llm_config.model)
    assert (
        timeout["extra"]["source"]["fields"]["agent"] == "metadata.json: agent_class"
    )  # the key in that file


# --- SWE-bench (items 9, 10) -----------------------------------------------------------------


def test_a_null_model_patch_is_an_empty_patch(tmp_path: Path) -> None:
    preds = tmp_path / "preds.jsonl"
    preds.write_text(
        json.dumps({"instance_id": "astropy__astropy-12907", "model_name_or_path": "m", "model_patch": PATCH})
        + "\n"
        + json.dumps({"instance_id": "django__django-11099", "model_name_or_path": "m", "model_patch": None})
        + "\n"
    )
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "swebench-predictions", preds, "--out", out)
    assert r.code == 0, r.out + r.err
    subs = {s["task_id"]: s for s in imported(out)}
    assert subs["django__django-11099"]["extra"]["source"]["ended"] == "empty patch"
    assert not [p for p in out.glob("*django*/patch.diff")]
    assert "1 empty patch" in flat(r.out)


def test_preds_json_and_jsonl_of_one_run_import_once(tmp_path: Path) -> None:
    predictions = [
        {
            "instance_id": "astropy__astropy-12907",
            "model_name_or_path": "swe-agent__gpt-4o",
            "model_patch": PATCH,
        },
        {"instance_id": "django__django-11099", "model_name_or_path": "swe-agent__gpt-4o", "model_patch": ""},
    ]
    folder = tmp_path / "run"
    swebench_predictions(folder, predictions)
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "swebench-predictions", folder, "--out", out)
    assert r.code == 0, r.out + r.err
    subs = imported(out)
    assert sorted((s["task_id"], s["attempt"]) for s in subs) == [
        ("astropy__astropy-12907", 1),
        ("django__django-11099", 1),
    ]
    assert "2 record(s) not written: each repeats one already imported" in flat(r.out)


# --- PaperBench (items 11, 12, 13) -----------------------------------------------------------


def _home(root: Path, *, reproduce: bool = True) -> Path:
    (root / "submission").mkdir(parents=True)
    (root / "logs").mkdir()
    if reproduce:
        (root / "submission" / "reproduce.sh").write_text("#!/bin/bash\npython3 train.py\n")
    (root / "submission" / "train.py").write_text("print('ok')\n")
    (root / "logs" / "run.log").write_text("agent: wrote train.py\n")
    return root


def test_paperbench_run_layout_gives_the_paper_and_the_latest_snapshot(tmp_path: Path) -> None:
    run = paperbench_run(tmp_path / "runs", "stochastic-interpolants", _home(tmp_path / "home"))
    out = tmp_path / "subs"
    for source in (run, run.parent):  # a run, and its run group
        r = run_cli("submissions", "import", "paperbench", source, "--out", out / source.name)
        assert r.code == 0, r.out + r.err
        [sub] = imported(out / source.name)
        assert sub["task_id"] == "paperbench/stochastic-interpolants"
        assert sub["extra"]["source"]["fields"]["task_id"] == "run folder name (<paper>_<uuid>)"
        [folder] = list((out / source.name).iterdir())
        assert (folder / "workspace" / "snapshot.txt").read_text() == "snapshot 1\n"  # the latest
        assert sub["artifacts"] == {"reproduce": "workspace/reproduce.sh"}  # found inside ./submission
        assert "agent: wrote train.py" in (folder / "agent.log").read_text()  # ./logs


def test_paperbench_tarball_at_its_canonical_path(tmp_path: Path) -> None:
    run = paperbench_run(tmp_path / "runs", "all-in-one", _home(tmp_path / "home"), snapshots=1)
    [tarball] = run.glob("submissions/*/submission.tar.gz")
    with tarfile.open(tarball) as tar:
        assert {"./submission", "./logs"} <= set(tar.getnames())  # as upload_sources tars it
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "paperbench", tarball, "--out", out)
    assert r.code == 0, r.out + r.err
    [sub] = imported(out)
    assert sub["task_id"] == "paperbench/all-in-one"


def test_paperbench_without_reproduce_is_printed(tmp_path: Path) -> None:
    run = paperbench_run(tmp_path / "runs", "rice", _home(tmp_path / "home", reproduce=False), snapshots=1)
    r = run_cli("submissions", "import", "paperbench", run, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    assert "no reproduce.sh at the repository root: execution will be not_run" in flat(r.out)


def test_a_git_lfs_pointer_says_so(tmp_path: Path) -> None:
    r = run_cli("submissions", "import", "paperbench", LFS_POINTER, "--out", tmp_path / "subs")
    assert r.code == 2
    err = flat(r.err)
    assert "this is a Git LFS pointer, not the file itself" in err and "git lfs pull" in err
    assert "sha256:01bfb15f258d7543cc4d5aba7f664ce9e97bef9e71f73fccffaa561b7640a78f" in err


@pytest.mark.parametrize("fmt", ["openhands", "swebench-predictions"])
def test_a_git_lfs_pointer_in_place_of_a_jsonl(tmp_path: Path, fmt: str) -> None:
    pointer = tmp_path / "output.jsonl"
    pointer.write_bytes(LFS_POINTER.read_bytes())
    r = run_cli("submissions", "import", fmt, pointer, "--out", tmp_path / "subs")
    assert r.code == 2 and "Git LFS pointer" in r.err
