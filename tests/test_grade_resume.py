"""Resumable runs: SIGKILL mid-run and re-run loses nothing, duplicates nothing and never
re-grades a finished submission; a torn last line is cut and re-graded; a folder graded with
other settings is refused; bad input exits 2; integrity's checks run without any judge."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from pathlib import Path

from grade_support import DEMO, JUDGE, command, environment, results, run_cli

from expgrade.grading.testing.judge_server import ScriptedServer

N = 24
CALLS_PER_GRADING = 5 + 2 + 3  # design variables, conclusion items, integrity judge items


def make_submissions(root: Path) -> Path:
    """N judge-only submissions of the lr-sweep task, each judge call ~0.2 s late."""
    base = json.loads((DEMO / "submissions" / "careful-lr" / "submission.json").read_text())
    slow = "[@@script verdict=pass latency=0.2@@]"
    for i in range(N):
        d = root / f"s{i:02d}"
        d.mkdir(parents=True)
        sub = {
            **base,
            "agent": f"agent-{i % 3}",
            "design": f"{base['design']} {slow} #{i}",
            "conclusion": f"{base['conclusion']} {slow} #{i}",
        }
        (d / "submission.json").write_text(json.dumps(sub))
        (d / "agent.log").write_text(f"ran the sweep {slow} #{i}\n")
    return root


def grade_args(subs: Path, out: Path, url: str) -> list[str | Path]:
    return [
        "grade",
        "--tasks",
        DEMO / "tasks.jsonl",
        "--submissions",
        subs,
        "--out",
        out,
        "--judge",
        JUDGE,
        "--api-base",
        url,
        "--subtasks",
        "design,conclusion,integrity",
        # the requests counted here are the submissions'; controls resume as results do
        # (tests/test_controls.py::test_a_resumed_run_judges_no_control_twice), and so do retests
        "--controls",
        "0",
        "--retest",
        "0",
        "--concurrency",
        "2",
        "--no-cache",
    ]


def test_sigkill_then_resume_loses_nothing_and_regrades_nothing(tmp_path: Path) -> None:
    subs = make_submissions(tmp_path / "subs")
    out = tmp_path / "run"
    with ScriptedServer() as server:
        proc = subprocess.Popen(
            command(*grade_args(subs, out, server.url)),
            env=environment(tmp_path),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        results_file = out / "results.jsonl"
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and proc.poll() is None:
            if results_file.exists() and results_file.read_text().count("\n") >= 4:
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the run finished before it could be killed; make it slower"
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        before = results_file.read_bytes()
        complete = before[: before.rfind(b"\n") + 1]
        done = {json.loads(line)["submission_id"] for line in complete.decode().splitlines()}
        assert 4 <= len(done) < N
        log_times = {sid: (out / "logs" / sid / "grading.log").stat().st_mtime_ns for sid in done}

        server.reset_stats()
        second = run_cli(tmp_path, *grade_args(subs, out, server.url))
        assert second.returncode == 0, second.stderr
        assert f"graded {N - len(done)} submission(s) now, {len(done)} already done" in second.stdout
        # finished gradings were not judged again: exactly the missing ones called the judge
        assert server.stats["requests"] == (N - len(done)) * CALLS_PER_GRADING

    after = results_file.read_bytes()
    assert after.startswith(complete)  # append-only: what was finished is byte-for-byte intact
    final = results(out)  # asserts no duplicates
    assert set(final) == {f"s{i:02d}" for i in range(N)}
    assert all(r["all_passed"] is True for r in final.values())
    for sid, mtime in log_times.items():
        assert (out / "logs" / sid / "grading.log").stat().st_mtime_ns == mtime
    manifest = json.loads((out / "manifest.json").read_text())
    assert len(manifest["sessions"]) == 2 and manifest["sessions"][1]["graded"] == N - len(done)


def test_integrity_checks_run_without_a_judge_and_torn_tail_is_regraded(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = [
        "grade",
        "--tasks",
        DEMO / "tasks.jsonl",
        "--submissions",
        DEMO / "submissions",
        "--out",
        out,
        "--subtasks",
        "design,integrity",
    ]
    first = run_cli(tmp_path, *args)
    assert first.returncode == 0, first.stderr
    assert "no --judge given" in first.stderr
    got = results(out)
    # its claimed numbers: printed only after it typed them itself (claims checked model-free)
    assert got["cheater-adam"]["subtasks"]["integrity"]["flags"] == [
        "literal_expected_numbers",
        "claims_unsupported",
    ]
    assert got["cheater-adam"]["all_passed"] is False
    assert got["careful-adam"]["subtasks"]["design"]["status"] == "skipped"
    assert got["careful-adam"]["subtasks"]["execution"] is None
    assert got["careful-adam"]["all_passed"] is True  # integrity is the only needed subtask

    # a crash mid-append leaves a torn last line: it is cut and that submission graded again
    path = out / "results.jsonl"
    data = path.read_bytes()
    last = data[:-1].rfind(b"\n") + 1
    torn_id = json.loads(data[last:])["submission_id"]
    path.write_bytes(data[: last + 25])
    again = run_cli(tmp_path, *args)
    assert again.returncode == 0, again.stderr
    assert "graded 1 submission(s) now, 5 already done" in again.stdout
    named = f"{path}, line 6 was cut short by a crash"  # rich may wrap it anywhere
    assert "".join(named.split()) in "".join(again.stderr.split())  # beside the progress bar
    assert torn_id in results(out) and len(results(out)) == 6


def test_resuming_with_other_settings_or_bad_input_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "run"
    subs = tmp_path / "subs"
    shutil.copytree(DEMO / "submissions" / "careful-lr", subs / "careful-lr")
    base = ["grade", "--tasks", DEMO / "tasks.jsonl", "--submissions", subs, "--out", out]
    assert run_cli(tmp_path, *base, "--subtasks", "integrity").returncode == 0
    other = run_cli(tmp_path, *base, "--subtasks", "integrity", "--judge", "openai/other")
    assert other.returncode == 2 and "manifest.json" in other.stderr and "judges" in other.stderr
    bad = run_cli(tmp_path, *base, "--subtasks", "design,speed")
    assert bad.returncode == 2 and "speed" in bad.stderr
    nope = tmp_path / "nope.jsonl"
    missing = run_cli(tmp_path, "grade", "--tasks", nope, "--submissions", subs, "--out", out)
    assert missing.returncode == 2 and "nope.jsonl" in missing.stderr
    (subs / "stray").mkdir()
    (subs / "stray" / "submission.json").write_text(
        json.dumps({"task_id": "no/such/task", "agent": "a", "agent_model": "m"})
    )
    partial = run_cli(tmp_path, *base, "--subtasks", "integrity")
    # left out, the stray submission would change its agent's rates without a word: refused
    assert (
        partial.returncode == 2
        and "no/such/task" in partial.stderr
        and "nothing was graded" in partial.stderr
    )
    assert run_cli(tmp_path, "report", tmp_path / "nowhere").returncode == 2
