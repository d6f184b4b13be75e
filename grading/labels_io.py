"""Label tables (docs/formats.md §5) in CSV, JSONL or Parquet, read and written by one mechanism.

Every verb that produces or consumes labels (judge, labels, gold import/export, calibrate)
goes through here so the three formats stay interchangeable.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.jsonl import iter_json_lines, write_models
from expgrade.grading.schemas.label import LabelRow

if TYPE_CHECKING:  # pandas loads on use: every `expgrade` start would pay for it otherwise
    import pandas as pd

FORMATS = (".csv", ".jsonl", ".parquet")
COLUMNS = list(LabelRow.model_fields)


def format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UserError(
            f"unknown label-table format '{suffix or '(none)'}'; expected one of {', '.join(FORMATS)}",
            file=path,
        )
    return suffix


def _clean(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _row_from_table(raw: dict[str, Any]) -> dict[str, Any]:
    """CSV and Parquet cells: NaN means empty; flags/extra may arrive JSON-encoded."""
    row = {k: _clean(v) for k, v in raw.items()}
    if "status" in row and row["status"] is None:
        row.pop("status")  # an empty cell is the default, graded, as when the column is absent
    for key in ("flags", "extra"):
        v = row.get(key)
        if isinstance(v, str):
            try:
                row[key] = json.loads(v) if v.strip() else ([] if key == "flags" else {})
            except json.JSONDecodeError:
                row[key] = [f for f in v.split(";") if f] if key == "flags" else {"raw": v}
        elif v is None and key in row:
            row.pop(key)
        elif v is not None and hasattr(v, "tolist"):
            row[key] = v.tolist()
    for key in ("label", "item_id", "rater", "task_id", "submission_id", "criterion", "subtask"):
        v = row.get(key)
        if isinstance(v, float) and v.is_integer():
            row[key] = str(int(v))
        elif v is not None and not isinstance(v, str):
            row[key] = str(v)
    return row


def read_label_rows(path: Path) -> list[LabelRow]:
    """All rows of one label table, validated; errors name the file, the row and the field."""
    return [row for _, row in read_located_label_rows(path)]


def read_located_label_rows(path: Path) -> list[tuple[str, LabelRow]]:
    """Each row of one label table with where it is (`line N` in JSONL, `row N` in a table)."""
    fmt = format_of(path)
    if fmt == ".jsonl":
        raw_rows = [(f"line {i}", obj) for i, obj in iter_json_lines(path)]
    else:
        if not path.exists():
            raise UserError("file not found", file=path)
        import pandas as pd

        try:
            df = (
                pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
                if fmt == ".csv"
                else pd.read_parquet(path)
            )
        except (ValueError, OSError, UnicodeDecodeError, pd.errors.ParserError) as exc:
            raise UserError(f"cannot read {fmt[1:]} table: {exc}", file=path) from None
        raw_rows = [
            (f"row {i + 1}", _row_from_table({str(k): v for k, v in r.items()}))
            for i, r in enumerate(df.to_dict("records"))
        ]
    rows = [(where, _validated(obj, path, where, fmt == ".csv")) for where, obj in raw_rows]
    if not rows:
        raise UserError("label table has no rows", file=path)
    return rows


def _coerce_csv_numbers(row: dict[str, Any]) -> dict[str, Any]:
    """CSV cells are text; a cell that is no number stays text so that validation names it."""
    out = dict(row)
    for key in ("score", "confidence", "cost_usd", "response_length", "prompt_tokens", "completion_tokens"):
        if isinstance(out.get(key), str):
            try:
                number = float(out[key])
            except ValueError:
                continue
            out[key] = int(number) if key.endswith(("_length", "_tokens")) and number.is_integer() else number
    return out


def _validated(obj: dict[str, Any], path: Path, where: str, csv: bool) -> LabelRow:
    try:
        return LabelRow.model_validate(_coerce_csv_numbers(obj) if csv else obj)
    except ValidationError as exc:
        raise UserError(describe_validation_error(exc), file=path, record=where) from None


def validate_table_row(raw: dict[str, Any], path: Path, where: str) -> LabelRow:
    """One CSV or Parquet row as `read_label_rows` reads it; the error names file, row and field."""
    return _validated(_row_from_table(raw), path, where, format_of(path) == ".csv")


def read_label_tables(paths: Iterable[Path]) -> list[LabelRow]:
    return [row for p in paths for row in read_label_rows(p)]


def label_frame(rows: Iterable[LabelRow]) -> pd.DataFrame:
    """Rows as a DataFrame with every contract column present (missing ones empty)."""
    import pandas as pd

    records = [r.model_dump(mode="json") for r in rows]
    return pd.DataFrame.from_records(records, columns=COLUMNS)


def write_label_rows(path: Path, rows: Iterable[LabelRow]) -> int:
    """Write rows in the format the path's suffix names; returns the row count."""
    fmt = format_of(path)
    rows = list(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt == ".jsonl":
        return write_models(path, rows)
    df = label_frame(rows)
    if fmt == ".csv":
        df["flags"] = df["flags"].map(json.dumps)
        df["extra"] = df["extra"].map(lambda e: json.dumps(e) if e else "")
        df.to_csv(path, index=False)
    else:
        df["extra"] = df["extra"].map(lambda e: json.dumps(e) if e else "")
        df.to_parquet(path, index=False)
    return len(rows)
