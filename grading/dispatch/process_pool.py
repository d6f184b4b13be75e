"""Gradings spread over worker processes on this machine (`expgrade grade --workers N`).

A judge-heavy grading spends milliseconds of CPU per judge call inside litellm, so one process
tops out at a few hundred calls a second on one core. Each worker process here runs several
gradings at once in threads, sharing that process's judge loop and engine
(grading/graders/judging.py) exactly as the local executor's threads share the driver's. The
grade function (whose settings carry the run's shared budget gate and rate limiter,
expgrade.grading.judge.shared_accounts) reaches each worker once, when it starts, so every grading in
a worker uses one engine; each job then travels as (ticket, job, GPU ids).

`concurrent.futures.ProcessPoolExecutor` runs one call per process at a time, which would
leave a worker's judge loop nearly idle while its one grading waits on HTTP; hence this pool.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import pickle
import queue
import signal
import threading
import traceback
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue, SimpleQueue
from typing import Any

from expgrade.grading.dispatch.base import GradeFn, Job

#: How long the collector waits for a result before it looks for dead worker processes again.
_POLL_S = 0.2
#: How long a worker may take to stop on SIGTERM (remove its containers) before it is killed.
_TERM_GRACE_S = 10.0


class WorkerDied(RuntimeError):
    """A worker process ended while gradings it held were unfinished (killed, out of memory)."""


def _portable(exc: BaseException) -> BaseException:
    """`exc` if it survives pickling, else a RuntimeError carrying its type, text and traceback."""
    try:
        back = pickle.loads(pickle.dumps(exc))
    except Exception:
        text = "".join(traceback.format_exception(exc)).rstrip()
        return RuntimeError(f"{type(exc).__name__} in a grading worker process: {exc}\n{text}")
    return back if isinstance(back, BaseException) else RuntimeError(str(exc))


def _grade_one(grade: GradeFn, ticket: int, job: Job, ids: list[int], outbox: Queue[Any]) -> None:
    """Grade one job in a worker thread; the result or the exception goes back pickled here, so
    a value that cannot travel fails this job rather than the queue's feeder thread."""
    try:
        message = (ticket, True, pickle.dumps(grade(job, ids)))
    except BaseException as exc:
        message = (ticket, False, pickle.dumps(_portable(exc)))
    outbox.put(message)


def _serve(grade: GradeFn, threads: int, inbox: SimpleQueue[Any], outbox: Queue[Any]) -> None:
    """A worker process: grade what arrives, `threads` at a time, until told to stop (None)."""
    from expgrade.grading.sandbox import reaper

    # The driver decides when the run stops; a Ctrl-C at the terminal reaches it and every
    # worker alike. SIGTERM (the driver giving up on running gradings) removes their containers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    reaper.install()
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="expgrade-grade") as pool:
        for ticket, job, ids in iter(inbox.get, None):
            pool.submit(_grade_one, grade, ticket, job, ids, outbox)


@dataclass
class _Worker:
    process: BaseProcess
    inbox: SimpleQueue[Any]
    running: dict[int, str] = field(default_factory=dict)  # ticket -> job key


class ProcessPool:
    """`processes` worker processes, each grading up to `threads` jobs at once.

    `submit` returns a Future, resolved by a collector thread here when the result comes back;
    a worker process that dies fails the futures of the jobs it held with `WorkerDied`.
    """

    def __init__(self, grade: GradeFn, *, processes: int, threads: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._outbox: Queue[Any] = context.Queue()
        self._workers: list[_Worker] = []
        for n in range(processes):
            inbox: SimpleQueue[Any] = context.SimpleQueue()
            process = context.Process(
                target=_serve,
                args=(grade, threads, inbox, self._outbox),
                name=f"expgrade-grade-worker-{n}",
                daemon=True,
            )
            process.start()
            self._workers.append(_Worker(process, inbox))
        self._futures: dict[int, Future[dict[str, Any]]] = {}
        self._tickets: Iterator[int] = itertools.count()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._collector = threading.Thread(target=self._collect, name="expgrade-grade-collector", daemon=True)
        self._collector.start()

    def submit(self, job: Job, gpu_ids: list[int]) -> Future[dict[str, Any]]:
        """Hand `job` to the least busy live worker."""
        future: Future[dict[str, Any]] = Future()
        future.set_running_or_notify_cancel()
        with self._lock:
            live = [w for w in self._workers if w.process.exitcode is None]
            if not live:
                future.set_exception(WorkerDied("every grading worker process has ended"))
                return future
            worker = min(live, key=lambda w: len(w.running))
            ticket = next(self._tickets)
            self._futures[ticket] = future
            worker.running[ticket] = job.key
            worker.inbox.put((ticket, job, gpu_ids))
        return future

    def _collect(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(queue.Empty):
                self._resolve(*self._outbox.get(timeout=_POLL_S))
            # Every turn, not only when no result came: other workers' steady results must not
            # hide a dead one.
            self._fail_the_dead()

    def _resolve(self, ticket: int, ok: bool, data: bytes) -> None:
        with self._lock:
            future = self._futures.pop(ticket, None)
            for worker in self._workers:
                worker.running.pop(ticket, None)
        if future is None:
            return
        try:
            value = pickle.loads(data)
        except Exception as exc:  # e.g. an exception class this process cannot import
            future.set_exception(RuntimeError(f"a grading's result could not be read back here: {exc!r}"))
            return
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)

    def _fail_the_dead(self) -> None:
        """Fail the jobs of worker processes that ended, after taking every result they sent."""
        with self._lock:
            dead = [w for w in self._workers if w.running and w.process.exitcode is not None]
        if not dead:
            return
        with contextlib.suppress(queue.Empty):
            while True:
                self._resolve(*self._outbox.get(timeout=_POLL_S))
        for worker in dead:
            with self._lock:
                lost = dict(worker.running)
                worker.running.clear()
                futures = [self._futures.pop(t) for t in lost if t in self._futures]
            keys = ", ".join(lost.values())
            died = WorkerDied(
                f"grading worker process {worker.process.pid} ended (exit code {worker.process.exitcode}) "
                f"while grading {keys}; rerun the same command to grade what is left"
            )
            for future in futures:
                future.set_exception(died)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the workers: after their running gradings finish (`wait`), or now, with SIGTERM.

        Every job is in a worker as soon as it is submitted, so there is nothing queued here
        for `cancel_futures` to cancel; it is accepted for ThreadPoolExecutor's signature.
        """
        for worker in self._workers:
            if worker.process.exitcode is None:
                if wait:
                    worker.inbox.put(None)
                else:
                    worker.process.terminate()
        for worker in self._workers:
            worker.process.join(None if wait else _TERM_GRACE_S)
            if worker.process.exitcode is None:
                worker.process.kill()
                worker.process.join()
        self._fail_the_dead()
        self._stop.set()
        self._collector.join()
        self._outbox.close()
        self._outbox.join_thread()
