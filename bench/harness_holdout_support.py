"""What a full import of a held-out harness source gives (issue 45).

The sources live in bench/harness_holdout/ (PROVENANCE.md names each one's repository, commit
and path; the files themselves are other projects' and are not committed); holdout.json says,
per source, the records, task ids, answers and model a full import gives. `verdict` judges one
import from its exit code, its output and the folder it wrote.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOLDOUT = Path(__file__).resolve().parent / "harness_holdout"
#: Words of a refusal that says what it expected (formats.md: "what was expected").
EXPECTING = re.compile(
    r"expect|required|missing|looked for|look(s)? like|must |should |needs? |is not an? |not an? |one of|"
    r"read (it )?with|--map|use `?expgrade",
    re.IGNORECASE,
)


@dataclass
class Verdict:
    """`full`, `partial`, `clear_refusal` or `unclear_failure`, and why."""

    kind: str
    written: int
    reasons: list[str] = field(default_factory=list)


def manifest() -> list[dict[str, Any]]:
    return list(json.loads((HOLDOUT / "holdout.json").read_text())["sources"])


def source_records(path: Path) -> list[dict[str, Any]]:
    """The JSON records of a prediction or OpenHands source (a run folder's all_preds.jsonl), else []."""
    if path.is_dir():
        preds = sorted(path.glob("all_preds.jsonl"))
        return source_records(preds[0]) if preds else []
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if path.suffix == ".json":
        data = json.loads(path.read_text())
        if isinstance(data, list):
            return [r for r in data if isinstance(r, dict)]
        if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
            return list(data.values())
    return []


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _named(value: Any) -> set[str]:
    """Heads of the harness paths named under extra.source.fields (`metadata.llm.model` -> metadata)."""
    if isinstance(value, str):
        return {re.split(r"[.\[]", value, maxsplit=1)[0]}
    if isinstance(value, dict):
        return {h for v in value.values() for h in _named(v)}
    if isinstance(value, list):
        return {h for v in value for h in _named(v)}
    return set()


def id_matches(task_id: str, wanted: str) -> bool:
    """The manifest's id, or an Inspect sample id under a prefix (`security_guide/3`)."""
    return task_id == wanted or any(task_id.endswith(sep + wanted) for sep in "/:-#")


def _answered(folder: Path, sub: dict[str, Any]) -> bool:
    patch = folder / "patch.diff"
    workspace = folder / "workspace"
    return bool(
        (patch.is_file() and patch.read_text(errors="replace").strip())
        or str(sub.get("conclusion") or "").strip()
        or (workspace.is_dir() and any(p.is_file() for p in workspace.rglob("*")))
    )


def shortfalls(entry: dict[str, Any], out: Path) -> list[str]:
    """Why the submissions written to OUT fall short of a full import of ENTRY ([] when they do not)."""
    subs = [(p.parent, json.loads(p.read_text())) for p in sorted(out.glob("*/submission.json"))]
    reasons = []
    if len(subs) != entry["records"]:
        reasons.append(f"{len(subs)} of {entry['records']} records")
    for wanted in entry["ids"]:
        if not any(id_matches(str(s.get("task_id", "")), wanted) for _, s in subs):
            reasons.append(f"no task id {wanted}")
    for wanted in entry["answers"]:
        mine = [(f, s) for f, s in subs if id_matches(str(s.get("task_id", "")), wanted)]
        if mine and not all(_answered(f, s) for f, s in mine):
            reasons.append(f"{wanted}: answer empty")
    model = entry.get("agent_model")
    if model and subs and not all(model in (s.get("agent_model"), s.get("agent")) for _, s in subs):
        got = sorted({str(s.get("agent_model")) for _, s in subs})
        reasons.append(f"model {', '.join(got)} (the file says {model})")
    records = source_records(HOLDOUT / entry["path"])
    if records and subs:
        kept: set[str] = set()
        for _, s in subs:
            kept |= _keys(s) | _named(s.get("extra", {}).get("source", {}).get("fields", {}))
        # A key that is null or empty in every record carries nothing to keep.
        carried = {k for r in records for k, v in r.items() if v not in (None, "", [], {})}
        dropped = sorted(carried - kept)
        if dropped:
            reasons.append(f"dropped {', '.join(dropped)}")
    return reasons


def verdict(entry: dict[str, Any], code: int | None, output: str, out: Path) -> Verdict:
    """Judge one import of ENTRY: its exit code (None: timed out), its output, the folder it wrote."""
    written = len(list(out.glob("*/submission.json")))
    message = " ".join(output.split())
    if code is None:
        return Verdict("unclear_failure", written, ["timed out"])
    if "Traceback (most recent call last)" in output:
        return Verdict("unclear_failure", written, ["traceback"])
    if written:
        reasons = shortfalls(entry, out)
        if code not in entry.get("exit_ok", [0]):
            reasons.insert(0, f"exit {code}")
        return Verdict("partial" if reasons else "full", written, reasons)
    src = HOLDOUT / entry["path"]
    named = src.name in message
    if code == 2 and named and EXPECTING.search(message):
        return Verdict("clear_refusal", 0, ["exit 2, names the source and what was expected"])
    if code != 2:
        return Verdict("unclear_failure", 0, [f"exit {code}, nothing written"])
    why = "does not say what was expected" if named else "does not name the source"
    return Verdict("unclear_failure", 0, [f"exit 2: the message {why}"])
