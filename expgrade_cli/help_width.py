"""`--help` at 80 columns: option and command names whole, their descriptions wrapped instead.

Typer lays `--help` out as a rich table whose columns all may shrink; in a narrow terminal rich
shrinks the widest ones first, and an option name such as `--judge-concurrency` came out as
`--judge-concurr…`, which nobody can type. Typer has no setting for it, so the tables its help
builds (typer.rich_utils, one `Table` per panel) keep names whole: an option's names go one
per line into one column that never wraps, its type under them, and the description beside
them wraps instead; a command's name likewise. Each panel is a table of its own, so a command
that puts its rarer options into panels (`rich_help_panel`) keeps its common ones' description
column wide. tests/test_cli_help_width.py walks every command's
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
#: The type Typer shows for an on/off flag
_FLAG = "<bool>"


class _NamesWhole(Table):
    def add_row(self, *renderables: Any, **kwargs: Any) -> None:
        cells = list(renderables)
        names = 0  # a command's name, in a commands panel
        if len(cells) >= _OPTION_ROW and all(isinstance(c, Text) for c in cells[-_OPTION_ROW:-1]):
            # An option's names, one per line in one column (`--spotlight` over `--no-spotlight`),
            # and its type under them (`  <int range> [x>=1]`): the column is as wide as the
            # longest single name or type, and the description keeps the rest of the line (a
            # type column of its own left `grade --help` a 22-character description column).
            parts = [p for cell in cells[-_OPTION_ROW:-2] for p in cell.split(",") if p.plain]
            kind = cells[-2]  # a flag's `<bool>` is left out: a flag takes no value
            typed = [Text("  ") + kind] if kind.plain and kind.plain != _FLAG else []
            cells[-_OPTION_ROW:-1] = [Text("\n").join([*parts, *typed])]
            names = len(cells) - 2
        super().add_row(*cells, **kwargs)
        self.columns[names].no_wrap = True
        self.columns[-1].overflow = "fold"  # a description's long word (a path) folds, never cut


def keep_names_whole() -> None:
    """Make Typer's help tables keep names whole (idempotent; before any help is printed)."""
    import typer.rich_utils

    typer.rich_utils.Table = _NamesWhole  # type: ignore[misc]
