"""`--help` at 80 columns: option and command names whole, their descriptions wrapped instead.

Typer lays `--help` out as a rich table whose columns all may shrink; in a narrow terminal rich
shrinks the widest ones first, and an option name such as `--judge-concurrency` came out as
`--judge-concurr…`, which nobody can type. Typer has no setting for it, so the tables its help
builds (typer.rich_utils, one `Table` per panel) keep names whole: an option's names go one
per line into one column that never wraps (the type and the description beside it wrap
instead), and a command's name likewise. tests/test_cli_help_width.py walks every command's
help at 80 columns.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

#: Cells of a row of Typer's options panel: [required], long names, short names, negative long
#: names, negative short names, the type, the description.
_NAME_CELLS = 4
_OPTION_ROW = _NAME_CELLS + 2


class _NamesWhole(Table):
    def add_row(self, *renderables: Any, **kwargs: Any) -> None:
        cells = list(renderables)
        if len(cells) >= _OPTION_ROW and all(isinstance(c, Text) for c in cells[-_OPTION_ROW:-2]):
            # An option's names, one per line in one column (`--spotlight` over `--no-spotlight`):
            # the column is as wide as the longest single name, and the description keeps the rest.
            parts = [p for cell in cells[-_OPTION_ROW:-2] for p in cell.split(",") if p.plain]
            cells[-_OPTION_ROW:-2] = [Text("\n").join(parts)]
        super().add_row(*cells, **kwargs)
        names = len(self.columns) - 3 if len(cells) > 2 else 0  # the names: options', commands'
        self.columns[names].no_wrap = True
        self.columns[-1].overflow = "fold"  # a description's long word (a path) folds, never cut


def keep_names_whole() -> None:
    """Make Typer's help tables keep names whole (idempotent; before any help is printed)."""
    import typer.rich_utils

    typer.rich_utils.Table = _NamesWhole  # type: ignore[misc]
