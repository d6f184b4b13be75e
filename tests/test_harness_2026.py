"""`submissions import auto` on the runs people produce now (issue 62): Harbor job folders and
ATIF trajectories, Claude Code sessions, Codex CLI rollouts and aider chat histories.

Every input is a public file (tests/fixtures/harness_real/PROVENANCE.md: repository, commit,
path, and how each was trimmed or laid out). Each preset is asked the same questions (the step
contract of docs/formats.md §3.1): every tool call is a step joined to its output by `call_id`,
the output is whoever made the call's; which commands ran, what they printed, with which exit
code; whose step each is; the model and the tokens; what the answer is and where it came from.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli

from expgrade.grading.schemas.trajectory import Step
from expgrade.grading.trajectory import iter_steps

REAL = Path(__file__).parent / "fixtures" / "harness_real"
HARBOR_JOB = REAL / "harbor_job"
CLAUDE = REAL / "claude_code_session"
CLAUDE_SESSION = CLAUDE / "c45af7b1-cb7c-4e51-93db-8cbb250a877a.jsonl"
CODEX = REAL / "codex_rollouts"
AIDER = REAL / "aider_history"


def flat(text: str) -> str:
    return " ".join(text.split())


def imported(
    src: Path, out: Path, fmt: str = "auto"
) -> tuple[dict[str, tuple[dict[str, Any], list[Step]]], str]:
    """Import `src`; each submission (by folder name) with its steps, and what the CLI printed."""
    r = run_cli("submissions", "import", fmt, src, "--out", out)
    assert r.code == 0, r.out + r.err
    subs = {}
    for folder in sorted(p for p in out.iterdir() if p.is_dir()):
        sub = json.loads((folder / "submission.json").read_text())
        subs[folder.name] = (sub, list(iter_steps(folder / "trajectory.jsonl")))
    return subs, flat(r.out + r.err)


def contract(sub: dict[str, Any], steps: list[Step]) -> None:
    """The questions every preset answers the same way (docs/formats.md §3.1)."""
    assert [s.index for s in steps] == list(range(1, len(steps) + 1))
    calls: dict[str, Step] = {}
    for s in steps:
        if s.kind == "tool_call":
            assert s.tool, s
            if s.call_id is not None:
                calls[s.call_id] = s
        if s.kind in ("tool_output", "error") and s.call_id is not None:
            call = calls.get(s.call_id)
            assert call is not None and call.index < s.index, f"output {s.index} answers no earlier call"
            assert s.actor == call.actor, f"step {s.index}: an output is whoever made the call's"
        if s.actor == "harness":
            assert s.kind != "tool_call", s
    answer = sub.get("conclusion")
    if answer is not None:  # the agent's own words: a step of the agent's says it
        said = [s for s in steps if s.actor == "agent" and s.kind in ("message", "tool_call")]
        assert any(answer == s.text or answer in json.dumps(s.arguments) for s in said), answer[:80]


def commands(steps: list[Step]) -> list[tuple[str, str, int | None]]:
    """(command, its output, exit code) of each shell call, by the output joined to it."""
    outputs = {s.call_id: s for s in steps if s.kind in ("tool_output", "error") and s.call_id}
    return [
        (s.command, outputs[s.call_id].output or "", outputs[s.call_id].exit_code)
        for s in steps
        if s.kind == "tool_call" and s.command is not None and s.call_id in outputs
    ]


def tokens(steps: list[Step]) -> tuple[int, int]:
    used = [s.usage for s in steps if s.usage is not None]
    return sum(u.input_tokens or 0 for u in used), sum(u.output_tokens or 0 for u in used)


# --- Harbor / ATIF ---------------------------------------------------------------------------


def test_harbor_job_folder_imports_each_trial_with_its_result_sub_agents_and_usage(tmp_path: Path) -> None:
    subs, out = imported(HARBOR_JOB, tmp_path / "subs")
    assert sorted(subs) == [
        "terminus-2__openai-gpt-4o__hello-world__1",
        "terminus-2__openai-gpt-4o__hello-world__2",
    ]
    done, done_steps = subs["terminus-2__openai-gpt-4o__hello-world__1"]
    stopped, stopped_steps = subs["terminus-2__openai-gpt-4o__hello-world__2"]
    for sub, steps in subs.values():
        contract(sub, steps)
        assert sub["extra"]["source"]["fields"]["task_id"] == "result.task_name"
        assert sub["extra"]["harness"]["schema_version"] == "ATIF-v1.5"
    # result.json kept whole: the verifier's reward, the agent's tokens and cost, the exception
    assert done["extra"]["result"]["verifier_result"] == {"rewards": {"reward": 1.0}}
    assert done["extra"]["result"]["agent_result"]["n_input_tokens"] == 7802
    assert done["extra"]["source"]["ended"] == "completed"
    assert stopped["extra"]["source"]["ended"] == "timeout"
    assert stopped["extra"]["result"]["exception_info"]["exception_type"] == "AgentTimeoutError"
    # the answer of the finished trial is its last message; the stopped one has none, said so
    assert done["conclusion"] == "Analysis: Yes, confirming task completion.\nPlan: Final confirmation."
    assert "conclusion" not in stopped
    assert "no answer: the trial ended with AgentTimeoutError before the agent finished" in out
    # every tool call its own step, joined to its output, the command from Terminus' keystrokes
    ran = commands([s for s in done_steps if s.actor == "agent"])
    assert [c for c, _, _ in ran] == [
        "mkdir test_dir",
        "echo 'test1' > test_dir/file1.txt",
        "echo 'test2' > test_dir/file2.txt",
        "printf 'Hello, world!\\n' > hello.txt",
        "cat hello.txt",
    ]
    assert (
        ran[3][1]
        == "New Terminal Output:\n\nroot@CONTAINER_ID:/app# printf 'Hello, world!\\n' > hello.txt\n\n\n"
    )
    assert "Hello, world!" in ran[4][1]
    # a sub-agent numbers its calls afresh: its ids are its own, its outputs joined to its calls
    sub_calls = [s.call_id for s in done_steps if s.actor == "subagent" and s.kind == "tool_call"]
    assert "subagent terminus-2-summarization-summary: call_0_1" in sub_calls
    assert not set(sub_calls) & {s.call_id for s in done_steps if s.actor == "agent"}
    assert [c for c, _, _ in commands(stopped_steps)] == ["echo 'Hello, world!'", "sleep 50", "sleep 50"]
    # the three summarisation sub-agents, read from the files the trajectory names, in place
    spans = Counter(s.span for s in done_steps if s.actor == "subagent")
    assert set(spans) == {
        "subagent terminus-2-summarization-summary",
        "subagent terminus-2-summarization-questions",
        "subagent terminus-2-summarization-answers",
    }
    handoff = next(
        s.index for s in done_steps if s.text and s.text.startswith("Performed context summarization")
    )
    assert all(s.index > handoff for s in done_steps if s.actor == "subagent")
    assert done_steps[handoff - 1].actor == "harness"  # a `system` step: the harness's
    # tokens and cost per step: the whole run's add up to the trajectory's final_metrics
    assert tokens(done_steps) == (7802, 1030)
    assert sum(s.cost or 0 for s in done_steps) == pytest.approx(0.029805)
    first_call = next(s for s in done_steps if s.kind == "tool_call")
    assert (first_call.model, first_call.usage.input_tokens if first_call.usage else None) == (
        "openai/gpt-4o",
        682,
    )
    # the trial's other files named, not silently dropped
    for skipped in (
        "result.json: Harbor trial result",
        "trajectory.summarization-1-answers.json: a further trajectory",
    ):
        assert skipped in out
    assert "found no files" not in out


def test_lone_trajectory_takes_a_finish_call_as_the_answer_and_says_where_the_task_came_from(
    tmp_path: Path,
) -> None:
    subs, out = imported(REAL / "atif_lone" / "trajectory.json", tmp_path / "subs")
    [(sub, steps)] = subs.values()
    contract(sub, steps)
    assert (sub["task_id"], sub["agent"], sub["agent_model"]) == (
        "NORMALIZED_SESSION_ID",
        "openhands",
        "unknown",
    )
    assert sub["conclusion"] == "Task complete. Created /app/hello.txt with 'Hello, world!'"
    assert "task id 'NORMALIZED_SESSION_ID' is the trajectory's session_id" in out
    assert "agent_model = 'unknown'" in out  # the trajectory names no model: said, not guessed
    editor = next(s for s in steps if s.tool == "str_replace_editor")
    assert editor.command is None  # `command: create` is the editor's, not a shell command
    assert editor.arguments == {
        "command": "create",
        "path": "/app/hello.txt",
        "file_text": "Hello, world!",
        "security_risk": "LOW",
    }
    assert [(s.actor, s.role) for s in steps[:4]] == [
        ("harness", "system"),
        ("user", "user"),
        ("harness", "system"),
        ("harness", "system"),
    ]


def test_atif_reasoning_and_an_observation_answering_no_call(tmp_path: Path) -> None:
    src = REAL / "atif_lone" / "terminus-2-invalid-json.trajectory.json"
    subs, _ = imported(src, tmp_path / "subs")
    [(sub, steps)] = subs.values()
    contract(sub, steps)
    doc = json.loads(src.read_text())
    thoughts = [s["reasoning_content"] for s in doc["steps"] if s.get("reasoning_content")]
    assert [s.text for s in steps if s.kind == "reasoning"] == thoughts
    # the parser's complaint answers no call: the harness's note to the agent, whole
    note = next(s for s in steps if s.text and s.text.startswith("Previous response had parsing errors"))
    assert (note.actor, note.kind) == ("harness", "message")
    assert [s.tool for s in steps if s.kind == "tool_call"] == [
        "bash_command",
        "mark_task_complete",
        "mark_task_complete",
    ]


def test_atif_v17_embedded_sub_agents_and_content_parts(tmp_path: Path) -> None:
    """ATIF-v1.7 embeds sub-agents (`subagent_trajectories`, named by `trajectory_id`) and allows
    content parts as a message: the real trial's trajectory, with its sub-agents' files moved in."""
    agent = HARBOR_JOB / "hello-world__ctxsum1" / "agent"
    doc = json.loads((agent / "trajectory.json").read_text())
    doc["schema_version"] = "ATIF-v1.7"
    refs = doc["steps"][4]["observation"]["results"][0]["subagent_trajectory_ref"]
    doc["subagent_trajectories"] = []
    for ref in refs:
        sub = json.loads((agent / ref.pop("trajectory_path")).read_text())
        sub["trajectory_id"] = ref["trajectory_id"] = ref.pop("session_id")
        doc["subagent_trajectories"].append(sub)
    doc["steps"][0]["message"] = [{"type": "text", "text": doc["steps"][0]["message"]}]
    lone = tmp_path / "trajectory.json"
    lone.write_text(json.dumps(doc))
    subs, _ = imported(lone, tmp_path / "subs")
    [(sub, steps)] = subs.values()
    contract(sub, steps)
    original, _ = imported(agent / "trajectory.json", tmp_path / "original")
    [(_, from_files)] = original.values()
    assert [(s.kind, s.actor, s.text, s.command, s.output) for s in steps] == [
        (s.kind, s.actor, s.text, s.command, s.output) for s in from_files
    ]


# --- Claude Code -----------------------------------------------------------------------------


def test_claude_code_session_every_block_a_step_and_its_sub_agent_joined(tmp_path: Path) -> None:
    subs, out = imported(CLAUDE, tmp_path / "subs")
    [(sub, steps)] = subs.values()
    contract(sub, steps)
    assert (sub["task_id"], sub["agent"], sub["agent_model"]) == (
        "workspace",
        "claude-code",
        "claude-haiku-4-5-20251001",
    )
    assert sub["extra"]["harness"]["sessionId"] == "c45af7b1-cb7c-4e51-93db-8cbb250a877a"
    assert sub["conclusion"].startswith("Great! Here's what I did across multiple tool calls:")
    ran = commands(steps)
    assert [(c, code) for c, _, code in ran] == [
        ("ls -la", 0),
        ("cat nonexistent.txt", 1),
        ("python /workspace/number_generator.py", 127),
        ("ls -lh /workspace/*.txt /workspace/number_generator.py", 0),
        ("python3 /workspace/number_generator.py", 0),
    ]
    assert ran[0][1].startswith("total 76\ndrwxr-xr-x 15 root root   480 Dec 18 14:31 .")
    assert ran[2][1] == "Exit code 127\n/bin/bash: line 1: python: command not found"
    # every block of the file is a step: thinking, text, each tool_use and tool_result
    records = [json.loads(line) for line in CLAUDE_SESSION.read_text().splitlines()]
    blocks = Counter(
        b["type"]
        for r in records
        if r["type"] in ("user", "assistant") and isinstance(r["message"]["content"], list)
        for b in r["message"]["content"]
    )
    assert sum(s.kind == "reasoning" and s.actor == "agent" for s in steps) == blocks["thinking"]
    assert sum(s.kind == "tool_call" for s in steps) == blocks["tool_use"] == 10
    assert sum(s.kind in ("tool_output", "error") for s in steps) == blocks["tool_result"]
    # a reply's usage once (its last record's counts), cache reads and writes in its prompt
    last: dict[str, dict[str, int]] = {}
    for r in records:
        if r["type"] == "assistant":
            last[r["message"]["id"]] = r["message"]["usage"]
    sent = sum(
        u["input_tokens"] + u["cache_read_input_tokens"] + u["cache_creation_input_tokens"]
        for u in last.values()
    )
    warmup = 728  # the sub-agent's one reply
    assert tokens(steps) == (sent + warmup, sum(u["output_tokens"] for u in last.values()) + 152)
    # what Claude Code wrote as the user (a compaction's summary, a caveat) is the harness's
    summary = next(s for s in steps if s.text and s.text.startswith("This session is being continued"))
    assert summary.actor == "harness"
    assert [s.text for s in steps if s.actor == "harness" and s.role == "system"][-1] == (
        "compact_boundary: Conversation compacted"
    )
    # the sub-agent's own transcript: its steps, and the file named as read with the session
    assert [(s.actor, s.span, s.role) for s in steps if s.actor == "subagent"] == [
        ("subagent", "subagent af1ff21", "user"),
        ("subagent", "subagent af1ff21", "assistant"),
    ]
    assert "agent-af1ff21.jsonl: a sub-agent's transcript of the Claude Code session" in out
    assert "10 bookkeeping record(s) are not steps, skipped: file-history-snapshot 10" in out


def test_claude_code_by_name_and_a_sub_agent_transcript_alone(tmp_path: Path) -> None:
    subs, _ = imported(CLAUDE, tmp_path / "named", fmt="claude-code")
    assert len(subs) == 1  # the sub-agent's file is read with its session, not as a second run
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(CLAUDE / CLAUDE_SESSION.stem / "subagents" / "agent-af1ff21.jsonl", alone)
    subs, _ = imported(alone, tmp_path / "subs")
    [(sub, steps)] = subs.values()
    assert [s.actor for s in steps] == ["subagent", "subagent"]
    assert "conclusion" not in sub  # a sub-agent's reply is not the agent's answer


# --- Codex CLI -------------------------------------------------------------------------------


def test_codex_rollouts_calls_outputs_reasoning_and_usage(tmp_path: Path) -> None:
    subs, out = imported(CODEX, tmp_path / "subs")
    assert sorted(subs) == [
        "codex__gpt-5-codex__spectora-labs-monorepo-v2__1",
        "codex__gpt-5.5__workspace__1",
        "codex__synthetic-model__synthetic-project__1",
    ]
    for sub, steps in subs.values():
        contract(sub, steps)
    real, real_steps = subs["codex__gpt-5.5__workspace__1"]
    assert real["conclusion"] == "[REDACTED_ASSISTANT_TEXT]"
    assert real["extra"]["harness"]["cli_version"] == "0.135.0"
    assert [(s.actor, s.role) for s in real_steps] == [
        ("harness", "developer"),
        ("harness", "user"),  # <environment_context>: the CLI's, in the user's name
        ("user", "user"),
        ("agent", "assistant"),
    ]
    reply = real_steps[-1]
    assert (
        reply.model,
        reply.usage and reply.usage.input_tokens,
        reply.usage and reply.usage.output_tokens,
    ) == (
        "gpt-5.5",
        22539,
        10,
    )
    assert reply.usage is not None and reply.usage.extra == {"cached_tokens": 20864}
    sub, steps = subs["codex__synthetic-model__synthetic-project__1"]
    assert commands(steps) == [("find . -maxdepth 1 -type f", "./alpha.txt\n./beta.txt", None)]
    patch = next(s for s in steps if s.tool == "apply_patch")
    assert patch.arguments == "*** Begin Patch\n*** Add File: gamma.txt\n+synthetic\n*** End Patch"
    assert [s.text for s in steps if s.kind == "reasoning"] == ["I will inspect the synthetic directory."]
    assert (
        "SYNTHETIC_ENCRYPTED_CONTENT_MUST_NOT_RENDER"
        not in (tmp_path / "subs")
        .joinpath("codex__synthetic-model__synthetic-project__1", "trajectory.jsonl")
        .read_text()
    )
    assert "future_synthetic_record 1" in out  # a record of a type it does not know: counted


def test_codex_usage_written_before_its_calls_items_is_that_calls(tmp_path: Path) -> None:
    """Codex CLI 0.40 (a real VS Code session: 34 `shell` calls, gpt-5-codex) writes each model
    call's `token_count` before the call's items, the newer CLI after them: either way each of
    the 35 calls keeps its own usage, the tokens add up to the session's total, and every call
    and output is kept whole."""
    src = CODEX / "rollout-2025-09-25T15-12-14-019982b8-3422-79e0-8b3b-05abaf4f3c3e.jsonl"
    subs, _ = imported(src, tmp_path / "subs")
    [(sub, steps)] = subs.values()
    contract(sub, steps)
    assert (sub["task_id"], sub["agent_model"]) == ("spectora-labs-monorepo-v2", "gpt-5-codex")
    assert sub["conclusion"].startswith("**Findings**")
    records = [json.loads(line) for line in src.read_text().splitlines()]
    items = [r["payload"] for r in records if r["type"] == "response_item"]
    outputs = {i["call_id"]: json.loads(i["output"]) for i in items if i["type"] == "function_call_output"}
    calls = [i for i in items if i["type"] == "function_call"]
    ran = commands(steps)
    assert len(ran) == len(calls) == 34
    for (command, printed, code), call in zip(ran, calls, strict=True):
        argv = json.loads(call["arguments"])["command"]
        assert command == argv[2]  # `bash -lc SCRIPT`: the script
        output = outputs[call["call_id"]]
        assert (printed, code) == (output["output"], output["metadata"]["exit_code"])
    counts = [r["payload"]["info"] for r in records if r["payload"].get("type") == "token_count"]
    total = counts[-1]["total_token_usage"]
    assert tokens(steps) == (total["input_tokens"], total["output_tokens"]) == (536834, 6654)
    used = [s for s in steps if s.usage is not None]
    assert len(used) == len(counts) == 35
    first, last = counts[0]["last_token_usage"], counts[-1]["last_token_usage"]
    assert used[0].index == 2 + 1 and used[0].kind == "reasoning"  # the first call's first item
    assert used[0].usage is not None and used[0].usage.input_tokens == first["input_tokens"] == 2899
    answer = steps[-1]
    assert answer.kind == "message" and answer.text == sub["conclusion"]
    reply = next(s for s in reversed(steps) if s.usage is not None)
    assert reply.index == answer.index - 1  # the last call: its reasoning, then the answer
    assert reply.usage is not None and (reply.usage.input_tokens, reply.usage.output_tokens) == (
        last["input_tokens"],
        last["output_tokens"],
    )


# --- aider -----------------------------------------------------------------------------------


def test_folder_holding_only_an_aider_history_imports_each_session(tmp_path: Path) -> None:
    subs, out = imported(AIDER, tmp_path / "subs")
    assert sorted(subs) == [
        "aider__claude-3-5-sonnet-20240620__aider_history__1",
        "aider__claude-3-5-sonnet-20240620__aider_history__2",
        "aider__gpt-4o-mini__aider_history__1",
    ]
    for sub, steps in subs.values():
        contract(sub, steps)
    first, first_steps = subs["aider__claude-3-5-sonnet-20240620__aider_history__1"]
    assert first["extra"]["harness"]["started"] == "2024-08-05 19:33:32"
    reply = next(s for s in first_steps if s.actor == "agent")
    assert reply.text is not None and reply.text.startswith(
        "Certainly! I'll modify the `run_install` function"
    )
    assert ">>>>>>> REPLACE" in reply.text  # the model's edit block stays in its reply
    assert reply.usage is not None and (reply.usage.input_tokens, reply.usage.output_tokens, reply.cost) == (
        5244,
        604,
        0.02,
    )
    assert [s.text for s in first_steps if s.actor == "user"] == [
        "Use the Spinner instead of the inlined custom spinner",
        "/diff",
        "/ex",
    ]
    _, tests = subs["aider__claude-3-5-sonnet-20240620__aider_history__2"]
    ran = commands(tests)
    assert [c for c, _, _ in ran] == ["pytest tests/basic/test_repomap.py"] * 2
    assert ran[0][1].rstrip().endswith("1 failed, 6 passed in 3.28s ==========================")
    assert {s.actor for s in tests if s.kind in ("tool_call", "tool_output")} == {"user"}  # the user's /test
    assert "1 bookkeeping record(s) are not steps, skipped: session with nothing the user wrote" in out


# --- the formats by name, and what an import says of a file it cannot take whole -------------


def test_each_format_by_name_and_a_file_given_to_the_wrong_one(tmp_path: Path) -> None:
    subs, _ = imported(HARBOR_JOB, tmp_path / "harbor", fmt="harbor")
    assert len(subs) == 2  # the trials' trajectory.json files, not the sub-agents' beside them
    subs, _ = imported(AIDER, tmp_path / "aider", fmt="aider")
    assert len(subs) == 3
    r = run_cli("submissions", "import", "codex", CLAUDE_SESSION, "--out", tmp_path / "wrong")
    assert r.code == 2
    assert "it reads as Claude Code session" in flat(r.err)
    assert "`expgrade submissions import claude-code" in flat(r.err)


def test_a_run_with_no_steps_is_said_to_be_empty(tmp_path: Path) -> None:
    doc = json.loads((REAL / "atif_lone" / "trajectory.json").read_text())
    doc["steps"] = []
    (tmp_path / "trajectory.json").write_text(json.dumps(doc))
    r = run_cli("submissions", "import", "auto", tmp_path / "trajectory.json", "--out", tmp_path / "subs")
    assert r.code == 0, r.out + r.err
    said = flat(r.out + r.err)
    assert "empty run: the trajectory's steps are an empty list; imported with no steps" in said
    assert "have no answer" in said


def test_a_trial_folder_holding_the_agents_own_session_imports_the_trajectory_once(tmp_path: Path) -> None:
    """Harbor keeps the agent's own log beside the trajectory it converted it into (Claude Code's
    session under `agent/sessions/`): the trial is one run, read from its trajectory."""
    trial = tmp_path / "hello-world__ctxsum1"
    shutil.copytree(HARBOR_JOB / "hello-world__ctxsum1", trial)
    own = trial / "agent" / "sessions" / "projects" / "-app"
    own.mkdir(parents=True)
    shutil.copy(CLAUDE_SESSION, own)
    subs, out = imported(trial, tmp_path / "subs")
    assert list(subs) == ["terminus-2__openai-gpt-4o__hello-world__1"]
    said = "the agent's own log in a Harbor trial, which Harbor converted into agent/trajectory.json"
    assert f"{CLAUDE_SESSION.name}: {said}" in out


def test_a_trial_that_recorded_no_trajectory_is_named_with_why(tmp_path: Path) -> None:
    job = tmp_path / "job"
    shutil.copytree(HARBOR_JOB, job)
    shutil.rmtree(job / "hello-world__timeout1" / "agent")  # the agent died before writing it
    subs, out = imported(job, tmp_path / "subs")
    assert len(subs) == 1
    assert (
        "hello-world__timeout1/result.json: Harbor trial result of a trial with no agent/trajectory.json:"
        " the agent recorded no run to import"
    ) in out


def test_a_published_harbor_job_whose_agent_wrote_no_trajectory_names_each_result(tmp_path: Path) -> None:
    """A real Harbor job folder (Terminal-Bench 2.1, 2026): its agent kept its own log, which
    Harbor did not convert, so the trial has a `result.json` and no `agent/trajectory.json`."""
    job = REAL / "harbor_job_no_trajectory"
    trial = json.loads((job / "count-dataset-tokens__Xhr8Lnc" / "result.json").read_text())
    assert trial["task_id"] == {  # this Harbor names the task by an object, not a path
        "org": "terminal-bench",
        "name": "count-dataset-tokens",
        "ref": "sha256:cd0574ec8281f53854256acc93702ed1441407c0428849e1dd4f27e863c6b08a",
    }
    r = run_cli("submissions", "import", "auto", job, "--out", tmp_path / "subs")
    assert r.code == 2, r.out + r.err
    said = flat(r.out + r.err)
    assert "no harness output found" in said
    assert (
        "count-dataset-tokens__Xhr8Lnc/result.json: Harbor trial result of a trial with no"
        " agent/trajectory.json:"
        " the agent recorded no run to import"
    ) in said
    # each named by its path in the job folder: by name alone the two read the same
    assert "; result.json: Harbor job result (each trial is read from its own folder)" in said
    assert not (tmp_path / "subs").exists() or not any((tmp_path / "subs").iterdir())


def test_an_api_error_claude_code_wrote_as_a_reply_is_the_harness_error_not_the_answer(
    tmp_path: Path,
) -> None:
    """Claude Code writes a failed API call as an assistant record of model `<synthetic>`
    (`isApiErrorMessage`); the record appended here is the one k-k1/agent-fleet quotes as measured
    (2026-08-06, an expired token), after the real session's last line."""
    failed = {
        "type": "assistant",
        "isApiErrorMessage": True,
        "apiErrorStatus": 401,
        "error": "authentication_failed",
        "message": {
            "model": "<synthetic>",
            "content": [
                {
                    "type": "text",
                    "text": "Please run /login · API Error: 401 OAuth access token has expired."
                    " Re-authenticate to continue.",
                }
            ],
        },
    }
    session = tmp_path / CLAUDE_SESSION.name
    session.write_text(CLAUDE_SESSION.read_text() + json.dumps(failed) + "\n")
    subs, _ = imported(session, tmp_path / "subs")
    [(sub, steps)] = subs.values()
    assert sub["conclusion"].startswith("Great! Here's what I did across multiple tool calls:")
    assert sub["agent_model"] == "claude-haiku-4-5-20251001"
    last = steps[-1]
    assert (last.kind, last.actor) == ("error", "harness")
    assert last.text is not None and "API Error: 401" in last.text


def test_a_claude_code_file_of_summaries_only_is_named_not_imported(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    shutil.copy(CLAUDE_SESSION, folder)
    shutil.copy(REAL / "claude_code_summary_only.jsonl", folder)
    subs, out = imported(folder, tmp_path / "subs")
    assert len(subs) == 1
    assert "claude_code_summary_only.jsonl: a Claude Code file of bookkeeping only" in out
