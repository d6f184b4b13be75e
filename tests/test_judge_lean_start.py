"""Start-up stays lean and an interrupt ends at once (issue 64).

No verb imports litellm (seconds of import) for an `openai/` judge, `--budget-usd` included: the
budget's worst case counts prompt tokens as litellm would, with the same tiktoken encoding and
chunks, without importing it. Ctrl-C ends `grade` with the resume line while its judge calls are
still unanswered, instead of waiting for the worker threads to finish them.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from grade_support import DEMO, JUDGE, command, ctrl_c_reaches_it, environment

from expgrade.grading.judge import client
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

pytestmark = pytest.mark.timeout(300)

#: Names on the tiktoken route: OpenAI's own (o200k_base and cl100k_base ones) and local names.
NAMES = (
    "openai/gpt-4o-mini",
    "openai/gpt-4o-2024-08-06",
    "openai/gpt-4.1-mini",
    "openai/gpt-4",
    "openai/gpt-4-turbo",
    "openai/gpt-3.5-turbo",
    "openai/scripted-judge",
    "openai/Qwen2.5-7B-Instruct",
)


def test_tokens_are_counted_as_litellm_counts_them() -> None:
    import litellm

    text = (Path(__file__).parents[1] / "docs" / "judge.md").read_text()
    for name in NAMES:
        for part in (text[:37], text[:5000], text):
            assert client.count_tokens(name, part) == litellm.token_counter(model=name, text=part), name


def _imported(argv: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """The command run under `python -X importtime`, and the top-level packages it imported."""
    code = f"import sys; sys.argv = {['expgrade', *argv]!r}; from expgrade.cli import main; main()"
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True, text=True, env=env, timeout=240, check=False,
    )  # fmt: skip
    modules = {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    return proc, modules


def test_grade_and_judge_with_a_budget_import_no_litellm(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    shutil.copytree(DEMO / "submissions" / "careful-lr", subs / "careful-lr")
    items = tmp_path / "items.jsonl"
    items.write_text(
        json.dumps({"item_id": "a", "question": "6*7?", "reference": "42", "response": "42"}) + "\n"
    )
    env = environment(tmp_path)
    with ScriptedServer() as server:
        priced = "openai/gpt-4o-mini"  # priced: the budget's worst case counts its tokens
        graded, imported = _imported(
            ["grade", "--tasks", str(DEMO / "tasks.jsonl"), "--submissions", str(subs),
             "--out", str(tmp_path / "run"), "--subtasks", "design", "--controls", "0", "--retest", "0",
             "--judge", priced, "--api-base", server.url, "--budget-usd", "5"],
            env,
        )  # fmt: skip
        assert graded.returncode == 0, graded.stderr[-2000:]
        assert server.stats["requests"] > 0 and "litellm" not in imported
        judged, imported = _imported(
            ["judge", str(items), "--rubric", "reference-match", "--judge", priced, "--api-base", server.url,
             "--budget-usd", "5", "--out", str(tmp_path / "labels.jsonl")],
            env,
        )  # fmt: skip
        assert judged.returncode == 0, judged.stderr[-2000:]
        assert "litellm" not in imported
    # the check sees litellm where it is imported: a provider only litellm routes
    routed = ["--judge", "anthropic/claude-3-5-haiku-latest", "--out", str(tmp_path / "x.jsonl")]
    _, imported = _imported(["judge", str(items), "--rubric", "reference-match", *routed], env)
    assert "litellm" in imported


def test_ctrl_c_ends_grade_at_once_with_the_resume_line(tmp_path: Path) -> None:
    """Judge answers take 120 s: a grade that waited for its threads to finish their calls would
    still be waiting after the generous 60 s given here (it took 4.7-8.3 s with 3 s answers)."""
    with ScriptedServer(ServerScript(latency_s=120.0)) as server:
        argv = command(
            "grade", "--tasks", DEMO / "tasks.jsonl", "--submissions", DEMO / "submissions",
            "--out", tmp_path / "run", "--subtasks", "design", "--sandbox", "local",
            "--controls", "0", "--retest", "0", "--judge", JUDGE, "--api-base", server.url,
            "--timeout", "600", "--no-preflight",  # the preflight too would wait 120 s per call
        )  # fmt: skip
        proc = subprocess.Popen(
            argv, env=environment(tmp_path), stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it
        )
        try:
            while server.stats["requests"] == 0 and proc.poll() is None:
                time.sleep(0.05)  # until the grading has started to judge
            assert proc.poll() is None, "grade ended before it could be interrupted"
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        finally:
            proc.kill()
    said = " ".join(err.split())
    assert proc.returncode == 130 and "interrupted: re-run the same command to resume" in said, said
    assert "Traceback" not in err
