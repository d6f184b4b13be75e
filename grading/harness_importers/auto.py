"""Which harness, and which generation of it, wrote a file: recognised from its content.

`recognise` tries every preset of every harness on a file's first record (and PaperBench's
layouts, Inspect's log formats); `walk` reads a folder once, naming the files that belong to a
run without being its records (trajectories, reports, metadata, derived files) as skipped.
`expgrade submissions import auto` imports what `walk` finds with the harness each file is; and
every explicit harness name is checked against what the file looks like (`wrong_harness`).
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers import (
    aider,
    atif,
    claude_code,
    codex,
    openhands,
    paperbench,
    swebench,
)
from expgrade.grading.harness_importers.common import (
    FileImport,
    Harness,
    HarnessOptions,
    check_not_lfs_pointer,
    import_files,
)
from expgrade.grading.harness_importers.mapping import Context, FieldMap, first_found
from expgrade.grading.harness_importers.presets import json_records
from expgrade.grading.harness_importers.sniff import (
    PEEK_BYTES,
    TRAJECTORY,
    TRAJECTORY_ALONE,
    cut_zip,
    is_tarball,
    is_zip,
    peek,
    side_file,
)
from expgrade.grading.harness_importers.writer import SubmissionWriter


@dataclass(frozen=True)
class Recognised:
    """What a file is: `harness` (its name), `describe` (the generation, for "read as …")."""

    harness: str
    describe: str


#: Harnesses whose records `recognise` tries, in order (their presets carry the signatures).
RECORD_HARNESSES: tuple[Harness, ...] = (
    openhands.HARNESS,
    swebench.HARNESS,
    atif.HARNESS,
    claude_code.HARNESS,
    codex.HARNESS,
)


def _text_format(path: Path) -> Recognised | None:
    """A harness whose output is text, not JSON: aider's chat history (a markdown file, so other
    files are not read for it)."""
    if path.suffix == ".md" and path.is_file() and aider.is_history(path):
        return Recognised(aider.HARNESS.name, aider.PRESETS[0].describe)
    return None


def _first(data: Any) -> tuple[Any, str | None]:
    if isinstance(data, list):
        return next((d for d in data if isinstance(d, dict)), None), None
    if isinstance(data, dict):
        values = list(data.items())
        if values and all(isinstance(v, dict) for _, v in values):
            for harness in RECORD_HARNESSES:
                if any(p.matches(Context(data, data, None)) for p in harness.presets):
                    return data, None  # the document is one record
            return values[0][1], values[0][0]
        return data, None
    return None, None


def _is_inspect_eval(path: Path) -> bool:
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
    except (zipfile.BadZipFile, OSError):
        return False
    return "header.json" in names or "_journal/start.json" in names


#: How Inspect's `.json` log begins (`EvalLog`'s first fields, in its order).
_INSPECT_JSON_HEAD = re.compile(
    rb'^\s*\{\s*"version"\s*:\s*\d+\s*,\s*"status"\s*:\s*"\w+"\s*,\s*"eval"\s*:\s*\{'
)


def _start(path: Path) -> bytes:
    try:
        with path.open("rb") as fh:
            return fh.read(512)
    except OSError:
        return b""


def _is_inspect_json(doc: Any) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("eval"), dict) and "task" in doc["eval"]


def recognise(path: Path) -> Recognised | None:
    """The harness and generation of a file (or a PaperBench folder), from what it holds."""
    if path.is_dir():
        try:
            paperbench.find_sources(path)
        except UserError:
            return None
        return Recognised("paperbench", "PaperBench run or submission folder")
    if is_zip(path):
        return Recognised("inspect", "Inspect AI eval log (.eval)") if _is_inspect_eval(path) else None
    if is_tarball(path):
        return Recognised("paperbench", "PaperBench submission tarball")
    if _INSPECT_JSON_HEAD.match(_start(path)):  # without parsing a log of any size
        return Recognised("inspect", "Inspect AI eval log (.json)")
    found = peek(path)
    if found is None:
        return _text_format(path)
    kind, data = found
    if kind == "json" and _is_inspect_json(data):
        return Recognised("inspect", "Inspect AI eval log (.json)")
    record, key = (data, None) if kind == "jsonl" else _first(data)
    if not isinstance(record, dict):
        return None
    ctx = Context(record, data if kind == "json" else None, key, path)
    for harness in RECORD_HARNESSES:
        for preset in harness.presets:
            if preset.matches(ctx):
                return Recognised(harness.name, preset.describe)
    return None


def looks_like(path: Path) -> str:
    """What a file that no preset recognises looks like, for the error that refuses it."""
    if is_zip(path):
        return "a zip archive that is not an Inspect log"
    found = peek(path)
    if found is None:
        return "not JSON, JSON lines, an Inspect log or a tarball"
    kind, data = found
    record, _ = (data, None) if kind == "jsonl" else _first(data)
    if isinstance(record, dict):
        keys = ", ".join(list(record)[:12])
        return f"{'JSON lines' if kind == 'jsonl' else 'JSON'} records with the keys {keys}"
    return f"JSON holding a {type(data).__name__}"


def _command(harness: str, path: Path) -> str:
    return f"expgrade submissions import {harness} {path} --out SUBMISSIONS/"


def wrong_harness(harness: str, path: Path) -> None:
    """A file given to the wrong harness: say what it looks like and the command that reads it."""
    if harness in ("json", "jsonl"):
        return
    seen = recognise(path)
    if seen is None and harness == "inspect" and path.is_file() and peek(path) is not None:
        # JSON that is no Inspect log (a log cut short is not JSON: Inspect's reader says why)
        raise UserError(
            f"this is not an Inspect AI log: it is {looks_like(path)}; expected an `.eval` log (a zip"
            " holding Inspect's header) or a `.json` log (an object with `eval` and `samples`)",
            file=path,
        )
    if seen is None or seen.harness == harness:
        return
    raise UserError(
        f"this is not {harness} output: it reads as {seen.describe}; import it with"
        f" `{_command(seen.harness, path)}` (or `import auto`)",
        file=path,
    )


#: What `import auto` reads, for the errors that refuse anything else.
EXPECTED = (
    "expected one of OpenHands output (instance_id, history, test_result), SWE-bench"
    " predictions (instance_id, model_name_or_path, model_patch), an Inspect AI log (.eval, or"
    " .json with eval and samples), a PaperBench run or tarball, a Harbor trial or ATIF"
    " trajectory.json, a Claude Code session (.jsonl), a Codex CLI rollout (rollout-*.jsonl) or an"
    " aider chat history (.aider.chat.history.md)"
)


def _map_hint(path: Path | str) -> str:
    return (
        f"map its fields yourself with `expgrade submissions import json {path} --map id=PATH"
        " --map answer=PATH ...` (docs/harnesses.md)"
    )


def unknown(path: Path) -> UserError:
    return UserError(
        f"no harness expgrade knows wrote this: it is {looks_like(path)}; {EXPECTED}; {_map_hint(path)}",
        file=path,
    )


@dataclass
class Walk:
    """A source read once: the files to import with their harness, and those skipped, with why."""

    files: list[tuple[Path, Recognised]]
    skipped: list[tuple[Path, str]]
    #: Files that are no output because they cannot be read (an LFS pointer, empty, cut
    #: short): errors, as when a harness is named, not files of the run skipped.
    failed: list[tuple[Path, str]] = field(default_factory=list)


#: Names of files that are JSON or nothing: a text log that begins with `[` (a timestamp, an
#: instance id) is a log of the run, not a damaged JSON document.
_JSON_SUFFIXES = (".json", ".jsonl", ".traj")


def unreadable(path: Path) -> str | None:
    """Why a file is no harness output whatever harness wrote it, as the named importers say
    it: a Git LFS pointer, an empty file, a JSON document cut short; None if none of these."""
    try:
        check_not_lfs_pointer(path)
    except UserError as exc:
        return str(exc).removeprefix(f"{path}: ")
    try:
        size = path.stat().st_size
    except OSError as exc:
        return f"cannot read: {exc.strerror}"
    if size == 0:
        return "file is empty; expected harness output"
    if is_zip(path) or is_tarball(path) or peek(path) is not None:
        return None
    if (damaged := cut_zip(path)) is not None:
        return damaged
    head = _start(path).lstrip()
    if head[:1] in (b"{", b"[") and size < PEEK_BYTES and path.suffix in _JSON_SUFFIXES:
        try:
            json.loads(path.read_bytes())
        except json.JSONDecodeError as exc:
            if exc.msg.startswith("Unterminated string") or exc.pos >= len(exc.doc.rstrip()) - 1:
                return f"cut short: the JSON document ends at byte {size} before it is complete"
            return f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        except (ValueError, OSError):
            return None
    return None


def walk(sources: Sequence[Path]) -> Walk:
    found = Walk([], [])
    for src in sources:
        if not src.exists():
            raise UserError("file not found", file=src)
        if src.is_file() and (why := unreadable(src)) is not None:
            raise UserError(why, file=src)
        if src.is_file():
            seen = recognise(src)
            if seen is None:
                raise unknown(src)
            found.files.append((src, seen))
            continue
        if (seen := recognise(src)) is not None:  # a PaperBench layout is read as a whole
            found.files.append((src, seen))
            continue
        _walk_folder(src, found)
    if not found.files and found.failed:
        path, why = found.failed[0]
        more = f" (and {len(found.failed) - 1} more such file(s))" if len(found.failed) > 1 else ""
        raise UserError(f"{why}{more}", file=path)
    if not found.files:
        where = ", ".join(str(s) for s in sources)
        skipped = "; ".join(f"{_shown(p, sources)}: {why}" for p, why in found.skipped[:5])
        more = f"; and {len(found.skipped) - 5} more" if len(found.skipped) > 5 else ""
        raise UserError(
            f"no harness output found in {where}: {EXPECTED}; found {skipped or 'no files'}{more}"
        )
    return found


def _shown(path: Path, sources: Sequence[Path]) -> str:
    """A skipped file as the user can find it: its path inside the folder they named (two
    trials' `result.json` would read the same by name alone), or its name for a file named."""
    for src in sources:
        if src.is_dir() and path.is_relative_to(src):
            return str(path.relative_to(src))
    return path.name


def _walk_folder(folder: Path, found: Walk) -> None:
    paths = sorted(
        p
        for p in folder.rglob("*")
        if p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(folder).parts[:-1])
        and (not p.name.startswith(".") or p.name == aider.HISTORY)
    )
    seen: dict[Path, Recognised] = {}
    skipped: list[tuple[Path, str]] = []
    for p in paths:
        if (why := unreadable(p)) is not None:
            found.failed.append((p, why))
        elif (r := _text_format(p)) is not None:
            seen[p] = r
        elif (why := side_file(p)) is not None:
            skipped.append((p, why))
        elif (r := recognise(p)) is None:
            skipped.append((p, f"not recognised ({looks_like(p)})"))
        else:
            seen[p] = r
    if not any(r.harness == swebench.HARNESS.name for r in seen.values()):  # no file takes them
        skipped = [(p, why.replace(TRAJECTORY, TRAJECTORY_ALONE)) for p, why in skipped]
    found.skipped += skipped
    copies = _per_instance_copies(folder, [p for p, r in seen.items() if r.harness == swebench.HARNESS.name])
    copies.update(atif.shadowed(seen))
    copies.update(claude_code.shadowed(p for p, r in seen.items() if r.harness == claude_code.HARNESS.name))
    for p, why in copies.items():
        found.skipped.append((p, why))
        del seen[p]
    runs = {p.parent for p, r in seen.items() if r.harness == "openhands" and openhands.is_run_output(p)}
    for p, r in seen.items():
        if p.parent in runs and not openhands.is_run_output(p):
            found.skipped.append((p, "derived from the OpenHands run output.jsonl beside it (not the run)"))
        else:
            found.files.append((p, r))


def import_walked(
    found: Walk, writer: SubmissionWriter, options: HarnessOptions, formats: dict[str, Harness]
) -> list[FileImport]:
    """Import each file `walk` found with the harness its content says (one writer, so attempts
    are numbered across them); the files skipped follow, each with why."""
    outcomes: list[FileImport] = []
    for name in dict.fromkeys(seen.harness for _, seen in found.files):
        files = [path for path, seen in found.files if seen.harness == name]
        writer.fmt = name
        for o in import_files(formats[name], files, writer, options):
            o.read_as = next((f"{name}: {seen.describe}" for p, seen in found.files if p == o.path), name)
            outcomes.append(o)
    outcomes += [FileImport(path, error=f"{path}: {why}") for path, why in found.failed]
    return outcomes + [FileImport(path, skipped=why) for path, why in found.skipped]


def _patches(path: Path) -> dict[str, str]:
    """Instance id -> patch, of a predictions file (empty when it cannot be read)."""
    fields = swebench.PREDICTIONS.fields
    found: dict[str, str] = {}
    try:
        for raw in json_records(path, fields, FieldMap(id=fields.id)):
            if not isinstance(raw.record, dict):
                continue
            hit = first_found(fields.spec("id"), Context(raw.record, raw.document, raw.key))
            if hit is not None:
                found[str(hit.value)] = str(raw.record.get("model_patch") or "")
    except UserError:
        return {}
    return found


def _per_instance_copies(folder: Path, files: list[Path]) -> dict[Path, str]:
    """Prediction files in a run's sub-folders whose instances a predictions file higher up
    already holds (its merged `preds.json`): a per-instance copy (SWE-agent's `<id>/<id>.pred`)
    when the patches are the same, else an earlier candidate the run did not keep (Agentless'
    samples, before its final selection): not more attempts, and said which."""
    patches = {p: _patches(p) for p in files}
    skipped: dict[Path, str] = {}
    for p in files:
        merged = next(
            (
                q
                for q in files
                if q != p and q.parent in p.parents and patches[p] and patches[p].keys() <= patches[q].keys()
            ),
            None,
        )
        if merged is None:
            continue
        where = merged.relative_to(folder)
        differ = sorted(i for i, patch in patches[p].items() if patch != patches[merged][i])
        if not differ:
            skipped[p] = f"a per-instance copy of the predictions in {where}"
        else:
            listed = ", ".join(differ[:3]) + (f" and {len(differ) - 3} more" if len(differ) > 3 else "")
            skipped[p] = (
                f"predictions for instances {where} also holds, with a different patch ({listed}): a"
                f" candidate the run did not keep as final; import it by name to grade it"
            )
    return skipped
