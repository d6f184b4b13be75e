"""Output-mode negotiation through litellm's real HTTP path, against scripted servers that speak
llama.cpp's dialect (json_schema refused with llama-cpp-python 0.3.36's HTTP 500) or neither
structured mode: one refused request per model and endpoint, the mode on every verdict, forced
modes, and a malformed-request refusal never retried whatever its status."""

from __future__ import annotations

from pathlib import Path

import pytest
from judge_server import PRICED, UNPRICED, engine_for, ref_request

from expgrade.grading.judge import JudgeSpec
from expgrade.grading.judge.client import provider_message
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

pytestmark = pytest.mark.timeout(120)

LLAMA_REFUSAL = "Input should be 'text' or 'json_object'"


def _requests(tag: str, n: int) -> list:  # type: ignore[type-arg]
    return [ref_request(f"{tag}-{i}", f"It is 42 ({tag} {i}). @@script verdict=pass@@") for i in range(n)]


def test_llama_cpp_dialect_costs_one_refusal_per_model_and_every_call_lands(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(dialect="llama_cpp", latency_s=0.05)) as server,
        engine_for(server.url, tmp_path, PRICED, UNPRICED, concurrency=8) as engine,
    ):
        verdicts = engine.judge_sync(_requests("llama", 12))
        stats = dict(server.stats)
    assert [v.status for v in verdicts] == ["graded"] * 24
    assert {v.label for v in verdicts} == {"pass"}
    # 8 calls in flight at once, yet each model's json_schema was refused once, not once per call.
    assert stats["refused:json_schema"] == 2
    assert stats["requests"] == 24 + 2
    assert {v.structured_output for v in verdicts} == {"json_object"}
    refused = [v for v in verdicts if v.mode_refused]
    assert sorted(v.judge for v in refused) == sorted([PRICED, UNPRICED])
    for v in refused:
        assert v.mode_refused is not None
        assert v.mode_refused.startswith("json_schema: ") and LLAMA_REFUSAL in v.mode_refused
    assert set(engine.output_modes.values()) == {"json_object"}


def test_a_server_without_structured_modes_ends_on_prompt_instructions(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(dialect="plain")) as server,
        engine_for(server.url, tmp_path, PRICED, concurrency=4) as engine,
    ):
        bodies = server.keep_bodies()
        verdicts = engine.judge_sync(_requests("plain", 6))
        stats = dict(server.stats)
    assert [(v.status, v.label, v.structured_output) for v in verdicts] == [("graded", "pass", "off")] * 6
    assert (stats["refused:json_schema"], stats["refused:json_object"]) == (1, 1)
    assert sum("response_format" not in b for b in bodies) == 6


@pytest.mark.parametrize(
    ("forced", "sent"),
    [("json_object", "json_object"), ("off", None), ("json_schema", "json_schema")],
)
def test_a_forced_mode_is_sent_as_given(tmp_path: Path, forced: str, sent: str | None) -> None:
    with (
        ScriptedServer() as server,
        engine_for(server.url, tmp_path, JudgeSpec(PRICED, structured_output=forced)) as engine,  # type: ignore[arg-type]
    ):
        bodies = server.keep_bodies()
        (v,) = engine.judge_sync(_requests(f"forced-{forced}", 1))
    assert (v.status, v.label, v.structured_output) == ("graded", "pass", forced)
    assert [(b.get("response_format") or {}).get("type") for b in bodies] == [sent]
    if forced == "json_object":  # llama.cpp's spelling: the schema beside the type
        assert bodies[0]["response_format"]["schema"]["properties"]["verdict"]["enum"] == ["fail", "pass"]


def test_a_malformed_request_refusal_is_not_retried_even_as_a_500(tmp_path: Path) -> None:
    """Forced json_schema at llama.cpp's server: its 500 says the request is invalid; no retry mends it."""
    spec = JudgeSpec(PRICED, structured_output="json_schema")
    with (
        ScriptedServer(ServerScript(dialect="llama_cpp")) as server,
        engine_for(server.url, tmp_path, spec, max_retries=5) as engine,
    ):
        verdicts = engine.judge_sync(_requests("forced-refused", 3))
        stats = dict(server.stats)
    assert stats["requests"] == 3  # one each: not 3 × (1 + 5 retries)
    for v in verdicts:
        assert (v.status, v.reason, v.samples[0].attempts) == ("unscorable", "provider_error", 1)
        # The server's own words, on the verdict, not just "provider_error".
        assert v.reason_detail is not None and LLAMA_REFUSAL in v.reason_detail


def test_a_transient_500_is_still_retried(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(dialect="llama_cpp")) as server,
        engine_for(server.url, tmp_path, PRICED) as engine,
    ):
        (v,) = engine.judge_sync([ref_request("flaky", "42 @@script verdict=fail fault=500x2@@")])
    # 1 refused json_schema, 2 scripted 500s retried, 1 answer.
    assert (v.status, v.label, v.structured_output) == ("graded", "fail", "json_object")
    assert v.samples[0].attempts == 4


def test_provider_message_is_the_error_bodys_message() -> None:
    exc = Exception(
        'litellm.InternalServerError: OpenAIException - {"error":{"message":"1 validation error:\\n  '
        '{\'msg\': \\"Input should be \'text\' or \'json_object\'\\"}","type":"internal_server_error"}}'
    )
    assert provider_message(exc) == "1 validation error: {'msg': \"Input should be 'text' or 'json_object'\"}"
    assert provider_message(Exception("connection refused")) == "connection refused"


def test_expgrade_judge_takes_structured_output(tmp_path: Path) -> None:
    """`--structured-output off` on `expgrade judge`: no response format sent, so nothing refused."""
    import json

    from typer.testing import CliRunner

    from expgrade.cli import _register
    from expgrade.cli.app import app

    _register()  # the commands on the app, as the CLI's entry point does

    items = tmp_path / "items.jsonl"
    rows = [
        {"item_id": f"cli-{i}", "question": "6*7?", "reference": "42", "response": "42"} for i in range(3)
    ]
    items.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with ScriptedServer(ServerScript(dialect="llama_cpp")) as server:
        bodies = server.keep_bodies()
        result = CliRunner().invoke(
            app,
            ["judge", str(items), "--rubric", "reference-match", "--judge", PRICED, "--api-base", server.url,
             "--out", str(tmp_path / "labels.jsonl"), "--no-cache", "--structured-output", "off"],
            catch_exceptions=False,
        )  # fmt: skip
        stats = dict(server.stats)
    assert result.exit_code == 0, result.output
    assert len(bodies) == 3 and not any("response_format" in b for b in bodies)
    assert "refused:json_schema" not in stats
    assert len((tmp_path / "labels.jsonl").read_text().splitlines()) == 3


# --- the demo through `expgrade grade` (a subprocess), judged by a llama.cpp-dialect server ----------

JUDGED = "design,conclusion,integrity"  # the judged subtasks: no sandbox needed


def _grade_demo(tmp: Path, server: ScriptedServer, *extra: str):  # type: ignore[no-untyped-def]
    from grade_support import DEMO, JUDGE, run_cli

    return run_cli(
        tmp,
        "grade",
        "--tasks", DEMO / "tasks.jsonl",
        "--submissions", DEMO / "submissions",
        "--out", tmp / "run",
        "--subtasks", JUDGED,
        "--judge", JUDGE,
        "--api-base", server.url,
        *extra,
    )  # fmt: skip


def _judge_records(run: Path) -> list[dict]:  # type: ignore[type-arg]
    from grade_support import results

    return [
        j
        for rec in results(run).values()
        for sub in rec["subtasks"].values()
        if sub
        for item in sub.get("items") or ()
        if isinstance(item["judge"], list)
        for j in item["judge"]
    ]


def test_the_demo_grades_fully_through_llama_cpps_dialect_and_records_the_fallback(tmp_path: Path) -> None:
    import json

    from grade_support import JUDGE

    from expgrade.grading.run.demo import demo_judge_script

    script = demo_judge_script()
    script.dialect = "llama_cpp"
    with ScriptedServer(script) as server:
        proc = _grade_demo(tmp_path, server)
        stats = dict(server.stats)
    assert proc.returncode == 0, proc.stderr
    run = tmp_path / "run"
    verdicts = _judge_records(run)
    assert len(verdicts) > 20
    assert {(v["status"], v["structured_output"]) for v in verdicts} == {("graded", "json_object")}
    assert stats["refused:json_schema"] == 1  # one model, one process: one refused request in the run
    manifest = json.loads((run / "manifest.json").read_text())
    mode = manifest["structured_output"][JUDGE]
    assert mode["modes"] == ["json_object"] and LLAMA_REFUSAL in mode["refused"]
    logs = "".join(p.read_text() for p in (run / "logs").glob("*/grading.log"))
    logs += "".join(p.read_text() for p in (run / "controls").glob("*.log"))  # a control may ask first
    assert logs.count(f"{JUDGE}: answered in json_object after json_schema:") == 1
    assert "unscorable" not in logs


def test_a_refused_forced_mode_says_the_servers_words_in_grading_log_and_the_summary(tmp_path: Path) -> None:
    from expgrade.grading.run.demo import demo_judge_script

    script = demo_judge_script()
    script.dialect = "llama_cpp"
    with ScriptedServer(script) as server:
        # The preflight's one tiny call in the forced mode is refused: exit 2 with the server's
        # words and the fix, before the run folder exists (grading/judge/preflight.py).
        refused = _grade_demo(tmp_path, server, "--structured-output", "json_schema")
        said = " ".join(refused.stderr.split())
        assert refused.returncode == 2 and "Input should be 'text' or 'json_object'" in said, said
        assert "try --structured-output auto" in said and not (tmp_path / "run").exists()
        server.reset_stats()
        # Past the preflight (--no-preflight), each call ends with the server's words.
        # --controls 0 --retest 0: every request counted below is a result's verdict
        proc = _grade_demo(
            tmp_path,
            server,
            "--structured-output",
            "json_schema",
            "--controls",
            "0",
            "--retest",
            "0",
            "--no-preflight",
        )
        stats = dict(server.stats)
    assert proc.returncode == 0, proc.stderr
    verdicts = _judge_records(tmp_path / "run")
    assert {(v["status"], v["reason"]) for v in verdicts} == {("unscorable", "provider_error")}
    assert stats["requests"] == stats["refused:json_schema"] == len(verdicts)  # none retried
    assert all(LLAMA_REFUSAL in v["reason_detail"] for v in verdicts)
    log = (tmp_path / "run" / "logs" / "careful-adam" / "grading.log").read_text()
    assert "unscorable (provider_error): InternalServerError: 1 validation error:" in log
    assert LLAMA_REFUSAL in log
    said = " ".join((proc.stdout + proc.stderr).split())
    assert "provider_error: the judge's server said: InternalServerError: 1 validation error" in said
