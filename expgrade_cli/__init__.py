"""Command-line entry point. Each verb group lives in its own module and registers on `app`.

User mistakes surface as `UserError` and become a one-paragraph message with exit code 2;
anything else is a bug and keeps its traceback. A JSON-lines file read with a cut last line
(`CutLineWarning`, docs/formats.md §1) is named when it is read and turns a success into exit 1.
"""

from __future__ import annotations

import atexit
import os
import sys
import warnings
from typing import Any, NoReturn, TextIO

from rich.markup import escape

from expgrade.cli.app import app, err_console
from expgrade.grading.errors import UserError
from expgrade.grading.heap import own_heap, settle_before_exit
from expgrade.grading.jsonl import CutLineWarning


def _register() -> None:
    from expgrade.cli.help_width import keep_names_whole

    keep_names_whole()
    # Imported for their side effect: each module adds its commands to `app`.
    from expgrade.cli import (  # noqa: F401
        annotate,
        calibrate,
        compare,
        failures,
        gold,
        grade,
        judge,
        judge_audit,
        rubrics,
        sandbox,
        schema,
        submissions,
        tasks,
    )


class _CutLines:
    """Shows each cut line once, when it is first read (the other warnings as Python would), and
    counts how often it was read: one verb reads one file several times (a report reads the
    results for its table, its checks and its calibration), which said the same line 4 times and
    counted it as 4 files."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, int], int] = {}
        self._show = warnings.showwarning

    def show(
        self,
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if isinstance(message, CutLineWarning):
            where = (str(message.cut.file), message.cut.line)
            self.seen[where] = self.seen.get(where, 0) + 1
            if self.seen[where] == 1:
                err_console.print(
                    f"[bold yellow]warning:[/] {escape(str(message.cut))}", highlight=False, soft_wrap=True
                )
        else:
            self._show(message, category, filename, lineno, file, line)

    def summary(self) -> str:
        """The exit line: how many files, and how often their cut lines were read."""
        files = len({file for file, _ in self.seen})
        reads = sum(self.seen.values())
        again = f" (read {reads} times; said once above)" if reads > len(self.seen) else ""
        return f"{files} file(s) ended in a cut line{again}; every complete record before it was used"


def _interrupted() -> NoReturn:
    """Say how to go on, and end now. These keep what was done (the run folder, the judge's
    response cache): said, so that nobody starts over in a new folder and pays twice. Ended at
    once: a normal exit joins the worker threads first, which finish the judge calls and sandbox
    runs they hold (4-9 s, or a sandbox run's whole length), and nothing they would write is
    needed (results are appended whole or not at all, and a resume regrades the rest). The exit
    hooks still run (the sandbox's removes the containers still running), then `os._exit`; a
    container the engine was still creating at that instant is left, as after a kill, to the
    next run's reaping (`expgrade sandbox gc`)."""
    resumes = sys.argv[1:2] in (["grade"], ["judge"], ["judge-audit"])
    err_console.print(
        "[yellow]interrupted[/]" + (": re-run the same command to resume" if resumes else ""), highlight=False
    )
    atexit._run_exitfuncs()
    settle_before_exit()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)


def main() -> None:
    own_heap()  # the CLI's process is expgrade's alone (grading/heap.py)
    _register()
    cuts = _CutLines()
    warnings.showwarning = cuts.show
    warnings.simplefilter("always", CutLineWarning)
    if sys.argv[1:3] == ["judge", "audit"]:  # `expgrade judge ITEMS` keeps its positional argument
        sys.argv[1:3] = ["judge-audit"]
    try:
        app()
    except SystemExit as exc:
        code: Any = exc.code
        if code == 130:  # Typer turns Ctrl-C into a silent exit 130
            _interrupted()
        if cuts.seen and code in (0, None):
            err_console.print(f"[bold red]exit 1:[/] {cuts.summary()}", highlight=False)
            sys.exit(1)
        raise
    except UserError as exc:
        # Escaped: a message may hold brackets (`pip install 'expgrade[ray]'`) that are not markup.
        err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(2)
    except KeyboardInterrupt:
        _interrupted()
    finally:
        settle_before_exit()


__all__ = ["app", "main"]
