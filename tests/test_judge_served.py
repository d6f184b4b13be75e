"""The judge is who it says it is (issue 64): the response cache keys on what answered, every
verdict and the run's manifest name the model that answered, a resume refuses another model
behind the same name, and the preflight refuses a name the server's `/models` does not list.

Two scripted servers that disagree (one passes every item, one fails every one) stand in for two
models behind one `--judge` name: two endpoints, or one endpoint whose model was swapped.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli as run_expgrade
from grade_support import DEMO, JUDGE, results, run_cli

from expgrade.grading.labels_io import read_label_rows
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript
from expgrade.grading.testing.judge_server import ScriptRule as Rule

pytestmark = pytest.mark.timeout(300)

NAME = "openai/judge"


def _server(verdict: str, **script: object) -> ServerScript:
    """A judge that gives every item `verdict` (the rule matches any prompt)."""
    return ServerScript(rules=(Rule("", verdict),), **script)  # type: ignore[arg-type]


def _items(path: Path, n: int = 4) -> Path:
    rows = [
        {"item_id": f"i{k}", "question": "6*7?", "reference": "42", "response": f"42 ({k})"} for k in range(n)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _judge(items: Path, url: str, cache: Path, out: Path, *extra: str) -> list[Any]:
    done = run_expgrade(
        "judge", items, "--rubric", "reference-match", "--judge", NAME, "--api-base", url,
        "--cache", cache, "--out", out, *extra,
    )  # fmt: skip
    assert done.code == 0, done.err
    return list(read_label_rows(out))


def _estimate(items: Path, url: str, cache: Path) -> tuple[int, int]:
    """(calls, cache hits) that `judge --estimate` plans."""
    done = run_expgrade(
        "judge", items, "--rubric", "reference-match", "--judge", NAME, "--api-base", url,
        "--cache", cache, "--out", items.with_suffix(".never"), "--estimate",
    )  # fmt: skip
    assert done.code == 0, done.err
    found = re.search(r"reference-match\s+(\d+)\s+(\d+)", done.out)
    assert found, done.out
    return int(found[1]), int(found[2])


def test_two_servers_behind_one_name_never_share_verdicts(tmp_path: Path) -> None:
    items, cache = _items(tmp_path / "items.jsonl"), tmp_path / "judge.sqlite"
    with ScriptedServer(_server("pass")) as a, ScriptedServer(_server("fail")) as b:
        first = _judge(items, a.url, cache, tmp_path / "a.jsonl")
        # a plan is made before any call: it counts the answers of the model that answered last there
        assert _estimate(items, a.url, cache) == (0, 4) and _estimate(items, b.url, cache) == (4, 0)
        second = _judge(items, b.url, cache, tmp_path / "b.jsonl")
        assert {r.label for r in first} == {"pass"}
        # B was asked every item: none of A's verdicts was served as B's
        assert b.stats["requests"] == 4
        assert {r.label for r in second} == {"fail"} and not any(r.extra["cached"] for r in second)
        # and each server's own verdicts are still its own: a rerun on A is all cache hits
        again = _judge(items, a.url, cache, tmp_path / "a2.jsonl")
        assert {r.label for r in again} == {"pass"} and all(r.extra["cached"] for r in again)
        assert a.stats["requests"] == 4


def test_a_model_swapped_behind_one_endpoint_is_asked_again(tmp_path: Path) -> None:
    """llama.cpp restarted with another model: same URL, same name, another model answering."""
    items, cache = _items(tmp_path / "items.jsonl"), tmp_path / "judge.sqlite"
    with ScriptedServer(_server("pass", answers_as="model-a.gguf", listed=("model-a.gguf",))) as a:
        port = a.port
        first = _judge(items, a.url, cache, tmp_path / "a.jsonl", "--judge-any-name")
    swapped = _server("fail", answers_as="model-b.gguf", listed=("model-b.gguf",))
    with ScriptedServer(swapped, port=port) as b:
        second = _judge(items, b.url, cache, tmp_path / "b.jsonl", "--judge-any-name")
        assert b.stats["requests"] == 4
    assert {r.label for r in first} == {"pass"} and {r.label for r in second} == {"fail"}
    # every verdict names the model that answered, and the name that was asked for
    assert {(r.rater, r.extra["answered_by"]) for r in first} == {(NAME, "model-a.gguf")}
    assert {(r.rater, r.extra["answered_by"]) for r in second} == {(NAME, "model-b.gguf")}


def test_a_fingerprint_change_is_not_served_the_old_answers(tmp_path: Path) -> None:
    items, cache = _items(tmp_path / "items.jsonl"), tmp_path / "judge.sqlite"
    with ScriptedServer(_server("pass", fingerprint="fp_1")) as a:
        port = a.port
        _judge(items, a.url, cache, tmp_path / "a.jsonl")
    with ScriptedServer(_server("fail", fingerprint="fp_2"), port=port) as b:
        rows = _judge(items, b.url, cache, tmp_path / "b.jsonl")
        assert b.stats["requests"] == 4
    assert {(r.label, r.extra["system_fingerprint"]) for r in rows} == {("fail", "fp_2")}


def test_preflight_refuses_a_name_the_server_does_not_list(tmp_path: Path) -> None:
    items = _items(tmp_path / "items.jsonl")
    # answers any name (as llama.cpp's server does) but lists one
    with ScriptedServer(_server("pass", listed=("scripted",), answers_as="scripted")) as server:
        base: list[str | Path] = [
            "judge",
            items,
            "--rubric",
            "reference-match",
            "--api-base",
            server.url,
            "--no-cache",
        ]
        refused = run_expgrade(*base, "--judge", "openai/scriptd", "--out", tmp_path / "x.jsonl")
        said = " ".join(refused.err.split())
        assert refused.code == 2, said
        assert f"unknown model 'openai/scriptd' at {server.url} (it serves: scripted)" in said
        assert "did you mean 'openai/scripted'?" in said and "--judge-any-name" in said
        assert not (tmp_path / "x.jsonl").exists() and server.stats["requests"] == 0
        listed = run_expgrade(*base, "--judge", "openai/scripted", "--out", tmp_path / "ok.jsonl")
        assert listed.code == 0, listed.err
        anyway = run_expgrade(
            *base, "--judge", "openai/scriptd", "--judge-any-name", "--out", tmp_path / "any.jsonl"
        )
        assert anyway.code == 0, anyway.err
    rows = read_label_rows(tmp_path / "any.jsonl")
    assert {(r.rater, r.extra["answered_by"]) for r in rows} == {("openai/scriptd", "scripted")}


def _grade(tmp: Path, url: str) -> subprocess.CompletedProcess[str]:
    return run_cli(
        tmp, "grade", "--tasks", DEMO / "tasks.jsonl", "--submissions", tmp / "subs", "--out", tmp / "run",
        "--subtasks", "design", "--controls", "0", "--retest", "0", "--judge", JUDGE, "--api-base", url,
    )  # fmt: skip


def test_manifest_and_verdicts_name_the_answering_model_and_a_resume_refuses_another(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(DEMO / "submissions" / "careful-lr", tmp_path / "subs" / "careful-lr")
    with ScriptedServer(_server("pass", answers_as="model-a")) as a:
        first = _grade(tmp_path, a.url)
        assert first.returncode == 0, first.stderr
    ended = " ".join((first.stdout + first.stderr).split())
    # the end-of-run lines name what exists, and who answered
    assert (
        f"`expgrade report {tmp_path / 'run'}` writes the report ({tmp_path / 'run' / 'report.html'})"
        in ended
    )
    assert f"judge: asked for {JUDGE}; answered by model-a" in ended
    run = tmp_path / "run"
    manifest = json.loads((run / "manifest.json").read_text())
    served = manifest["served"][JUDGE]
    assert served["requested"] == JUDGE and served["answered_by"] == "model-a"
    assert served["endpoint"] == a.url and served["answered_by_seen"] == ["model-a"]
    (record,) = results(run).values()
    verdicts = [v for item in record["subtasks"]["design"]["items"] for v in item["judge"]]
    assert verdicts and {(v["rater"], v["answered_by"]) for v in verdicts} == {(JUDGE, "model-a")}
    report = run_cli(tmp_path, "report", run, "--format", "md")
    assert report.returncode == 0, report.stderr
    assert f"asked for {JUDGE}; answered by model-a" in (run / "report.md").read_text()

    with ScriptedServer(_server("fail", answers_as="model-b")) as b:
        second = _grade(tmp_path, b.url)
        said = " ".join(second.stderr.split())
        assert second.returncode == 2, said
        assert "another model now answers" in said and "was model-a, now model-b" in said
        assert b.stats["requests"] == 0
    assert json.loads((run / "manifest.json").read_text()) == manifest  # nothing written
