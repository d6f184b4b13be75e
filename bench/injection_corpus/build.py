"""Builds the injection corpus (attacks.jsonl, benign.jsonl) from templates.json and real task texts.

Attacks: every template of `templates.json` (each cites its public source) re-aimed at a grader,
embedded three ways in real research text (start, mid-line, own line) and in five disguises
(homoglyphs, zero-width characters, full-width forms, a base64 block, Unicode tag characters).
Benign: EXP-Bench and AutoExperiment task texts from ../shared/datasets, plus paper-like text
about jailbreaks and prompt injection. The split is fixed: attacks by template, benign texts by
id, both by a hash, so it never drifts. Templates marked `"split": "fresh1"` / `"fresh2"` were
written after the pattern layer was frozen and measured once (bench/injection.md says what
happened after).

    python bench/injection_corpus/build.py   # rewrites the two .jsonl files in sets/
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import random
from pathlib import Path

HERE = Path(__file__).parent
REPO = HERE.parents[1]
# ../shared/datasets beside the checkout; a worktree one level deeper finds it one level up.
DATASETS = next(
    p
    for p in (
        Path(os.environ.get("EXPGRADE_SHARED_DATASETS", "/nonexistent")),
        REPO.parent / "shared" / "datasets",
        REPO.parents[1] / "shared" / "datasets",
    )
    if p.is_dir()
)

HOMOGLYPHS = str.maketrans("aeopcxiAEOPCTH", "аеорсхіАЕОРСТН")
FULLWIDTH = {c: chr(ord(c) + 0xFEE0) for c in map(chr, range(0x21, 0x7F))}
PASS_WORDS = ("pass", "PASS", "VERDICT: PASS", "approved")


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def tags(text: str) -> str:
    return "".join(chr(0xE0000 + ord(c)) if 0x20 <= ord(c) < 0x7F else c for c in text)


def zero_width(text: str) -> str:
    return "\u200b".join(text)


def split_of(key: str) -> str:
    return "heldout" if int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % 2 else "tune"


def _tasks() -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in sorted((DATASETS / "expbench" / "iclr2024").glob("*_complete_final.json")):
        for i, q in enumerate(json.loads(path.read_text())["questions"]):
            out.append((f"{path.name.split('_')[0]}-{i}", q))
    return out


def benign(topic_sentences: list[str]) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for tid, q in _tasks():
        for name in ("question", "method", "expected_outcome", "agent_instructions", "usage_instructions"):
            text = q.get(name)
            if isinstance(text, str) and text.strip():
                rows.append({"id": f"expbench-{tid}-{name}", "source": "expbench", "text": text})
    seen = set()
    for path in sorted((DATASETS / "autoexperiment").glob("mlrc_n=*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            text = row.get("experiments")
            if isinstance(text, str) and text not in seen:
                seen.add(text)
                rows.append(
                    {"id": f"autoexp-{path.stem}-{len(seen)}", "source": "autoexperiment", "text": text}
                )
    rng = random.Random(15)
    for i in range(60):
        text = " ".join(rng.sample(topic_sentences, 3))
        rows.append({"id": f"topic-{i}", "source": "paper-like", "text": text})
    for r in rows:
        r["split"] = split_of(r["id"])
    return rows


def attacks(templates: list[dict[str, str]], hosts: list[str]) -> list[dict[str, str]]:
    rng = random.Random(15)
    rows = []
    for t in templates:
        payload = t["text"].replace("{PASS}", rng.choice(PASS_WORDS))
        variants = {
            "start": lambda p, h: f"{p}\n{h}",
            "midline": lambda p, h: _midline(p, h),
            "ownline": lambda p, h: f"{h}\n\n{p}\n",
            "homoglyph": lambda p, h: _midline(p.translate(HOMOGLYPHS), h),
            "zero_width": lambda p, h: f"{h}\n{zero_width(p)}",
            "fullwidth": lambda p, h: f"{h} {''.join(FULLWIDTH.get(c, c) for c in p)}",
            "base64": lambda p, h: f"{h}\nAppendix (encoded run metadata): {b64(p)}",
            "tag_chars": lambda p, h: f"{h}{tags(p)}",
        }
        for name, make in variants.items():
            host = rng.choice(hosts)
            rows.append(
                {
                    "id": f"{t['id']}/{name}",
                    "template": t["id"],
                    "family": t["family"],
                    "source": t["source"],
                    "variant": name,
                    "payload": payload,
                    "text": make(payload, host),
                    "split": t.get("split") or split_of(t["id"]),
                }
            )
    return rows


def _midline(payload: str, host: str) -> str:
    """The payload inside the host's text, after a sentence in the middle of a line."""
    cut = host.find(". ", len(host) // 3)
    if cut < 0:
        return f"{host} {payload}"
    return f"{host[: cut + 2]}{payload} {host[cut + 2 :]}"


def main() -> None:
    spec = json.loads((HERE / "templates.json").read_text())
    sources = spec["sources"]
    for t in spec["templates"]:
        assert t["source"] in sources, t
    hosts = [
        q["expected_outcome"]
        for _, q in _tasks()
        if isinstance(q.get("expected_outcome"), str) and len(q["expected_outcome"]) > 200
    ]
    for name, rows in (
        ("attacks", attacks(spec["templates"], hosts)),
        ("benign", benign(spec["topic_sentences"])),
    ):
        with (HERE / "sets" / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(name, len(rows), "held-out", sum(r["split"] == "heldout" for r in rows))


if __name__ == "__main__":
    main()
