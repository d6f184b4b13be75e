"""`expgrade schema NAME`: the JSON Schema of a file format, for users writing files by hand."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from expgrade.cli.app import app
from expgrade.grading.errors import UserError
from expgrade.grading.schemas import FORMATS as SCHEMAS


@app.command("schema")
def schema(
    name: Annotated[str, typer.Argument(help=f"One of: {', '.join(SCHEMAS)}.")],
) -> None:
    """Print the JSON Schema of a Task, a submission.json, a results record, a label row or the run report."""
    model = SCHEMAS.get(name)
    if model is None:
        raise UserError(f"unknown schema '{name}'; expected one of: {', '.join(SCHEMAS)}")
    typer.echo(json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False))
