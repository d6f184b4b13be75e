"""Benchmark and browser check: the run report on a generated run of 10,000 results.

Generates a run folder (results.jsonl + manifest.json) of N results (5 agents, N/5 tasks, 4
tasks per paper; design 5 items, implementation 3, conclusion 2, integrity 3, each judged by
one judge with a recorded verdict as `expgrade grade` writes it; execution measured), then
times the real CLI, `expgrade report RUN --format json|md|html`, and opens report.html in
Debian's Chromium at 1300 x 1000 with Playwright: time to the load event, the headings visible
without scrolling, every table wider than the window, and one item reached by its anchor.
Screenshots go to --shots. `--html FILE` runs only the browser check on an existing report
(the demo's, say).

    .venv/bin/python bench/report_bench.py [--n 10000] [--out DIR] [--shots DIR] [--formats html]
    .venv/bin/python bench/report_bench.py --html FILE [--anchor ID]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 1300, 1000
AGENTS = ("careful-agent", "sloppy-agent", "cheating-agent", "fast-agent", "verbose-agent")
ITEMS = {"design": 5, "implementation": 3, "conclusion": 2, "integrity": 3}
WORDS = ("the", "agent", "varied", "learning", "rate", "held", "steps", "constant", "loss", "code")


def _item(rng: random.Random, item_id: str, criterion: str, p_pass: float) -> dict[str, Any]:
    roll = rng.random()
    verdict = None if roll > 0.99 else "pass" if roll < p_pass else "fail"
    rationale = " ".join(rng.choice(WORDS) for _ in range(30))
    judge: dict[str, Any] = {
        "item_id": item_id,
        "rater": "openai/gpt-4o-mini",
        "status": "graded" if verdict else "unscorable",
        "reason": None if verdict else "parse_error",
        "label": verdict,
        "passed": None if verdict is None else verdict == "pass",
        "rationale": rationale,
        "confidence": round(rng.random(), 2),
        "flags": [],
        "rubric": "design@1.1.0",
        "cost_usd": 0.0002,
        "prompt_tokens": 1100,
        "completion_tokens": 40,
    }
    return {
        "criterion": criterion,
        "criterion_id": criterion.split()[0],
        "verdict": verdict,
        "unscorable": None if verdict else "parse_error",
        "rationale": rationale,
        "judge": [judge],
        "flags": [],
    }


def make_run(run_dir: Path, n: int, seed: int = 0) -> None:
    """N results as `expgrade grade` writes them, with verdicts drawn per agent."""
    rng = random.Random(seed)
    run_dir.mkdir(parents=True, exist_ok=True)
    n_tasks = n // len(AGENTS)
    with (run_dir / "results.jsonl").open("w", encoding="utf-8") as out:
        for t in range(n_tasks):
            task_id = f"bench/paper-{t // 4}/task-{t}"
            for a, agent in enumerate(AGENTS):
                sid = f"{agent}-{t}"
                p_pass = 0.55 + 0.08 * a
                subtasks: dict[str, Any] = {}
                for name, k in ITEMS.items():
                    items = [
                        _item(
                            rng,
                            f"{task_id}/{sid}/{name}/c{i}",
                            f"c{i} criterion {i} of {name} for task {t}",
                            p_pass,
                        )
                        for i in range(k)
                    ]
                    decided = [i for i in items if i["verdict"] is not None]
                    unscorable = len(decided) < len(items)
                    passed = None if unscorable else all(i["verdict"] == "pass" for i in items)
                    subtasks[name] = {
                        "status": "unscorable" if unscorable else "graded",
                        "unscorable": "undecided_items" if unscorable else None,
                        "score": sum(i["verdict"] == "pass" for i in decided) / len(items),
                        "passed": passed,
                        "items": items,
                    }
                ok = rng.random() < p_pass
                subtasks["execution"] = {
                    "status": "reproduced" if ok else "mismatch",
                    "passed": ok,
                    "exit_code": 0,
                    "duration_s": 12.5,
                    "measured_results": {"main": {"accuracy": 0.94 if ok else 0.71}},
                    "expected_results": {"main": {"accuracy": 0.94}},
                }
                parts = [s.get("passed") for s in subtasks.values()]
                all_passed = None if None in parts else all(parts)
                record = {
                    "task_id": task_id,
                    "submission_id": sid,
                    "agent": agent,
                    "agent_model": f"model-{a}",
                    "attempt": 1,
                    "subtasks": subtasks,
                    "all_passed": all_passed,
                    "paper_id": f"paper-{t // 4}",
                    "cost_usd": 0.0026,
                    "duration_s": round(2 + rng.random() * 10, 2),
                }
                out.write(json.dumps(record) + "\n")
    manifest = {"judges": ["openai/gpt-4o-mini"], "subtasks": [*ITEMS, "execution"], "seed": 0}
    (run_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def report(run_dir: Path, fmt: str) -> tuple[float, int]:
    """Seconds `expgrade report RUN --format FMT` takes (a fresh process), and the file's bytes."""
    target = run_dir / f"report.{fmt}"
    env = {**os.environ, "PYTHONPATH": str(REPO), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    cli = [sys.executable, "-c", "from expgrade.cli import main; main()"]
    cli += ["report", str(run_dir), "--format", fmt, "--out", str(target)]
    start = time.perf_counter()
    subprocess.run(cli, check=True, env=env, capture_output=True)
    return time.perf_counter() - start, target.stat().st_size


#: what the page shows without scrolling, and every table wider than the window
FACTS = """() => {
  const seen = e => {
    const r = e.getBoundingClientRect();
    return r.height && r.top < innerHeight && r.bottom > 0;
  };
  const say = e => e.tagName === 'TABLE'
    ? `table (${e.rows.length} rows), bottom ${Math.round(e.getBoundingClientRect().bottom)} px`
    : `${e.tagName.toLowerCase()}: ${e.textContent.trim().slice(0, 70)}`;
  const tables = [...document.querySelectorAll('table')];
  return {
    visible: [...document.querySelectorAll('h1,h2,h3,p.banner,table')].filter(seen).map(say),
    summaryBottom: document.getElementById('summary')
      && Math.round(document.getElementById('summary').getBoundingClientRect().bottom),
    wide: tables.filter(t => t.getBoundingClientRect().width > innerWidth).map(t => t.offsetWidth),
    pageWidth: document.documentElement.scrollWidth,
    elements: document.getElementsByTagName('*').length,
  };
}"""
ANCHOR_TOP = (
    "id => { const e = document.getElementById(id); return e && Math.round(e.getBoundingClientRect().top) }"
)


def browse(
    html: Path, shots: Path, name: str, anchor: str | None = None, *, print_shot: bool = False
) -> dict[str, Any]:
    """Open HTML at 1300 x 1000: load time, what shows above the fold, tables wider than the window."""
    from playwright.sync_api import sync_playwright

    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        start = time.perf_counter()
        page.goto(html.resolve().as_uri(), wait_until="load", timeout=120_000)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        wall = time.perf_counter() - start
        nav = page.evaluate("() => performance.getEntriesByType('navigation')[0].toJSON()")
        page.screenshot(path=str(shots / f"{name}-top.png"))
        facts = page.evaluate(FACTS)
        if anchor is not None:
            page.goto(html.resolve().as_uri() + "#" + anchor)
            page.wait_for_timeout(300)
            facts["anchor_top"] = page.evaluate(ANCHOR_TOP, anchor)
            page.screenshot(path=str(shots / f"{name}-item.png"))
        if print_shot:  # the page as printed: print CSS applied, a full-page image to look at
            page.emulate_media(media="print")
            page.screenshot(path=str(shots / f"{name}-print.png"), full_page=True)
        browser.close()
    return {
        "wall_s": round(wall, 2),
        "dom_content_loaded_s": round(nav["domContentLoadedEventEnd"] / 1000, 2),
        "load_s": round(nav["loadEventEnd"] / 1000, 2),
        **facts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/expgrade-report-bench"))
    parser.add_argument("--shots", type=Path, default=Path("/tmp/expgrade-report-bench/shots"))
    parser.add_argument("--html", type=Path, help="only the browser check, on this report.html")
    parser.add_argument("--anchor", help="an element id to open by its link (with --html)")
    parser.add_argument("--formats", nargs="+", default=["json", "md", "html"], help="reports to time")
    args = parser.parse_args()
    if args.html is not None:
        print(
            json.dumps(
                browse(args.html, args.shots, args.html.parent.name, args.anchor, print_shot=True), indent=1
            )
        )
        return
    run_dir = args.out / f"run-{args.n}"
    start = time.perf_counter()
    make_run(run_dir, args.n)
    print(f"generated {args.n} results in {time.perf_counter() - start:.1f} s", flush=True)
    for fmt in args.formats:
        seconds, size = report(run_dir, fmt)
        print(f"report --format {fmt}: {seconds:.1f} s, {size / 1e6:.1f} MB", flush=True)
    anchor = f"item-bench/paper-0/task-0/{AGENTS[0]}-0/design/2"
    print(json.dumps(browse(run_dir / "report.html", args.shots, f"run-{args.n}", anchor), indent=1))


if __name__ == "__main__":
    main()
