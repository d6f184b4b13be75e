"""Injection defence on the held-out split of bench/injection_corpus: pattern layer, judge signal, both.

Pattern layer: recall on attacks, false-positive rate on benign research text, and precision
and recall per attack family (precision per family = its true positives over those plus every
benign false positive: the precision a stream of that family alone would see). Combined: every
held-out item judged through litellm's real HTTP path by the scripted server answering as a
careful judge (reports the attack) and as a fooled one (reports nothing, passes the work);
the verdict's `prompt_injection` flag must survive both: no pattern-flagged item loses its
flag when the judge is fooled.

    python bench/injection_bench.py            # prints the Markdown table for bench/README.md
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

from expgrade.calibration.bias import wilson_interval
from expgrade.grading.judge import (
    PROMPT_INJECTION,
    JudgeConfig,
    JudgeEngine,
    JudgeRequest,
    JudgeSpec,
    client,
    injection_model,
)
from expgrade.grading.judge.injection import _scan, flags_for, scan
from expgrade.grading.judge.spotlight import choose_marker, datamark
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

CORPUS = Path(__file__).parent / "injection_corpus"
SETS = CORPUS / "sets"  # the frozen sets, one provenance note beside each
sys.path.insert(0, str(CORPUS))
import generate  # noqa: E402

TOKENIZER = "openai/gpt-4o-mini"


def load(name: str, split: str = "heldout") -> list[dict[str, str]]:
    rows = [json.loads(line) for line in (SETS / f"{name}.jsonl").read_text("utf-8").splitlines()]
    return [r for r in rows if r["split"] == split]


Detector = Callable[[str], bool]


def pattern_flags(text: str) -> bool:
    """The regexes alone (the layer as issue 15 left it), without the learned layer's findings."""
    return flags_for([f for f in scan(text) if not f.pattern.endswith("learned")]) == [PROMPT_INJECTION]


def learned_flags(text: str) -> bool:
    return injection_model.score(text) >= injection_model.model().threshold


def detector_flags(text: str) -> bool:
    """What the engine flags with the judge's signal off: every layer `scan` runs by default."""
    return flags_for(scan(text)) == [PROMPT_INJECTION]


DETECTORS: dict[str, Detector] = {
    "pattern layer": pattern_flags,
    "learned layer": learned_flags,
    "pattern + learned (shipped)": detector_flags,
}


def load_fresh(n: int) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """Fresh set 3 to 13 (frozen; sets/fresh3.md … sets/fresh13.md): its attacks and its benign files."""
    rows = [json.loads(line) for line in (SETS / f"fresh{n}.jsonl").read_text("utf-8").splitlines()]
    return [r for r in rows if r["label"] == "attack"], [r for r in rows if r["label"] == "benign"]


def rate(hits: int, n: int) -> str:
    """`0.400 [0.30, 0.51] (32/80)`: the rate with its 95 % Wilson interval."""
    e = wilson_interval(hits, n)
    return f"{e.value:.3f} [{e.ci_low:.3f}, {e.ci_high:.3f}] ({hits}/{n})"


def fresh_table(detectors: dict[str, Detector]) -> list[str]:
    """Recall on fresh sets 2-13, false positives on every task text and on sets 3-13's benign files."""
    tasks = load("benign") + load("benign", "tune")
    attacks3, benign3 = load_fresh(3)
    attacks4, benign4 = load_fresh(4)
    attacks5, benign5 = load_fresh(5)
    attacks6, benign6 = load_fresh(6)
    attacks7, benign7 = load_fresh(7)
    attacks8, benign8 = load_fresh(8)
    attacks9, benign9 = load_fresh(9)
    attacks10, benign10 = load_fresh(10)
    attacks11, benign11 = load_fresh(11)
    attacks12, benign12 = load_fresh(12)
    attacks13, benign13 = load_fresh(13)
    columns = {
        "recall, fresh set 2": load("attacks", "fresh2"),
        "recall, fresh set 3": attacks3,
        "recall, fresh set 4": attacks4,
        "recall, fresh set 5": attacks5,
        "recall, fresh set 6": attacks6,
        "recall, fresh set 7": attacks7,
        "recall, fresh set 8": attacks8,
        "recall, fresh set 9": attacks9,
        "recall, fresh set 10": attacks10,
        "recall, fresh set 11": attacks11,
        "recall, fresh set 12": attacks12,
        "recall, fresh set 13": attacks13,
        "FP, task texts and paper-like prose": tasks,
        "FP, set 3 hard negatives": benign3,
        "FP, set 4 benign twins": benign4,
        "FP, set 5 benign (twins, abstracts, quoted prompts)": benign5,
        "FP, set 6 benign (twins, injection research, grader code, test logs, guides)": benign6,
        "FP, set 7 honest submissions of the same tasks": benign7,
        "FP, set 8 benign (real host twins, real judge prompts and injection docs, blobs)": benign8,
        "FP, set 9 benign (twins, incident coverage, honest reports on graders and timeouts)": benign9,
        "FP, set 10 benign (harness-log twins, honest logs, test output, attack docs)": benign10,
        "FP, set 11 benign (writer-artefact twins, honest artefacts, collection docs)": benign11,
        "FP, set 12 benign (converter twins, honest write-ups and labels, promptfoo docs)": benign12,
        "FP, set 13 benign (host twins, write-ups quoting judge attacks, odd tokens, openers)": benign13,
    }
    dev = [json.loads(line) for line in (SETS / "dev_semantic.jsonl").read_text("utf-8").splitlines()]
    prose = [
        json.loads(line) for line in (SETS / "benign_research_prose.jsonl").read_text("utf-8").splitlines()
    ]
    columns["recall, dev_semantic (hand-written, 12 languages; a dev set, not held out)"] = dev
    columns["FP, research prose about injection"] = prose
    records = generate.task_records(held_out=True)
    if records:  # ../shared/datasets is there (EXPGRADE_SHARED_DATASETS names it elsewhere)
        columns["FP, whole task records, held-out task files"] = [{"text": t} for t in records]
    lines = [
        "| detector | " + " | ".join(f"{title} (n={len(rows)})" for title, rows in columns.items()) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for name, flag in detectors.items():
        cells = [rate(sum(flag(r["text"]) for r in rows), len(rows)) for rows in columns.values()]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


# Set 8's `technique` is "<placement>:<spikee seed type>"; the two are separate cells of its design.
CELLS: dict[str, Callable[[dict[str, str]], str]] = {
    "placement": lambda r: r["technique"].split(":")[0],
    "seed type": lambda r: r["technique"].split(":")[1],
}


def fresh_breakdown(
    flag: Detector, n: int, keys: tuple[str, ...], benign_key: str | None = None, interval: bool = False
) -> list[str]:
    """Set n's recall by each of `keys` (placement or host, language, disguise, tactic), one detector.

    `benign_key` adds the false-positive rate per kind of benign file (set 5's twins, abstracts and
    quoted prompts differ in kind); `interval` gives every rate its Wilson interval, not only k/n.
    """
    attacks3, benign3 = load_fresh(n)
    lines = [f"Fresh set {n}:"]
    keyed = [(key, attacks3, "by") for key in keys]
    if benign_key:
        keyed.append((benign_key, benign3, "false positives by"))
    for key, rows, title in keyed:
        groups: dict[str, list[bool]] = defaultdict(list)
        for r in rows:
            groups[r[key] if key in r else CELLS[key](r)].append(flag(r["text"]))
        ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
        shown = (f"{k} {rate(sum(v), len(v)) if interval else f'{sum(v)}/{len(v)}'}" for k, v in ordered)
        lines.append(f"* {title} {key}: " + ", ".join(shown))
    flagged = [r["id"] for r in benign3 if flag(r["text"])]
    lines.append("* hard negatives flagged: " + (", ".join(f"`{i}`" for i in flagged) or "none"))
    return lines


def pattern_table(attacks: list[dict[str, str]], benign: list[dict[str, str]], title: str) -> list[str]:
    hit = {a["id"]: flags_for(scan(a["text"])) == [PROMPT_INJECTION] for a in attacks}
    fp = [b["id"] for b in benign if flags_for(scan(b["text"])) == [PROMPT_INJECTION]]
    by_family: dict[str, list[bool]] = defaultdict(list)
    by_variant: dict[str, list[bool]] = defaultdict(list)
    for a in attacks:
        by_family[a["family"]].append(hit[a["id"]])
        by_variant[a["variant"]].append(hit[a["id"]])
    tp = sum(hit.values())
    lines = [
        f"**{title}**: {len(attacks)} attacks from {len({a['template'] for a in attacks})} templates, "
        f"{len(benign)} benign texts (held-out).",
        "",
        "| pattern layer | value |",
        "|---|---|",
        f"| recall (attacks flagged) | {tp / len(attacks):.3f} ({tp}/{len(attacks)}) |",
        f"| false-positive rate (benign flagged) | {len(fp) / len(benign):.4f} ({len(fp)}/{len(benign)}) |",
        f"| precision | {tp / (tp + len(fp)):.3f} |",
        "",
        "| attack family | n | recall | precision |",
        "|---|---|---|---|",
    ]
    for fam, hits in sorted(by_family.items()):
        t = sum(hits)
        lines.append(f"| {fam} | {len(hits)} | {t / len(hits):.3f} | {t / (t + len(fp)) if t else 0:.3f} |")
    lines += ["", "| variant | n | recall |", "|---|---|---|"]
    lines += [f"| {v} | {len(h)} | {sum(h) / len(h):.3f} |" for v, h in sorted(by_variant.items())]
    if fp:
        lines += ["", "Benign texts flagged: " + ", ".join(f"`{i}`" for i in fp)]
    return lines


def combined_table(
    attacks: list[dict[str, str]],
    benign: list[dict[str, str]],
    modes: tuple[str, ...] = ("careful", "fooled"),
    directive: str = " @@script injected@@",
) -> list[str]:
    """Every item through the engine once per judge mode (careful judge, fooled judge).

    `directive` tells the scripted judge which items are attacks; with none, a `fooled` judge
    is one that never reports injection: what is flagged is the local detector's doing.
    """
    items = [(a["id"], a["text"] + directive, True) for a in attacks] + [
        (b["id"], b["text"], False) for b in benign
    ]
    requests = [
        JudgeRequest(
            i, "reference-match", {"question": "Summarise the result.", "reference": "-", "response": t}
        )
        for i, t, _ in items
    ]
    attack = {i: is_attack for i, _, is_attack in items}
    pattern = {i: flags_for(scan(t)) == [PROMPT_INJECTION] for i, t, _ in items}
    lines = [
        "| scripted judge | attacks flagged | by pattern / judge / both | benign flagged | "
        "pattern-flagged items that lost the flag | calls/s |",
        "|---|---|---|---|---|---|",
    ]
    for mode in modes:
        with ScriptedServer(ServerScript(judge=mode)) as server, tempfile.TemporaryDirectory() as tmp:
            config = JudgeConfig(
                judges=[JudgeSpec("openai/expgrade-bench-judge")],
                api_base=server.url,
                api_key="sk-bench",
                use_cache=False,
                cache_path=Path(tmp) / "c.sqlite",
                concurrency=32,
            )
            t0 = time.monotonic()
            with JudgeEngine(config) as engine:
                verdicts = engine.judge_sync(requests)
            rate = len(requests) / (time.monotonic() - t0)
        flagged = {v.item_id: PROMPT_INJECTION in v.flags for v in verdicts}
        sources = Counter(v.injection_source for v in verdicts if attack[v.item_id] and v.injection_source)
        lost = sum(pattern[i] and not flagged[i] for i in flagged)
        n_att = sum(attack.values())
        caught = sum(flagged[i] for i in flagged if attack[i])
        fp = sum(flagged[i] for i in flagged if not attack[i])
        lines.append(
            f"| {mode} | {caught / n_att:.3f} ({caught}/{n_att}) | {sources['pattern']} / "
            f"{sources['judge']} / {sources['both']} | {fp}/{len(flagged) - n_att} | {lost} | {rate:.0f} |"
        )
    return lines


def _datamark_token_ratio(benign: list[dict[str, str]]) -> float:
    texts = [b["text"] for b in benign]
    plain = sum(client.count_tokens(TOKENIZER, t) for t in texts)
    marked = sum(client.count_tokens(TOKENIZER, datamark(t, choose_marker([t]))) for t in texts)
    return marked / plain


def scan_20k(repeats: int = 7) -> list[str]:
    """Milliseconds to scan one 20,000-character text of task prose, uncached, median of `repeats`.

    CPU time of this process beside wall time: on a shared machine the wall clock mostly
    measures the neighbours (8 processes on 2 cores make one scan's wall time 3-5x its CPU time).
    """
    rows = load("benign") + load("benign", "tune")
    text = "\n".join(r["text"] for r in rows)
    out = []
    for name, run in (
        ("pattern layer", lambda t: _scan.__wrapped__(t, True)),  # transcript=True: regexes only
        ("learned layer", lambda t: injection_model.score.__wrapped__(t)),
        ("pattern + learned (scan, shipped)", lambda t: _scan.__wrapped__(t, False)),
    ):
        wall, cpu = [], []
        for i in range(repeats):
            chunk = text[i * 20_000 : (i + 1) * 20_000]
            t0, c0 = time.perf_counter(), time.process_time()
            run(chunk)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        mid = len(wall) // 2
        out.append(f"{name} {1000 * sorted(cpu)[mid]:.1f} ms CPU ({1000 * sorted(wall)[mid]:.1f} ms wall)")
    return [
        f"Scanning a 20,000-character text (median of {repeats} texts, uncached): " + "; ".join(out) + "."
    ]


def scan_cost(benign: list[dict[str, str]]) -> list[str]:
    """Token cost of datamarking; seconds to scan 1 MB of research text once, and again (cached)."""
    text = "\n".join(b["text"] for b in benign)
    text = (text * (1 + 1_000_000 // len(text)))[:1_000_000]
    t0 = time.perf_counter()
    scan(text)
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    scan(text)
    again = time.perf_counter() - t0
    marked_ratio = _datamark_token_ratio(benign)
    return [
        f"Datamarking: the marked text costs {marked_ratio:.2f}x the tokens of the unmarked text "
        "(held-out benign texts, gpt-4o-mini's tokenizer, the marker each text gets).",
        "",
        f"Pattern layer cost: 1 MB of benign research text scanned in {first:.2f} s; "
        f"again (cached) {again:.4f} s.",
    ]


# Sets 6 to 13 (title, then the shipped detector's cells, with intervals);
# their benign rows are broken down by `kind`.
LATER_SETS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (
        6,
        "the informed adaptive attacker; sets/fresh6.md",
        ("host", "lang", "technique", "disguise", "goal"),
    ),
    (
        7,
        "task-grounded paired submissions; sets/fresh7.md",
        ("host", "lang", "tactic", "goal"),
    ),
    (
        8,
        "real third-party hosts, spikee seeds retargeted; sets/fresh8.md",
        ("host", "placement", "seed type", "lang", "disguise", "goal"),
    ),
    (
        9,
        "re-enacted real incidents; sets/fresh9.md",
        ("incident", "host", "lang", "technique", "disguise", "goal"),
    ),
    (
        10,
        "agent-injection benchmark forms in harness logs; sets/fresh10.md",
        ("form", "host", "placement", "lang", "disguise", "goal"),
    ),
    (
        11,
        "practitioner payload collections in artefacts written by ML tooling; sets/fresh11.md",
        ("collection", "host", "placement", "lang", "disguise", "goal"),
    ),
    (
        12,
        "promptfoo red-team strategies and plugins in documents rendered by real converters; sets/fresh12.md",
        ("strategy", "host", "placement", "lang", "disguise", "goal"),
    ),
    (
        13,
        "released attack strings of research on LLM judges, reviewers and reward models; sets/fresh13.md",
        ("attack_type", "source_work", "host", "placement", "lang", "disguise", "goal"),
    ),
)


def later_set_breakdown(n: int, title: str, shipped: tuple[str, ...]) -> list[str]:
    return [
        f"Fresh set {n} ({title}):",
        *fresh_breakdown(detector_flags, n, shipped, benign_key="kind", interval=True),
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="only the fresh-set table (seconds)")
    if parser.parse_args().fresh:
        fresh_sets = [load_fresh(n) for n in range(3, 14)]
        through_engine = combined_table(
            load("attacks", "fresh2") + [row for attacks, _ in fresh_sets for row in attacks],
            load("benign") + load("benign", "tune") + [row for _, benign in fresh_sets for row in benign],
            modes=("fooled",),
            directive="",
        )
        print(
            "\n".join(
                [
                    *fresh_table(DETECTORS),
                    "",
                    *fresh_breakdown(detector_flags, 3, ("placement", "lang", "disguise")),
                    "",
                    *fresh_breakdown(detector_flags, 4, ("host", "lang", "disguise", "tactic")),
                    "",
                    *fresh_breakdown(
                        detector_flags,
                        5,
                        ("host", "lang", "disguise", "family", "goal", "rhetoric"),
                        benign_key="rhetoric",
                        interval=True,
                    ),
                    "",
                    *(
                        line
                        for n, title, shipped in LATER_SETS
                        for line in later_set_breakdown(n, title, shipped)
                    ),
                    "Fresh sets 2 to 13 and every benign text through litellm, the judge's signal off "
                    "(a scripted judge that never reports injection):",
                    "",
                    *through_engine,
                    "",
                    *scan_20k(),
                ]
            )
        )
        return
    benign = load("benign")
    heldout, fresh1, fresh2 = load("attacks"), load("attacks", "fresh1"), load("attacks", "fresh2")
    out = [
        *pattern_table(heldout, benign, "Held-out split"),
        "",
        *pattern_table(fresh1, benign, "Fresh set 1 (measured 0.600 once, then tuned on: not held out now)"),
        "",
        *pattern_table(fresh2, benign, "Fresh set 2 (written after the last change, measured once, untuned)"),
        "",
        "Combined with the judge signal, held-out and both fresh sets together:",
        "",
        *combined_table(heldout + fresh1 + fresh2, benign),
        "",
        *scan_cost(benign),
    ]
    print("\n".join(out))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
