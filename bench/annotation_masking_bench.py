"""Masking speed, before and after issue 55, side by side in one run, and its false masking.

A realistic item: an agent's design, a 60 kB diff, a 400 kB log and a conclusion cut from the
bundled research prose (examples/), with the agent's and model's names written into them the
ways the issue found. Each masking is timed on the same texts, for one agent's names and for a
project of 20 agents; the masking before issue 55 is read from git (`BEFORE`). Then the false
masking: every word the new masking changes in the bundled prose for the project's names, and
those of them that are not a name's (tests/test_annotation_masking.py counts the same).

    .venv/bin/python bench/annotation_masking_bench.py
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "bench")]
BEFORE = "2c12742"  # main before issue 55

from before import module_at  # noqa: E402
from test_annotation_masking import CORPUS_NAMES, changed_words, corpus_texts  # noqa: E402

from expgrade.annotation_app import masking  # noqa: E402
from expgrade.annotation_app.masking import commit_identities, identity_of  # noqa: E402

WRITTEN = ("OpenHands", "CodeActAgent", "sonnet-3.5", "myClaude35Sonnet", "Anthropic", "claude%252D3")


def _item() -> list[str]:
    prose = "\n".join(corpus_texts(REPO / "examples" / "datasets" / "expbench"))
    words = prose.split()

    def cut(n_chars: int, every: int) -> str:
        out, size = [], 0
        for i, w in enumerate(words * 10):
            out.append(WRITTEN[i // every % len(WRITTEN)] if i % every == every - 1 else w)
            size += len(w) + 1
            if size >= n_chars:
                break
        return " ".join(out)

    return [cut(2_000, 50), cut(60_000, 400), cut(400_000, 2_000), cut(3_000, 80)]


def _time(fn: Any, texts: list[str], names: list[tuple[str | None, str]], runs: int = 7) -> float:
    fn(texts[0], names)  # compiled once, as a load does
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for text in texts:
            fn(text, names)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    old = module_at(BEFORE, "annotation_app/masking.py", "masking_before")
    texts = _item()
    one = [*identity_of("OpenHands CodeAct", "claude-3-5-sonnet-20241022", "runs/openhands-codeact-1"),
           *commit_identities("Author: OpenHands <openhands@all-hands.dev>")]  # fmt: skip
    models = ("gpt-4o", "gemini-1.5-pro", "meta-llama/Llama-3.1-70B-Instruct", "qwen2.5-72b-instruct")
    project = one + [
        n for i in range(19) for n in identity_of(f"agent-{i}x", models[i % 4], f"runs/agent-{i}x")
    ]
    size = sum(len(t) for t in texts)
    print(f"item: {size:,} characters (design, diff, log, conclusion)")
    print("| names | before (ms) | after (ms) | after / before |")
    print("|---|---|---|---|")
    for label, names in (("one agent", one), ("20 agents", project)):
        before = _time(old.mask_identity, texts, names)
        after = _time(masking.mask_identity, texts, names)
        print(f"| {label} | {before * 1e3:.0f} | {after * 1e3:.0f} | {after / before:.2f} |")
    names = [*CORPUS_NAMES, *one]
    total = sum(len(re.findall(r"[^\W_]+", t)) for t in corpus_texts(REPO / "examples"))
    changed, strangers = changed_words(corpus_texts(REPO / "examples"), names)
    print(f"false masking on examples/: {len(strangers)} of {total:,} words ({len(strangers) / total:.4%}); "
          f"{changed:,} words masked, all parts of names")  # fmt: skip


if __name__ == "__main__":
    main()
