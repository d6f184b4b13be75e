"""`expgrade rubrics` verbs: what the shipped rubrics ask and what answer they expect."""

from __future__ import annotations

import json

import typer
import yaml
from rich.table import Table

from expgrade.cli.app import app, console
from expgrade.cli.listing import FormatOption, ListFormat, show
from expgrade.grading.tables import terminal_table

rubrics_app = typer.Typer(help="The judge rubrics that ship with expgrade.", no_args_is_help=True)
app.add_typer(rubrics_app, name="rubrics")


@rubrics_app.command("list")
def list_cmd(fmt: FormatOption = ListFormat.table) -> None:
    """List the shipped rubrics: id, version, verdict scale and the item fields each needs."""
    from expgrade.grading.judge.rubrics import list_rubrics

    rubrics = list_rubrics()
    rows = [
        {
            "id": r.id,
            "version": r.version,
            "title": r.title,
            "verdict": r.verdict.type,
            "labels": list(r.verdict.labels),
            "fields": [f.name for f in r.fields],
            "required": [f.name for f in r.fields if f.required],
        }
        for r in rubrics
    ]

    def table() -> Table:
        cells = []
        for r in rubrics:
            scale = {
                "binary": "/".join(r.verdict.labels),
                "ordinal": "ordinal: " + " < ".join(r.verdict.labels),
                # Categories in no order (failure modes): `rubrics show` lists them.
                "nominal": f"nominal: {len(r.verdict.labels)} labels",
            }[r.verdict.type]
            fields = ", ".join(f.name + ("*" if f.required else "") for f in r.fields)
            cells.append((r.id, r.version, r.title, scale, fields))
        headers = ("id", "version", "title", "verdict", "item fields (* required)")
        return terminal_table("", headers, cells, text_columns=(2, 3, 4), id_columns=(0, 1), stack=False)

    show(fmt, rows, table)


@rubrics_app.command("show")
def show_cmd(
    rubric_id: str = typer.Argument(..., metavar="ID", help="a rubric id, or a path to a rubric YAML file"),
    as_json: bool = typer.Option(False, "--json", help="print the rubric as JSON instead of YAML"),
) -> None:
    """Show one rubric in full, with its content digest and the JSON schema its judges must answer."""
    from expgrade.grading.judge.prompt import verdict_schema
    from expgrade.grading.judge.rubrics import load_rubric

    r = load_rubric(rubric_id)
    data = {**r.model_dump(mode="json"), "digest": r.digest, "answer_schema": verdict_schema(r)}
    if as_json:
        console.print_json(json.dumps(data))
    else:
        typer.echo(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), nl=False)
