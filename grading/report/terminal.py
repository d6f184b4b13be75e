"""Tables for an 80-column terminal: no word broken inside, every interval kept whole.

Rich wraps a cell at its spaces and, in a column narrower than a word, cuts the word across
lines (`repea / ted_r / ation / ale`); an interval `[0.09, 0.53]` breaks after its comma. Every
table the CLI prints on a run is made here, on three rules:

* a cell's `; `-joined items go one to a line, and an interval goes on a line of its own under
  its value, so a column of figures is as wide as its widest interval and no wider;
* a column of figures never wraps (`no_wrap`): rich shrinks the text columns instead;
* a text column (names) wraps at spaces only, and a word too long for it ends in an ellipsis
  rather than running on to the next line. The full text is in report.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from rich import box
from rich.table import Table

#: " [0.09, 0.53]": an interval as `format_estimate` writes one, with the space before it
_INTERVAL = re.compile(r" (\[-?[\d.]+(?:e-?\d+)?, -?[\d.]+(?:e-?\d+)?\])")


def stacked(cell: str) -> str:
    """The cell with its `; `-joined items one to a line and each interval under its value."""
    return "\n".join(_INTERVAL.sub(r"\n\1", item) for item in cell.split("; "))


def terminal_table(
    title: str,
    headers: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    text_columns: Sequence[int] = (0,),
    stack: bool = True,
    figures: Literal["left", "right"] = "right",
) -> Table:
    """A table that reads at 80 columns: `text_columns` (names) wrap and shrink, the other
    columns hold figures and never wrap. `stack`: put each interval under its value (a table
    with several interval columns needs it to fit; one with a single figure column does not).
    A header may hold a newline, which keeps a figure column as narrow as its figures.
    `figures`: how the figure columns are justified."""
    table = Table(title=title, box=box.SIMPLE_HEAVY, pad_edge=False, show_edge=False, collapse_padding=True)
    for i, header in enumerate(headers):
        text = i in text_columns
        table.add_column(header, justify="left" if text else figures, no_wrap=not text, overflow="ellipsis")
    for row in rows:
        table.add_row(*(stacked(c) if stack else c for c in row))
    return table
