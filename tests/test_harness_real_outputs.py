"""`submissions import` on files the upstream projects published themselves (issue 38).

Fixtures are in tests/fixtures/harness_real (repository, commit and path of each in its
PROVENANCE.md); PaperBench's judge_eval layout and several SWE-bench prediction files of one run
are laid out here as the upstream code writes them. Each test names the defect it covers.
"""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path
from typing import Any

from cli_support import run_cli
from harness_writers import paperbench_run

REAL = Path(__file__).parent / "fixtures" / "harness_real"
LFS_POINTER = Path(__file__).parent / "fixtures" / "harnesses" / "paperbench_lfs_pointer.tar"


def imported(out: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("*/submission.json"))]


def flat(text: str) -> str:
    return " ".join(text.split())


# --- 1: the OpenHands V1 SDK output (OpenHands/benchmarks) ------------------------------------


def _sdk_run(root: Path, model: str) -> Path:
    """The SDK fixture in its own run folder, under another model when asked."""
    record = json.loads((REAL / "openhands_sdk_output.jsonl").read_text())
    record["metadata"]["llm"]["model"] = model
    root.mkdir(parents=True)
    (root / "output.jsonl").write_text(json.dumps(record) + "\n")
    return root / "output.jsonl"


def test_sdk_output_keeps_model_agent_and_answer_and_two_models_never_merge(tmp_path: Path) -> None:
    gpt = _sdk_run(tmp_path / "runs" / "gpt", "litellm_proxy/neulab/gpt-4o-2024-08-06")
    claude = _sdk_run(tmp_path / "runs" / "claude", "litellm_proxy/claude-sonnet-4-20250514")
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", tmp_path / "runs", "--out", out)
    assert r.code == 0, r.out + r.err
    subs = {s["agent_model"]: s for s in imported(out)}
    assert set(subs) == {"litellm_proxy/neulab/gpt-4o-2024-08-06", "litellm_proxy/claude-sonnet-4-20250514"}
    for s in subs.values():
        assert (s["agent"], s["attempt"]) == ("openhands-sdk", 1)  # two runs, not two attempts of one
        assert s["conclusion"].startswith("I fixed the epub check in sphinx/ext/viewcode.py")
        assert s["extra"]["source"]["fields"]["agent_model"] == "metadata.llm.model"
        assert s["extra"]["source"]["fields"]["conclusion"] == "history[FinishAction].action.message"
        assert "defaults" not in s["extra"]["source"]
    assert "read as OpenHands V1 SDK" in flat(r.out)
    assert gpt.is_file() and claude.is_file()


def test_sdk_agent_log_has_one_bounded_summary_per_event(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", REAL / "openhands_sdk_output.jsonl", "--out", out)
    assert r.code == 0, r.out + r.err
    [log_file] = out.glob("*/agent.log")
    log = log_file.read_text()
    assert "# 8 entries: 2 reasoning (agent), 2 tool_call terminal (agent/assistant)" in log
    assert "[7] tool_call finish (agent/assistant)\n" in log and "I fixed the epub check" in log
    assert "\nBuild session URL from environment\n" in log  # the action's own summary
    assert "'kind'" not in log and '"kind"' not in log  # no action object dumped whole
    assert max(len(line) for line in log.splitlines()) < 1_600


# --- 3: OpenHands' own 2024 example output ----------------------------------------------------


def test_openhands_2024_example_output_imports_and_names_its_generation(tmp_path: Path) -> None:
    example = REAL / "openhands_v0_2024_example_agent_output.jsonl"
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", example, "--out", out)
    assert r.code == 0, r.out + r.err
    [sub] = imported(out)
    assert (sub["agent"], sub["agent_model"]) == ("CodeActAgent", "gpt-4-1106-preview")
    assert sub["extra"]["source"]["fields"]["patch"] == "git_patch"
    [patch] = out.glob("*/patch.diff")
    assert "app.config.viewcode_enable_epub" in patch.read_text()
    assert "read as OpenHands V0, 2024 (top-level git_patch" in flat(r.out)
    log = next(out.glob("*/agent.log")).read_text()
    assert "# 4 entries: 1 tool_call run (agent/assistant), 1 tool_output run (agent/tool)" in log
    assert 'search_dir "viewcode_enable_epub"' in log


def test_openhands_2024_record_without_test_result_imports(tmp_path: Path) -> None:
    record = json.loads((REAL / "openhands_v0_2024_example_agent_output.jsonl").read_text())
    del record["test_result"]
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "output.jsonl").write_text(json.dumps(record) + "\n")
    r = run_cli("submissions", "import", "openhands", tmp_path / "run", "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    assert [s["task_id"] for s in imported(tmp_path / "subs")] == ["sphinx-doc__sphinx-8721"]


# --- 6: resolver output -----------------------------------------------------------------------


def test_resolver_output_is_named_as_such(tmp_path: Path) -> None:
    resolver = REAL / "openhands_resolver_output.jsonl"
    r = run_cli("submissions", "import", "openhands", resolver, "--out", tmp_path / "subs")
    assert r.code == 2
    assert "this is OpenHands resolver output" in flat(r.err) and "not an evaluation run" in flat(r.err)
    assert "Traceback" not in r.err


# --- 2: PaperBench layouts --------------------------------------------------------------------


def _judge_eval_case(root: Path, paper: str) -> Path:
    """`judge_eval/<paper>/0/submission.tar` as `judge_eval/download_data.py` writes it:
    `tar -cf submission.tar -C <tmp> submission`."""
    case = root / paper / "0"
    repo = case / "tmp" / "submission"
    repo.mkdir(parents=True)
    (repo / "reproduce.sh").write_text("#!/bin/bash\npython3 train.py\n")
    (repo / "train.py").write_text("print('ok')\n")
    with tarfile.open(case / "submission.tar", "w") as tar:
        tar.add(repo, arcname="submission")
    shutil.rmtree(case / "tmp")
    (case / "grading").mkdir()
    (case / "grading" / "expected_result.json").write_text("{}\n")
    return case


def test_a_judge_eval_case_is_its_tarball_for_its_paper(tmp_path: Path) -> None:
    case = _judge_eval_case(tmp_path / "judge_eval", "pinn")
    for source in (case, tmp_path / "judge_eval"):  # the case, and judge_eval itself
        out = tmp_path / "subs" / source.name
        r = run_cli("submissions", "import", "paperbench", source, "--out", out)
        assert r.code == 0, r.out + r.err
        [sub] = imported(out)
        assert sub["task_id"] == "paperbench/pinn"
        assert sub["artifacts"] == {"reproduce": "workspace/reproduce.sh"}
        [folder] = list(out.iterdir())
        assert (folder / "workspace" / "train.py").is_file()
        assert not (folder / "workspace" / "submission.tar").exists()


def test_a_git_lfs_pointer_in_a_judge_eval_case_says_so(tmp_path: Path) -> None:
    case = tmp_path / "judge_eval" / "all-in-one" / "0"
    case.mkdir(parents=True)
    shutil.copy(LFS_POINTER, case / "submission.tar")  # what a clone without `git lfs pull` holds
    r = run_cli("submissions", "import", "paperbench", case, "--out", tmp_path / "subs")
    assert r.code == 2
    assert "this is a Git LFS pointer, not the file itself" in flat(r.err)


def test_a_folder_of_run_groups_yields_each_run(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "submission").mkdir(parents=True)
    (home / "logs").mkdir()
    (home / "submission" / "reproduce.sh").write_text("#!/bin/bash\n")
    for paper, group in (("rice", "group-a"), ("pinn", "group-b")):
        run = paperbench_run(tmp_path / "work" / paper, paper, home, snapshots=1, run_group=group)
        shutil.move(run.parent, tmp_path / "runs" / group)  # <runs>/<run group>/<paper>_<uuid>/
    r = run_cli("submissions", "import", "paperbench", tmp_path / "runs", "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    assert sorted(s["task_id"] for s in imported(tmp_path / "subs")) == ["paperbench/pinn", "paperbench/rice"]


def test_a_folder_that_is_no_paperbench_layout_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes" / "a").mkdir(parents=True)
    (tmp_path / "notes" / "a" / "x.txt").write_text("hi\n")
    r = run_cli("submissions", "import", "paperbench", tmp_path / "notes", "--out", tmp_path / "subs")
    assert r.code == 2
    err = flat(r.err)
    assert "not a PaperBench submission or run: expected one of PaperBench's layouts" in err
    assert "a judge_eval case (<paper>/<n>/ holding submission.tar)" in err
    assert not (tmp_path / "subs").exists() or not list((tmp_path / "subs").iterdir())


# --- 4: a folder of SWE-bench prediction files ------------------------------------------------


def _prediction(instance: str, patch: str) -> str:
    return json.dumps({"instance_id": instance, "model_name_or_path": "agentless", "model_patch": patch})


def test_prediction_files_of_one_run_say_which_attempts_and_what_was_not_written(tmp_path: Path) -> None:
    folder = tmp_path / "preds"
    folder.mkdir()
    fix = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
    tests = "diff --git a/test_a.py b/test_a.py\n--- a/test_a.py\n+++ b/test_a.py\n@@ -1 +1 @@\n-y\n+z\n"
    (folder / "a_bug_fixing.jsonl").write_text(
        _prediction("django__django-11099", fix) + "\n" + _prediction("astropy__astropy-12907", fix) + "\n"
    )
    (folder / "b_test_generation.jsonl").write_text(
        _prediction("django__django-11099", tests) + "\n" + _prediction("astropy__astropy-12907", fix) + "\n"
    )
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "swebench-predictions", folder, "--out", out)
    assert r.code == 0, r.out + r.err
    text = flat(r.out)
    assert sorted((s["task_id"], s["attempt"]) for s in imported(out)) == [
        ("astropy__astropy-12907", 1),
        ("django__django-11099", 1),
        ("django__django-11099", 2),
    ]
    assert "1 record(s) are further attempts at tasks other files already gave" in text
    assert "line 1: django__django-11099 attempt 2 (after" in text and "a_bug_fixing.jsonl)" in text
    assert "1 record(s) not written: each repeats one already imported" in text
    assert "line 2 = " in text and "a_bug_fixing.jsonl, line 2" in text
    assert "attempts" in text  # the table's column: which attempts each file gave


# --- 5, 6: Inspect logs a reader cannot read; a plain generate eval ---------------------------


def test_an_inspect_log_of_a_newer_format_passes_the_readers_reason(tmp_path: Path) -> None:
    log = REAL / "inspect_log_version_4.json"
    r = run_cli("submissions", "import", "inspect", log, "--out", tmp_path / "subs")
    assert r.code == 2
    assert "Unable to read version 4 of log format" in flat(r.err)


def test_a_plain_generate_eval_is_named_after_its_solver_chain(tmp_path: Path) -> None:
    log = REAL / "2024-11-05T13-31-45-05-00_input-task_8zXjbRzCWrL9GXiXo2vus9.json"
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", log, "--out", out)
    assert r.code == 0, r.out + r.err
    [sub] = imported(out)
    assert (sub["agent"], sub["agent_model"]) == ("input_solver+generate", "openai/gpt-4o-mini")
    assert sub["extra"]["source"]["fields"]["agent"].startswith("plan.steps (the solver chain")
    assert "agent 'input_solver+generate' is from plan.steps" in flat(r.out)
