"""Reading and appending JSON Lines with errors that name the file, the line and the field.

The one policy for JSON lines (docs/formats.md §1), for every file expgrade reads as JSON lines:
a cut last line (unterminated, not parsable) is what a crash leaves in an append-only file, so
the complete records before it are kept and the cut line is named (`CutLine`, raised as a
`CutLineWarning`; the CLI then exits 1); a malformed line anywhere else rejects the file, named
by file and line.

Appends are whole lines written with a single `write` and fsynced, and the next append cuts a
torn tail off first (`cut_torn_tail`), so an append-only file expgrade writes survives SIGKILL
losing only the unfinished record.
"""

from __future__ import annotations

import gzip
import json
import math
import os
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from expgrade.grading.errors import UserError, describe_validation_error

M = TypeVar("M", bound=BaseModel)


def read_text(path: Path) -> str:
    """The file's text, or a UserError that says why it cannot be read."""
    if not path.exists():
        raise UserError("file not found", file=path)
    if path.is_dir():
        raise UserError("expected a file, found a folder", file=path)
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"not UTF-8 text (bad byte at offset {exc.start})", file=path) from None
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror}", file=path) from None


def json_error(exc: json.JSONDecodeError, *, line: bool = True) -> str:
    """The decoder's complaint as a whole sentence with its place. Python's `msg` leaves the
    place to `str(exc)`, so one of its messages ends mid-phrase ("Invalid control character
    at"); and a raw tab or line break inside a string is the usual cause, so it is named."""
    what = exc.msg.removesuffix(" at")
    if what == "Invalid control character":
        what = "a raw control character (a tab or line break) inside a string; write it as \\t or \\n"
    where = f"line {exc.lineno}, column {exc.colno}" if line else f"column {exc.colno}"
    return f"malformed JSON at {where}: {what}"


def load_json(path: Path) -> Any:
    """Parse a whole-file JSON document; errors say the line and column."""
    text = read_text(path)
    if not text.strip():
        raise UserError("file is empty; expected a JSON document", file=path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(json_error(exc), file=path) from None
    except RecursionError:
        raise UserError("JSON nested too deeply to read", file=path) from None


@dataclass(frozen=True)
class CutLine:
    """The crash signature of an append-only file: an unterminated last line that is not JSON.

    A writer killed mid-append leaves exactly this. Every complete record before it is good, so
    readers keep them and name this line; the command that read it exits 1 (docs/formats.md §1).
    """

    file: Path
    line: int
    kept: int

    def __str__(self) -> str:
        return (
            f"{self.file}, line {self.line}: cut short (no newline and not complete JSON: the record "
            f"a crash interrupted); the {self.kept} complete record(s) before it were read, this one was not"
        )


class CutLineWarning(UserWarning):
    """Raised through `warnings` for every `CutLine` read, so that a caller anywhere up the stack
    (the CLI: one place, exit 1) learns of it without each reader threading it back."""

    def __init__(self, cut: CutLine) -> None:
        super().__init__(str(cut))
        self.cut = cut


@dataclass
class JsonLines:
    """A JSON-lines file as read under the one policy: its complete records and its cut line."""

    file: Path
    records: list[tuple[int, dict[str, Any]]]
    cut: CutLine | None = None


def iter_json_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for each non-blank line, streaming, under the one policy.

    An unterminated last line that does not parse (JSON or UTF-8) is a cut line: the records
    before it are yielded, a `CutLineWarning` names it, and iteration ends. A malformed line
    anywhere else, or a last line that ends with a newline, is an error naming the file and line.
    """
    if not path.exists():
        raise UserError("file not found", file=path)
    if path.is_dir():
        raise UserError("expected a file, found a folder", file=path)
    kept = 0
    try:
        fh = gzip.open(path, "rb") if is_gzip(path) else path.open("rb")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror}", file=path) from None
    with fh:
        for i, raw in enumerate(fh, start=1):
            try:
                obj = parse_line(raw, path, i)
            except UserError:
                if not raw.endswith(b"\n"):  # only the last line can lack its newline
                    warnings.warn(CutLineWarning(CutLine(path, i, kept)), stacklevel=2)
                    return
                raise
            if obj is None:
                continue
            kept += 1
            yield i, obj


def is_gzip(path: Path) -> bool:
    """A gzip-compressed file (`output.jsonl.gz`), by its first bytes: read as its content."""
    with path.open("rb") as fh:
        return fh.read(2) == b"\x1f\x8b"


def parse_line(raw: bytes, path: Path, i: int) -> dict[str, Any] | None:
    where = f"line {i}"
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(
            f"not UTF-8 text (bad byte at column {exc.start + 1})", file=path, record=where
        ) from None
    if not line.strip():
        return None
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise UserError(json_error(exc, line=False), file=path, record=where) from None
    except RecursionError:
        raise UserError("JSON nested too deeply to read", file=path, record=where) from None
    if not isinstance(obj, dict):
        raise UserError(f"expected a JSON object, found {type(obj).__name__}", file=path, record=where)
    return obj


@contextmanager
def cut_lines_read() -> Iterator[list[CutLine]]:
    """The cut lines read inside the block, for a caller that reports per file; every warning
    raised in the block still reaches the caller's handler afterwards (the CLI's exit 1)."""
    seen: list[CutLine] = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", CutLineWarning)
            yield seen
    finally:
        seen += [w.message.cut for w in caught if isinstance(w.message, CutLineWarning)]
        for w in caught:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


def read_json_lines(path: Path) -> JsonLines:
    """The whole file under the one policy, with its cut line (if any) returned, not only warned."""
    with cut_lines_read() as cuts:
        records = list(iter_json_lines(path))
    return JsonLines(path, records, cuts[0] if cuts else None)


def read_models(path: Path, model: type[M]) -> list[M]:
    """Every line validated as `model`; the first bad record raises with its line and field."""
    out: list[M] = []
    for i, obj in iter_json_lines(path):
        try:
            out.append(model.model_validate(obj))
        except ValidationError as exc:
            raise UserError(describe_validation_error(exc), file=path, record=f"line {i}") from None
    return out


def validate_models(path: Path, model: type[M]) -> tuple[list[M], list[str]]:
    """Like `read_models` but collects every problem instead of stopping at the first."""
    good: list[M] = []
    problems: list[str] = []
    try:
        for i, obj in iter_json_lines(path):
            try:
                good.append(model.model_validate(obj))
            except ValidationError as exc:
                problems.append(f"{path}, line {i}: {describe_validation_error(exc)}")
    except UserError as exc:
        problems.append(str(exc))
    return good, problems


def dumps(obj: BaseModel | dict[str, Any]) -> str:
    """One compact JSON line. NaN and ±inf become null: they are not JSON, and a strict reader
    (jq, JavaScript, most other languages) rejects the whole file for one of them."""
    if isinstance(obj, BaseModel):
        return obj.model_dump_json()
    return json.dumps(_finite(obj), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def write_models(path: Path, records: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write a whole JSONL file atomically (temp file + rename); returns the count."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    n = 0
    with tmp.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(dumps(rec) + "\n")
            n += 1
        fh.flush()
        os.fsync(fh.fileno())
    tmp.replace(path)
    return n


def append_line(path: Path, record: BaseModel | dict[str, Any]) -> None:
    """Append one record as one line, fsynced, after cutting off a torn tail a crash left."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (dumps(record) + "\n").encode("utf-8")
    cut_torn_tail(path)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def cut_torn_tail(path: Path) -> bool:
    """Truncate an unterminated last line (a write cut short by a crash); True when one was cut.

    The one torn-line policy: the unfinished record is dropped, never closed with a newline,
    which would leave a malformed line in the middle of the file that no later read could skip.
    Only the record being written when the crash came is lost; every finished one stays.
    """
    if not path.exists() or path.stat().st_size == 0:
        return False
    with path.open("rb+") as fh:
        size = fh.seek(0, os.SEEK_END)
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return False
        pos = size
        step = 1 << 16
        while pos > 0:
            start = max(0, pos - step)
            fh.seek(start)
            chunk = fh.read(pos - start)
            nl = chunk.rfind(b"\n")
            if nl >= 0:
                fh.truncate(start + nl + 1)
                break
            pos = start
        else:
            fh.truncate(0)
        fh.flush()
        os.fsync(fh.fileno())
    return True
