"""Judge engine benchmark: throughput and CPU per call, warm-cache rerun, and the fault run.

Runs the scripted OpenAI-compatible server in its own process (so its CPU is not counted
against the client) and the engine in this one, through its real HTTP path (`openai/gpt-4o-mini`
takes the direct route: expgrade's own aiohttp client, litellm's cost map).

    .venv/bin/python bench/judge_bench.py                 # full size: 4000 calls, 2000 fault items
    .venv/bin/python bench/judge_bench.py --calls 400 --fault-items 200   # quick

0. whole process: `expgrade judge` as a user runs it beside a bare aiohttp client, each its own
   process, on 1 item (fixed cost: start-up, imports, one call) and on N (cost per call: the
   difference); `--before OTHER_CHECKOUT` runs that checkout's `expgrade judge` beside,
   `--rounds R` repeats the comparison R times (sides interleaved; the load average of each
   round is recorded), and `--only-whole-process` stops after this part.
1. throughput: N calls, server latency 100 ms, concurrency 64; ideal = N × 0.1 / 64 seconds.
   Reported: wall, ideal / wall, CPU seconds of this process per call (user + system).
2. warm cache: the same N requests again; the server must see zero requests.
3. faults: M items with 15 % of requests faulted (every fault kind); every item must end
   graded or unscorable with a reason, none lost or duplicated, and the engine's count of
   HTTP calls must equal the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeRequest, JudgeSpec

MODEL = "openai/gpt-4o-mini"  # priced in litellm's bundled map, so the cost path runs too
REPLIED_FAULTS = ("malformed", "missing", "empty", "refusal", "badlabel")  # HTTP 200, bad content


class Server:
    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "expgrade.grading.testing.judge_server", *args],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        root = self.url.removesuffix("/v1")
        for _ in range(100):
            try:
                urllib.request.urlopen(root + "/stats", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        self.root = root

    def stats(self) -> dict[str, int]:
        return dict(json.loads(urllib.request.urlopen(self.root + "/stats", timeout=5).read()))

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def cpu_s() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def requests(n: int, tag: str) -> list[JudgeRequest]:
    """Distinct content per tag and index: the cache is content-addressed, not keyed by item_id."""
    return [
        JudgeRequest(
            f"{tag}-{i}",
            "reference-match",
            {
                "question": f"What is {i} + {i}?",
                "reference": str(2 * i),
                "response": f"The answer is {2 * i} ({tag}).",
            },
        )
        for i in range(n)
    ]


async def _raw_http(url: str, n: int, concurrency: int) -> None:
    """The same chat requests straight through aiohttp: the floor any Python client starts from."""
    import aiohttp

    sem = asyncio.Semaphore(concurrency)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency)) as session:

        async def one(i: int) -> None:
            body = {"model": "m", "messages": [{"role": "user", "content": f"raw {i}"}]}
            async with sem, session.post(url + "/chat/completions", json=body) as resp:
                await resp.json()

        await asyncio.gather(*(one(i) for i in range(n)))


def raw_baseline(n: int, concurrency: int, latency: float) -> dict[str, Any]:
    server = Server("--latency", str(latency))
    try:
        c0, t0 = cpu_s(), time.perf_counter()
        asyncio.run(_raw_http(server.url, n, concurrency))
        wall, cpu = time.perf_counter() - t0, cpu_s() - c0
        return {"calls": n, "wall_s": round(wall, 3), "cpu_ms_per_call": round(1000 * cpu / n, 3)}
    finally:
        server.stop()


def timed(engine: JudgeEngine, reqs: list[JudgeRequest]) -> tuple[list[Any], float, float]:
    c0, t0 = cpu_s(), time.perf_counter()
    verdicts = asyncio.run(engine.judge(reqs))
    return verdicts, time.perf_counter() - t0, cpu_s() - c0


def throughput(n: int, concurrency: int, latency: float, cache_dir: Path) -> dict[str, Any]:
    server = Server("--latency", str(latency))
    try:
        config = JudgeConfig(
            judges=[JudgeSpec(MODEL)],
            api_base=server.url,
            concurrency=concurrency,
            cache_path=cache_dir / "t.sqlite",
        )
        with JudgeEngine(config) as engine:
            # One call first: litellm builds its clients and imports provider modules lazily on the
            # first request (~1-2 s of CPU). Reported separately; not part of the per-call cost.
            _, warm_wall, warm_cpu = timed(engine, requests(1, "warmup"))
            verdicts, wall, cpu = timed(engine, requests(n, "item"))
            calls = server.stats().get("requests", 0) - 1
            http_calls = engine.http_calls - 1
            before = server.stats().get("requests", 0)
            cached, cached_wall, cached_cpu = timed(engine, requests(n, "item"))
            after = server.stats().get("requests", 0)
        ideal = n * latency / concurrency
        return {
            "calls": n,
            "concurrency": concurrency,
            "latency_s": latency,
            "first_call_wall_s": round(warm_wall, 3),
            "first_call_cpu_s": round(warm_cpu, 3),
            "http_calls_by_engine": http_calls,
            "http_calls_seen_by_server": calls,
            "graded": sum(v.status == "graded" for v in verdicts),
            "wall_s": round(wall, 3),
            "ideal_s": round(ideal, 3),
            "throughput_vs_ideal": round(ideal / wall, 3),
            "cpu_ms_per_call": round(1000 * cpu / n, 3),
            "warm_cache_wall_s": round(cached_wall, 3),
            "warm_cache_cpu_ms_per_item": round(1000 * cached_cpu / n, 3),
            "warm_cache_http_calls": after - before,
            "warm_cache_all_cached": all(v.cached for v in cached),
        }
    finally:
        server.stop()


def faults(n: int, ratio: float, cache_dir: Path) -> dict[str, Any]:
    server = Server("--fault-ratio", str(ratio), "--slow-s", "3", "--retry-after-s", "0.05", "--seed", "7")
    try:
        config = JudgeConfig(
            judges=[JudgeSpec(MODEL)],
            api_base=server.url,
            concurrency=64,
            timeout_s=1.0,
            backoff_base_s=0.05,
            backoff_max_s=0.5,
            max_retries=5,
            max_reasks=2,
            cache_path=cache_dir / "f.sqlite",
        )
        with JudgeEngine(config) as engine:
            reqs = requests(n, "fault")
            verdicts, wall, _ = timed(engine, reqs)
            stats = server.stats()
            ids = [v.item_id for v in verdicts]
            statuses = Counter(v.status for v in verdicts)
            reasons = Counter(v.reason for v in verdicts if v.status == "unscorable")
            replied = stats.get("answered", 0) + sum(stats.get(f"fault:{k}", 0) for k in REPLIED_FAULTS)
            attempts = sum(s.attempts for v in verdicts for s in v.samples)
            # A call the client abandoned (timeout) may never reach the server's handler, and a reply
            # may come after the client gave up; so client and server counts bound each other.
            ok = (
                len(verdicts) == n
                and ids == [r.item_id for r in reqs]
                and all((v.status == "graded") == (v.label is not None) for v in verdicts)
                and all(v.status == "graded" or v.reason for v in verdicts)
                and statuses["graded"] + statuses["unscorable"] == n
                and sum(reasons.values()) == statuses["unscorable"]
                and attempts == engine.http_calls
                and stats.get("requests", 0) <= engine.http_calls
                and engine.ledger.run.calls <= replied
            )
            faults_served = {k.removeprefix("fault:"): v for k, v in stats.items() if k.startswith("fault:")}
            return {
                "items": n,
                "fault_ratio": ratio,
                "wall_s": round(wall, 2),
                "verdicts": len(verdicts),
                "unique_items": len(set(ids)),
                "graded": statuses["graded"],
                "unscorable": statuses["unscorable"],
                "unscorable_reasons": dict(reasons),
                "server_requests": stats.get("requests"),
                "engine_http_calls": engine.http_calls,
                "server_replies_200": replied,
                "engine_replies_accounted": engine.ledger.run.calls,
                "faults_served": faults_served,
                "retries_and_reasks": sum(s.attempts - 1 for v in verdicts for s in v.samples if s.attempts),
                "invariants_hold": ok,
            }
    finally:
        server.stop()


#: A bare aiohttp client as its own process: the floor a whole `expgrade judge` run is held to.
_BARE_CLIENT = """
import asyncio, json, sys
import aiohttp

async def main(url, items, concurrency):
    sem = asyncio.Semaphore(concurrency)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency)) as session:
        async def one(item):
            body = {"model": "m", "messages": [{"role": "user", "content": json.dumps(item)}]}
            async with sem, session.post(url + "/chat/completions", json=body) as resp:
                await resp.json()
        await asyncio.gather(*(one(item) for item in items))

items = [json.loads(line) for line in open(sys.argv[2])]
asyncio.run(main(sys.argv[1], items, int(sys.argv[3])))
"""


def _child(cmd: list[str], tree: Path | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one child process, start-up and imports included; with
    `tree`, expgrade is imported from that checkout."""
    env = {**os.environ, "PYTHONPATH": str(tree)} if tree is not None else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tree)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_process(
    n: int, concurrency: int, latency: float, tmp: Path, before: Path | None = None, rounds: int = 1
) -> dict[str, Any]:
    """`expgrade judge` as a user runs it, beside a bare aiohttp client, each a whole process.

    Each is run on 1 item (the fixed cost: interpreter, imports, one call) and on `n`; the cost
    per call is the difference over n - 1 calls. The judge uses a fresh response cache, as a
    first run does. With `before` (another checkout), its `expgrade judge` runs beside, in turn.
    `rounds` repeats the whole comparison, the sides interleaved within each round, so every
    round's ratio is taken under the same load; the load average is recorded before and after.
    """
    trees = {"expgrade_judge": Path(__file__).resolve().parents[1]}
    if before is not None:
        trees["expgrade_judge_before"] = before
    server = Server("--latency", str(latency))
    try:
        out: dict[str, Any] = {
            "calls": n,
            "concurrency": concurrency,
            "latency_s": latency,
            "ideal_s": round(n * latency / concurrency, 3),
            "load_average_before": [round(x, 2) for x in os.getloadavg()],
            "rounds": [],
        }
        for r in range(rounds):
            out["rounds"].append(_whole_round(n, concurrency, server, trees, tmp / f"round{r}"))
        out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
        for name in trees:
            ratios = sorted(t[f"ratio_wall_{name}"] for t in out["rounds"])
            out[f"ratio_wall_{name}_median"] = ratios[len(ratios) // 2]
        return out
    finally:
        server.stop()


def _whole_round(
    n: int, concurrency: int, server: Server, trees: dict[str, Path], tmp: Path
) -> dict[str, Any]:
    """One round of `whole_process`: every side on 1 item, then every side on `n`."""
    tmp.mkdir(parents=True)
    out: dict[str, Any] = {"load_average": [round(x, 2) for x in os.getloadavg()]}
    for size in (1, n):
        items = tmp / f"items-{size}.jsonl"
        items.write_text(
            "".join(
                json.dumps({"item_id": r.item_id, **r.fields}) + "\n"
                for r in requests(size, f"{tmp.name}-cli{size}")
            )
        )
        bare = [sys.executable, "-c", _BARE_CLIENT, server.url, str(items), str(concurrency)]
        runs = {"bare_aiohttp": _child(bare)}
        for name, tree in trees.items():
            runs[name] = _child(
                [sys.executable, "-c", "from expgrade.cli import main; main()", "judge", str(items),
                 "--rubric", "reference-match", "--judge", MODEL, "--api-base", server.url,
                 "--concurrency", str(concurrency), "--cache", str(tmp / f"{name}-{size}.sqlite"),
                 "--out", str(tmp / f"labels-{size}.jsonl")],
                tree,
            )  # fmt: skip
        for name, (wall, cpu) in runs.items():
            out.setdefault(name, {})[f"{size}_wall_s"] = round(wall, 3)
            out[name][f"{size}_cpu_s"] = round(cpu, 3)
    for name in ("bare_aiohttp", *trees):
        t = out[name]
        t["fixed_wall_s"] = t["1_wall_s"]
        t["per_call_wall_ms"] = round(1000 * (t[f"{n}_wall_s"] - t["1_wall_s"]) / (n - 1), 3)
        t["per_call_cpu_ms"] = round(1000 * (t[f"{n}_cpu_s"] - t["1_cpu_s"]) / (n - 1), 3)
    for name in trees:
        out[f"ratio_wall_{name}"] = round(out[name][f"{n}_wall_s"] / out["bare_aiohttp"][f"{n}_wall_s"], 3)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--calls", type=int, default=4000)
    p.add_argument("--concurrency", type=int, default=64)
    p.add_argument("--latency", type=float, default=0.1)
    p.add_argument("--fault-items", type=int, default=2000)
    p.add_argument("--fault-ratio", type=float, default=0.15)
    p.add_argument("--json", type=Path, help="also write the figures here")
    p.add_argument("--only-whole-process", action="store_true", help="only the whole-process comparison")
    p.add_argument("--before", type=Path, help="another checkout whose `expgrade judge` runs beside")
    p.add_argument("--rounds", type=int, default=1, help="whole-process rounds, sides interleaved in each")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        whole = whole_process(a.calls, a.concurrency, a.latency, Path(tmp), a.before, a.rounds)
        if a.only_whole_process:
            text = json.dumps({"whole_process": whole}, indent=2)
            print(text)
            if a.json:
                a.json.write_text(text + "\n")
            return
        out = {
            "whole_process": whole,
            "raw_aiohttp_baseline": raw_baseline(a.calls, a.concurrency, a.latency),
            "throughput": throughput(a.calls, a.concurrency, a.latency, Path(tmp)),
            "faults": faults(a.fault_items, a.fault_ratio, Path(tmp)) if a.fault_items else None,
        }
    text = json.dumps(out, indent=2)
    print(text)
    if a.json:
        a.json.write_text(text + "\n")
    t = out["throughput"]
    f = out["faults"]
    failed = t["warm_cache_http_calls"] != 0 or (f is not None and not f["invariants_hold"])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
