"""`expgrade submissions import FORMAT`: real Inspect logs (written by running Inspect here),
OpenHands and SWE-bench fixtures from their published schemas, PaperBench folders and tarballs.

Each import is checked field by field, then the written folders must pass `submissions
validate --tasks`; broken inputs give a message naming file, record and field, and do not stop
the other files (exit 1)."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli
from grade_support import JUDGE, results
from grade_support import run_cli as grade_cli
from inspect_support import ADAM_TASK, ANSWER, REPO, SWEEP_TASK, final_diff, run_tiny_eval

from expgrade.grading.harness_importers import render_transcript
from expgrade.grading.harness_importers.writer import ENTRIES, ENTRY_CHARS
from expgrade.grading.testing.judge_server import ScriptedServer

FIXTURES = Path(__file__).parent / "fixtures" / "harnesses"
DEMO_TASKS = REPO.parent / "tasks.jsonl"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One real `.eval` log, one `.json` log, and one whose scorer recorded the sandbox's diff."""
    tmp = tmp_path_factory.mktemp("inspect")
    return {
        "eval": run_tiny_eval(tmp / "eval"),
        "json": run_tiny_eval(tmp / "json", log_format="json"),
        "scored": run_tiny_eval(tmp / "scored", scorer=final_diff()),
    }


def imported(out: Path) -> dict[str, dict[str, Any]]:
    return {p.parent.name: json.loads(p.read_text()) for p in sorted(out.glob("*/submission.json"))}


def validate(out: Path, tasks: Path) -> None:
    r = run_cli("submissions", "validate", out, "--tasks", tasks)
    assert r.code == 0, r.out + r.err


# --- Inspect AI ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["eval", "json"])
def test_inspect_log_one_submission_per_sample_and_epoch(
    logs: dict[str, Path], tmp_path: Path, kind: str
) -> None:
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", logs[kind], "--tasks", DEMO_TASKS, "--out", out)
    assert r.code == 0, r.err
    assert "wrote 4 submission(s)" in r.out
    subs = imported(out)
    assert sorted((s["task_id"], s["attempt"]) for s in subs.values()) == [
        (ADAM_TASK, 1),
        (ADAM_TASK, 2),
        (SWEEP_TASK, 1),
        (SWEEP_TASK, 2),
    ]
    name, adam = next((n, s) for n, s in subs.items() if s["task_id"] == ADAM_TASK)
    assert adam["agent"] == "basic_agent_loop" and adam["agent_model"] == "mockllm/model"
    assert adam["conclusion"] == ANSWER
    source = adam["extra"]["source"]
    assert source["format"] == "inspect" and source["file"] == str(logs[kind])
    assert source["record"] == f"sample adam, epoch {adam['attempt']}"
    assert source["fields"]["task_id"] == "metadata.task_id"
    assert source["fields"]["patch"] == "messages[last git diff tool output]"
    patch = (out / name / "patch.diff").read_text()
    assert patch.startswith("diff --git a/optim.py b/optim.py")
    assert '+    state["t"] += 1' in patch and '-    raise NotImplementedError("masked' in patch
    log = (out / name / "agent.log").read_text()
    # rendered from the trajectory: the sample's events, the agent's bash calls and their outputs
    assert "tool_call bash (agent/assistant)" in log and "tool_output bash (agent/tool)" in log
    assert "tool_call submit (agent/assistant)" in log and "git diff" in log
    sweep = next(n for n, s in subs.items() if s["task_id"] == SWEEP_TASK)
    assert not (out / sweep / "patch.diff").exists()  # `ls` printed no diff: no patch invented
    validate(out, DEMO_TASKS)


def test_inspect_patch_from_the_sandbox_changes_a_scorer_recorded(
    logs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "subs"
    assert run_cli("submissions", "import", "inspect", logs["scored"], "--out", out).code == 0
    adam = next(n for n, s in imported(out).items() if s["task_id"] == ADAM_TASK and s["attempt"] == 1)
    fields = imported(out)[adam]["extra"]["source"]["fields"]
    assert fields["patch"] == "scores.final_diff.metadata.model_patch"
    assert "+    return w - lr * m_hat / (np.sqrt(v_hat) + eps)" in (out / adam / "patch.diff").read_text()


def test_inspect_task_field_names_where_the_task_id_is(logs: dict[str, Path], tmp_path: Path) -> None:
    r = run_cli(
        "submissions", "import", "inspect", logs["eval"], "--task-field", "id", "--out", tmp_path / "a"
    )
    assert r.code == 0, r.err
    assert {s["task_id"] for s in imported(tmp_path / "a").values()} == {"adam", "sweep"}
    r = run_cli(
        "submissions", "import", "inspect", logs["eval"], "--task-field", "paper", "--out", tmp_path / "b"
    )
    assert r.code == 2
    assert str(logs["eval"]) in r.err and "record sample adam, epoch 1" in r.err
    assert "field 'metadata.paper'" in r.err


def test_truncated_inspect_log_is_reported_and_the_other_file_still_imports(
    logs: dict[str, Path], tmp_path: Path
) -> None:
    cut = tmp_path / "cut.eval"
    data = logs["eval"].read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", cut, logs["eval"], "--out", out)
    assert r.code == 1, r.err
    assert f"{cut}: damaged: cut short at byte {len(data) // 2}" in r.err.replace("\n", "")
    assert len(imported(out)) == 4
    r = run_cli("submissions", "import", "inspect", cut, "--out", tmp_path / "none")
    assert r.code == 2 and "nothing written" in r.err


def test_truncated_json_log_names_the_file(logs: dict[str, Path], tmp_path: Path) -> None:
    cut = tmp_path / "cut.json"
    text = logs["json"].read_text()
    cut.write_text(text[: len(text) // 2])
    r = run_cli("submissions", "import", "inspect", cut, "--out", tmp_path / "subs")
    assert r.code == 2
    assert f"{cut}, record header: cannot read this Inspect log" in r.err.replace("\n", "")


def test_two_runs_of_one_eval_get_distinct_attempts(logs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "subs"
    assert run_cli("submissions", "import", "inspect", logs["eval"], logs["scored"], "--out", out).code == 0
    subs = imported(out).values()
    adam = sorted(
        (s["attempt"], s["extra"]["source"].get("harness_attempt"), s["extra"]["source"]["file"])
        for s in subs
        if s["task_id"] == ADAM_TASK
    )
    first, second = str(logs["eval"]), str(logs["scored"])  # in the order given
    assert adam == [(1, None, first), (2, None, first), (3, 1, second), (4, 2, second)]


def test_unknown_task_id_fails_that_file(logs: dict[str, Path], tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(DEMO_TASKS.read_text().splitlines()[1] + "\n")  # the sweep task only
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "inspect", logs["eval"], "--tasks", tasks, "--out", out)
    assert r.code == 2
    assert f"task_id '{ADAM_TASK}' (from metadata.task_id) is not in the tasks file" in r.err
    assert imported(out) == {}


# --- SWE-bench predictions -------------------------------------------------------------------


def test_swebench_predictions_number_attempts_per_task_and_model(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    files = [FIXTURES / "swebench_predictions.jsonl", FIXTURES / "swebench_predictions.json"]
    r = run_cli("submissions", "import", "swebench-predictions", *files, "--out", out)
    assert r.code == 0, r.err
    subs = imported(out)
    got = sorted((s["task_id"], s["agent"], s["agent_model"], s["attempt"]) for s in subs.values())
    assert got == [
        ("astropy__astropy-12907", "swe-agent__gpt-4o", "swe-agent__gpt-4o", 1),
        ("astropy__astropy-12907", "swe-agent__gpt-4o", "swe-agent__gpt-4o", 2),
        ("django__django-11099", "agentless__claude-3-5-sonnet", "agentless__claude-3-5-sonnet", 1),
        ("django__django-11099", "swe-agent__gpt-4o", "swe-agent__gpt-4o", 1),
    ]
    by_record = {(s["extra"]["source"]["file"], s["extra"]["source"]["record"]): n for n, s in subs.items()}
    second = by_record[(str(files[0]), "line 2")]
    assert "= right.copy()" in (out / second / "patch.diff").read_text()
    assert not (out / by_record[(str(files[0]), "line 3")] / "patch.diff").exists()  # empty model_patch
    assert subs[second]["extra"]["source"]["fields"]["patch"] == "model_patch"
    assert by_record[(str(files[1]), "key 'django__django-11099'")]


def test_swebench_agent_overrides(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    r = run_cli(
        "submissions",
        "import",
        "swebench-predictions",
        FIXTURES / "swebench_predictions.jsonl",
        "--agent",
        "SWE-agent",
        "--agent-model",
        "gpt-4o-2024-05-13",
        "--out",
        out,
    )
    assert r.code == 0, r.err
    assert {(s["agent"], s["agent_model"]) for s in imported(out).values()} == {
        ("SWE-agent", "gpt-4o-2024-05-13")
    }


def test_broken_prediction_files_name_file_record_and_field(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    truncated, missing = FIXTURES / "swebench_truncated.jsonl", FIXTURES / "swebench_missing_patch.jsonl"
    good = FIXTURES / "swebench_predictions.json"
    r = run_cli("submissions", "import", "swebench-predictions", truncated, missing, good, "--out", out)
    assert r.code == 1
    err = r.err.replace("\n", "")
    # the cut last line is the crash signature: the complete record before it is imported
    assert f"{truncated}, line 2: cut short" in err
    assert f"{missing}, record line 2, field 'model_patch': required field is missing" in err
    assert sorted(s["task_id"] for s in imported(out).values()) == [
        "astropy__astropy-12907",
        "django__django-11099",
    ]


# --- OpenHands -------------------------------------------------------------------------------


def test_openhands_output_jsonl(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "openhands", FIXTURES / "openhands_output.jsonl", "--out", out)
    assert r.code == 0, r.err
    subs = {s["task_id"]: (n, s) for n, s in imported(out).items()}
    name, astropy = subs["astropy__astropy-12907"]
    assert (astropy["agent"], astropy["agent_model"]) == (
        "CodeActAgent",
        "anthropic/claude-3-5-sonnet-20241022",
    )
    assert astropy["conclusion"].startswith("The right operand's own separability matrix")
    assert astropy["extra"]["source"]["fields"]["conclusion"] == "history[finish].args.final_thought"
    assert "cright[-right.shape[0]:, -right.shape[1]:] = right" in (out / name / "patch.diff").read_text()
    log = (out / name / "agent.log").read_text()
    assert "4 entries: 1 message (user/user), 1 tool_call run (agent/assistant)" in log
    assert "grep -n cright" in log
    name, django = subs["django__django-11099"]
    assert django["conclusion"] == "Changed x to 2."  # the older [action, observation] history
    _, stuck = subs["django__django-11133"]
    assert stuck["extra"]["harness"]["error"] == "Agent got stuck in a loop"
    assert "conclusion" not in stuck and not (out / subs["django__django-11133"][0] / "patch.diff").exists()


def test_openhands_bad_record_rolls_back_its_file(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    bad, good = FIXTURES / "openhands_bad_patch.jsonl", FIXTURES / "openhands_output.jsonl"
    r = run_cli("submissions", "import", "openhands", bad, good, "--out", out)
    assert r.code == 1
    assert f"{bad}, record line 2, field 'test_result.git_patch': expected a string" in r.err.replace(
        "\n", ""
    )
    assert len(imported(out)) == 3  # line 1 of the bad file was written, then removed with it


# --- PaperBench ------------------------------------------------------------------------------


def _repo(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "reproduce.sh").write_text("#!/bin/bash\npython3 train.py\n")
    (root / "train.py").write_text("print('ok')\n")
    return root


def test_paperbench_folder_and_tarball(tmp_path: Path, datasets: Path) -> None:
    rubric = datasets / "paperbench" / "rubrics" / "stochastic-interpolants.json"
    tasks = tmp_path / "pb.jsonl"
    assert run_cli("tasks", "import", "paperbench", rubric, "--out", tasks).code == 0
    folder = _repo(tmp_path / "stochastic-interpolants")
    tarball = tmp_path / "runs" / "stochastic-interpolants" / "submission.tar.gz"
    tarball.parent.mkdir(parents=True)
    with tarfile.open(tarball, "w:gz") as tar:
        tar.add(folder, arcname="submission")
    out = tmp_path / "subs"
    r = run_cli(
        "submissions",
        "import",
        "paperbench",
        folder,
        tarball,
        "--tasks",
        tasks,
        "--agent",
        "iterative",
        "--out",
        out,
    )
    assert r.code == 0, r.err
    subs = imported(out)
    assert [(s["task_id"], s["attempt"]) for s in subs.values()] == [
        ("paperbench/stochastic-interpolants", 1),
        ("paperbench/stochastic-interpolants", 2),
    ]
    for name, s in subs.items():
        assert s["artifacts"] == {"reproduce": "workspace/reproduce.sh"}
        assert (out / name / "workspace" / "train.py").read_text() == "print('ok')\n"
    validate(out, tasks)


def test_paperbench_submission_is_graded_against_the_imported_rubric(tmp_path: Path, datasets: Path) -> None:
    rubric = datasets / "paperbench" / "rubrics" / "stochastic-interpolants.json"
    tasks = tmp_path / "pb.jsonl"
    assert run_cli("tasks", "import", "paperbench", rubric, "--out", tasks).code == 0
    leaves = json.loads(tasks.read_text())["rubric"]
    out = tmp_path / "subs"
    repo = _repo(tmp_path / "stochastic-interpolants")
    assert run_cli("submissions", "import", "paperbench", repo, "--tasks", tasks, "--out", out).code == 0
    with ScriptedServer() as server:
        proc = grade_cli(
            tmp_path, "grade", "--tasks", tasks, "--submissions", out, "--out", tmp_path / "run",
            "--judge", JUDGE, "--api-base", server.url, "--subtasks", "implementation", "--sandbox", "local",
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    [result] = results(tmp_path / "run").values()
    impl = result["subtasks"]["implementation"]
    assert impl["status"] == "graded" and 0 <= impl["score"] <= 1
    assert len(impl["items"]) == _count_leaves(leaves)  # one judged item per rubric leaf


def _count_leaves(node: dict[str, Any]) -> int:
    return sum(_count_leaves(c) for c in node["sub_tasks"]) if node.get("sub_tasks") else 1


def _evil_tar(path: Path, name: str, *, link: str | None = None) -> Path:
    with tarfile.open(path, "w") as tar:
        info = tarfile.TarInfo(name)
        if link is not None:
            info.type, info.linkname = tarfile.SYMTYPE, link
            tar.addfile(info)
        else:
            data = b"owned\n"
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


@pytest.mark.parametrize(
    ("member", "link"),
    [("../../escaped.txt", None), ("repo/out", "/etc/passwd"), ("repo/up", "../../..")],
)
def test_paperbench_tarball_cannot_write_outside(tmp_path: Path, member: str, link: str | None) -> None:
    evil = _evil_tar(tmp_path / "p.tar", member, link=link)
    good = _repo(tmp_path / "good")
    out = tmp_path / "deep" / "er" / "subs"
    r = run_cli("submissions", "import", "paperbench", evil, good, "--paper", "x", "--out", out)
    assert r.code == 1
    assert f"{evil}: unsafe tarball member refused" in r.err.replace("\n", "")
    assert not (tmp_path / "escaped.txt").exists() and not (tmp_path / "deep" / "escaped.txt").exists()
    assert len(imported(out)) == 1


def test_paperbench_tarball_absolute_names_land_inside(tmp_path: Path) -> None:
    target = Path("/tmp/expgrade-i16-absolute-member.txt")
    evil = _evil_tar(tmp_path / "p.tar", str(target))
    out = tmp_path / "subs"
    r = run_cli("submissions", "import", "paperbench", evil, "--paper", "x", "--out", out)
    assert r.code == 0, r.err  # tarfile's data filter strips the leading '/'
    assert not target.exists()
    [name] = imported(out)
    # its lone top folder ('tmp') is taken as the repository root
    assert (out / name / "workspace" / target.name).read_text() == "owned\n"


def test_paperbench_folder_with_a_link_out_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "p")
    (repo / "secrets").symlink_to("/etc")
    r = run_cli("submissions", "import", "paperbench", repo, "--out", tmp_path / "subs")
    assert r.code == 2 and "symlinks pointing outside it: secrets" in r.err.replace("\n", "")
    shutil.rmtree(repo)


# --- agent.log rendering ---------------------------------------------------------------------


def test_transcript_keeps_head_and_tail_with_counts() -> None:
    entries = [
        ("assistant" if i % 2 else "tool output", f"message {i} " + "x" * (3 * ENTRY_CHARS))
        for i in range(500)
    ]
    text = render_transcript(iter(entries), title="t")
    assert "# 500 entries: 250 tool output, 250 assistant" in text
    assert f"[... {500 - 2 * ENTRIES} entries cut; the first and last {ENTRIES} are shown ...]" in text
    assert "message 0 " in text and "message 499 " in text and "message 250 " not in text
    assert f"[... {len(entries[0][1]) - 2 * ENTRY_CHARS} characters cut ...]" in text
