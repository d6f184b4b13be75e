"""RUN_DIR/manifest.json: what a run was graded with, so its numbers can be reproduced.

It records versions (expgrade, Python, key dependencies), the task file's hash, the rubrics'
ids, versions and content hashes, the judge models, the sandbox images' digests and the seed.
On resume the options that decide a verdict must match the manifest: mixing results graded
under two rubrics or two judge panels in one folder would make every aggregate meaningless.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from expgrade import grading
from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.judge.served import Served, endpoint_of
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run_folder import RunFolder

#: Manifest keys that must agree between runs writing into the same folder.
IDENTITY = ("subtasks", "judges", "rubrics", "thresholds", "seed", "samples", "reference_runs", "repeats")
#: What a key of IDENTITY meant in folders written before it existed.
_BEFORE = {"reference_runs": 0, "repeats": 1}
_DEPENDENCIES = ("litellm", "pydantic", "numpy", "pandas", "docker", "typer", "ray")


def _versions() -> dict[str, str | None]:
    out: dict[str, str | None] = {"expgrade": grading.__version__, "python": platform.python_version()}
    for dist in _DEPENDENCIES:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = None
    return out


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def build_manifest(identity: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    """A fresh manifest: `identity` (see IDENTITY) plus where/how the run was made."""
    return {
        **identity,
        **context,
        "versions": _versions(),
        "argv": sys.argv,
        "created_at": now(),
        "updated_at": now(),
        "images": {},
    }


def load_manifest(run_dir: Path) -> dict[str, Any] | None:
    path = RunFolder(run_dir).manifest
    if not path.exists():
        return None
    data = load_json(path)
    if not isinstance(data, dict):
        raise UserError("manifest is not a JSON object", file=path)
    return data


def check_resume(old: dict[str, Any], identity: dict[str, Any], run_dir: Path) -> None:
    """UserError naming every option that differs from the run already in `run_dir`."""
    diffs = [
        f"{key}: folder has {json.dumps(old.get(key))}, now {json.dumps(identity.get(key))}"
        for key in IDENTITY
        if old.get(key, _BEFORE.get(key)) != identity.get(key, _BEFORE.get(key))
    ]
    if diffs:
        raise UserError(
            "this run folder was graded with other settings, and resuming would mix results graded "
            "two ways (" + "; ".join(diffs) + "). Use a new --out folder, or the folder's settings.",
            file=RunFolder(run_dir).manifest,
        )


def _verdicts(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every per-judge verdict of a result or control record as JSON (a result item's `judge`, a
    control item's `judges`)."""
    items = [i for sub in (record.get("subtasks") or {}).values() if sub for i in sub.get("items") or ()]
    out: list[dict[str, Any]] = []
    for item in items:
        judged = item.get("judge") if isinstance(item.get("judge"), list) else item.get("judges")
        out.extend(v for v in judged or () if isinstance(v, dict))
    return out


def note_output_modes(manifest: dict[str, Any], record: dict[str, Any]) -> None:
    """Record in `manifest["structured_output"]` the output mode each judge answered in, per model,
    and the server's refusal of a richer mode where `auto` fell back (grading/judge/dialect.py);
    and in `manifest["served"][model]["answered_by_seen"]` every model its answers named.

    `record` is a result or a control record as JSON; its items' per-judge verdicts carry both.
    The first call that meets a refusal may be a control's.
    """
    modes: dict[str, dict[str, Any]] = manifest.setdefault("structured_output", {})
    served: dict[str, dict[str, Any]] = manifest.setdefault("served", {})
    for verdict in _verdicts(record):
        rater = verdict.get("rater", "?")
        answered = verdict.get("answered_by")
        if answered:
            seen = served.setdefault(rater, {"requested": rater}).setdefault("answered_by_seen", [])
            if answered not in seen:
                seen.append(answered)
        mode = verdict.get("structured_output")
        if mode is None:
            continue
        said = modes.setdefault(rater, {"modes": [], "refused": None})
        if mode not in said["modes"]:
            said["modes"].append(mode)
        said["refused"] = said["refused"] or verdict.get("mode_refused")


def served_now(judge: JudgeSettings | None) -> dict[str, dict[str, Any]]:
    """Judge name -> what answers it in this session (grading/judge/served.py): the endpoint
    always, the `/models` rows and the answering model where the preflight found them."""
    if judge is None:
        return {}
    config = judge.config
    return {
        j.model: (j.served or Served(endpoint_of(j.model, j.api_base or config.api_base))).as_json(j.model)
        for j in config.judges
    }


def check_served(old: dict[str, Any] | None, now: dict[str, dict[str, Any]], run_dir: Path) -> list[str]:
    """A UserError where a judge of the folder's earlier sessions is now answered by another
    model (its `/models` rows or its answers' `model` differ), as for a changed submission:
    resuming would mix two models' verdicts under one name. Returns what moved without a change
    of model (the endpoint), to be said. A field either session did not learn (no preflight, a
    server that lists nothing) is not compared; the fingerprint never is (Served.resume_part)."""
    before = (old or {}).get("served")
    if not isinstance(before, dict):
        return []  # a folder written before the served model was recorded
    changed: list[str] = []
    moved: list[str] = []
    for model, seen in now.items():
        was = before.get(model)
        if not isinstance(was, dict):
            continue
        for key in ("listed", "answered_by"):
            a, b = was.get(key), seen.get(key)
            if a is not None and b is not None and a != b:
                changed.append(f"{model}: {key} was {a}, now {b}")
        if was.get("endpoint") and was.get("endpoint") != seen.get("endpoint"):
            moved.append(f"{model} now answers at {seen.get('endpoint')} (was {was.get('endpoint')})")
    if changed:
        raise UserError(
            "another model now answers this run folder's judge, and resuming would mix two models' "
            "verdicts under one name (" + "; ".join(changed) + "). Use a new --out folder, or the "
            "server that answered before.",
            file=RunFolder(run_dir).manifest,
        )
    return moved


def note_served(manifest: dict[str, Any], now: dict[str, dict[str, Any]]) -> None:
    """What answered each judge, kept with what earlier sessions' verdicts named (answered_by_seen)."""
    served: dict[str, dict[str, Any]] = manifest.setdefault("served", {})
    for model, seen in now.items():
        kept = served.get(model, {}).get("answered_by_seen", [])
        served[model] = {**seen, "answered_by_seen": kept}


def write_manifest(run_dir: Path, manifest: dict[str, Any]) -> None:
    """Atomic rewrite (temp file + rename): a crash never leaves a half-written manifest."""
    manifest["updated_at"] = now()
    folder = RunFolder(run_dir)
    path, tmp = folder.manifest, folder.manifest_tmp
    tmp.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
