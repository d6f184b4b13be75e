"""Judge tokens and dollars: prefix sharing, tokens per implementation verdict against EXP-Bench's
setup judge, estimate against spend, batch against online, and per-call overhead against aiohttp.

    .venv/bin/python bench/judge_cost_bench.py --json /tmp/judge-cost.json
    .venv/bin/python bench/judge_cost_bench.py --calls 0      # skip the overhead run

Inputs, all public: the bundled demo (`examples/demo`); an EXP-Bench task from
`/work/shared/datasets/expbench` (its requirements and question); and a realistic diff, the
Python changes of Just-Curieous/Curie (EXP-Bench's own repository) from 884e9cc to 8309def, 2,809
lines. That repository also holds EXP-Bench's setup-judge prompt, used for its side of the
comparison. Get it with the `fetch` tool (github:Just-Curieous/Curie) or `git clone`, and pass
its git directory as `--curie`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.judge_bench import raw_baseline, throughput
from expgrade.grading.graders.inputs import SubmissionInputs
from expgrade.grading.graders.judged import Context, grade_implementation
from expgrade.grading.graders.pipeline import RecordingPanel
from expgrade.grading.graders.settings import IMPLEMENTATION_JUDGING, GradeSettings
from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeRequest, JudgeSpec
from expgrade.grading.judge.batch import judge_batch
from expgrade.grading.judge.client import count_tokens
from expgrade.grading.judge.estimate import estimate
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.judge.workers import judge_in_processes
from expgrade.grading.run.plan import run_requests
from expgrade.grading.task_importers import expbench
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

MODEL = "openai/gpt-4o-mini"
REPO = Path(__file__).resolve().parents[1]
DATASETS = next(
    (p for p in (REPO.parent / "shared" / "datasets", Path("/work/shared/datasets")) if p.exists()),
    REPO.parent / "shared" / "datasets",
)
CURIE_RANGE = ("884e9ccdce9d78c1129d93e8c3d69ef1c6e90580", "8309def9e66881fbb09471eacae19b8421914b87")
EXPBENCH_TASK = ("iclr2024/18447_complete_final.json", 0)  # train.py / validate.py, 8 requirements


def whole_files(diff: str, max_chars: int) -> str:
    """The diff's leading files that fit in `max_chars` together (a diff one call can read whole)."""
    files = diff.split("\ndiff --git ")
    kept = files[0]
    for f in files[1:]:
        if len(kept) + len(f) + 12 > max_chars:
            break
        kept += "\ndiff --git " + f
    return kept


def large_diff_requests(
    curie: Path, judging: str = "per-requirement", max_chars: int | None = None
) -> tuple[list[JudgeRequest], str, list[str], str]:
    """The implementation grader's requests for the large diff, through the grader itself.

    Nothing passes under the recording panel, so joint judging is counted with every
    requirement open in every chunk: an upper bound (carrying only shortens later calls).
    `max_chars` keeps only the leading files that fit (a diff every requirement reads whole).
    """
    diff = subprocess.run(
        ["git", f"--git-dir={curie}", "diff", *CURIE_RANGE, "--", "*.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if max_chars is not None:
        diff = whole_files(diff, max_chars)
    path, index = EXPBENCH_TASK
    task = expbench.load(DATASETS / "expbench" / path)[index]
    inputs = SubmissionInputs("bench", cast(Any, None), diff, None, None, cast(Any, None))
    settings = GradeSettings(tasks_dir=str(REPO), implementation_judging=judging)
    ctx = Context.of(task, inputs, None, settings, None)
    recorder = RecordingPanel()
    asyncio.run(grade_implementation(ctx, recorder))
    return recorder.requests, diff, list(task.requirements or []), task.question


def expbench_setup_tokens(curie: Path, requirements: list[str], diff: str) -> int:
    """EXP-Bench's setup judge on the same diff: one prompt with every requirement (its own template)."""
    template = subprocess.run(
        [
            "git",
            f"--git-dir={curie}",
            "show",
            "HEAD:benchmark/exp_bench/evaluation/prompts/eval_judge_setup_prompt.txt",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    prompt = template.format(setup_gt=json.dumps(requirements), setup_scripts='""', setup_output=diff)
    return count_tokens(MODEL, prompt)


def demo_requests(judging: str) -> list[JudgeRequest]:
    demo = REPO / "examples" / "demo"
    judge = JudgeSettings(JudgeConfig.panel((MODEL,)))
    settings = GradeSettings(tasks_dir=str(demo), judge=judge, implementation_judging=judging)
    return run_requests(demo / "tasks.jsonl", demo / "submissions", settings)


def shares(engine: JudgeEngine, requests: list[JudgeRequest]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for min_prefix, label in ((0, "any_length"), (1024, "cacheable_1024")):
        est = estimate(engine, requests, min_prefix_tokens=min_prefix)
        by = {line.subtask: line for line in est.lines}
        out[label] = {
            "all": round(est.total().prefix_share, 3),
            **{k: round(v.prefix_share, 3) for k, v in sorted(by.items())},
        }
    return out


def spend(requests: list[JudgeRequest], tmp: Path) -> dict[str, Any]:
    """Estimate, then online, then batch (fresh cache), against a server that bills like OpenAI."""
    tmp.mkdir(parents=True, exist_ok=True)
    with ScriptedServer(ServerScript(count_tokens=True, batch_line_s=0.0)) as server:

        def engine(name: str) -> JudgeEngine:
            return JudgeEngine(
                JudgeConfig([JudgeSpec(MODEL)], api_base=server.url, concurrency=16, cache_path=tmp / name)
            )

        with engine("online.sqlite") as e:  # past answers give the estimate its completion length
            e.judge_sync(
                [
                    replace(r, fields={**r.fields, "question": f"{r.fields['question']} (pilot)"})
                    for r in requests[:8]
                ]
            )
            before = e.ledger.run.cost_usd
            est = estimate(e, requests)
            e.judge_sync(requests)
            online = e.ledger.run.cost_usd - before
        with engine("batch.sqlite") as e:
            asyncio.run(judge_batch(e, requests, tmp / "run", poll_s=0.2))
            batch = e.ledger.run.cost_usd
    total = est.total()
    return {
        "calls": total.calls,
        "estimate_usd_plain": round(total.usd or 0.0, 6),
        "estimate_usd_prefix_cached": round(est.expected_usd or 0.0, 6),
        "estimate_usd_batch": round(total.usd_batch or 0.0, 6),
        "online_spent_usd": round(online, 6),
        "estimate_error": round(abs((est.expected_usd or 0.0) - online) / online, 3),
        "batch_spent_usd": round(batch, 6),
    }


def bare_openai(n: int, concurrency: int = 64) -> dict[str, Any]:
    """The same trivial requests as the aiohttp floor, through `openai.AsyncOpenAI` (the SDK litellm uses)."""
    import time

    import openai

    from bench.judge_bench import Server, cpu_s

    server = Server("--latency", "0.1")

    async def run() -> None:
        client = openai.AsyncOpenAI(base_url=server.url, api_key="x", max_retries=0)
        sem = asyncio.Semaphore(concurrency)

        async def one(i: int) -> None:
            async with sem:
                await client.chat.completions.create(
                    model="m", messages=[{"role": "user", "content": f"sdk {i}"}]
                )

        await asyncio.gather(*(one(i) for i in range(n)))
        await client.close()

    try:
        c0, t0 = cpu_s(), time.perf_counter()
        asyncio.run(run())
        wall, cpu = time.perf_counter() - t0, cpu_s() - c0
        return {
            "openai": openai.__version__,
            "wall_s": round(wall, 3),
            "cpu_ms_per_call": round(1000 * cpu / n, 3),
        }
    finally:
        server.stop()


def acompletion_route(n: int, tmp: Path) -> dict[str, Any]:
    """The engine row again, every call through `litellm.acompletion` (the route before the direct one)."""
    from expgrade.grading.judge import client

    os.environ["EXPGRADE_JUDGE_ROUTE"] = "acompletion"
    client._direct_route.cache_clear()
    fresh = tmp / "acompletion-route"  # its own judge cache: the engine row's would answer every call
    fresh.mkdir(exist_ok=True)
    try:
        result = throughput(n, 64, 0.1, fresh)
    finally:
        del os.environ["EXPGRADE_JUDGE_ROUTE"]
        client._direct_route.cache_clear()
    return {k: v for k, v in result.items() if k in ("calls", "wall_s", "cpu_ms_per_call", "graded")}


def in_processes(n: int, workers: int, tmp: Path) -> dict[str, Any]:
    """The throughput run's requests over `workers` processes (spawn and litellm import included)."""
    import time

    from bench.judge_bench import Server, requests

    server = Server("--latency", "0.1")
    try:
        config = JudgeConfig(
            [JudgeSpec(MODEL)], api_base=server.url, concurrency=64 // workers, use_cache=False
        )
        t0 = time.perf_counter()
        verdicts, _ = judge_in_processes(config, requests(n, "workers"), workers)
        return {
            "workers": workers,
            "wall_s": round(time.perf_counter() - t0, 3),
            "graded": sum(v.status == "graded" for v in verdicts),
        }
    finally:
        server.stop()


def overhead(n: int, rounds: int, tmp: Path) -> dict[str, Any]:
    """Engine against bare aiohttp in interleaved rounds (the median ratio is the figure), then
    the peers once each: the engine on litellm's acompletion route, two worker processes, the SDK."""
    pairs = []
    for r in range(rounds):
        fresh = tmp / f"round-{r}"  # a cold judge cache every round
        fresh.mkdir()
        raw = raw_baseline(n, 64, 0.1)
        engine = throughput(n, 64, 0.1, fresh)
        pairs.append(
            {
                "raw_aiohttp_wall_s": raw["wall_s"],
                "raw_aiohttp_cpu_ms_per_call": raw["cpu_ms_per_call"],
                "engine_wall_s": engine["wall_s"],
                "engine_cpu_ms_per_call": engine["cpu_ms_per_call"],
                "engine_graded": engine["graded"],
                "ratio": round(engine["wall_s"] / raw["wall_s"], 3),
            }
        )
    return {
        "calls": n,
        "ideal_s": round(n * 0.1 / 64, 3),
        "rounds": pairs,
        "median_ratio": statistics.median(p["ratio"] for p in pairs),
        "engine_acompletion_route": acompletion_route(n, tmp),
        "engine_2_workers": in_processes(n, 2, tmp),
        "bare_openai_sdk": bare_openai(n),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--curie", type=Path, default=Path("/work/.mirror/Just-Curieous+Curie/repo"))
    p.add_argument("--calls", type=int, default=4000, help="overhead run size (0: skip)")
    p.add_argument("--rounds", type=int, default=3, help="interleaved aiohttp / engine rounds")
    p.add_argument("--json", type=Path)
    a = p.parse_args()
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        config = JudgeConfig(
            [JudgeSpec(MODEL)], api_base="http://127.0.0.1:9/v1", cache_path=tmp / "none.sqlite"
        )
        requests, diff, requirements, _ = large_diff_requests(a.curie)
        joint_requests = large_diff_requests(a.curie, "joint")[0]
        fitting = large_diff_requests(a.curie, max_chars=GradeSettings(tasks_dir=".").chunk_chars)
        with JudgeEngine(config) as engine:
            out["prefix_share_demo"] = {m: shares(engine, demo_requests(m)) for m in IMPLEMENTATION_JUDGING}
            out["prefix_share_large_diff"] = shares(engine, requests)
            out["prefix_share_large_diff_joint"] = {
                "calls": len(joint_requests),
                **shares(engine, joint_requests),
            }
            out["prefix_share_diff_in_one_chunk"] = {
                "diff_chars": len(fitting[1]),
                **shares(engine, fitting[0]),
            }
            est = estimate(engine, requests).total()
            joint = estimate(engine, joint_requests).total()
        n_req = len(requirements)
        ours_raw = est.prompt_tokens / n_req
        # Billed-equivalent: a cached prompt token costs half a plain one at OpenAI (gpt-4o-mini's table).
        ours_billed = (est.prompt_tokens - est.repeated_prefix_tokens / 2) / n_req
        theirs = expbench_setup_tokens(a.curie, requirements, diff) / n_req
        out["tokens_per_requirement"] = {
            "diff_lines": diff.count("\n"),
            "requirements": n_req,
            "expgrade_calls": est.calls,
            "expgrade_prompt_tokens": round(ours_raw),
            "expgrade_billed_equivalent": round(ours_billed),
            "expbench_setup_judge_prompt_tokens": round(theirs),
            "ratio_raw": round(ours_raw / theirs, 2),
            "ratio_billed": round(ours_billed / theirs, 2),
            "joint_calls": joint.calls,
            "joint_prompt_tokens": round(joint.prompt_tokens / n_req),
            "joint_ratio_raw": round(joint.prompt_tokens / n_req / theirs, 2),
        }
        out["spend"] = spend(requests, tmp / "per-requirement")
        out["spend_joint"] = spend(joint_requests, tmp / "joint")
        if a.calls:
            out["overhead"] = overhead(a.calls, a.rounds, tmp)
    text = json.dumps(out, indent=2)
    print(text)
    if a.json:
        a.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
