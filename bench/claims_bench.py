"""Prompt tokens of the conclusion judge: the cited steps (what it reads now) against the whole log.

For every demo submission with a conclusion, the conclusion requests `expgrade grade` would send
(`planned_calls`, nothing judged) are rendered into the messages the judge receives and counted
with gpt-4o's tokenizer (o200k, offline through litellm's bundled encodings), three ways in one
run: as sent (field `steps` = the cited steps, where the claims cite any), with the whole log in
that field instead (`agent.log`, the trajectory's rendering), and with no run at all (before
claims were checked). Also timed: checking every demo submission's claims.

    PYTHONPATH=$PWD .venv/bin/python bench/claims_bench.py      # figures in bench/claims.md
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.grading.graders.claims import check_claims
from expgrade.grading.graders.inputs import gather
from expgrade.grading.graders.pipeline import planned_calls
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge.prompt import render
from expgrade.grading.judge.rubrics import load_rubric
from expgrade.grading.run.orchestrator import load_tasks
from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.testing.judge_server import _encoding

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo"


def _tokens(fields: dict[str, Any], criterion: str | None) -> int:
    rubric = load_rubric("conclusion")
    enc = _encoding()
    count = lambda text: len(enc.encode(text, disallowed_special=()))  # noqa: E731
    rendered = render(rubric, fields, criterion, context_window=128_000, max_tokens=1024,
                      min_field_tokens=256, count=count)  # fmt: skip
    return sum(count(m["content"]) for m in rendered.messages())


@dataclass(frozen=True)
class Row:
    submission: str
    item: str
    cites: bool
    sent: int  # as sent: the cited steps, where any
    whole: int  # the whole log in their place
    bare: int  # no run at all


def main() -> None:
    tasks = load_tasks(DEMO / "tasks.jsonl")
    settings = GradeSettings(tasks_dir=str(DEMO), subtasks=("conclusion",))
    loaded_all = scan_submissions(DEMO / "submissions").submissions
    rows = []
    for loaded in loaded_all:
        task = tasks[loaded.submission.task_id]
        log = (loaded.root / "agent.log").read_text()
        for request in planned_calls(task, loaded, settings).requests:
            bare = {k: v for k, v in request.fields.items() if k != "steps"}
            rows.append(
                Row(
                    loaded.submission_id,
                    request.item_id.rsplit("/", 1)[-1],
                    "steps" in request.fields,
                    _tokens(request.fields, request.criterion),
                    _tokens({**bare, "steps": log}, request.criterion),
                    _tokens(bare, request.criterion),
                )
            )
    print("| submission | item | cites steps | tokens sent (cited) | whole log instead | no run |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r.submission} | {r.item} | {'yes' if r.cites else 'no'} | {r.sent} | {r.whole} | {r.bare} |"
        )
    sent, whole, bare = (sum(getattr(r, k) for r in rows) for k in ("sent", "whole", "bare"))
    ratio = sent / whole
    print(f"\nall {len(rows)} requests: sent {sent}, whole log {whole} ({ratio:.2f}x), no run {bare} tokens")
    cited = [r for r in rows if r.cites]
    if cited:
        sent, whole = sum(r.sent for r in cited), sum(r.whole for r in cited)
        extra = statistics.mean(r.sent - r.bare for r in cited)
        print(
            f"the {len(cited)} citing steps: cited {sent} vs whole log {whole} tokens ({sent / whole:.2f}x)"
        )
        print(f"cited steps add {extra:.0f} tokens a request over no run at all")
    times = []
    for _ in range(20):
        start = time.perf_counter()
        for loaded in loaded_all:
            task = tasks[loaded.submission.task_id]
            check_claims(task, loaded.submission, loaded.root, gather(task, loaded, DEMO).changes, None)
        times.append(time.perf_counter() - start)
    median_ms = statistics.median(times) * 1000
    print(
        f"checking the claims of the {len(loaded_all)} demo submissions: median {median_ms:.1f} ms (20 runs)"
    )


if __name__ == "__main__":
    main()
