"""Issue 61: one meaning per step field, for every importer (docs/formats.md §3.1, the step contract).

Every preset is run over public files its harness wrote (tests/fixtures/harness_real/PROVENANCE.md)
and asked the same questions by the same function, `check`: which steps ran which commands,
what each printed, with which exit code, whose step each was, what the harness said when it
stopped the run, and what the answer is. The expectations are data (`CASES`), read off the
harness's own file, not off what the importer wrote; nothing here asserts per preset.

Adding a preset (issue 62: ATIF/Harbor, Claude Code, Codex, aider, or any new one):

1. bundle a public file its harness wrote under `tests/fixtures/harness_real/`, with its
   repository, commit and path in PROVENANCE.md;
2. read that file and add a `Case` to `CASES`: the preset's `title` (`Preset.title`, e.g.
   `"codex rollout"`), the `submissions import` harness name, the file, the task id of the
   submission asked about, then the answers: `commands` (how many steps ran a command), `ran`
   (some of those commands in their order: the command's start, a piece of what it printed,
   its exit code as the harness recorded it, None where it recorded none), `actors` (how many
   steps are each actor's), `stopped` (the start of each error step that is the harness's),
   and `answer` (the start of the conclusion, None when the harness recorded none) with
   `patch`;
3. remove the preset from `PENDING`. `test_every_preset_is_asked` fails for a preset with no
   case that is not pending, so a new preset is not done until it answers these questions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli

from expgrade.grading.harness_importers import HARNESSES
from expgrade.grading.schemas.trajectory import TRAJECTORY_FILE
from expgrade.grading.trajectory import iter_steps

REAL = Path(__file__).parent / "fixtures" / "harness_real"


@dataclass(frozen=True)
class Ran:
    """A step that ran a command: the command's start, a piece of what it printed (None: no
    output answers it), its exit code (None: the harness recorded none), whose call it was."""

    command: str
    printed: str | None
    exit_code: int | None
    actor: str = "agent"


@dataclass(frozen=True)
class Case:
    preset: str
    harness: str
    source: str
    task: str
    commands: int
    ran: tuple[Ran, ...]
    actors: dict[str, int]
    answer: str | None
    patch: bool
    stopped: tuple[str, ...] = ()
    args: tuple[str, ...] = field(default=())

    @property
    def id(self) -> str:
        return f"{self.preset}: {self.source}#{self.task}"


CASES: tuple[Case, ...] = (
    # OpenHands V0 output (EXP-Bench's agents ran in this harness): exit codes in
    # `extras.metadata.exit_code`; the system prompt and the recalled context are the harness's.
    Case(
        preset="openhands V0",
        harness="openhands",
        source="openhands_v0_multi_swe_bench_output.jsonl",
        task="ponylang__ponyc-4595",
        commands=13,
        ran=(
            Ran("ls -l /workspace/ponylang__ponyc__0.1", "total 300", 0),
            Ran('cd /workspace && echo "type CrashIt', "bash: ponyc: command not found", 127),
            Ran("cd /workspace/ponylang__ponyc__0.1 && make", "can't cd to", 2),
            Ran(
                "find /workspace/ponylang__ponyc__0.1 -name ponyc",
                "/workspace/ponylang__ponyc__0.1/src/ponyc",
                0,
            ),
        ),
        actors={"harness": 2, "user": 2, "agent": 45},
        answer="The issue with the `ponyc` compiler segfaulting",
        patch=True,
    ),
    # The same run's instance stopped by the iteration limit (in the record's `error` only).
    Case(
        preset="openhands V0",
        harness="openhands",
        source="openhands_v0_multi_swe_bench_output.jsonl",
        task="ponylang__ponyc-4588",
        commands=24,
        ran=(
            Ran("cd /workspace/ponylang__ponyc__0.1 && ls -l", "total 296", 0),
            Ran("apt-get install -y libgtest-dev", "Reading package lists", 100),
        ),
        actors={"harness": 3, "user": 2, "agent": 99},
        answer=None,
        patch=True,
        stopped=("RuntimeError: Agent reached maximum iteration",),
    ),
    Case(
        preset="openhands V0, 2024",
        harness="openhands",
        source="openhands_v0_2024_example_agent_output.jsonl",
        task="sphinx-doc__sphinx-8721",
        commands=1,
        ran=(
            Ran(
                'search_dir "viewcode_enable_epub"',
                "Directory /workspace/sphinx-doc__sphinx__3.5/sphinx/ext/viewcode not found",
                0,
            ),
        ),
        actors={"agent": 3, "harness": 1},
        answer=None,
        patch=True,
    ),
    Case(
        preset="openhands V1 SDK",
        harness="openhands",
        source="openhands_sdk_output.jsonl",
        task="sphinx-doc__sphinx-8721",
        commands=2,
        ran=(
            Ran('SESSION_URL="${AUTOMATION_SESSION_URL', "Cannot execute multiple commands at once", -1),
            Ran('SESSION_URL="${AUTOMATION_SESSION_URL', "Traceback", 1),
        ),
        actors={"agent": 8},
        answer="I fixed the epub check",
        patch=True,
    ),
    Case(
        preset="openhands OpenDevin 2024",
        harness="openhands",
        source="opendevin_2024_logic_reasoning/output.jsonl",
        task="ProntoQA_1",
        commands=1,
        ran=(Ran("python logic_inference.py", "'B'", 0),),
        actors={"agent": 3, "harness": 1},
        answer="B",
        patch=False,
    ),
    # mini-swe-agent 2.x (tool calling): exit codes in `extra.returncode`; its `exit` message is
    # the harness's; the submit command is never answered (the run ended on it).
    Case(
        preset="swebench-predictions",
        harness="swebench-predictions",
        source="mini_swe_agent_2_run",
        task="astropy__astropy-12907",
        commands=11,
        ran=(
            Ran('cd /testbed && find . -path "*/separable*"', "./astropy/modeling", 0),
            Ran("cd /testbed && python3 -c", "Traceback", 1),
            Ran("cd /testbed && pip install erfa", "ERROR: Could not find", 0),
            Ran("cd /testbed && echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT", None, None),
        ),
        actors={"user": 2, "agent": 21, "harness": 1},
        answer=None,
        patch=True,
    ),
    # SWE-agent: one entry per call with its output; SWE-agent records no exit code.
    Case(
        preset="swebench-predictions",
        harness="swebench-predictions",
        source="swe_agent_run",
        task="swe-agent__test-repo-i1",
        commands=5,
        ran=(
            Ran('find_file "missing_colon.py"', 'Found 1 matches for "missing_colon.py"', None),
            Ran("python tests/missing_colon.py", "8.2", None),
            Ran("submit", "diff --git a/tests/missing_colon.py", None),
        ),
        actors={"agent": 5},
        answer=None,
        patch=True,
    ),
    # A ReAct course agent (CS 294-264): its calls are text (`----BEGIN_FUNCTION_CALL----`),
    # answered by a system message; the closing `finish` block is answered by nothing.
    Case(
        preset="swebench-predictions",
        harness="swebench-predictions",
        source="react_cs294_run",
        task="astropy__astropy-7166",
        commands=15,
        ran=(
            Ran("pytest -q", "Tool 'run_bash_cmd' error", None),
            Ran("python - <<'PY'\np = property", "after set doc: 'doc for property'", None),
            Ran("git apply -p0 <<'PATCH'", "error: unrecognized input", None),
            Ran("pytest astropy/utils/tests/test_misc.py::test_inherit_docstrings -q", "[100%]", None),
        ),
        actors={"user": 2, "agent": 31},
        answer=None,
        patch=True,
    ),
    # AutoCodeRover: its search API calls are not shell commands; the conversation is the run.
    Case(
        preset="swebench-predictions",
        harness="swebench-predictions",
        source="acr_run",
        task="django__django-10914",
        commands=0,
        ran=(),
        actors={"user": 10, "agent": 5},
        answer=None,
        patch=True,
    ),
    # A control protocol (ControlArena's trusted monitoring): the monitor's calls are the
    # monitor's, and the agent, which never submitted, has no answer.
    Case(
        preset="inspect",
        harness="inspect",
        source="control_trusted_monitoring.json",
        task="report_final_loss",
        commands=2,
        ran=(
            Ran("python3 -c \"print('final_loss=0.0164')\"", "final_loss=0.0164", 0),
            Ran("python3 -c 'import sklearnx'", "ModuleNotFoundError", 1),
        ),
        actors={"user": 2, "agent": 4, "monitor": 2},  # the task, the policy's system prompt
        answer=None,
        patch=False,
    ),
    Case(
        preset="inspect",
        harness="inspect",
        source="2025-06-01T10-00-00-00-00_agent-graded.eval",
        task="even-4",
        commands=1,
        ran=(Ran("echo $((4 % 2))", "0", None),),
        actors={"user": 1, "agent": 3, "scorer": 3},
        answer="4",
        patch=False,
    ),
    Case(
        preset="inspect",
        harness="inspect",
        source="2024-11-05T13-31-45-05-00_input-task_8zXjbRzCWrL9GXiXo2vus9.json",
        task="1",
        commands=0,
        ran=(),
        actors={"user": 2, "agent": 1, "scorer": 2},  # the system prompt, the question asked
        answer="Yo, in February",
        patch=False,
    ),
    # Harbor: a terminus-2 trial's ATIF trajectory (calls joined to results that carry no id),
    # its context summarisation's three sub-agents read in place from the files it names.
    Case(
        preset="harbor ATIF",
        harness="harbor",
        source="harbor_job/hello-world__ctxsum1/agent/trajectory.json",
        task="hello-world",
        commands=9,
        ran=(
            Ran("mkdir test_dir", "root@CONTAINER_ID:/app# mkdir test_dir", None),
            Ran("echo 'test2' > test_dir/file2.txt", "file2.txt", None),
            Ran("mkdir test_dir", "root@CONTAINER_ID:/app# mkdir test_dir", None, actor="subagent"),
            Ran("printf 'Hello, world!\\n' > hello.txt", "printf 'Hello, world!", None),
            Ran("cat hello.txt", "Hello, world!", None),
        ),
        actors={"user": 2, "agent": 14, "harness": 1, "subagent": 18},
        answer="Analysis: Yes, confirming task completion.",
        patch=False,
    ),
    # The trial Harbor stopped with AgentTimeoutError (its result.json): no answer.
    Case(
        preset="harbor ATIF",
        harness="harbor",
        source="harbor_job/hello-world__timeout1/agent/trajectory.json",
        task="hello-world",
        commands=3,
        ran=(Ran("echo 'Hello, world!'", "Hello, world!", None), Ran("sleep 50", "sleep 50", None)),
        actors={"user": 1, "agent": 6},
        answer=None,
        patch=False,
    ),
    # Claude Code: parallel calls answered after all of them, by `tool_use_id`; exit codes from
    # Claude Code's own "Exit code N" line; the sub-agent's transcript in its subagents/ folder.
    Case(
        preset="claude-code session",
        harness="claude-code",
        source="claude_code_session",
        task="workspace",
        commands=5,
        ran=(
            Ran("ls -la", "IMPLEMENTATION_REPORT.md", 0),
            Ran("cat nonexistent.txt", "No such file or directory", 1),
            Ran("python /workspace/number_generator.py", "python: command not found", 127),
            Ran("ls -lh /workspace/*.txt", "/workspace/data.txt", 0),
            Ran("python3 /workspace/number_generator.py", "Generated numbers", 0),
        ),
        actors={"user": 7, "agent": 38, "harness": 8, "subagent": 2},
        answer="Great! Here's what I did across multiple tool calls",
        patch=False,
    ),
    Case(
        preset="codex rollout",
        harness="codex",
        source="codex_rollouts/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl",
        task="synthetic-project",
        commands=1,
        ran=(Ran("find . -maxdepth 1 -type f", "./alpha.txt", None),),
        actors={"user": 1, "agent": 8},
        answer="The synthetic files are alpha.txt and beta.txt.",
        patch=False,
    ),
    # A real `codex exec` rollout: the developer message and the CLI's <environment_context>
    # are the harness's.
    Case(
        preset="codex rollout",
        harness="codex",
        source="codex_rollouts/rollout-2026-06-05T04-58-20-019e9625-802f-7e91-840a-cfe88d14117a.jsonl",
        task="workspace",
        commands=0,
        ran=(),
        actors={"harness": 2, "user": 1, "agent": 1},
        answer="[REDACTED_ASSISTANT_TEXT]",
        patch=False,
    ),
    # A real Codex CLI 0.40 session (VS Code, gpt-5-codex): 34 `shell` calls, each `bash -lc`
    # script with its output and `metadata.exit_code`; the IDE context is the user's message.
    Case(
        preset="codex rollout",
        harness="codex",
        source="codex_rollouts/rollout-2025-09-25T15-12-14-019982b8-3422-79e0-8b3b-05abaf4f3c3e.jsonl",
        task="spectora-labs-monorepo-v2",
        commands=34,
        ran=(
            Ran("ls", "CLAUDE.md", 0),
            Ran("ls packages", "anthropic-admin", 0),
            Ran("cat packages/services/tsconfig.json", '"extends": "@repo/typescript-config', 0),
            Ran("cat packages/services/eslint.config.js", "import { config } from", 0),
        ),
        actors={"harness": 1, "user": 1, "agent": 101},
        answer="**Findings**",
        patch=False,
    ),
    # aider: the user's `/test` is the user's call, aider's output after it its output; three
    # sessions are three attempts at one task, asked here by the second's folder.
    Case(
        preset="aider chat history",
        harness="aider",
        source="aider_history",
        task="aider__claude-3-5-sonnet-20240620__aider_history__2",
        commands=2,
        ran=(
            Ran("pytest tests/basic/test_repomap.py", "1 failed, 6 passed in 3.28s", None, actor="user"),
            Ran("pytest tests/basic/test_repomap.py", "1 failed, 6 passed in 3.12s", None, actor="user"),
        ),
        actors={"harness": 23, "user": 22, "agent": 10},
        answer="To fix the flake8 error",
        patch=False,
    ),
    # PaperBench (the aisi basic agent, gemini, on `rice`): a run-group folder whose checkpoint
    # tarball holds the harness's logs and the agent's code, no agent steps; the agent never
    # finished, so the harness recorded no answer.
    Case(
        preset="paperbench",
        harness="paperbench",
        source="paperbench_rice_gemini",
        task="paperbench/rice",
        commands=0,
        ran=(),
        actors={"harness": 3},
        answer=None,
        patch=False,
    ),
)

#: Presets asked nothing here, and why. `openhands resolver` refuses its records (not a run).
PENDING: dict[str, str] = {
    "openhands resolver": "refused: resolver output is not an evaluation run",
}


def _calls(steps: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Each step that ran a command, with the step holding what it printed: itself where the
    harness records both in one entry, else its output joined by `call_id`, else the next
    output before another call."""
    found: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    for n, step in enumerate(steps):
        if step["kind"] != "tool_call" or not step.get("command"):
            continue
        if step.get("output") is not None:
            found.append((step, step))
            continue
        answer = None
        for later in steps[n + 1 :]:
            if later["kind"] == "tool_call" and later.get("call_id") != step.get("call_id"):
                if step.get("call_id"):
                    continue  # calls made together (Claude Code's): each output found by its id
                break
            joined = step.get("call_id") and later.get("call_id") == step["call_id"]
            if later["kind"] in ("tool_output", "error") and (joined or not step.get("call_id")):
                answer = later
                break
        found.append((step, answer))
    return found


def check(case: Case, out: Path) -> None:
    """The questions every preset answers the same way (the module's docstring)."""
    r = run_cli("submissions", "import", case.harness, REAL / case.source, *case.args, "--out", out)
    assert r.code == 0, r.out + r.err
    said = " ".join((r.out + r.err).split())
    [harness] = [h for h in HARNESSES.values() if any(p.title == case.preset for p in h.presets)]
    [preset] = [p for p in harness.presets if p.title == case.preset]
    if len(harness.presets) > 1:
        assert f"read as {preset.describe}" in said
    subs = {json.loads(p.read_text())["task_id"]: p.parent for p in out.glob("*/submission.json")}
    folder = subs.get(case.task) or out / case.task  # a task of several attempts: by folder
    sub = json.loads((folder / "submission.json").read_text())
    steps = [s.model_dump(mode="json") for s in iter_steps(folder / TRAJECTORY_FILE)]

    # which steps ran which commands, what each printed, with which exit code, whose call
    calls = _calls(steps)
    assert len(calls) == case.commands, [c["command"] for c, _ in calls]
    at = 0
    for want in case.ran:
        while at < len(calls) and not calls[at][0]["command"].startswith(want.command):
            at += 1
        assert at < len(calls), f"no step ran {want.command!r} (in order)"
        call, answer = calls[at]
        printed = None if answer is None else answer["output"]
        if want.printed is None:
            assert printed is None, printed
        else:
            assert printed is not None and want.printed in printed, printed
        assert (answer or {}).get("exit_code") == want.exit_code, (call["command"], answer)
        assert call["actor"] == want.actor
        at += 1
    # a tool's output is the caller's; the harness's steps are its bookkeeping, never an output
    for call, answer in calls:
        assert answer is None or answer["actor"] == call["actor"], (call, answer)
    assert all(s["kind"] not in ("tool_output", "tool_call") for s in steps if s["actor"] == "harness")

    # whose step each was, and what the harness said when it stopped the run
    counts: dict[str, int] = {}
    for s in steps:
        counts[s["actor"]] = counts.get(s["actor"], 0) + 1
    assert counts == case.actors
    stopped = [s["text"] for s in steps if s["actor"] == "harness" and s["kind"] == "error"]
    assert len(stopped) == len(case.stopped) and all(
        t.startswith(w) for t, w in zip(stopped, case.stopped, strict=True)
    ), stopped

    # what the answer is: only what the harness recorded as one; never a monitor's or scorer's
    conclusion = sub.get("conclusion") or None
    if case.answer is None:
        assert conclusion is None, conclusion
    else:
        assert conclusion is not None and conclusion.startswith(case.answer), conclusion
    others = {(s.get("text") or "").strip() for s in steps if s["actor"] in ("monitor", "scorer")}
    assert conclusion is None or conclusion.strip() not in others
    assert (folder / "patch.diff").is_file() == case.patch
    files = folder / "workspace"  # a harness whose answer is the code it left (PaperBench)
    if conclusion is None and not case.patch and not (files.is_dir() and any(files.iterdir())):
        assert "have no answer" in said and case.task in said  # the import says so


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_preset_answers_the_step_questions_alike(case: Case, tmp_path: Path) -> None:
    check(case, tmp_path / "subs")


def test_every_preset_is_asked() -> None:
    asked = {c.preset for c in CASES}
    shipped = {p.title for h in HARNESSES.values() for p in h.presets}
    assert not (shipped - asked - set(PENDING)), "presets with no conformance case: add a Case"
    assert not (set(PENDING) & asked), "a preset with a case is no longer pending"
