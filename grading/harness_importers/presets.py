"""Records through presets: the one function that turns any record into a `HarnessRecord`
through a mapping (`to_record`; a `Preset`, in `mapping.py`, is a harness generation's
`FieldMap` plus how to recognise its records), the readers that make records of files, and
the one transcript renderer.

Every harness expgrade reads is records read by a reader (JSON lines, a JSON document, an
Inspect log, a PaperBench run) and mapped by one of its presets; `expgrade submissions import
json|jsonl --map ...` is the same thing with the user's mapping as the only preset.
"""

from __future__ import annotations

import gzip
import json
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import (
    _MISSING,
    Alternative,
    Context,
    Derived,
    FieldMap,
    Found,
    PathSpec,
    Preset,
    find_diff,
    first_found,
    is_diff,
    parse_path,
    parse_spec,
    present,
    unused,
    walk,
)
from expgrade.grading.harness_importers.parallel import mapped_lines, workers_for
from expgrade.grading.harness_importers.steps import ACTORS, KINDS, BadStep, StepDraft
from expgrade.grading.harness_importers.transcripts import steps_of
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import iter_json_lines
from expgrade.grading.safepath import resolve_inside

#: Records without an answer listed by name in the warning, before "and N more".
LISTED = 10


def pick(presets: Iterable[Preset], ctx: Context) -> Preset | None:
    return next((p for p in presets if p.matches(ctx)), None)


# --- one record through one preset ----------------------------------------------------------


def _texts(spec: tuple[Alternative, ...]) -> str:
    return " / ".join(a.where if isinstance(a, PathSpec) else a.text for a in spec)


def _string(found: Found, name: str, *, file: Path, record: str, text: bool = False) -> str:
    """The value as a string: a name or id may be a number; a text field (`text`) must be text."""
    value = found.value
    if isinstance(value, bool) or not isinstance(value, str if text else str | int | float):
        raise UserError(
            f"expected a string ({name}), found {type(value).__name__}",
            file=file,
            record=record,
            field=found.where,
        )
    return str(value)


def to_record(
    preset: Preset,
    ctx: Context,
    *,
    file: Path,
    record: str,
    options: HarnessOptions,
    found: set[str] | None = None,
) -> Iterator[HarnessRecord]:
    """`ctx.record` through `preset` as one `HarnessRecord` (yielded: a workspace written from
    the record's files lives until the writer has copied it). `found` collects the mapping's
    fields (and `step.FIELD`s) this record gave, for the check that each resolves somewhere."""
    if preset.refuse:
        raise UserError(preset.refuse, file=file, record=record)
    for path in preset.required:
        if walk(ctx.record, parse_path(path).steps)[0] is _MISSING:
            raise UserError(
                f"required field is missing ({preset.title} expects it in every record, null or not)",
                file=file,
                record=record,
                field=path,
            )
    fmap = preset.fields
    got: dict[str, Found] = {}
    for name in fmap.named():
        if (hit := first_found(fmap.spec(name), ctx)) is not None:
            got[name] = hit
    if options.task_field:
        spec = "id" if options.task_field == "id" else f"metadata.{options.task_field}"
        hit = first_found(FieldMap(id=spec).spec("id"), ctx)
        if hit is None:
            raise UserError("no task id here (see --task-field)", file=file, record=record, field=spec)
        got["id"] = hit
    if found is not None:
        found.update(got)
        found.update(name for name in fmap.named() if name not in got and present(fmap.spec(name), ctx))
    if "id" not in got:
        raise UserError(
            f"no task id: expected one of {_texts(fmap.spec('id'))}"
            if fmap.id
            else "no task id: the mapping names none (--map id=PATH)",
            file=file,
            record=record,
        )
    fields = {"task_id": got["id"].where}
    defaults: dict[str, str] = {}
    who: dict[str, str] = {}
    for name, key in (("agent", "agent"), ("model", "agent_model")):
        if name in got:
            who[key] = _string(got[name], name, file=file, record=record)
            fields[key] = got[name].where
        else:
            value = preset.defaults.get(name, "unknown")
            who[key] = value
            looked = _texts(fmap.spec(name))
            defaults[key] = f"'{value}' ({f'no {looked}' if looked else 'the mapping names none'})"
    attempt: int | None = None
    if (
        "attempt" in got
        and isinstance(got["attempt"].value, int | str)
        and str(got["attempt"].value).isdigit()
    ):
        attempt = int(got["attempt"].value)  # the harness's own number, 0 included
        fields["attempt"] = got["attempt"].where
    texts: dict[str, str | None] = {"patch": None, "conclusion": None, "design": None}
    if "patch" in got and isinstance(got["patch"].value, dict | list):
        # a patch field holding an object (a whole prediction): the diff inside it
        inner = find_diff(got["patch"].value)
        if inner is not None:
            got["patch"] = Found(inner[0], inner[1].format(path=got["patch"].where), got["patch"].used)
    for name in ("patch", "conclusion", "design"):
        if name in got:
            texts[name] = _string(got[name], name, file=file, record=record, text=True) or None
            fields[name] = got[name].where
    if "answer" in got:
        answer = _string(got["answer"], "answer", file=file, record=record, text=True)
        slot = "patch" if is_diff(answer) else "conclusion"
        if texts[slot] is None and answer.strip():
            texts[slot] = answer
            fields[slot] = got["answer"].where
    log, steps = _run(got, fmap, file=file, record=record, found=found)
    ended_value = got["ended"].value if "ended" in got else None
    if preset.ended_step and steps is not None and isinstance(ended_value, str) and ended_value.strip():
        stop = {"kind": "error", "actor": "harness", "span": got["ended"].where, "text": ended_value}
        steps = _then(steps, stop)
    ended = (
        preset.ended(ended_value, ctx)
        if preset.ended
        else (str(ended_value) if ended_value not in (None, "") else "completed")
    )
    extra: dict[str, Any] = {}
    if preset.keep_unused:
        # `ended` is read but kept too: its raw text (an error message) says more than the kind.
        rest = unused(ctx.record, [g.used for n, g in got.items() if g.used is not None and n != "ended"])
        if rest:
            extra["harness"] = rest
    if "result" in got:
        extra["result"] = got["result"].value
        fields["result"] = got["result"].where
    if preset.extra is not None:
        extra.update(preset.extra(ctx))
    with _workspace(got.get("files"), file=file, record=record) as (workspace, reproduce):
        if workspace is not None:
            fields["workspace"] = got["files"].where
        yield HarnessRecord(
            task_id=_string(got["id"], "id", file=file, record=record),
            agent=who["agent"],
            agent_model=who["agent_model"],
            record=record,
            fields=fields,
            attempt=attempt,
            design=texts["design"],
            conclusion=texts["conclusion"],
            patch=texts["patch"],
            log=log,
            steps=steps,
            workspace=workspace,
            reproduce=reproduce,
            extra=extra,
            ended=ended,
            defaults=defaults,
        )


def _run(
    got: dict[str, Found], fmap: FieldMap, *, file: Path, record: str, found: set[str] | None
) -> tuple[str | None, Iterator[StepDraft] | None]:
    """(agent.log's text, the steps): `steps` read through the per-step specs, or as whatever
    transcript it is; else a `log` that is a transcript gives the steps (and agent.log is
    rendered from them), and a `log` that is text is agent.log as it is, and one text step."""
    log_value = got["log"].value if "log" in got else None
    text = log_value if isinstance(log_value, str) and log_value.strip() else None
    if "steps" in got:
        value = got["steps"].value
        steps = mapped_steps(value, fmap.step, found=found) if fmap.step else steps_of(value)
        return text, _traced(steps, file if got["steps"].used is not None else None)
    if log_value is None or (isinstance(log_value, list | dict) and not log_value):
        return None, None
    return text, steps_of(log_value)


def _then(steps: Iterator[StepDraft], last: StepDraft) -> Iterator[StepDraft]:
    yield from steps
    yield last


def _traced(steps: Iterator[StepDraft], file: Path | None) -> Iterator[StepDraft]:
    """The steps, with a bad one named in `file` (the record's own)."""
    try:
        yield from steps
    except BadStep as exc:
        if exc.file is None and file is not None:
            exc.file = file
        raise


def mapped_steps(value: Any, specs: dict[str, str], *, found: set[str] | None = None) -> Iterator[StepDraft]:
    """Each entry of a user's `steps` list through the per-step specs (`step.FIELD`), read
    like a record's fields with the entry as the record. Without `step.kind`, an entry with a
    command or tool is a tool call, one with only an output a tool output, else a message."""
    if not isinstance(value, list):
        raise BadStep(0, f"steps: expected a list of entries, found {type(value).__name__}")
    parsed = {name: parse_spec(spec) for name, spec in specs.items()}
    for n, entry in enumerate(value, start=1):
        ctx = Context(entry)
        draft: StepDraft = {}
        for name, spec in parsed.items():
            if (hit := first_found(spec, ctx)) is None:
                continue
            if found is not None:
                found.add(f"step.{name}")
            draft[name] = _step_value(name, hit.value, n)
        if "kind" not in draft:
            draft["kind"] = (
                "tool_call"
                if draft.get("command") or draft.get("tool")
                else "tool_output"
                if "output" in draft and "text" not in draft
                else "message"
            )
        yield draft


def _step_value(name: str, value: Any, entry: int) -> Any:
    """A per-step value as `Step` takes it: names and texts as strings, the kind and actor from
    their vocabularies, an exit code as an int."""
    if name in ("kind", "actor"):
        allowed = KINDS if name == "kind" else ACTORS
        if value not in allowed:
            raise BadStep(entry, f"step.{name} one of {', '.join(allowed)}, found {value!r}")
        return value
    if name == "exit_code":
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        return value
    if name in ("arguments", "usage", "cost", "time"):
        return value
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


class _workspace:
    """The record's files as a folder for the writer to copy: a folder the reader found (a
    `Path`), a folder named relative to the source file, or `{path: content}` written to a
    temporary folder (paths that leave it are refused)."""

    def __init__(self, found: Found | None, *, file: Path, record: str) -> None:
        self.found, self.file, self.record = found, file, record
        self.tmp: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> tuple[Path | None, str | None]:
        value = None if self.found is None else self.found.value
        if isinstance(value, Path):
            return value, "reproduce.sh" if (value / "reproduce.sh").is_file() else None
        if isinstance(value, str):
            folder = resolve_inside(self.file.parent, value, what="files folder")
            if not folder.is_dir():
                raise UserError(f"files folder '{value}' not found", file=self.file, record=self.record)
            return folder, "reproduce.sh" if (folder / "reproduce.sh").is_file() else None
        if isinstance(value, dict) and value:
            self.tmp = tempfile.TemporaryDirectory(prefix="expgrade-files-")
            root = Path(self.tmp.name)
            for name, content in value.items():
                target = resolve_inside(root, str(name), what="file")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(
                    content if isinstance(content, str) else json.dumps(content), encoding="utf-8"
                )
            return root, "reproduce.sh" if (root / "reproduce.sh").is_file() else None
        return None, None

    def __exit__(self, *exc: object) -> None:
        if self.tmp is not None:
            self.tmp.cleanup()


# --- readers: files to records --------------------------------------------------------------


GZIP_MAGIC = b"\x1f\x8b"


def is_gzip(path: Path) -> bool:
    with path.open("rb") as fh:
        return fh.read(2) == GZIP_MAGIC


def read_json_text(path: Path) -> str:
    """The file's text, gunzipped when it is gzip (by its bytes, whatever its name)."""
    try:
        raw = gzip.decompress(path.read_bytes()) if is_gzip(path) else path.read_bytes()
    except (OSError, EOFError) as exc:
        raise UserError(f"cannot read: {exc}", file=path) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(
            f"not UTF-8 text (bad byte at offset {exc.start}): expected a JSON or JSON-lines file", file=path
        ) from None


@dataclass(frozen=True)
class Raw:
    """One record as a reader found it: where in its file, the record, its document and key."""

    where: str
    record: Any
    document: Any = None
    key: str | None = None


def json_records(path: Path, fmap: FieldMap | None = None, id_spec: FieldMap | None = None) -> Iterator[Raw]:
    """The records of a JSON or JSON-lines file (gzip or not), told apart by content: one JSON
    document (a list of records, an object keyed by id, a document holding them at
    `fmap.records`, or one record), else one record per line. JSON lines stream: a file is read
    whole only when it is one document."""
    if _is_json_lines(path):
        yield from _lines(path)
        return
    text = read_json_text(path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            first = text.lstrip()[:1]
            if first not in ("{", "["):
                raise UserError(
                    f"not JSON: expected a JSON document or JSON lines, found {text.lstrip()[:40]!r}…",
                    file=path,
                ) from None
        yield from _lines(path)
        return
    where_records = fmap.records_path() if fmap else None
    if where_records is not None:
        found, _ = walk(doc, where_records.steps)
        if not isinstance(found, list | dict):
            raise UserError(f"no list of records at '{fmap.records if fmap else ''}'", file=path)
        yield from _items(path, found, doc, id_spec)
        return
    one_line = "\n" not in text.strip()
    for raw in _items(path, doc, doc, id_spec):
        # one record on one line is a JSON-lines file of one record, as its writer meant it
        yield Raw("line 1", raw.record) if one_line and raw.where == "the document" else raw


def _is_json_lines(path: Path) -> bool:
    """Whether the file is JSON lines: its first line is a whole JSON object and more follows."""
    try:
        with gzip.open(path, "rb") if is_gzip(path) else path.open("rb") as fh:
            first = fh.readline()
            more = fh.read(4096).strip()
    except (OSError, EOFError):
        return False
    if not more:
        return False
    try:
        return isinstance(json.loads(first), dict)
    except ValueError:
        return False


def _lines(path: Path) -> Iterator[Raw]:
    for line, obj in iter_json_lines(path):  # gzip or not, under the one cut-line policy
        yield Raw(f"line {line}", obj)


def _items(path: Path, data: Any, doc: Any, id_spec: FieldMap | None) -> Iterator[Raw]:
    if isinstance(data, list):
        for i, obj in enumerate(data):
            yield Raw(f"item {i}", obj, doc)
        return
    if not isinstance(data, dict):
        raise UserError(f"expected a list or an object of records, found {type(data).__name__}", file=path)
    one = id_spec is not None and first_found(id_spec.spec("id"), Context(data)) is not None
    if one or not data or not all(isinstance(v, dict) for v in data.values()):
        yield Raw("the document", data, doc)
        return
    for k, obj in data.items():
        yield Raw(f"key '{k}'", obj, doc, k)


def records_through(
    presets: tuple[Preset, ...],
    raws: Iterable[Raw],
    path: Path,
    options: HarnessOptions,
    *,
    found: set[str] | None = None,
) -> Iterator[HarnessRecord | Notice]:
    """Each record through the first preset that recognises it (the last one when none does),
    then one note per generation read and one warning naming the records with no answer.
    `found` collects the mapping's fields that some record gave."""
    yield from summarised(rec for raw in raws for rec in map_one(presets, raw, path, options, found=found))


def map_one(
    presets: tuple[Preset, ...],
    raw: Raw,
    path: Path,
    options: HarnessOptions,
    *,
    found: set[str] | None = None,
) -> Iterator[tuple[str, HarnessRecord]]:
    """One record through the first preset that recognises it: (the preset's `describe`, the
    record). Yielded, as `to_record`'s: a workspace lives until the writer has copied it."""
    if not isinstance(raw.record, dict):
        raise UserError(
            f"expected a JSON object, found {type(raw.record).__name__}", file=path, record=raw.where
        )
    ctx = Context(raw.record, raw.document, raw.key, path)
    preset = pick(presets, ctx) or presets[-1]
    for rec in to_record(preset, ctx, file=path, record=raw.where, options=options, found=found):
        yield preset.describe, rec


@dataclass(frozen=True)
class LineMapper:
    """`map_one` for line N of a JSON-lines file: the job `parallel.mapped_lines` gives its workers."""

    presets: tuple[Preset, ...]
    path: Path
    options: HarnessOptions

    def __call__(self, line: int, obj: dict[str, Any]) -> Iterator[tuple[str, HarnessRecord]]:
        return map_one(self.presets, Raw(f"line {line}", obj), self.path, self.options)


def summarised(mapped: Iterable[tuple[str, HarnessRecord]]) -> Iterator[HarnessRecord | Notice]:
    """The records `map_one` made, in order, then the notes on the whole file: how many records
    each generation read, and the records with no answer."""
    read_as: dict[str, int] = {}
    no_answer: list[str] = []
    for describe, rec in mapped:
        read_as[describe] = read_as.get(describe, 0) + 1
        if rec.patch is None and rec.conclusion is None and rec.workspace is None:
            no_answer.append(f"{rec.record} ({rec.task_id})")
        yield rec
    for label, n in read_as.items():
        yield Notice(f"read as {label}: {n} record(s)", info=True)
    if no_answer:
        more = f"; and {len(no_answer) - LISTED} more" if len(no_answer) > LISTED else ""
        yield Notice(
            f"{len(no_answer)} record(s) have no answer (no patch, final message or files), imported"
            f" without one: {'; '.join(no_answer[:LISTED])}{more}"
        )


def mapped_harness(
    name: str,
    presets: tuple[Preset, ...],
    *,
    patterns: tuple[str, ...],
    reader: Callable[[Path, HarnessOptions], Iterable[Raw]] | None = None,
    accepts: Callable[[Path], bool] | None = None,
    find: Callable[[Path], list[Path]] | None = None,
) -> Harness:
    """A `Harness` whose records are mapped by `presets` (JSON or JSON lines unless `reader`)."""
    id_spec = FieldMap(id=presets[-1].fields.id) if presets[-1].fields.id else None

    def default_reader(path: Path, options: HarnessOptions) -> Iterable[Raw]:
        return json_records(path, presets[-1].fields, id_spec)

    read = reader or default_reader
    # a record's `files` may be a workspace written to a temporary folder, which lives only
    # in the process that mapped it: such records are mapped where they are written
    files = any(p.fields.files for p in presets)

    def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
        if reader is None and not files and _is_json_lines(path) and (workers := workers_for(path)) > 1:
            yield from summarised(mapped_lines(path, LineMapper(presets, path, options), workers))
            return
        yield from records_through(presets, read(path, options), path, options)

    return Harness(name=name, patterns=patterns, load=load, accepts=accepts, find=find, presets=presets)


def _generic_load(name: str) -> Callable[[Path, HarnessOptions], Iterator[HarnessRecord | Notice]]:
    def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
        fmap = options.mapping
        if fmap is None or not fmap.id:
            raise UserError(
                f"import {name} needs a mapping that names the task id: --map id=PATH (or --mapping FILE)"
            )
        preset = Preset(
            harness=name, generation="", describe=f"{name} records through your mapping", fields=fmap
        )
        found: set[str] = set()
        yield from records_through(
            (preset,), json_records(path, fmap, FieldMap(id=fmap.id)), path, options, found=found
        )
        # read after the last record's steps were written: a step spec is known found or not
        unresolved = [f"{n}={spec}" for n, spec in _specs(fmap) if n not in found]
        if unresolved:
            raise UserError(
                f"--map {', '.join(unresolved)}: found in no record of this file; check the path"
                " (docs/harnesses.md), or leave the field out"
            )

    return load


def _specs(fmap: FieldMap) -> Iterator[tuple[str, str]]:
    """(field, spec as written) for each field and per-step field a mapping names."""
    for name in fmap.named():
        value = getattr(fmap, name)
        yield name, value if isinstance(value, str) else "|".join(value)
    for name, spec in (fmap.step or {}).items():
        yield f"step.{name}", spec


def generic_harness(name: str) -> Harness:
    """`import json|jsonl --map ...`: any JSON or JSON-lines records, through the user's mapping."""
    return Harness(
        name=name, patterns=("*.json", "*.jsonl", "*.json.gz", "*.jsonl.gz"), load=_generic_load(name)
    )


__all__ = [
    "Derived",
    "Preset",
    "Raw",
    "json_records",
    "mapped_harness",
    "mapped_steps",
    "records_through",
    "to_record",
]
