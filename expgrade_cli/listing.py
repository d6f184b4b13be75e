"""Tables that list names a user must type (rubric ids, item ids): whole at any width, and as JSON.

Rich shrinks a table that does not fit by wrapping or folding its cells, so at 80 columns an id
came out cut in two, and a person copied half of it. The id column is kept whole (`id_column`),
the descriptions beside it wrap instead, and `--format json` gives the same rows to a script.
"""

from __future__ import annotations

import json
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


def id_column(table: Table, header: str, ids: Sequence[str]) -> None:
    """A column of names to type: never wrapped, never cut, as wide as its longest name."""
    table.add_column(header, no_wrap=True, min_width=max([len(header), *map(len, ids)]))


def show(fmt: ListFormat, rows: list[dict[str, Any]], table: Callable[[], Table]) -> None:
    """The rows as JSON (one array, plain print: no wrapping) or as the table `table()` builds."""
    if fmt is ListFormat.json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        console.print(table())
