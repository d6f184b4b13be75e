"""The judge preflight (grading/judge/preflight.py): every verb that calls a judge, and the Python
API, refuse a judge that cannot answer before anything is spent or written, in one sentence with
the fix; the scripted server passes it; a server that answers one call at a time is measured and
its calls queue in expgrade instead of timing out on it."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from judge_server import ref_request

from expgrade.cli import _register
from expgrade.cli.app import app
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeSpec
from expgrade.grading.judge.preflight import JudgeUnavailable, checked, preflight_sync
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run.orchestrator import grade_run
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

pytestmark = pytest.mark.timeout(300)

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "examples" / "demo"
EXPGRADE = REPO / ".venv" / "bin" / "expgrade"
#: The bound of "does not hang": the old code took two minutes of retries; the preflight takes one
#: refused connection (or none) and a fresh CLI process's start, which on a loaded machine (load
#: 8-10 on two cores) alone takes 10 s or more: the bound tells a hang from a start, not a speed.
WITHIN_S = 45.0


def _dead_port() -> int:
    """A port nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _judge_verbs() -> dict[str, Any]:
    """Every command of the CLI that takes `--judge`, by the name a user types, walked from the app."""
    _register()
    root = typer.main.get_command(app)
    found: dict[str, Any] = {}

    def walk(command: Any, path: tuple[str, ...]) -> None:
        if isinstance(getattr(command, "commands", None), dict):
            for name, sub in command.commands.items():
                walk(sub, (*path, name))
        elif any("--judge" in p.opts for p in command.params if p.param_type_name == "option"):
            found[" ".join(path)] = command

    walk(root, ())
    return found


def _items(path: Path) -> Path:
    item = {"item_id": "i1", "question": "6*7?", "reference": "42", "response": "42"}
    path.write_text(json.dumps(item) + "\n")
    return path


def _run_folder(path: Path) -> Path:
    """A run folder of the demo (examples/real_judge, its manifest pointed at this checkout's demo),
    for the verbs that judge a graded run again (`failures analyze`)."""
    shutil.copytree(DEMO.parent / "real_judge", path)
    manifest = json.loads((path / "manifest.json").read_text())
    manifest.update(submissions_dir=str(DEMO / "submissions"), tasks_file=str(DEMO / "tasks.jsonl"))
    (path / "manifest.json").write_text(json.dumps(manifest))
    return path


def _required(command: Any, tmp: Path) -> list[str]:
    """Arguments for every required parameter, by what the parameter is (not by verb): the
    demo's tasks and submissions, an items file, a rubric, an output path under TMP/out; and a
    run folder wherever a verb takes one, required or not (`failures analyze` reads one or a
    submissions folder)."""
    values = {
        "run_dir": str(_run_folder(tmp / "run")),
        "tasks": str(DEMO / "tasks.jsonl"),
        "submissions": str(DEMO / "submissions"),
        "items": str(_items(tmp / "items.jsonl")),
        "rubric_ref": "reference-match",
        "out": str(tmp / "out" / "labels.jsonl"),
    }
    argv: list[str] = []
    for p in command.params:
        if (not p.required and p.name != "run_dir") or p.name == "judge":
            continue
        assert p.name in values, f"no test value for required parameter {p.name} of {command.name}"
        value = values[p.name]
        argv += [value] if p.param_type_name == "argument" else [p.opts[0], value]
    return argv


@pytest.fixture(scope="module")
def live() -> Iterator[ScriptedServer]:
    with ScriptedServer() as server:
        yield server


def _cases(live_url: str) -> dict[str, tuple[list[str], dict[str, str], str]]:
    """Fault → (judge options, environment changes, words the message must hold)."""
    dead = f"http://127.0.0.1:{_dead_port()}/v1"
    return {
        "dead port": (
            ["--judge", "openai/gpt-4o-mini", "--api-base", dead],
            {},
            f"no server listens on {dead} (connection refused): start it or fix --api-base",
        ),
        "unknown model": (
            ["--judge", "opnai/gpt-4o-mini", "--api-base", live_url],
            {},
            "unknown model 'opnai/gpt-4o-mini' (litellm knows no provider 'opnai') — did you mean "
            "'openai/gpt-4o-mini'?",
        ),
        "missing key": (
            ["--judge", "openai/gpt-4o-mini"],
            {"OPENAI_API_KEY": "", "EXPGRADE_API_BASE": "", "OPENAI_BASE_URL": ""},
            "OPENAI_API_KEY is not set: export it or pass --api-base to a local server",
        ),
    }


def test_every_judge_verb_refuses_a_judge_that_cannot_answer(tmp_path: Path, live: ScriptedServer) -> None:
    verbs = _judge_verbs()
    assert {"grade", "judge", "judge-audit"} <= set(verbs)  # the walk finds what the docs name
    exe = (
        [str(EXPGRADE)]
        if EXPGRADE.exists()
        else [sys.executable, "-c", "from expgrade.cli import main; main()"]
    )
    for verb, command in verbs.items():
        for fault, (options, env_changes, words) in _cases(live.url).items():
            tmp = tmp_path / f"{verb}-{fault}".replace(" ", "-")
            tmp.mkdir()
            env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "COLUMNS": "300", "NO_COLOR": "1"}
            env["EXPGRADE_CACHE_DIR"] = str(tmp / "cache")
            for name, value in env_changes.items():
                env.pop(name, None) if not value else env.__setitem__(name, value)
            argv = [*verb.split(), *_required(command, tmp), *options]
            started = time.monotonic()
            proc = subprocess.run(
                [*exe, *argv], capture_output=True, text=True, env=env, timeout=60, check=False
            )
            took = time.monotonic() - started
            said = " ".join(proc.stderr.split())
            where = f"{verb} / {fault}: {said[-600:]}"
            assert proc.returncode == 2, where
            assert words in said and "Traceback" not in proc.stderr, where
            assert took < WITHIN_S, f"{where} ({took:.1f} s)"
            assert not (tmp / "out").exists(), f"{verb} / {fault} wrote {list((tmp / 'out').rglob('*'))}"
            run_files = {p.name for p in (tmp / "run").iterdir()} if (tmp / "run").exists() else set()
            assert run_files <= {"manifest.json", "results.jsonl", "controls.jsonl", "README.md", "report.md"}
            assert not (tmp / "cache").exists() or not any((tmp / "cache").iterdir()), where


def test_no_preflight_skips_it(tmp_path: Path) -> None:
    """`--no-preflight`: the old path, for those who know better (the run starts and records why)."""
    dead = f"http://127.0.0.1:{_dead_port()}/v1"
    exe = (
        [str(EXPGRADE)]
        if EXPGRADE.exists()
        else [sys.executable, "-c", "from expgrade.cli import main; main()"]
    )
    env = {**os.environ, "EXPGRADE_CACHE_DIR": str(tmp_path / "cache"), "COLUMNS": "300"}
    out = tmp_path / "labels.jsonl"
    argv = ["judge", str(_items(tmp_path / "items.jsonl")), "--rubric", "reference-match", "--out", str(out)]
    argv += ["--judge", "openai/gpt-4o-mini", "--api-base", dead, "--no-preflight"]
    proc = subprocess.run([*exe, *argv], capture_output=True, text=True, env=env, timeout=120, check=False)
    # Unchecked, the engine still refuses a judge it never reached (the Python API's rule), but
    # only once the run has started: the preflight's sentence, after the engine's one call.
    assert proc.returncode == 2 and "no server listens on" in proc.stderr, proc.stderr


def test_python_api_raises_instead_of_unscorable(tmp_path: Path) -> None:
    dead = f"http://127.0.0.1:{_dead_port()}/v1"
    config = JudgeConfig(
        judges=[JudgeSpec("openai/gpt-4o-mini")],
        api_base=dead,
        cache_path=tmp_path / "c.sqlite",
        max_retries=5,
    )
    with JudgeEngine(config) as engine, pytest.raises(JudgeUnavailable) as raised:
        engine.judge_sync([ref_request(f"i{i}", "It is 42.") for i in range(20)])
    assert (
        str(raised.value) == f"no server listens on {dead} (connection refused): start it or fix --api-base"
    )
    # One call per item already in flight at most, none retried: not 20 items x 6 attempts.
    assert engine.http_calls <= config.concurrency

    run_dir = tmp_path / "run"
    settings = GradeSettings(
        tasks_dir=str(DEMO), subtasks=("design",), judge=JudgeSettings(config), sandbox="local"
    )
    with pytest.raises(JudgeUnavailable, match="no server listens on"):
        grade_run(DEMO / "tasks.jsonl", DEMO / "submissions", run_dir, settings)
    assert not run_dir.exists()


def test_a_missing_key_and_an_unknown_name_raise_before_any_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    config = JudgeConfig(judges=[JudgeSpec("openai/gpt-4o-mini")], api_base=None, cache_path=tmp_path / "c")
    with JudgeEngine(config) as engine, pytest.raises(JudgeUnavailable, match="OPENAI_API_KEY is not set"):
        engine.judge_sync([ref_request("k1", "It is 42.")])
    assert engine.http_calls == 0
    typo = JudgeConfig(
        judges=[JudgeSpec("opnai/gpt-4o-mini")], api_base="http://127.0.0.1:9/v1", cache_path=tmp_path / "d"
    )
    with pytest.raises(JudgeUnavailable, match="did you mean 'openai/gpt-4o-mini'"):
        preflight_sync(typo)


@pytest.mark.parametrize(
    ("dialect", "mode"), [("openai", "json_schema"), ("llama_cpp", "json_object"), ("plain", "off")]
)
def test_the_scripted_server_passes_in_the_mode_its_dialect_takes(
    dialect: str, mode: str, tmp_path: Path
) -> None:
    with ScriptedServer(ServerScript(dialect=dialect)) as server:
        config = JudgeConfig(
            judges=[JudgeSpec("openai/local")], api_base=server.url, cache_path=tmp_path / "c"
        )
        (ready,) = preflight_sync(config)
        assert ready.output_mode == mode and ready.serves_at_once is None
        # Counted apart from the run's own requests, so a run's counters stay the run's.
        refused = {"openai": 0, "llama_cpp": 1, "plain": 2}[dialect]
        assert server.stats["preflight"] == 1 + refused and server.stats["requests"] == 0


def test_an_endpoint_names_what_it_serves(tmp_path: Path) -> None:
    with ScriptedServer(ServerScript(models=("local-judge",))) as server:
        config = JudgeConfig(
            judges=[JudgeSpec("openai/local-jduge")], api_base=server.url, cache_path=tmp_path / "c"
        )
        with pytest.raises(JudgeUnavailable) as raised:
            preflight_sync(config)
    assert str(raised.value) == (
        f"unknown model 'openai/local-jduge' at {server.url} (it serves: local-judge) — did you mean "
        "'openai/local-judge'? If the server answers every name with its one model (llama.cpp's does), "
        "pass --judge-any-name"
    )


def test_a_server_that_answers_one_at_a_time_gets_one_call_at_a_time(tmp_path: Path) -> None:
    """llama.cpp's server answers one request at a time. With 16 calls in flight and a timeout
    shorter than the queue, the calls at the back timed out on the server and were sent again
    (more requests than calls). Measured by the preflight, the calls wait in expgrade instead:
    as many requests as calls, none timed out."""
    items = [ref_request(f"s{i}", f"It is 42 ({i}).") for i in range(8)]
    with ScriptedServer(ServerScript(serial=True, latency_s=0.2)) as server:
        config = JudgeConfig(
            judges=[JudgeSpec("openai/local")],
            api_base=server.url,
            cache_path=tmp_path / "c",
            timeout_s=1.0,
            backoff_base_s=0.01,
            backoff_max_s=0.05,
        )
        # As before the preflight: the back of the queue times out on the server and is sent again.
        with JudgeEngine(dataclasses.replace(config, max_retries=2)) as engine:
            engine.judge_sync(items)
        assert server.stats["requests"] > len(items)
        server.reset_stats()

        settings, notes = checked(JudgeSettings(config))
        assert settings.config.judges[0].concurrency == 1
        assert notes == [
            f"the server at {server.url} answered 4 parallel calls 1 at a time: sending it 1 at a time "
            "(give --judge-concurrency to choose)"
        ]
        fresh = dataclasses.replace(settings.engine_config(), cache_path=tmp_path / "fresh")  # none cached
        with JudgeEngine(fresh) as engine:
            verdicts = engine.judge_sync(items)
        assert [v.status for v in verdicts] == ["graded"] * len(items)
        assert server.stats["requests"] == len(items)

        # A concurrency the user chose is kept, and the advice says what to change.
        _, told = checked(JudgeSettings(config, concurrency_chosen=True))
        assert "--judge-concurrency 1 queues them in expgrade instead" in told[0]


def test_a_timeout_says_whose_it_was_and_what_to_change(tmp_path: Path) -> None:
    with ScriptedServer(ServerScript(serial=True, latency_s=0.4)) as server:
        config = JudgeConfig(
            judges=[JudgeSpec("openai/local")],
            api_base=server.url,
            cache_path=tmp_path / "c",
            timeout_s=0.6,
            max_retries=0,
        )
        with JudgeEngine(config) as engine:
            verdicts = engine.judge_sync([ref_request(f"t{i}", f"It is 42 ({i}).") for i in range(4)])
    late = [v for v in verdicts if v.status == "unscorable"]
    assert late and all(v.reason == "timeout" for v in late)
    words = late[0].reason_detail or ""
    assert f"{server.url} sent no answer within 0.6 s" in words
    assert "time queued in expgrade is not counted" in words
    assert "--judge-concurrency 1" in words and "a longer --timeout" in words
