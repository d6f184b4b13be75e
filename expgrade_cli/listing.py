"""Tables that list names a user must type (rubric ids, item ids): whole at any width, and as JSON.

Rich shrinks a table that does not fit by wrapping or folding its cells, so at 80 columns an id
came out cut in two, and a person copied half of it. The id column is kept whole (the one rule of
`expgrade.grading.tables.terminal_table`), the descriptions beside it wrap instead, and
`--format json` gives the same rows to a script.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.table import Table

from expgrade.cli.app import console


class ListFormat(StrEnum):
    table = "table"
    json = "json"


FormatOption = Annotated[
    ListFormat, typer.Option("--format", help="table (default) or json: the same rows, for scripts.")
]


def in_one_folder(paths: Sequence[str]) -> tuple[str, list[str]]:
    """The folder the paths share and each path under it, so a table names the folder once (in its
    title) and its path column holds short names: `examples/datasets/expbench/iclr2024/` repeated
    on every row left the figures no room at 80 columns. ("", paths) when they share none."""
    try:
        folder = os.path.commonpath([os.path.dirname(p) for p in paths]) if paths else ""
    except ValueError:  # absolute and relative paths mixed
        folder = ""
    if not folder:
        return "", list(paths)
    return folder, [os.path.relpath(p, folder) for p in paths]


def show(fmt: ListFormat, rows: list[dict[str, Any]], table: Callable[[], Table]) -> None:
    """The rows as JSON (one array, plain print: no wrapping) or as the table `table()` builds."""
    if fmt is ListFormat.json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        console.print(table())
