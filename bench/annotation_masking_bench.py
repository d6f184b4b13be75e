"""Masking speed, before and after issues 55 and 65, side by side in one run; its false masking
and (issue 65) its leaks.

A realistic item: an agent's design, a 60 kB diff, a 400 kB log and a conclusion cut from the
bundled research prose (examples/), with the agent's and model's names written into them the
ways the issue found. Each masking is timed on the same texts, for one agent's names and for a
project of 20 agents; the maskings before issue 55 and before issue 65 are read from git
(`BEFORE`, `BEFORE_65`). Then the false masking: every word the masking changes in the bundled
prose for the project's names, and those of them that are not a name's
(tests/test_annotation_masking.py counts the same).

Issue 65, both ways, before and after: the leaks on generated spellings (every model of
tests/test_annotation_masking_context.py `MODELS` × separators × version pieces × case ×
backwards × base64, in prose, a path, a CSV row and a log line; each must become `[model]`
whole), and the English words changed in real text: every sentence or line that has a family's
or provider's word (command, falcon, mistral, llama, anthropic, claude, openai, gemini, hands,
cohere, qwen, gpt) in the bundled examples, the harness outputs (tests/fixtures), the full
datasets (../shared/datasets, where present) and the research libraries installed beside
expgrade (their code, docstrings and docs: `LIBRARIES`), masked for a project on those models;
an English use is judged apart from the masking (`ordinary_uses`: lower case, alone, no number
beside it, not imported, not followed by "model").

    .venv/bin/python bench/annotation_masking_bench.py
"""

from __future__ import annotations

import re
import statistics
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "bench")]
BEFORE = "2c12742"  # main before issue 55
BEFORE_65 = "0c5dfe2"  # main before issue 65
SITE = Path(sysconfig.get_paths()["purelib"])
#: research code beside expgrade: the libraries' sources, docstrings and docs (the families'
#: own model code in transformers among them: names that must be masked, and English words)
LIBRARIES = ("sklearn", "scipy", "statsmodels", "nltk", "ray", "inspect_ai", "matplotlib", "pandas",
             "numpy", "streamlit", "click", "typer", "transformers/commands", "transformers/models/falcon",
             "transformers/models/llama", "transformers/models/mistral",
             "transformers/models/cohere")  # fmt: skip

from before import module_at  # noqa: E402
from test_annotation_masking import CORPUS_NAMES, changed_words, corpus_texts  # noqa: E402
from test_annotation_masking_context import (  # noqa: E402
    CONTEXTS,
    changed_ordinary_uses,
    generated_spellings,
    leaks,
    raw_texts,
    sentences_with_words,
)

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


def library_texts() -> Iterator[str]:
    for library in LIBRARIES:
        for path in sorted((SITE / library).rglob("*")):
            if path.suffix in {".py", ".md", ".rst", ".txt"} and path.is_file():
                yield path.read_text(errors="replace")


def real_sources() -> dict[str, list[str]]:
    """The sentences and lines with a family's word, by where they come from."""
    sources = {
        "examples/ (bundled datasets, demo)": corpus_texts(REPO / "examples"),
        "tests/fixtures (harness outputs, experiments)": raw_texts(REPO / "tests" / "fixtures"),
        "../shared/datasets (full public datasets)": corpus_texts(REPO.parent / "shared" / "datasets"),
        "research libraries' code and docs": library_texts(),
    }
    return {name: list(sentences_with_words(texts)) for name, texts in sources.items()}


def issue_65(old: Any) -> None:
    spellings = list(generated_spellings())
    texts = len(spellings) * len(CONTEXTS)
    before = sum(1 for _ in leaks(spellings, old.mask_identity))
    after = list(leaks(spellings))
    print(f"\nleaks on generated spellings: {texts:,} texts ({len(spellings):,} spellings", end=" ")
    print(f"× {len(CONTEXTS)} places)\n| | before issue 65 | after |\n|---|---|---|")
    print(f"| texts not masked whole | {before:,} | {len(after):,} |")
    for text, masked in after[:10]:
        print(f"  left: {text!r} -> {masked!r}")
    print("\nEnglish words changed in real text (sentences and lines with a family's or provider's word)")
    print("| source | sentences | English uses | changed before issue 65 | changed after |")
    print("|---|---|---|---|---|")
    totals = [0, 0, 0, 0]
    for name, sentences in real_sources().items():
        _, _, old_changed = changed_ordinary_uses(sentences, old.name_spans)
        read, uses, changed = changed_ordinary_uses(sentences)
        row = [read, uses, len(old_changed), len(changed)]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        print(f"| {name} | " + " | ".join(f"{n:,}" for n in row) + " |")
        for sentence in changed[:5]:
            print(f"  changed: {sentence.strip()[:160]!r}")
    print("| all | " + " | ".join(f"{n:,}" for n in totals) + " |")


def main() -> None:
    old = module_at(BEFORE, "annotation_app/masking.py", "masking_before")
    old_65 = module_at(BEFORE_65, "annotation_app/masking.py", "masking_before_65")
    texts = _item()
    one = [*identity_of("OpenHands CodeAct", "claude-3-5-sonnet-20241022", "runs/openhands-codeact-1"),
           *commit_identities("Author: OpenHands <openhands@all-hands.dev>")]  # fmt: skip
    models = ("gpt-4o", "gemini-1.5-pro", "meta-llama/Llama-3.1-70B-Instruct", "qwen2.5-72b-instruct")
    project = one + [
        n for i in range(19) for n in identity_of(f"agent-{i}x", models[i % 4], f"runs/agent-{i}x")
    ]
    size = sum(len(t) for t in texts)
    print(f"item: {size:,} characters (design, diff, log, conclusion)")
    print("| names | before 55 (ms) | before 65 (ms) | after (ms) | after / before 65 |")
    print("|---|---|---|---|---|")
    for label, names in (("one agent", one), ("20 agents", project)):
        before = _time(old.mask_identity, texts, names)
        before_65 = _time(old_65.mask_identity, texts, names)
        after = _time(masking.mask_identity, texts, names)
        ms = " | ".join(f"{t * 1e3:.0f}" for t in (before, before_65, after))
        print(f"| {label} | {ms} | {after / before_65:.2f} |")
    names = [*CORPUS_NAMES, *one]
    total = sum(len(re.findall(r"[^\W_]+", t)) for t in corpus_texts(REPO / "examples"))
    changed, strangers = changed_words(corpus_texts(REPO / "examples"), names)
    print(f"false masking on examples/: {len(strangers)} of {total:,} words ({len(strangers) / total:.4%}); "
          f"{changed:,} words masked, all parts of names")  # fmt: skip
    issue_65(old_65)


if __name__ == "__main__":
    main()
