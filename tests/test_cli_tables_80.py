"""Every table the CLI prints keeps ids, numbers and intervals whole in an 80-column terminal:
descriptions wrap instead. Each command runs for real (Typer's runner, COLUMNS=80) on the bundled
examples; each id, number and interval it should show must sit whole on one line, and no line may
pass column 80. Once, the failure-mode table printed `1.00 [0.21,` / `1.00]` and the validate and
import tables `mine/diabete` / `s-ridge`."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from expgrade.cli import _register
from expgrade.cli.app import app
from expgrade.grading.tables import terminal_table

_register()
ROOT = Path(__file__).resolve().parent.parent
DATASETS = ROOT / "examples" / "datasets"
DEMO = ROOT / "examples" / "demo"
WIDTH = {"COLUMNS": "80", "NO_COLOR": "1", "TERMINAL_WIDTH": "80"}
runner = CliRunner()


def run(*argv: str) -> str:
    result = runner.invoke(app, list(argv), env=WIDTH, terminal_width=80)
    assert result.exit_code in (0, 1), (argv, result.output)
    return result.output


def assert_whole(text: str, tokens: Iterable[str]) -> None:
    """Each token (an id, a number, an interval) whole on one line; no line past column 80."""
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80, text
    for token in tokens:
        pattern = rf"(?<![\w/.-]){re.escape(token)}(?![\w/-])"
        assert any(re.search(pattern, line) for line in lines), f"{token!r} not whole on one line:\n{text}"


def test_the_rule_gives_way_in_descriptions_only() -> None:
    """The helper itself, with the widths that broke before: a mode id, a share with its interval
    and a long list of examples in one row."""
    cells = [
        ("results_unsupported_by_any_step", "12", "1.00 [0.21, 1.00]", "17", "careful-agent-run-1@17, " * 6),
        ("environment_setup", "3", "0.25 [0.09, 0.53]", "–", "x@1"),
    ]
    console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
    console.print(
        terminal_table(
            "modes",
            ("mode", "count", "share", "step", "examples"),
            cells,
            text_columns=(4,),
            id_columns=(0,),
            stack=False,
        )
    )
    assert_whole(
        console.export_text(), ["results_unsupported_by_any_step", "1.00 [0.21, 1.00]", "0.25 [0.09, 0.53]"]
    )


def test_import_and_validate_tables(tmp_path: Path) -> None:
    """Import tables name the sources' folder once, in the title, and keep every count whole
    (their long kind headers wrap at spaces instead: `leaves: Code Development`)."""
    sources = sorted((DATASETS / "expbench" / "iclr2024").glob("*.json"))
    out = run("tasks", "import", "expbench", *map(str, sources), "--out", str(tmp_path / "tasks.jsonl"))
    assert_whole(out, ["29", "13", "11", "masked_source", "source-only", "no_answer"])
    assert "iclr2024/" in out.split("━")[0]  # the folder, in the title
    out = run("tasks", "validate", str(tmp_path / "tasks.jsonl"))
    assert_whole(out, ["expbench", "29"])
    rubrics = sorted((DATASETS / "paperbench" / "rubrics").rglob("*.json"))
    out = run("tasks", "import", "paperbench", *map(str, rubrics), "--out", str(tmp_path / "pb.jsonl"))
    assert_whole(out, ["Development", "Execution", "Analysis", "status"])
    judged = sorted((DATASETS / "paperbench" / "judge_eval").glob("*.json"))
    out = run("gold", "import", "paperbench", *map(str, judged), "--out", str(tmp_path / "gold.jsonl"))
    assert_whole(out, ["79", "116", "unscorable", "status"])


def test_submission_tables_keep_ids_whole(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    long_id = "mine-agent-run-07__diabetes-ridge"
    shutil.copytree(DEMO / "submissions" / "careful-adam", subs / long_id)
    shutil.copytree(DEMO / "submissions" / "sloppy-adam", subs / "sloppy-adam")
    out = run("submissions", "validate", str(subs))
    assert_whole(out, [long_id, "sloppy-adam", "demo/tiny-digits/adam"])


def test_failure_taxonomy_and_rubric_tables() -> None:
    from expgrade.grading.failures.taxonomy import load_taxonomy
    from expgrade.grading.judge.rubrics import list_rubrics

    assert_whole(run("failures", "taxonomy"), [m.id for m in load_taxonomy(None).modes])
    assert_whole(run("rubrics", "list"), [r.id for r in list_rubrics()])
