"""What a file is, from its content (not its name): a harness's records, or a file that belongs
to a run without being its records (a trajectory, an evaluation report, the run's metadata).

`peek` reads the first record of a JSON or JSON-lines file (gzip or not) cheaply;
`side_file` says which kind of run file a JSON file is, if it is one. The recognition of a
harness and its generation from the first record (`import auto`, and the answer to a wrong
harness name) is in `auto.py`, above the harnesses.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import re
import tarfile
import zipfile
from pathlib import Path
from typing import Any

#: Bytes read to recognise a file.
PEEK_BYTES = 4 * 1024 * 1024


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as fh:
            head = fh.read(PEEK_BYTES)
        if head[:2] == b"\x1f\x8b":
            with gzip.open(path, "rb") as gz:
                return gz.read(PEEK_BYTES)
        return head
    except (OSError, EOFError):
        return b""


def is_zip(path: Path) -> bool:
    return path.is_file() and zipfile.is_zipfile(path)


def cut_zip(path: Path) -> str | None:
    """Why a file that begins as a zip is none, as a damaged Inspect log (the only zip a harness
    here writes): a copy or download cut short keeps the first entry's header but loses the
    end-of-archive record. None when it is a whole zip or no zip at all (a text `*.eval.log`)."""
    if is_zip(path):
        return None
    try:
        with path.open("rb") as fh:
            head = fh.read(4)
        size = path.stat().st_size
    except OSError:
        return None
    if head != b"PK\x03\x04":
        return None
    return (
        f"damaged: cut short at byte {size} (not a whole zip archive: it has no end-of-archive"
        " record); it would be an Inspect AI eval log (.eval): copy it again from where the eval"
        " wrote it"
    )


def is_tarball(path: Path) -> bool:
    if not path.is_file():
        return False
    try:
        return tarfile.is_tarfile(path)
    except OSError:
        return False


def peek(path: Path) -> tuple[str, Any] | None:
    """('json', the document) or ('jsonl', the first record), reading little; None when the
    file is not JSON at all (binary, another format)."""
    raw = _head(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(raw) - 4:  # not a multi-byte character cut by the peek
            return None
        text = raw[: exc.start].decode("utf-8")
    stripped = text.lstrip()
    if not stripped or stripped[0] not in "{[":
        return None
    first, _, rest = stripped.partition("\n")
    # a first line that is no whole JSON value belongs to a pretty-printed document: read on
    with contextlib.suppress(json.JSONDecodeError):
        obj = json.loads(first)
        if rest.strip() and isinstance(obj, dict):
            return "jsonl", obj
    if len(raw) >= PEEK_BYTES and not rest and (line := _first_line(path)) is not None:
        return "jsonl", line  # a first record longer than the peek: read it, not the file
    if len(raw) >= PEEK_BYTES:  # a large document: read it whole
        try:
            data = path.read_bytes()
            return "json", json.loads(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
        except (ValueError, OSError, EOFError):
            return None
    try:
        return "json", json.loads(stripped)
    except json.JSONDecodeError:
        return None


def _first_line(path: Path) -> dict[str, Any] | None:
    """The first record of a JSON-lines file whose first line is longer than the peek, reading
    that line only (so recognising a file of long records costs one record, not the file); None
    when the first line is no JSON object with more lines after it (a JSON document)."""
    try:
        with path.open("rb") as plain:
            gz = plain.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rb") if gz else path.open("rb") as fh:
            first = fh.readline()
            while first and not first.strip():
                first = fh.readline()
            more = fh.read(4096).strip()
        obj = json.loads(first)
    except (ValueError, OSError, EOFError):
        return None
    return obj if more and isinstance(obj, dict) else None


def first_record(path: Path) -> dict[str, Any] | None:
    """The first record of a JSON or JSON-lines file: a line, a list's first item, a keyed
    object's first value, or the document itself."""
    found = peek(path)
    if found is None:
        return None
    kind, data = found
    if kind == "jsonl":
        return data if isinstance(data, dict) else None
    if isinstance(data, list):
        return next((d for d in data if isinstance(d, dict)), None)
    if isinstance(data, dict):
        values = list(data.values())
        if values and all(isinstance(v, dict) for v in values) and not any(k in data for k in _RECORD_HINTS):
            return values[0]
        return data
    return None


#: Why a trajectory is not read as records: it is read as the steps of a prediction.
TRAJECTORY = (
    "trajectory (not records: a predictions file of the run, imported as swebench-predictions,"
    " takes it as the steps of the prediction with its instance id)"
)
#: Why a trajectory is not read as records where no predictions file beside it could take it.
TRAJECTORY_ALONE = (
    "trajectory with no predictions file beside it (a run's all_preds.jsonl or preds.json takes"
    " each trajectory as the steps of its prediction; import that file, or map this one with"
    " `import json --map`)"
)
#: SWE-bench's evaluation of a prediction (`<id>.<run>.eval.log`, `run_instance.log`,
#: `test_output.txt`): the test run's output, text, whatever its name says of `.eval`.
_EVAL_LOG = re.compile(r"(\.eval\.log|^run_instance\.log|^test_output\.txt)$")


def text_file(path: Path) -> str:
    """What a file that is not JSON is, for the list of files not taken as records: a SWE-bench
    evaluation log, a transcript in plain text (a folder of trajectories' `.txt`/`.log`), or a
    log, config or other file of the run."""
    if _EVAL_LOG.search(path.name):
        return "SWE-bench evaluation log (plain text: the tests run on a prediction, not records)"
    if path.suffix in (".txt", ".log", ".md") and "traj" in path.parent.name.lower():
        return (
            "transcript in plain text (not records: map it as its record's steps with"
            " `import json --map steps=FILE:`, docs/harnesses.md)"
        )
    return "not JSON (a log, config or other file of the run)"


#: Keys a record has at its top level, which a keyed object of records does not.
_RECORD_HINTS = ("instance_id", "id", "history", "messages", "model_patch", "eval", "samples")
#: SWE-bench / sb-cli run reports (`<model>.<run_id>.json`, sb-cli's report).
_REPORT_KEYS = (
    "resolved_ids",
    "unresolved_ids",
    "completed_ids",
    "submitted_ids",
    "resolved_instances",
    "total_instances",
)
#: A SWE-bench per-instance `report.json`: `{instance_id: {patch_exists, resolved, ...}}`.
_INSTANCE_REPORT_KEYS = ("patch_is_None", "patch_exists", "patch_successfully_applied", "tests_status")


def side_file(path: Path) -> str | None:
    """What kind of run file `path` is when it is not records: 'trajectory', 'evaluation
    report', 'run metadata', 'Inspect log listing', 'not JSON (log, config, …)'; None when it
    may hold records."""
    if is_zip(path) or is_tarball(path):
        return None
    found = peek(path)
    if found is None:
        return text_file(path)
    kind, data = found
    if kind == "jsonl":
        return None
    if isinstance(data, dict):
        keys = set(data)
        if (harbor := _harbor_file(path, keys)) is not None:
            return harbor
        if "trajectory_format" in keys or (
            "info" in keys
            and keys & {"trajectory", "messages", "history"}
            and "instance_id" not in keys
            and "id" not in keys
        ):
            return TRAJECTORY
        if keys & set(_REPORT_KEYS):
            return "evaluation report"
        values = list(data.values())
        if values and all(isinstance(v, dict) and set(v) & set(_INSTANCE_REPORT_KEYS) for v in values):
            return "evaluation report (per instance)"
        if all(
            not isinstance(v, dict | list) or (isinstance(v, dict) and not v) for v in values
        ) and not keys & {
            "instance_id",
            "model_patch",
        }:
            return "run metadata (no records)"
        if keys & {"setup_info", "task_info"} and "model_patch" not in keys:
            return "run metadata (AutoCodeRover's task meta.json: no records)"
        if (
            keys & {"agent_class", "llm_config", "paperbench_result", "agent_output"}
            and "instance_id" not in keys
        ):
            return "run metadata (no records)"
    if isinstance(data, list) and data and all(isinstance(d, str) for d in data):
        return "a list of names (no records)"
    if isinstance(data, list) and data and all(isinstance(d, dict) and "role" in d for d in data):
        return f"{TRAJECTORY} (chat messages)"
    return None


def _harbor_file(path: Path, keys: set[str]) -> str | None:
    """A Harbor job's or trial's own file (`TrialResult`, `JobResult`, their configs)."""
    if {"trial_name", "verifier_result"} <= keys or {"trial_name", "agent_info"} <= keys:
        if not (path.parent / "agent" / "trajectory.json").is_file():
            return (
                "Harbor trial result of a trial with no agent/trajectory.json: the agent recorded"
                " no run to import"
            )
        return (
            "Harbor trial result (its reward, tokens, cost and exception: read with the trial's"
            " agent/trajectory.json)"
        )
    if {"n_total_trials", "stats"} <= keys:
        return "Harbor job result (each trial is read from its own folder)"
    if {"trial_name", "trials_dir", "task"} <= keys or {"jobs_dir", "agents"} <= keys:
        return "Harbor trial or job config (no records)"
    return None


def is_record_file(path: Path) -> bool:
    """For a folder walk: whether this file may hold records (not a side file of a run)."""
    return side_file(path) is None
