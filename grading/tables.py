"""Tables for an 80-column terminal: no id, number or word broken inside, every interval kept whole.

Rich wraps a cell at its spaces and, in a column narrower than a word, cuts the word across
lines (`repea / ted_r / ation / ale`); an interval `[0.09, 0.53]` breaks after its comma. Every
table the CLI prints is made here, on these rules:

* a cell's `; `-joined items go one to a line, and an interval goes on a line of its own under
  its value, so a column of figures is as wide as its widest interval and no wider;
* a column of figures never wraps (`no_wrap`): rich shrinks the text columns instead;
* a text column (names) wraps at spaces only, and a word too long for it ends in an ellipsis
  rather than running on to the next line. The full text is in report.md;
* an id column (a name a person types back: a submission, task, rubric or mode id) and every
  figure column are as wide as their widest line (`min_width`), so rich, shrinking a table to
  the terminal, takes the room from the text columns and never folds or cuts an id, a number or
  an interval (`mine/diabete` / `s-ridge`, `1.00 [0.21,` / `1.00]` were printed once).

This module imports rich only, so a command that lists something starts without the report's
libraries; tests/test_cli_tables_80.py renders each table at 80 columns.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Literal

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

#: " [0.09, 0.53]": an interval as `format_estimate` writes one, with the space before it
_INTERVAL = re.compile(r" (\[-?[\d.]+(?:e-?\d+)?, -?[\d.]+(?:e-?\d+)?\])")


def stacked(cell: str) -> str:
    """The cell with its `; `-joined items one to a line and each interval under its value."""
    return "\n".join(_INTERVAL.sub(r"\n\1", item) for item in cell.split("; "))


def _widest_line(cells: Iterable[str]) -> int:
    return max((cell_len(line) for c in cells for line in Text.from_markup(c).plain.splitlines()), default=0)


def _header(header: str, width: int) -> str:
    """A header over a column that never wraps, broken at its spaces to the column's width
    (rich never wraps the header of such a column: `leaves: Code Development` over counts
    pushed the last columns off the screen)."""
    lines = header.splitlines()
    width = max(width, *(len(w) for line in lines for w in line.split()))
    return "\n".join(textwrap.fill(line, width) for line in lines)


def terminal_table(
    title: str,
    headers: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    text_columns: Sequence[int] = (0,),
    id_columns: Sequence[int] = (),
    path_columns: Sequence[int] = (),
    stack: bool = True,
    figures: Literal["left", "right"] = "right",
    total: Sequence[str] | None = None,
) -> Table:
    """A table that reads at 80 columns: `text_columns` (names, descriptions) wrap and shrink;
    `id_columns` (left-justified) and the other columns, figures, never wrap and are never
    narrower than their widest line. `stack`: put each interval under its value (a table with
    several interval columns needs it to fit; one with a single figure column does not). A
    header may hold a newline, which keeps a figure column as narrow as its figures. `figures`:
    how the figure columns are justified. `total`: a last row, below a rule. `path_columns`
    (file paths) give way like text, but fold a long path onto the next line rather than cut it:
    a path as an id column took the room of every other column."""
    table = Table(title=title, box=box.SIMPLE_HEAVY, pad_edge=False, show_edge=False, collapse_padding=True)
    shown = [[stacked(c) if stack else c for c in row] for row in rows]
    every = [*shown, *([list(total)] if total is not None else [])]
    for i, header in enumerate(headers):
        if i in text_columns or i in path_columns:
            table.add_column(header, justify="left", overflow="fold" if i in path_columns else "ellipsis")
        else:
            width = _widest_line(row[i] for row in every)
            justify = "left" if i in id_columns else figures
            table.add_column(
                _header(header, width), justify=justify, no_wrap=True, overflow="ellipsis", min_width=width
            )
    for row in shown:
        table.add_row(*row)
    if total is not None:
        table.add_section()
        table.add_row(*total)
    return table
