"""Submissions folders (docs/formats.md §3), the benchmark adapters, and path-escape rejection."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_support import run_cli

from expgrade.grading.errors import UserError
from expgrade.grading.safepath import (
    PathEscapeError,
    copy_tree,
    escaping_links,
    resolve_inside,
    unsafe_patch_targets,
)
from expgrade.grading.submission_reader import load_submissions, scan_submissions

PATCH = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n"


def native(root: Path, name: str, **fields: object) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    meta = {
        "task_id": "expbench/iclr2024/19033/0",
        "agent": "openhands",
        "agent_model": "gpt-4o",
        "design": "vary the order",
        "conclusion": "it fails when reversed",
        **fields,
    }
    (folder / "submission.json").write_text(json.dumps(meta))
    return folder


def expbench_output(root: Path, stem: str, body: dict[str, object], model: str = "gpt-4o") -> Path:
    folder = root / "iclr2024" / "19033" / "openhands" / model
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}_eval_gen.json").write_text(json.dumps(body))
    return folder


def problems_of(root: Path) -> dict[str, str]:
    return {p.where: p.message for p in scan_submissions(root).problems}


def test_native_folder_with_all_artifacts(tmp_path: Path) -> None:
    folder = native(tmp_path, "sub1", claimed_results={"Experiment 1": {"acc": 0.5}})
    (folder / "patch.diff").write_text(PATCH)
    (folder / "reproduce.sh").write_text("python run.py\n")
    (folder / "agent.log").write_text("step 1\n")
    (sub,) = load_submissions(tmp_path)
    assert sub.submission_id == "sub1" and sub.format == "native"
    assert sub.patch == folder / "patch.diff" and sub.reproduce == folder / "reproduce.sh"
    assert sub.log == folder / "agent.log" and sub.workspace is None
    assert sub.submission.claimed_results == {"Experiment 1": {"acc": 0.5}}


def test_artifacts_may_be_renamed_inside_the_folder(tmp_path: Path) -> None:
    folder = native(tmp_path, "sub1", artifacts={"log": "logs/transcript.txt", "workspace": "repo"})
    (folder / "logs").mkdir()
    (folder / "logs" / "transcript.txt").write_text("hello")
    (folder / "repo").mkdir()
    (sub,) = load_submissions(tmp_path)
    assert sub.log == folder / "logs" / "transcript.txt" and sub.workspace == folder / "repo"


def test_named_artifact_that_is_missing_is_a_problem(tmp_path: Path) -> None:
    native(tmp_path, "sub1", artifacts={"patch": "changes.diff"})
    assert "does not exist" in problems_of(tmp_path)["sub1"]


def test_dotdot_path_is_rejected(tmp_path: Path) -> None:
    native(tmp_path, "other")
    (tmp_path / "other" / "patch.diff").write_text(PATCH)
    native(tmp_path, "sneaky", artifacts={"patch": "../other/patch.diff"})
    assert "uses '..'" in problems_of(tmp_path)["sneaky"]


def test_absolute_path_is_rejected(tmp_path: Path) -> None:
    native(tmp_path, "sneaky", artifacts={"log": "/etc/passwd"})
    assert "is absolute" in problems_of(tmp_path)["sneaky"]


def test_symlinked_artifact_pointing_outside_is_rejected(tmp_path: Path) -> None:
    outside = tmp_path / "outside.log"
    outside.write_text("secret")
    root = tmp_path / "subs"
    folder = native(root, "sneaky")
    os.symlink(outside, folder / "agent.log")
    assert "points outside" in problems_of(root)["sneaky"]


def test_symlink_inside_workspace_pointing_outside_is_rejected(tmp_path: Path) -> None:
    root = tmp_path / "subs"
    folder = native(root, "sneaky")
    (folder / "workspace" / "src").mkdir(parents=True)
    os.symlink("/etc", folder / "workspace" / "src" / "etc")
    os.symlink("../../../..", folder / "workspace" / "up")
    message = problems_of(root)["sneaky"]
    assert "symlinks pointing outside" in message and "src/etc" in message and "up" in message


def test_symlinked_submission_folder_pointing_outside_is_rejected(tmp_path: Path) -> None:
    elsewhere = native(tmp_path / "elsewhere", "real")
    root = tmp_path / "subs"
    root.mkdir()
    os.symlink(elsewhere, root / "linked")
    assert "points outside" in problems_of(root)["linked"]


def test_patch_climbing_out_of_the_repo_is_rejected(tmp_path: Path) -> None:
    folder = native(tmp_path, "sneaky")
    (folder / "patch.diff").write_text("--- a/../../.bashrc\n+++ b/../../.bashrc\n@@ -0,0 +1 @@\n+evil\n")
    assert "'..'" in problems_of(tmp_path)["sneaky"]


def test_bad_submission_json_names_the_field_and_others_still_load(tmp_path: Path) -> None:
    native(tmp_path, "good")
    native(tmp_path, "bad", agent_model=7)
    scan = scan_submissions(tmp_path)
    assert [s.submission_id for s in scan.submissions] == ["good"]
    assert "field 'agent_model'" in problems_of(tmp_path)["bad"]


def test_expbench_outputs_are_adapted(tmp_path: Path) -> None:
    folder = expbench_output(
        tmp_path,
        "19033_task_index_2_iter_1_duration_0.67",
        {"design": "- **Independent Variables**: order", "conclusion": "reversal fails"},
    )
    (folder / "19033_task_index_2_iter_1_duration_0.67_eval_gen.patch").write_text(PATCH)
    (folder / "19033_task_index_2_iter_1_duration_0.67_eval_gen_openhands_logs.txt").write_text("log")
    (sub,) = load_submissions(tmp_path)
    s = sub.submission
    assert (s.task_id, s.agent, s.agent_model, s.attempt) == (
        "expbench/iclr2024/19033/2",
        "openhands",
        "gpt-4o",
        1,
    )
    assert s.design.startswith("- **Independent") and s.conclusion == "reversal fails"  # type: ignore[union-attr]
    assert sub.patch is not None and sub.log is not None and sub.format == "expbench"


def test_expbench_no_answer_and_nested_model_folder(tmp_path: Path) -> None:
    expbench_output(
        tmp_path, "19033_task_index_0_iter_3", {"no_answer": "No answer found"}, model="azure/gpt-4o"
    )
    (sub,) = load_submissions(tmp_path)
    assert sub.submission.agent_model == "azure/gpt-4o" and sub.submission.attempt == 3
    assert sub.submission.design is None and sub.submission.extra["no_answer"] == "No answer found"


def test_expbench_output_outside_the_known_layout_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "19033_task_index_0_iter_1_eval_gen.json").write_text(
        '{"design": "d", "conclusion": "c"}'
    )
    (message,) = problems_of(tmp_path).values()
    assert "cannot tell conference, agent and model" in message


def test_autoexperiment_final_answer_and_workspace(tmp_path: Path) -> None:
    folder = tmp_path / "FC_2309.05569_0,1_20250101_120000"
    (folder / "workspace").mkdir(parents=True)
    (folder / "final_answer.json").write_text(json.dumps('{"Experiment 1": {"FID score": [415.7]}}'))
    (sub,) = load_submissions(tmp_path)
    assert sub.submission.task_id == "autoexperiment/2309.05569_0,1"
    assert sub.submission.claimed_results == {"Experiment 1": {"FID score": 415.7}}
    assert sub.workspace == folder / "workspace" and sub.format == "autoexperiment"


def test_autoexperiment_wrapper_names_task_and_agent(tmp_path: Path) -> None:
    folder = tmp_path / "run7"
    folder.mkdir()
    (folder / "final_answer.json").write_text(
        json.dumps(
            {
                "combined_id": "2205.00048_3",
                "agent": "ReAct",
                "agent_model": "gpt-4o",
                "final_answer": {"Experiment 1": {"IIF": 0.1}},
            }
        )
    )
    (sub,) = load_submissions(tmp_path)
    s = sub.submission
    assert (s.task_id, s.agent, s.agent_model) == ("autoexperiment/2205.00048_3", "ReAct", "gpt-4o")


def test_empty_submissions_folder_is_a_user_error(tmp_path: Path) -> None:
    r = run_cli("submissions", "validate", tmp_path)
    assert r.code == 2 and "folder has no submissions" in r.err


def test_cli_validate_lists_submissions_and_problems(tmp_path: Path, datasets: Path) -> None:
    native(tmp_path, "good")
    native(tmp_path, "sneaky", artifacts={"log": "../good/submission.json"})
    native(tmp_path, "unknown-task", task_id="expbench/iclr2024/19033/99")
    tasks = tmp_path.parent / f"{tmp_path.name}-tasks.jsonl"
    assert (
        run_cli(
            "tasks",
            "import",
            "expbench",
            datasets / "expbench" / "iclr2024" / "19033_complete_final.json",
            "--out",
            tasks,
        ).code
        == 0
    )
    r = run_cli("submissions", "validate", tmp_path, "--tasks", tasks)
    assert r.code == 2
    assert "good" in r.out and "native" in r.out
    assert "sneaky: log '../good/submission.json' uses '..'" in r.err
    assert "unknown-task: task_id 'expbench/iclr2024/19033/99' is not in" in r.err


def test_cli_validate_ok(tmp_path: Path) -> None:
    native(tmp_path, "good")
    r = run_cli("submissions", "validate", tmp_path)
    assert r.code == 0 and "ok: 1 submission(s)" in r.out


# --- safepath as a library (the sandbox copies workspaces with it) -------------------------


def test_resolve_inside(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    assert resolve_inside(tmp_path, "a/b.txt") == (tmp_path / "a" / "b.txt").resolve()
    for bad in ("../x", "a/../../x", "/etc/passwd", "C:\\x", ""):
        with pytest.raises(PathEscapeError):
            resolve_inside(tmp_path, bad)


def test_copy_tree_keeps_internal_links_and_refuses_escaping_ones(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "mod.py").write_text("x = 1\n")
    os.symlink("pkg/mod.py", src / "alias.py")
    copy_tree(src, tmp_path / "dst")
    assert (tmp_path / "dst" / "alias.py").is_symlink() and (
        tmp_path / "dst" / "alias.py"
    ).read_text() == "x = 1\n"
    os.symlink(tmp_path, src / "parent")
    assert escaping_links(src) == ["parent"]
    with pytest.raises(PathEscapeError, match="parent"):
        copy_tree(src, tmp_path / "dst2")
    assert not (tmp_path / "dst2").exists()


def test_unsafe_patch_targets() -> None:
    assert unsafe_patch_targets(PATCH) == []
    git = "diff --git a/x b/../y\nrename to ../../z\n"
    assert unsafe_patch_targets(git) == ["b/../y", "../../z"]


def test_submission_json_symlinked_from_outside_is_rejected(tmp_path: Path) -> None:
    outside = tmp_path / "meta.json"
    outside.write_text(json.dumps({"task_id": "t", "agent": "a", "agent_model": "m"}))
    root = tmp_path / "subs"
    (root / "sneaky").mkdir(parents=True)
    os.symlink(outside, root / "sneaky" / "submission.json")
    assert "points outside" in problems_of(root)["sneaky"]


def test_patch_with_non_utf8_content_is_accepted(tmp_path: Path) -> None:
    folder = native(tmp_path, "latin1")
    (folder / "patch.diff").write_bytes(b"--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-caf\xe9\n+cafe\n")
    (sub,) = load_submissions(tmp_path)
    assert sub.patch == folder / "patch.diff"


def test_copy_tree_rewrites_absolute_inside_links_and_refuses_special_files(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "data").mkdir(parents=True)
    (src / "data" / "x.csv").write_text("1,2\n")
    os.symlink(src / "data" / "x.csv", src / "latest.csv")  # absolute, but inside
    copy_tree(src, tmp_path / "dst")
    link = tmp_path / "dst" / "latest.csv"
    assert (
        not os.path.isabs(os.readlink(link))
        and link.resolve() == (tmp_path / "dst" / "data" / "x.csv").resolve()
    )
    os.mkfifo(src / "pipe")
    with pytest.raises(PathEscapeError, match=r"special files.*pipe"):
        copy_tree(src, tmp_path / "dst2")


def test_symlink_loop_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    folder = native(tmp_path, "loopy")
    os.symlink("b", folder / "agent.log")
    os.symlink("agent.log", folder / "b")
    assert "symlink loop" in problems_of(tmp_path)["loopy"]


def test_single_submission_folder_given_as_dir_gets_a_hint(tmp_path: Path) -> None:
    folder = native(tmp_path, "sub1")
    with pytest.raises(UserError, match="pass the folder that contains it"):
        scan_submissions(folder)


def test_fifo_as_agent_log_is_rejected_before_anyone_reads_it(tmp_path: Path) -> None:
    folder = native(tmp_path, "piped")
    os.mkfifo(folder / "agent.log")
    assert "should be a regular file" in problems_of(tmp_path)["piped"]


def test_autoexperiment_unparsable_answer_stays_gradable_without_claims(tmp_path: Path) -> None:
    folder = tmp_path / "2110.03485_0"
    folder.mkdir()
    (folder / "final_answer.json").write_text(
        json.dumps("Failed due to exceeding maximum number of agent steps")
    )
    (sub,) = load_submissions(tmp_path)
    assert sub.submission.task_id == "autoexperiment/2110.03485_0" and sub.submission.claimed_results is None
    assert sub.warnings and sub.submission.extra["final_answer"].startswith("Failed due to")
