"""Tokens and dollars per verdict: one cacheable prefix per item, cached-token accounting, reasoning
judges that answer nothing. All through litellm's real HTTP path to the scripted server."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import litellm
import pytest
from judge_server import PRICED, engine_for

from expgrade.grading.judge import JudgeRequest
from expgrade.grading.judge.client import with_cache_breakpoints
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

CRITERIA = (
    "The training loop uses the AdamW optimiser with the paper's learning rate.",
    "Evaluation reports top-1 accuracy on the held-out split.",
    "Results are averaged over three seeds.",
)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    """A server of its own: the prefix cache it plays must not have seen other tests' prompts."""
    with ScriptedServer() as s:
        yield s


def _diff(lines: int) -> str:
    body = "".join(
        f"+    loss_{i} = criterion(model(batch_{i}), target_{i})  # step {i}\n" for i in range(lines)
    )
    return f"--- a/train.py\n+++ b/train.py\n@@ -0,0 +1,{lines} @@\n{body}"


def _implementation_requests(marker: str, lines: int = 200) -> list[JudgeRequest]:
    fields = {
        "question": f"Does AdamW beat SGD on CIFAR-10? ({marker})",
        "requirements": "\n".join(CRITERIA),
        "diff": _diff(lines),
    }
    return [
        JudgeRequest(
            f"{marker}/{n}", "implementation", fields, criterion=c, meta={"subtask": "implementation"}
        )
        for n, c in enumerate(CRITERIA)
    ]


def test_criteria_of_one_submission_share_the_prefix_bytes(server: ScriptedServer, tmp_path: Path) -> None:
    bodies = server.keep_bodies()
    requests = _implementation_requests(uuid.uuid4().hex)
    with engine_for(server.url, tmp_path, concurrency=1) as engine:
        verdicts = engine.judge_sync(requests)
    assert [v.status for v in verdicts] == ["graded"] * 3
    assert len(bodies) == 3
    prefixes = {json.dumps(b["messages"][:-1], sort_keys=True) for b in bodies}
    assert len(prefixes) == 1, "every criterion of the item must send the same prefix bytes"
    prefix = prefixes.pop()
    assert "# The criterion to judge now" not in prefix
    for body, criterion in zip(bodies, CRITERIA, strict=True):
        assert body["messages"][-1]["content"].startswith(f"# The criterion to judge now\n{criterion}")
        assert body["messages"][-2]["content"].rstrip().endswith("END-UNTRUSTED-diff-" + _nonce(body) + ">>>")
    # The prompt hash still tells the criteria apart (it keys the response cache).
    assert len({v.prompt_hash for v in verdicts}) == 3


def _nonce(body: dict[str, object]) -> str:
    system = body["messages"][0]["content"]  # type: ignore[index]
    return str(system).split("<<<UNTRUSTED-<field>-", 1)[1].split(">>>", 1)[0]


def test_criteria_reading_different_slices_of_the_work_still_share_the_task_prefix(tmp_path: Path) -> None:
    """Per-requirement file selection gives each criterion its own diff slice: the system, rubric
    and task messages must stay the same bytes (nonce and marker do not depend on the slice), the
    provider must bill them cached, and the estimate must count them as repeated."""
    from expgrade.grading.judge.estimate import estimate

    listing = "\n".join(f"{n}. {c} " * 12 for n, c in enumerate(CRITERIA, start=1))  # a long task
    requests = [
        JudgeRequest(
            f"slices/{n}",
            "implementation",
            {
                "question": "Does AdamW beat SGD on CIFAR-10?",
                "requirements": listing,
                "diff": _diff(20 + 7 * n),
            },
            criterion=c,
            meta={"subtask": "implementation"},
        )
        for n, c in enumerate(CRITERIA)
    ]
    with ScriptedServer(ServerScript(cache_min_chars=0)) as server:
        bodies = server.keep_bodies()
        with engine_for(server.url, tmp_path, concurrency=1) as engine:
            est = estimate(engine, requests, min_prefix_tokens=0).total()
            verdicts = engine.judge_sync(requests)
    assert [v.status for v in verdicts] == ["graded"] * 3
    assert len({json.dumps(b["messages"][:2]) for b in bodies}) == 1, "system and task must not vary"
    assert len({b["messages"][2]["content"] for b in bodies}) == 3, "each criterion reads its own slice"
    task_chars = sum(len(m["content"]) for m in bodies[0]["messages"][:2])
    assert all(v.samples[0].cached_prompt_tokens * 4 >= task_chars * 0.9 for v in verdicts[1:])
    assert est.repeated_prefix_tokens > 0


def test_cached_prompt_tokens_are_recorded_and_priced_at_the_cached_rate(
    server: ScriptedServer, tmp_path: Path
) -> None:
    requests = _implementation_requests(uuid.uuid4().hex)
    with engine_for(server.url, tmp_path, concurrency=1) as engine:
        verdicts = engine.judge_sync(requests)
        ledger = engine.ledger
    first, *later = verdicts
    assert first.cached_prompt_tokens == 0  # nothing seen before: a cache write, billed plain
    assert all(v.cached_prompt_tokens > 0.8 * (v.prompt_tokens or 0) for v in later)
    assert ledger.run.cached_prompt_tokens == server.stats["cached_tokens"] > 0
    assert ledger.run.prompt_tokens == server.stats["prompt_tokens"]

    entry = litellm.model_cost[PRICED.split("/", 1)[1]]
    plain, cached, out = (
        entry["input_cost_per_token"],
        entry["cache_read_input_token_cost"],
        entry["output_cost_per_token"],
    )
    assert cached < plain
    for v in verdicts:
        pt, ct, hit = v.prompt_tokens or 0, v.completion_tokens or 0, v.cached_prompt_tokens
        assert v.cost_usd == pytest.approx((pt - hit) * plain + hit * cached + ct * out)
        if hit:
            assert (v.cost_usd or 0.0) < pt * plain + ct * out
    assert ledger.run.cost_usd == pytest.approx(sum(v.cost_usd or 0.0 for v in verdicts))


def test_cache_breakpoint_closes_the_prefix_for_anthropic() -> None:
    """litellm turns the marked block into Anthropic's `cache_control`, system and prefix before it."""
    from litellm.llms.anthropic.chat.transformation import AnthropicConfig

    messages = [
        {"role": "system", "content": "rules"},
        {"role": "user", "content": "rubric, task and the agent's work"},
        {"role": "user", "content": "the criterion"},
    ]
    sent = AnthropicConfig().transform_request(
        "claude-3-5-haiku-latest",
        cast(Any, with_cache_breakpoints(messages, (1,))),  # litellm types messages as TypedDicts
        {"max_tokens": 10},
        {},
        {},
    )
    blocks = sent["messages"][0]["content"]
    assert blocks[0] == {
        "type": "text",
        "text": "rubric, task and the agent's work",
        "cache_control": {"type": "ephemeral"},
    }
    assert blocks[1]["text"] == "the criterion" and "cache_control" not in blocks[1]


def _reasoning_request(marker: str, need: int) -> JudgeRequest:
    return JudgeRequest(
        marker,
        "reference-match",
        {
            "question": "What is six times seven?",
            "reference": "42",
            "response": f"42 @@script reasoning={need}@@",
        },
    )


def test_a_reasoning_judge_that_ran_out_is_retried_once_with_more_room(
    server: ScriptedServer, tmp_path: Path
) -> None:
    with engine_for(server.url, tmp_path, max_tokens=300) as engine:
        [v] = engine.judge_sync([_reasoning_request(uuid.uuid4().hex, need=500)])
    assert v.status == "graded"
    [s] = v.samples
    assert s.attempts == 2 and server.stats["empty_length"] == 1
    assert s.reasoning_tokens == 300 + 500  # both calls' hidden reasoning is billed and recorded
    assert v.completion_tokens and v.completion_tokens > 800 and v.cost_usd and v.cost_usd > 0


def test_a_reasoning_judge_that_never_answers_is_unscorable_with_its_cost(
    server: ScriptedServer, tmp_path: Path
) -> None:
    with engine_for(server.url, tmp_path, max_tokens=300) as engine:
        [v] = engine.judge_sync([_reasoning_request(uuid.uuid4().hex, need=5000)])
    assert (v.status, v.reason, v.label, v.passed) == ("unscorable", "empty_response", None, None)
    [s] = v.samples
    assert s.attempts == 2 and server.stats["empty_length"] == 2
    assert s.reasoning_tokens == 300 + 1200  # the first limit, then four times it
    assert v.completion_tokens == 1500 and v.cost_usd and v.cost_usd > 0
    assert "max_tokens=1200" in (s.error or "")


def test_the_estimate_is_within_ten_percent_of_what_the_run_spends(tmp_path: Path) -> None:
    """The server bills tokens as a provider does (tiktoken, prefix cache); the estimate came first."""
    from expgrade.grading.judge.estimate import estimate

    with ScriptedServer(ServerScript(count_tokens=True)) as server:
        with engine_for(server.url, tmp_path) as engine:
            engine.judge_sync(_implementation_requests(uuid.uuid4().hex, lines=50))  # past answers
            requests = [r for _ in range(4) for r in _implementation_requests(uuid.uuid4().hex, lines=300)]
            before = server.stats["requests"]
            est = estimate(engine, requests)
            assert server.stats["requests"] == before  # estimating calls no judge
            spent_before = engine.ledger.run.cost_usd
            verdicts = engine.judge_sync(requests)
            spent = engine.ledger.run.cost_usd - spent_before
        total = est.total()
        assert all(v.status == "graded" for v in verdicts)
        assert total.calls == server.stats["requests"] - before == len(requests)
        billed = sum(v.prompt_tokens or 0 for v in verdicts)
        assert abs(total.prompt_tokens - billed) <= 0.05 * billed
        assert est.expected_usd is not None and abs(est.expected_usd - spent) <= 0.10 * spent
        # Prefix caching is most of the saving on an implementation grading; the plain price says so.
        assert total.prefix_share > 0.5 and total.usd is not None and total.usd > est.expected_usd
        # A second estimate knows every answer is in the response cache: nothing left to pay.
        with engine_for(server.url, tmp_path) as engine:
            again = estimate(engine, requests).total()
        assert (again.calls, again.cache_hits, again.usd) == (0, len(requests), 0.0)


def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from expgrade.cli import _register
    from expgrade.cli.app import app

    _register()
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_judge_estimate_prints_the_table_and_calls_nothing_and_the_budget_refuses(
    server: ScriptedServer, tmp_path: Path, judge_cache_dir: Path
) -> None:
    items = tmp_path / "items.jsonl"
    marker = uuid.uuid4().hex
    items.write_text(
        "".join(
            json.dumps({"item_id": f"{marker}-{n}", "subtask": "implementation", "criterion": c, **r.fields})
            + "\n"
            for n, (c, r) in enumerate(zip(CRITERIA, _implementation_requests(marker), strict=True))
        )
    )
    out = tmp_path / "labels.jsonl"
    common = ["judge", str(items), "--rubric", "implementation", "--judge", PRICED, "--out", str(out)]
    common += ["--api-base", server.url]
    code, text = _cli(*common, "--estimate")
    assert code == 0, text
    assert "estimate, nothing spent" in text and "implementation" in text and "$ cached" in text
    assert server.stats["requests"] == 0 and not out.exists()

    refused = subprocess.run(
        [sys.executable, "-c", "from expgrade.cli import main; main()", *common, "--budget-usd", "0.0001"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    said = " ".join(refused.stderr.split())
    assert refused.returncode == 2 and "over --budget-usd 0.0001" in said and "--force" in said, said
    assert "Traceback" not in refused.stderr
    assert server.stats["requests"] == 0

    code, text = _cli(*common, "--budget-usd", "1", "--no-cache")
    assert code == 0, text
    assert server.stats["requests"] == 3 and out.exists()


def test_grade_estimate_prices_every_judged_subtask_of_the_demo_and_grades_nothing(tmp_path: Path) -> None:
    from grade_support import DEMO, run_cli

    out = tmp_path / "run"
    proc = run_cli(
        tmp_path,
        "grade",
        "--tasks",
        DEMO / "tasks.jsonl",
        "--submissions",
        DEMO / "submissions",
        "--out",
        out,
        "--judge",
        PRICED,
        "--estimate",
    )
    assert proc.returncode == 0, proc.stderr
    for subtask in ("design", "implementation", "conclusion", "integrity"):
        assert subtask in proc.stdout
    assert "estimate, nothing spent" in proc.stdout and not out.exists()


def _batch_requests(marker: str, n: int, directive: str = "") -> list[JudgeRequest]:
    return [
        JudgeRequest(
            f"{marker}-{i}",
            "reference-match",
            {
                "question": "What is six times seven?",
                "reference": "42",
                "response": f"42 ({marker} {i}) {directive}",
            },
        )
        for i in range(n)
    ]


def test_batch_submits_polls_and_gives_the_same_verdict_records(tmp_path: Path) -> None:
    import asyncio

    from expgrade.grading.judge.batch import judge_batch

    requests = _batch_requests(uuid.uuid4().hex, 6)
    seen: list[tuple[int, int]] = []
    with ScriptedServer(ServerScript(batch_line_s=0.05)) as server:
        with engine_for(server.url, tmp_path / "a") as engine:
            batch = asyncio.run(
                judge_batch(
                    engine,
                    requests,
                    tmp_path / "run",
                    poll_s=0.05,
                    on_progress=lambda d, t: seen.append((d, t)),
                )
            )
            batch_cost = engine.ledger.run.cost_usd
        assert (server.stats["batches_created"], server.stats["files_uploaded"]) == (1, 1)
        assert server.stats["batch_lines"] == 6 and server.stats["requests"] == 0  # no online call
        with engine_for(server.url, tmp_path / "b") as engine:  # a fresh cache: online, same prompts
            online = engine.judge_sync(requests)
            online_cost = engine.ledger.run.cost_usd
    assert [v.status for v in batch] == ["graded"] * 6
    assert [(v.item_id, v.label, v.prompt_hash) for v in batch] == [
        (v.item_id, v.label, v.prompt_hash) for v in online
    ]
    assert batch[0].to_dict().keys() == online[0].to_dict().keys()
    assert seen[-1] == (6, 6) and any(d < 6 for d, _ in seen)  # the progress moved while polling
    entry = litellm.model_cost[PRICED.split("/", 1)[1]]
    assert entry["input_cost_per_token_batches"] < entry["input_cost_per_token"]
    assert batch_cost == pytest.approx(online_cost / 2)  # gpt-4o-mini's batch rates are half
    assert len(RunFolder(tmp_path / "run").judge_batches.read_text().splitlines()) == 1


def test_batch_resumes_a_submitted_batch_instead_of_paying_twice(tmp_path: Path) -> None:
    import asyncio

    from expgrade.grading.judge.batch import judge_batch

    requests = _batch_requests(uuid.uuid4().hex, 4)
    with ScriptedServer(ServerScript(batch_line_s=0.2)) as server:
        with engine_for(server.url, tmp_path) as engine:

            async def interrupted() -> None:
                # Stop the run once the batch is on record, while the provider is still working.
                run = asyncio.create_task(judge_batch(engine, requests, tmp_path / "run", poll_s=0.05))
                while not RunFolder(tmp_path / "run").judge_batches.exists():
                    assert not run.done(), "the batch finished before it was on record"
                    await asyncio.sleep(0.01)
                run.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await run

            asyncio.run(interrupted())
        assert server.stats["batches_created"] == 1
        with engine_for(server.url, tmp_path) as engine:  # the restart
            verdicts = asyncio.run(judge_batch(engine, requests, tmp_path / "run", poll_s=0.05))
        assert (server.stats["batches_created"], server.stats["files_uploaded"]) == (1, 1)
        assert server.stats["batch_lines"] == 4
    assert [v.status for v in verdicts] == ["graded"] * 4


def test_batch_failed_and_expired_lines_end_unscorable_with_the_reason(tmp_path: Path) -> None:
    import asyncio

    from expgrade.grading.judge.batch import judge_batch

    marker = uuid.uuid4().hex
    requests = _batch_requests(marker, 3) + _batch_requests(marker + "-bad", 1, "@@script fault=400@@")
    requests += _batch_requests(marker + "-late", 2)
    script = ServerScript(batch_line_s=0.0, batch_expire_after=4)
    with ScriptedServer(script) as server, engine_for(server.url, tmp_path) as engine:
        verdicts = asyncio.run(judge_batch(engine, requests, tmp_path / "run", poll_s=0.05))
        assert engine.cache is not None and len(engine.cache) == 3  # only graded answers are kept
    by_item = {v.item_id: v for v in verdicts}
    assert [by_item[f"{marker}-{i}"].status for i in range(3)] == ["graded"] * 3
    bad = by_item[f"{marker}-bad-0"]
    assert (bad.status, bad.reason, bad.passed) == ("unscorable", "provider_error", None)
    assert "batch 400" in (bad.samples[0].error or "")
    for i in range(2):
        late = by_item[f"{marker}-late-{i}"]
        assert (late.status, late.reason) == ("unscorable", "provider_error")
        assert "batch_expired" in (late.samples[0].error or "") and late.cost_usd == 0.0


def test_judge_cli_batch_writes_the_same_label_rows(tmp_path: Path, judge_cache_dir: Path) -> None:
    from expgrade.grading.labels_io import read_label_rows

    marker = uuid.uuid4().hex
    items = tmp_path / "items.jsonl"
    items.write_text(
        "".join(json.dumps({"item_id": r.item_id, **r.fields}) + "\n" for r in _batch_requests(marker, 3))
    )
    with ScriptedServer(ServerScript(batch_line_s=0.0)) as server:
        common = [
            "judge",
            str(items),
            "--rubric",
            "reference-match",
            "--judge",
            PRICED,
            "--api-base",
            server.url,
        ]
        code, text = _cli(*common, "--out", str(tmp_path / "batch.jsonl"), "--batch")
        assert code == 0, text
        assert (server.stats["batches_created"], server.stats["requests"]) == (1, 0)
        code, text = _cli(*common, "--out", str(tmp_path / "online.jsonl"), "--no-cache")
        assert code == 0, text
    batch, online = read_label_rows(tmp_path / "batch.jsonl"), read_label_rows(tmp_path / "online.jsonl")
    assert [(r.item_id, r.label, r.status) for r in batch] == [(r.item_id, r.label, r.status) for r in online]
    assert RunFolder(tmp_path).judge_batches.exists()


def test_workers_judge_in_order_under_one_run_wide_budget(tmp_path: Path) -> None:
    """Two processes, one cap: together they stop where one engine would, not at twice the spend."""
    from expgrade.grading.judge import JudgeConfig, JudgeSpec
    from expgrade.grading.judge.workers import judge_in_processes

    requests = _batch_requests(uuid.uuid4().hex, 16)
    with ScriptedServer() as server:
        capped = JudgeConfig(
            [JudgeSpec(PRICED)],
            api_base=server.url,
            use_cache=False,
            budget_usd=0.0006,
            max_tokens=100,
            concurrency=2,
        )
        verdicts, ledger = judge_in_processes(capped, requests, workers=2)
        assert server.stats["requests"] == ledger.run.calls
    assert [v.item_id for v in verdicts] == [r.item_id for r in requests]
    graded = [v for v in verdicts if v.status == "graded"]
    refused = [v for v in verdicts if v.status == "unscorable"]
    assert graded and refused and all(v.reason == "budget" for v in refused)
    assert ledger.run.calls == len(graded) and ledger.budget_refusals == len(refused)
    assert sum(v.cost_usd or 0.0 for v in verdicts) <= 0.0006
    assert ledger.run.cost_usd == pytest.approx(sum(v.cost_usd or 0.0 for v in verdicts))


def test_grade_batch_sends_the_planned_calls_as_one_batch_and_grades_from_it(tmp_path: Path) -> None:
    from grade_support import DEMO, run_cli

    out = tmp_path / "run"
    with ScriptedServer(ServerScript(batch_line_s=0.0)) as server:
        proc = run_cli(
            tmp_path,
            "grade",
            "--tasks",
            DEMO / "tasks.jsonl",
            "--submissions",
            DEMO / "submissions",
            "--out",
            out,
            "--judge",
            PRICED,
            "--api-base",
            server.url,
            "--sandbox",
            "local",
            "--subtasks",
            "design,implementation",
            "--batch",
            # test-retest asks online, past the cache the batch fills (docs/stability.md)
            "--retest",
            "0",
        )
        assert proc.returncode == 0, proc.stderr
        assert (server.stats["batches_created"], server.stats["requests"]) == (1, 0)  # nothing online
        lines = server.stats["batch_lines"]
    assert lines > 0 and f"batch: {lines} calls" in proc.stderr
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(records) == 6 and RunFolder(out).judge_batches.exists()
    for record in records:
        for name in ("design", "implementation"):
            assert record["subtasks"][name]["status"] != "unscorable", record["subtasks"][name]


def test_a_runs_estimate_and_batch_are_library_calls(tmp_path: Path) -> None:
    """What `grade --estimate` and `grade --batch` do, from Python: the estimate counts every planned
    call, the batch sends them as one, and the settings it hands back keep what the budget has left."""
    from grade_support import DEMO

    from expgrade.grading.graders.settings import GradeSettings
    from expgrade.grading.judge.config import JudgeConfig
    from expgrade.grading.judge.settings import JudgeSettings
    from expgrade.grading.run.plan import batch_run, estimate_run, run_requests

    tasks, subs = DEMO / "tasks.jsonl", DEMO / "submissions"
    with ScriptedServer(ServerScript(batch_line_s=0.0)) as server:
        config = JudgeConfig.panel(
            (PRICED,), api_base=server.url, budget_usd=1.0, cache_path=tmp_path / "judge.sqlite"
        )
        settings = GradeSettings(
            tasks_dir=str(DEMO), subtasks=("design", "implementation"), judge=JudgeSettings(config)
        )
        planned = run_requests(tasks, subs, settings)
        est = estimate_run(tasks, subs, settings)
        # the estimate also prices test-retest's calls, which go past the cache a batch fills
        retest = sum(line.calls for line in est.lines if line.subtask.endswith("(retest)"))
        assert retest > 0 and est.total().calls == len(planned) + retest and server.stats["requests"] == 0
        spent, after = batch_run(tasks, subs, tmp_path / "run", settings)
        assert (server.stats["batches_created"], server.stats["batch_lines"]) == (1, len(planned))
    assert spent.calls == len(planned) and spent.cost_usd > 0
    assert after.judge is not None and after.judge.config.budget_usd == pytest.approx(1.0 - spent.cost_usd)
