"""Issue 53: the run, not just its answer: every step read in full from each harness.

Each test imports a real harness output or a faithful reduction of one (tests/fixtures/harness_real/
PROVENANCE.md: repository, commit, path and what was reduced) and checks the trajectory against
the harness's own file: one step per entry the harness recorded, every output whole. Each fails
on the code before the trajectory (no `trajectory.jsonl` was written; the mapping had no
`steps`, no text file beside the record, and ignored a spec found nowhere; Inspect's answer was
the scorer's grader call).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli

from expgrade.grading.schemas.trajectory import TRAJECTORY_FILE
from expgrade.grading.trajectory import iter_steps

REAL = Path(__file__).parent / "fixtures" / "harness_real"
ACR_TASK = REAL / "acr_run" / "applicable_patch" / "django__django-10914_2024-04-06_13-19-51"
GRADED = "2025-06-01T10-00-00-00-00_agent-graded"


def imported(out: Path) -> dict[str, dict[str, Any]]:
    return {p.parent.name: json.loads(p.read_text()) for p in sorted(out.glob("*/submission.json"))}


def steps(folder: Path) -> list[dict[str, Any]]:
    return [s.model_dump(mode="json", exclude_none=True) for s in iter_steps(folder / TRAJECTORY_FILE)]


def only(out: Path) -> Path:
    [folder] = [p.parent for p in out.glob("*/submission.json")]
    return folder


# --- OpenHands: history events --------------------------------------------------------------


def test_openhands_v0_history_is_one_step_per_event_with_outputs_whole(tmp_path: Path) -> None:
    src = REAL / "openhands_v0_2024_example_agent_output.jsonl"
    record = json.loads(src.read_text())
    events = [e for pair in record["history"] for e in pair]
    r = run_cli("submissions", "import", "openhands", src, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    got = steps(folder)
    assert len(got) == len(events)
    assert [s["index"] for s in got] == list(range(1, len(events) + 1))
    for step, event in zip(got, events, strict=True):
        if event.get("observation") == "null":  # the placeholder under `finish`: bookkeeping
            assert (step["actor"], step["kind"]) == ("harness", "message")
        elif "observation" in event:
            assert (step["actor"], step["kind"]) == ("agent", "tool_output")  # the agent's call's
            assert step["output"] == event["content"]  # whole, not 2,000 characters of each end
    assert json.loads((folder / "submission.json").read_text())["extra"]["source"]["steps"] == len(events)
    assert "agent.log" in {p.name for p in folder.iterdir()}  # still the readable rendering


def test_openhands_sdk_events_keep_commands_exit_codes_and_the_finish(tmp_path: Path) -> None:
    src = REAL / "openhands_sdk_output.jsonl"
    history = json.loads(src.read_text())["history"]
    r = run_cli("submissions", "import", "openhands", src, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    got = steps(only(tmp_path / "subs"))
    reasoning = sum(1 for e in history if e.get("kind") == "ActionEvent" and e.get("reasoning_content"))
    assert len(got) == len(history) + reasoning
    calls = [s for s in got if s["kind"] == "tool_call"]
    actions = [e["action"] for e in history if e.get("kind") == "ActionEvent"]
    assert [c.get("command") for c in calls] == [a.get("command") for a in actions]
    outputs = [s for s in got if s["kind"] in ("tool_output", "error")]
    assert len(outputs) == sum(1 for e in history if e.get("kind") == "ObservationEvent")


# --- SWE-agent, mini-swe-agent and AutoCodeRover trajectories joined to their predictions ----


def test_swe_agent_traj_is_joined_to_its_prediction_one_step_per_entry(tmp_path: Path) -> None:
    run = REAL / "swe_agent_run"
    traj = json.loads((run / "swe-agent__test-repo-i1.traj").read_text())["trajectory"]
    r = run_cli("submissions", "import", "swebench-predictions", run, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    got = steps(folder)
    assert len(got) == len(traj) == 5
    for step, entry in zip(got, traj, strict=True):
        assert (step["command"], step["output"], step["text"]) == (
            entry["action"],
            entry["observation"],
            entry["thought"],
        )
    sub = json.loads((folder / "submission.json").read_text())
    assert sub["extra"]["source"]["fields"]["steps"] == "swe-agent__test-repo-i1.traj"
    assert sub["extra"]["trajectory"]["info"]["exit_status"] == "submitted"


def test_mini_swe_agent_2_traj_joined_one_step_per_message_with_exit_codes_and_cost(tmp_path: Path) -> None:
    run = REAL / "mini_swe_agent_2_run"
    doc = json.loads((run / "astropy__astropy-12907" / "astropy__astropy-12907.traj.json").read_text())
    messages = doc["messages"]
    r = run_cli("submissions", "import", "auto", run, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    got = steps(only(tmp_path / "subs"))
    assert len(got) == len(messages) == 24  # each assistant turn makes one tool call
    for step, message in zip(got, messages, strict=True):
        if message["role"] == "tool":
            assert step["output"] == message["content"]
            assert step["exit_code"] == message["extra"]["returncode"]
        if message["role"] == "assistant":
            assert step["kind"] == "tool_call"
            assert step["command"] == message["extra"]["actions"][0]["command"]
            assert step["cost"] == pytest.approx(message["extra"]["cost"])
            assert step["usage"]["input_tokens"] == message["extra"]["response"]["usage"]["prompt_tokens"]


def test_autocoderover_last_conversation_round_is_the_run(tmp_path: Path) -> None:
    rounds = json.loads((ACR_TASK / "conversation_round_3.json").read_text())
    r = run_cli("submissions", "import", "swebench-predictions", REAL / "acr_run", "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    got = steps(folder)
    assert len(got) == len(rounds) == 15  # the last round holds the whole conversation
    assert [s.get("text") for s in got] == [m["content"] for m in rounds]
    sub = json.loads((folder / "submission.json").read_text())
    assert sub["extra"]["trajectory"]["cost"]["total_cost"] == pytest.approx(0.31962)


# --- the mapping: steps for any harness, text files beside the record, no silent spec --------


def test_a_users_mapping_reads_acr_steps_and_text_files_beside_the_record(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    r = run_cli(
        "submissions", "import", "json", ACR_TASK / "meta.json",
        "--map", "id=task_id", "--map", "model=cost.json:model", "--map", "agent='autocoderover'",
        "--map", "patch=extracted_patch_*.diff:", "--map", "steps=conversation_round_*.json:",
        "--out", out,
    )  # fmt: skip
    assert r.code == 0, r.out + r.err
    folder = only(out)
    assert (folder / "patch.diff").read_text() == (ACR_TASK / "extracted_patch_1.diff").read_text()
    got = steps(folder)
    assert len(got) == len(json.loads((ACR_TASK / "conversation_round_3.json").read_text()))
    sub = json.loads((folder / "submission.json").read_text())
    assert sub["agent_model"] == "gpt-4-0125-preview"


def test_per_step_specs_read_a_swe_agent_trajectory_and_a_text_conclusion(tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(REAL / "swe_agent_run", run)
    (run / "iter1.md").write_text("# Findings\n\nThe colon was missing; tests pass.\n")
    traj = json.loads((run / "swe-agent__test-repo-i1.traj").read_text())["trajectory"]
    r = run_cli(
        "submissions", "import", "json", run / "swe-agent__test-repo-i1.traj",
        "--map", "id='swe-agent__test-repo-i1'", "--map", "conclusion=iter1.md:",
        "--map", "steps=trajectory", "--map", "step.command=action", "--map", "step.output=observation",
        "--map", "step.text=thought", "--out", tmp_path / "subs",
    )  # fmt: skip
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    got = steps(folder)
    assert [(s["kind"], s["command"], s["output"]) for s in got] == [
        ("tool_call", e["action"], e["observation"]) for e in traj
    ]
    assert json.loads((folder / "submission.json").read_text())["conclusion"].startswith("# Findings")


def test_a_map_spec_found_in_no_record_is_an_error_naming_it(tmp_path: Path) -> None:
    out = tmp_path / "subs"
    r = run_cli(
        "submissions", "import", "json", ACR_TASK / "meta.json",
        "--map", "id=task_id", "--map", "model=cost.json:modle", "--map", "patch=extracted_patch_1.diff:",
        "--out", out,
    )  # fmt: skip
    assert r.code == 2, r.out + r.err
    assert "model=cost.json:modle" in " ".join((r.out + r.err).split())
    assert not list(out.glob("*/submission.json"))


# --- Inspect: events with their spans; the agent's answer, never the scorer's grader call ----


@pytest.mark.parametrize("fmt", ["eval", "json"])
def test_inspect_answer_is_the_agents_and_every_field_is_kept(tmp_path: Path, fmt: str) -> None:
    pytest.importorskip("inspect_ai", reason="reading Inspect logs needs the inspect extra")
    src = REAL / f"{GRADED}.{fmt}"
    r = run_cli("submissions", "import", "inspect", src, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    subs = {s["task_id"]: (name, s) for name, s in imported(tmp_path / "subs").items()}
    name, sub = subs["even-4"]
    assert sub["conclusion"] == "4"  # the scorer's answer: the agent's; not the grader's reply
    assert "attachment://" not in json.dumps(sub)
    kept = sub["extra"]["inspect"]
    assert kept["target"] == "Yes"
    assert kept["metadata"]["tests"] == ["assert 4 % 2 == 0"]
    assert kept["score_details"]["tests_passed"]["metadata"] == {"tests_passed": 1, "tests_total": 1}
    assert "GRADE: C" in kept["score_details"]["model_graded_qa"]["explanation"]
    assert kept["model_usage"]
    got = steps(tmp_path / "subs" / name)
    call = next(s for s in got if s["kind"] == "tool_call")
    assert (call["actor"], call["tool"], call["command"]) == ("agent", "bash", "echo $((4 % 2))")
    output = next(s for s in got if s["kind"] == "tool_output")
    assert (output["call_id"], output["output"]) == (call["call_id"], "0\n")
    graders = [s for s in got if s.get("model") == "mockllm/grader"]
    assert graders and all(s["actor"] == "scorer" for s in graders)
    assert "GRADE: C" in graders[-1]["text"]  # resolved, whole
    _, errored = subs["even-7"]
    assert errored["extra"]["source"]["ended"] == "error"
    assert "conclusion" not in errored


@pytest.mark.parametrize(
    "log",
    [
        "2024-11-05T13-31-45-05-00_input-task_8zXjbRzCWrL9GXiXo2vus9.json",  # 0.3.43: step events
        "2025-05-12T20-00-00-04-00_read-sample-no-stats.json",  # spans, no stats: the full reader
        "log_read_sample.eval",  # the .eval zip, read one sample at a time
    ],
)
def test_inspect_logs_of_each_generation_read_as_steps_of_their_actors(tmp_path: Path, log: str) -> None:
    pytest.importorskip("inspect_ai", reason="reading Inspect logs needs the inspect extra")
    r = run_cli("submissions", "import", "inspect", REAL / log, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    got = steps(folder)
    replies = [s for s in got if s["actor"] == "agent" and s.get("role") == "assistant"]
    assert replies and all(s.get("text") for s in replies)
    sub = json.loads((folder / "submission.json").read_text())
    assert sub["conclusion"] == replies[-1]["text"]  # the agent's last reply, not a grader's
    if log.startswith("2024"):
        assert any(s["actor"] == "scorer" for s in got)  # model_graded_fact's grader, in a scorer step
        assert sub["extra"]["inspect"]["score_details"]["model_graded_fact"]["explanation"]


# --- bad input: as far as it reads, said -------------------------------------------------------


def test_a_torn_trajectory_imports_its_prediction_and_names_the_file(tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(REAL / "swe_agent_run", run)
    traj = run / "swe-agent__test-repo-i1.traj"
    traj.write_bytes(traj.read_bytes()[: traj.stat().st_size // 2])
    r = run_cli(
        "submissions", "import", "swebench-predictions", run / "all_preds.jsonl", "--out", tmp_path / "subs"
    )
    assert r.code == 1, r.out + r.err  # imported, partial
    text = " ".join((r.out + r.err).split())
    assert "swe-agent__test-repo-i1.traj" in text and "trajectory read as far as step 0" in text
    folder = only(tmp_path / "subs")
    assert (folder / "patch.diff").is_file()
    assert steps(folder) == []


def test_a_step_not_a_step_keeps_the_steps_before_it(tmp_path: Path) -> None:
    src = tmp_path / "run.json"
    entries = [{"cmd": "ls", "out": "a\n", "rc": 0}, {"cmd": "cat a", "out": "x", "rc": "boom"}, {"cmd": "x"}]
    src.write_text(json.dumps({"task": "t1", "steps": entries}))
    r = run_cli(
        "submissions", "import", "json", src, "--map", "id=task", "--map", "steps=steps",
        "--map", "step.command=cmd", "--map", "step.output=out", "--map", "step.exit_code=rc",
        "--out", tmp_path / "subs",
    )  # fmt: skip
    assert r.code == 1, r.out + r.err
    assert "step 2 is not a step" in " ".join((r.out + r.err).split())
    assert [s["command"] for s in steps(only(tmp_path / "subs"))] == ["ls"]


# --- reading steps back: `submissions show --steps` -----------------------------------------


def test_submissions_show_prints_the_steps_asked_whole(tmp_path: Path) -> None:
    r = run_cli(
        "submissions", "import", "swebench-predictions", REAL / "swe_agent_run", "--out", tmp_path / "subs"
    )
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    traj = json.loads((REAL / "swe_agent_run" / "swe-agent__test-repo-i1.traj").read_text())["trajectory"]
    shown = run_cli("submissions", "show", folder, "--steps", "2-3", "--format", "json")
    assert shown.code == 0, shown.out + shown.err
    lines = [json.loads(line) for line in shown.out.splitlines() if line.strip()]
    assert [s["index"] for s in lines] == [2, 3]
    assert lines[0]["output"] == traj[1]["observation"]
    text = run_cli("submissions", "show", folder, "--steps", "3")
    assert text.code == 0 and traj[2]["action"].splitlines()[0] in text.out
    beyond = run_cli("submissions", "show", folder, "--steps", "40-60")
    assert beyond.code == 2 and "the run has 5 step(s)" in beyond.err.replace("\n", " ")


def test_schema_trajectory_is_the_step_record() -> None:
    r = run_cli("schema", "trajectory")
    assert r.code == 0, r.out + r.err
    assert {"index", "kind", "actor", "command", "output", "exit_code"} <= set(
        json.loads(r.out)["properties"]
    )


# --- import auto says why a file cannot be read (issue 57) ------------------------------------


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 123\n", "Git LFS pointer"),
        (b"", "file is empty"),
        (b'[{"instance_id": "a", "model_name_or_path": "m", "model_patch": "diff --git a', "cut short"),
    ],
)
def test_import_auto_says_lfs_pointer_empty_and_cut_short(tmp_path: Path, content: bytes, said: str) -> None:
    src = tmp_path / "preds.json"
    src.write_bytes(content)
    r = run_cli("submissions", "import", "auto", src, "--out", tmp_path / "subs")
    assert r.code == 2, r.out + r.err
    assert said in " ".join((r.out + r.err).split())
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(src, folder / "preds.json")
    shutil.copy(REAL / "swe_agent_run" / "all_preds.jsonl", folder / "all_preds.jsonl")
    r = run_cli("submissions", "import", "auto", folder, "--out", tmp_path / "subs2")
    assert r.code == 1, r.out + r.err  # the other file imported; this one is an error, said
    assert said in " ".join((r.out + r.err).split())


# --- issue 61: one meaning per step field (docs/formats.md §3.1) ----------------------------


def test_a_control_protocols_monitor_is_never_the_agent_nor_its_answer(tmp_path: Path) -> None:
    """ControlArena's trusted monitor is called inside every agent step (no span of its own);
    the agent never submitted. Before: the monitor's calls were `agent` and its `<reasoning>…
    <score>` reply became the submission's conclusion, with no warning."""
    src = REAL / "control_trusted_monitoring.json"
    r = run_cli("submissions", "import", "inspect", src, "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    folder = only(tmp_path / "subs")
    sub = json.loads((folder / "submission.json").read_text())
    assert sub.get("conclusion") is None
    assert "have no answer" in " ".join((r.out + r.err).split())
    got = steps(folder)
    monitor = [s for s in got if "<score>" in (s.get("text") or "")]
    assert len(monitor) == 2
    assert all((s["actor"], s["model"]) == ("monitor", "mockllm/trusted") for s in monitor)
    assert all(s.get("model") != "mockllm/trusted" for s in got if s["actor"] == "agent")


def _said(role: str, text: str) -> dict[str, str]:
    return {"role": role, "content": text}


#: Tool calls written as text, in the forms their harnesses write (each from the upstream code
#: named), and the message that answers them.
TEXT_CALLS = {
    # CS 294-264 ReAct starter (agent.py): the call is echoed above its result
    "echoed": (
        "I will list the files.",
        "run_bash_cmd(args={'command': 'ls -la'})\n"
        "----TOOL RESULT BEGIN----\ntotal 0\n----TOOL RESULT END----\n",
        ("run_bash_cmd", "ls -la"),
    ),
    "react": (
        'Thought: list the files\nAction: bash\nAction Input: {"command": "ls -la"}',
        "Observation: total 0\nexit code 2",
        ("bash", "ls -la"),
    ),
    "xml": (
        "Let me look.\n<function=execute_bash>\n<parameter=command>\nls -la\n</parameter>\n</function>",
        "EXECUTION RESULT of [execute_bash]:\ntotal 0\n[The command completed with exit code 0.]",
        ("execute_bash", "ls -la"),
    ),
    "swe-agent": (
        "DISCUSSION\nFirst, the file.\n```\nopen setup.py\n```",
        "[File: setup.py (10 lines total)]",
        ("bash", "open setup.py"),
    ),
}


@pytest.mark.parametrize("form", sorted(TEXT_CALLS))
def test_a_tool_call_written_as_text_is_a_call_with_its_command_when_answered(form: str) -> None:
    from expgrade.grading.harness_importers.transcripts import steps_of

    said, answer, (tool, command) = TEXT_CALLS[form]
    got = list(steps_of([_said("user", "the task"), _said("assistant", said), _said("user", answer)]))
    assert [s["kind"] for s in got] == ["message", "tool_call", "tool_output"]
    call, out = got[1], got[2]
    assert (call["tool"], call["command"], call["text"]) == (tool, command, said)  # the text whole
    assert (out["actor"], out["output"]) == ("agent", answer)
    assert out["exit_code"] == {"react": 2, "xml": 0}.get(form)
    # nothing answered the last one: it never ran
    last = list(steps_of([_said("user", "the task"), _said("assistant", said)]))
    assert [s["kind"] for s in last] == ["message", "message"]
