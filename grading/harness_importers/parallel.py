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

import contextlib
import gc
import multiprocessing
import multiprocessing.connection
import os
import signal
import tempfile
import traceback
import warnings
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.writer import HarnessRecord, StagedSteps, stage_steps
from expgrade.grading.jsonl import CutLine, CutLineWarning, is_gzip, parse_line

#: Worker processes per import: a whole number, 1 for none (every file in the importing
#: process), or `auto` (the default): one per core, for files of `PARALLEL_FROM` bytes or more.
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
    setting = os.environ.get(WORKERS_ENV, "").strip() or "auto"
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
) -> Generator[tuple[str, HarnessRecord], None, None]:
    """`mapper`'s records of each line of `path`, mapped by `workers` processes, in order and
    under the one JSON-lines policy (`jsonl.iter_json_lines`: a cut last line ends the file
    with a `CutLineWarning`; any other malformed line refuses it, naming the line). Each
    record's steps come as a `StagedSteps` file in a temporary folder, removed at the end,
    after the workers that write there have ended."""
    kept = 0
    with (
        tempfile.TemporaryDirectory(prefix="expgrade-import-") as staging,
        contextlib.closing(in_order(_Job(path, mapper, Path(staging)), _lines(path), workers)) as outcomes,
    ):
        for got in outcomes:
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


def _serve(job: _Job, tasks: Connection, results: Connection) -> None:
    """A worker: `job` of each item it is sent, its outcome sent back, until told to stop.
    Ctrl-C is the importing process's: it rolls the file back and ends the workers (a worker
    that took it too would only print a traceback). What the worker inherited is frozen out of
    its collector's sight: walking it would copy every page it shares with the importing
    process, for nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    while (item := tasks.recv()) is not None:
        try:
            got: Outcome | _Failed = job(*item)
        except Exception:  # a defect, not the user's: raised in the importing process, with its traceback
            got = _Failed(traceback.format_exc())
        results.send(got)


@dataclass(frozen=True)
class _Failed:
    """A worker's unexpected exception, as its traceback (an exception may not pickle)."""

    traceback: str


@dataclass
class _Worker:
    """One forked worker and its two pipes: items go out on `tasks`, outcomes come back in
    the same order on `results`."""

    process: BaseProcess
    tasks: Connection
    results: Connection


def in_order(
    job: _Job, items: Iterable[tuple[int, int, int]], workers: int
) -> Generator[Outcome, None, None]:
    """`job` of each item in `workers` forked processes, yielded in the items' order, with at
    most `IN_FLIGHT` items per worker out at once. The workers end when the iteration does,
    however it does (done, an error, Ctrl-C, abandoned).

    Item k goes to worker k mod `workers`, and each worker answers its items in the order it
    got them, so item k's outcome is the next one on that worker's pipe: no queue, lock or
    thread is shared with a worker, so nothing a worker holds when it is stopped (killed
    mid-write, say) can hold up the importing process. A `multiprocessing.Pool` shares all
    three, and Ctrl-C at the wrong moment hung its shutdown."""
    context = multiprocessing.get_context("fork")
    pool: list[_Worker] = []
    pending: deque[_Worker] = deque()
    finished = False

    def outcome(worker: _Worker) -> Outcome:
        # A worker that dies (killed, out of memory) never answers: wait for its answer or its end.
        multiprocessing.connection.wait([worker.results, worker.process.sentinel])
        try:
            got: Outcome | _Failed = worker.results.recv()
        except EOFError:
            raise UserError(
                "a worker process importing this file ended without finishing its line"
                f" (killed, or out of memory?); nothing of this file was kept. {WORKERS_ENV}=1"
                " imports it in one process",
                file=job.path,
            ) from None
        if isinstance(got, _Failed):
            raise RuntimeError(f"a worker process importing {job.path} failed:\n{got.traceback}")
        return got

    try:
        for _ in range(workers):
            task_out, task_in = context.Pipe(duplex=False)
            result_out, result_in = context.Pipe(duplex=False)
            process = context.Process(target=_serve, args=(job, task_out, result_in), daemon=True)
            process.start()
            task_out.close()  # the worker's ends: its death is then an end of file here
            result_in.close()
            pool.append(_Worker(process, task_in, result_out))
        for n, item in enumerate(items):
            worker = pool[n % workers]
            worker.tasks.send(item)
            pending.append(worker)
            if len(pending) >= IN_FLIGHT * workers:
                yield outcome(pending.popleft())
        while pending:
            yield outcome(pending.popleft())
        for worker in pool:
            worker.tasks.send(None)
        finished = True
    finally:
        for worker in pool:
            if not finished:  # stopped early: what the workers hold is not wanted
                worker.process.kill()
            worker.process.join()  # its CPU time then counts as this process's children's
            worker.tasks.close()
            worker.results.close()
