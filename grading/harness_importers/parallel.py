"""The records of one JSON-lines file mapped in worker processes, taken back in file order.

One process maps 41–45 MB of OpenHands output per CPU second (bench/harness.md), most of it
the interpreter's work per history event and per step, so one core cannot import 50 MB/s.
The records of a JSON-lines file are independent (a line is a record is a submission folder):
the importing process finds the lines and hands each to a few worker processes, which read
it, parse it, map it through the presets and check and write its steps
(`writer.stage_steps`). The importing process takes each line's outcome back in the file's
order and writes it as it writes any record (`SubmissionWriter`: attempt numbers, repeats,
refusals, the file rolled back on an error or Ctrl-C), so the messages, counts and files are
those of an import in one process, byte for byte. At most `IN_FLIGHT` lines per worker are
out at once, which bounds memory whatever the file's size.

Workers are forked: they start with the modules loaded and inherit the mapping rather than
having it pickled. A worker reads its line from the file by offset, and writes the record's
steps to a file of its own (`writer.StagedSteps`) that the importing process moves into the
record's folder, so neither lines nor trajectories pass between processes. Files smaller
than `PARALLEL_FROM` are read in the importing process, where starting workers would cost
about what they save, and so is every file where `fork` is not available and every gzip
file. Formats that are not a record a line (an ATIF or Inspect JSON document, a SWE-agent
`.traj`) are read in one process.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import tempfile
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult
from multiprocessing.queues import SimpleQueue
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.writer import HarnessRecord, StagedSteps, stage_steps
from expgrade.grading.jsonl import CutLine, CutLineWarning, is_gzip, parse_line

#: Worker processes per import: a whole number, 1 for none (every file in the importing
#: process), or `auto`: one per core, for files of `PARALLEL_FROM` bytes or more. Unset: none.
#: Opt-in, because Ctrl-C during a parallel import can still hang it or keep a folder of the
#: file it stopped (about 1 run in 10 of tests/test_harness_parallel.py's Ctrl-C test).
WORKERS_ENV = "EXPGRADE_IMPORT_WORKERS"
#: Smaller files are read in the importing process: below this, starting the workers costs
#: about what they save (the cross-over measured in bench/harness.md).
PARALLEL_FROM = 8 << 20
#: Lines out at once per worker: one being mapped, one waiting, so a worker never idles
#: while the importing process writes, and memory holds a few records whatever the file.
IN_FLIGHT = 2

#: (describe, record) pairs of one line, as `presets.map_one` yields them.
Mapped = Iterable[tuple[str, HarnessRecord]]


def workers_for(path: Path) -> int:
    """How many worker processes map `path`'s records (1: none). A gzip file is read in one
    process: a worker reads its line from the file by offset, which gzip does not have."""
    if "fork" not in multiprocessing.get_all_start_methods() or is_gzip(path):
        return 1
    setting = os.environ.get(WORKERS_ENV, "").strip()
    if not setting:
        return 1
    if setting == "auto":
        return 1 if path.stat().st_size < PARALLEL_FROM else os.cpu_count() or 1
    if not setting.isdigit() or int(setting) < 1:
        raise UserError(
            f"{WORKERS_ENV}={setting!r}: expected `auto` or a whole number of worker processes, 1 or more"
        )
    return int(setting)


@dataclass(frozen=True)
class _Cut:
    """The file's last line, cut short (docs/formats.md §1)."""

    line: int


#: A line's outcome, as a worker sends it back: its records, its cut, or its refusal.
Outcome = list[tuple[str, HarnessRecord]] | _Cut | UserError


def mapped_lines(
    path: Path, mapper: Callable[[int, dict[str, Any]], Mapped], workers: int
) -> Iterator[tuple[str, HarnessRecord]]:
    """`mapper`'s records of each line of `path`, mapped by `workers` processes, in order and
    under the one JSON-lines policy (`jsonl.iter_json_lines`: a cut last line ends the file
    with a `CutLineWarning`; any other malformed line refuses it, naming the line). Each
    record's steps come as a `StagedSteps` file in a temporary folder, removed at the end."""
    kept = 0
    with tempfile.TemporaryDirectory(prefix="expgrade-import-") as staging:
        for got in in_order(_Job(path, mapper, Path(staging)), _lines(path), workers):
            if isinstance(got, _Cut):
                warnings.warn(CutLineWarning(CutLine(path, got.line, kept)), stacklevel=2)
                return
            if isinstance(got, UserError):
                raise got
            kept += bool(got)
            yield from got


def _lines(path: Path) -> Iterator[tuple[int, int, int]]:
    """(line number, offset, length) of each line: a worker reads the line itself."""
    offset = 0
    with path.open("rb") as fh:
        for line, raw in enumerate(fh, start=1):
            yield line, offset, len(raw)
            offset += len(raw)


@dataclass(frozen=True)
class _Job:
    """What a worker does with one line: read it, parse it, map it, and check and write its
    records' steps to `staging`."""

    path: Path
    mapper: Callable[[int, dict[str, Any]], Mapped]
    staging: Path

    def __call__(self, line: int, offset: int, length: int) -> Outcome:
        with self.path.open("rb") as fh:
            fh.seek(offset)
            raw = fh.read(length)
        try:
            obj = parse_line(raw, self.path, line)
        except UserError as exc:
            return exc if raw.endswith(b"\n") else _Cut(line)  # only the last line lacks one
        if obj is None:
            return []
        try:
            mapped = list(self.mapper(line, obj))
            for n, (_, rec) in enumerate(mapped):
                if rec.steps is not None and not isinstance(rec.steps, StagedSteps):
                    rec.steps = stage_steps(rec.steps, self.staging / f"{line}-{n}.jsonl")
        except UserError as exc:
            return exc
        return mapped


#: The job of the pool being started: forked workers inherit it (never pickled).
_JOB: _Job | None = None
#: Where each worker says it started (its pid): forked workers inherit it.
_STARTED: SimpleQueue[int] | None = None


def _start() -> None:
    """A worker's start. Ctrl-C is the importing process's: it rolls the file back and ends
    the workers (a worker that took it too would only print a traceback). What the worker
    inherited is frozen out of its collector's sight: walking it would copy every page it
    shares with the importing process, for nothing. It says it started: a pool starts a
    worker only in place of one that died, and the line that one held never comes back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    assert _STARTED is not None, "a worker forked without its start queue"
    _STARTED.put(os.getpid())


def _run(line: int, offset: int, length: int) -> Outcome:
    assert _JOB is not None, "a worker forked without its job"
    return _JOB(line, offset, length)


def in_order(job: _Job, items: Iterable[tuple[int, int, int]], workers: int) -> Iterator[Outcome]:
    """`job` of each item in `workers` forked processes, yielded in the items' order, with at
    most `IN_FLIGHT` items per worker out at once. The workers end when the iteration does,
    however it does (done, an error, Ctrl-C, abandoned)."""
    global _JOB, _STARTED
    context = multiprocessing.get_context("fork")
    _JOB, _STARTED = job, context.SimpleQueue()
    started = _STARTED
    pool = context.Pool(workers, initializer=_start)
    pending: deque[AsyncResult[Outcome]] = deque()
    pids: set[int] = set()  # the workers started so far

    def outcome(result: AsyncResult[Outcome]) -> Outcome:
        # A worker that dies (killed, out of memory) is replaced by the pool, and the line it
        # held is lost: waiting for it would wait for ever. A worker started beyond the first
        # `workers` says one died.
        while not result.ready():
            result.wait(0.5)
            while not started.empty():
                pids.add(started.get())
            if len(pids) > workers and not result.ready():
                raise UserError(
                    "a worker process importing this file ended without finishing its line"
                    f" (killed, or out of memory?); nothing of this file was kept. {WORKERS_ENV}=1"
                    " imports it in one process",
                    file=job.path,
                )
        return result.get()

    try:
        for item in items:
            pending.append(pool.apply_async(_run, item))
            if len(pending) >= IN_FLIGHT * workers:
                yield outcome(pending.popleft())
        while pending:
            yield outcome(pending.popleft())
    finally:
        pool.terminate()  # and waits for the workers: their CPU time is counted as this process's children's
        _JOB = _STARTED = None
