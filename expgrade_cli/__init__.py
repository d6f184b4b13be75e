"""Command-line entry point. Each verb group lives in its own module and registers on `app`.

User mistakes surface as `UserError` and become a one-paragraph message with exit code 2;
anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import sys

from rich.markup import escape

from expgrade.cli.app import app, err_console
from expgrade.grading.errors import UserError


def _register() -> None:
    # Imported for their side effect: each module adds its commands to `app`.
    from expgrade.cli import (  # noqa: F401
        annotate,
        calibrate,
        gold,
        grade,
        judge,
        rubrics,
        sandbox,
        schema,
        submissions,
        tasks,
    )


def main() -> None:
    _register()
    try:
        app()
    except UserError as exc:
        # Escaped: a message may hold brackets (`pip install 'expgrade[ray]'`) that are not markup.
        err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(2)
    except KeyboardInterrupt:
        err_console.print("[yellow]interrupted[/]")
        sys.exit(130)


__all__ = ["app", "main"]
