"""Label tables straight into a validated DataFrame, for the verbs that only need columns.

`read_label_rows` builds one pydantic `LabelRow` per row: right for a few thousand rows, about
80 µs a row, so 100 s for the 1.3 million rows of a large calibration. Calibration needs the
columns, not the objects, so CSV and Parquet tables are checked here column by column against
the same rules (`LabelRow`), and only a row that breaks one is handed to pydantic, which then
raises the usual error naming the file, the row and the field. Whatever this fast path does not
know how to check exactly (columns outside the contract, flags that are not lists) goes through
the row path instead, so both paths accept and reject the same tables.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

import numpy as np

from expgrade.grading.errors import UserError
from expgrade.grading.labels_io import COLUMNS, format_of, label_frame, read_label_rows, validate_table_row
from expgrade.grading.status import VerdictStatus

if TYPE_CHECKING:
    import pandas as pd

TEXT = ("item_id", "rater", "label", "reason", "subtask", "criterion", "task_id", "submission_id",
        "agent_model")  # fmt: skip
CHOICES: dict[str, tuple[str, ...]] = {
    "rater_kind": ("human", "judge"),
    "status": get_args(VerdictStatus),
    "order": ("original", "swapped"),
}
FRACTIONS = ("confidence",)
AMOUNTS = ("score", "cost_usd")
COUNTS = ("response_length", "prompt_tokens", "completion_tokens")


class _RowPath(Exception):
    """The table needs the row-by-row path (something this module does not check exactly)."""


def _is_text(column: pd.Series) -> bool:
    import pandas as pd

    return isinstance(column.dtype, pd.StringDtype)


def _text(column: pd.Series) -> pd.Series:
    """Cells as text the way the row path writes them: a whole float without its `.0`."""
    import pandas as pd

    if _is_text(column):
        return column
    if column.isna().all():
        return pd.Series([None] * len(column), dtype=object)
    if pd.api.types.is_integer_dtype(column.dtype):
        return column.astype(str)
    if pd.api.types.is_float_dtype(column.dtype):
        text = column.map(lambda v: str(int(v)) if v.is_integer() else str(v), na_action="ignore")
        return text.astype(object).where(column.notna(), None)
    raise _RowPath  # mixed Python objects: the row path converts each


def _numbers(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(values as floats with NaN for empty, mask of cells that are not numbers at all)."""
    import pandas as pd

    if pd.api.types.is_bool_dtype(column.dtype):
        raise _RowPath
    if column.dtype == object and column.isna().all():
        return np.full(len(column), np.nan), np.zeros(len(column), dtype=bool)
    present = column.notna().to_numpy()
    values = pd.to_numeric(column, errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    return values, present & np.isnan(values)


def _json_cells(column: pd.Series, kind: type) -> pd.Series:
    """`extra`/`flags` cells written as JSON text (CSV, and `extra` in our Parquet), each distinct
    text parsed once; every cell must come out as `kind` (dict or list). An empty cell is None,
    so that a column with nothing in it costs nothing later."""
    import pandas as pd

    if not _is_text(column):
        if column.isna().all():
            return pd.Series(np.full(len(column), None, dtype=object))
        raise _RowPath
    codes, texts = pd.factorize(column)
    parsed = []
    for t in texts:
        try:
            value = json.loads(t) if t.strip() else None
        except json.JSONDecodeError:
            raise _RowPath from None
        if value is not None and not isinstance(value, kind):
            raise _RowPath
        if isinstance(value, list) and not all(isinstance(f, str) for f in value):
            raise _RowPath
        parsed.append(value)
    lookup = np.empty(len(parsed) + 1, dtype=object)
    lookup[: len(parsed)] = parsed
    lookup[-1] = None
    return pd.Series(lookup[codes], dtype=object)  # code −1 (empty cell) takes the last entry


def _checked(df: pd.DataFrame, path: Path, list_flags: bool) -> pd.DataFrame:
    """The table's contract columns normalised, or the first bad row's pydantic error.

    `list_flags`: the flags column is typed list<string> (Parquet), so every cell is valid.
    """
    import pandas as pd

    if any(c not in COLUMNS for c in df.columns):
        raise _RowPath  # unknown columns move under `extra` row by row
    n = len(df)
    df = df.reset_index(drop=True)
    out: dict[str, Any] = {}
    bad = np.zeros(n, dtype=bool)
    for name in COLUMNS:
        if name not in df:
            continue
        column = df[name]
        if name in TEXT or name in CHOICES:
            text = _text(column)
            if name in ("item_id", "rater"):
                bad |= (text.isna() | (text.str.len() == 0)).to_numpy(dtype=bool, na_value=True)
            if name in CHOICES:
                bad |= (text.notna() & ~text.isin(CHOICES[name])).to_numpy(dtype=bool)
            out[name] = text
        elif name in FRACTIONS or name in AMOUNTS or name in COUNTS:
            values, not_number = _numbers(column)
            with np.errstate(invalid="ignore"):
                bad |= not_number | (values < 0) | np.isinf(values)
                if name in FRACTIONS:
                    bad |= values > 1
                if name in COUNTS:
                    bad |= np.isfinite(values) & (values != np.round(values))
            out[name] = values
        elif name == "flags":
            if list_flags:
                out[name] = column
            else:
                out[name] = _json_cells(column, list)
        else:
            out[name] = _json_cells(column, dict)
    frame = pd.DataFrame(out)
    if "item_id" not in frame or "rater" not in frame or "rater_kind" not in frame:
        raise _RowPath  # a required column is missing or empty: the row path names it
    graded = (
        ~frame["status"].isin(["unscorable"]).to_numpy(dtype=bool) if "status" in frame else np.ones(n, bool)
    )
    no_label = frame["label"].isna().to_numpy(dtype=bool) if "label" in frame else np.ones(n, bool)
    no_score = np.isnan(frame["score"].to_numpy()) if "score" in frame else np.ones(n, bool)
    bad |= graded & no_label & no_score
    if "reason" in frame:
        bad |= ~graded & (frame["reason"].isna() | (frame["reason"].astype(object) == "")).to_numpy(
            dtype=bool
        )
    else:
        bad |= ~graded
    for i in np.flatnonzero(bad)[:1]:
        raw = {str(k): v for k, v in df.iloc[int(i)].items()}
        validate_table_row(raw, path, f"row {i + 1}")  # raises the row path's error
        raise _RowPath  # pydantic accepts what the columns rejected: let it decide every row
    return frame


def _read(path: Path) -> pd.DataFrame:
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    fmt = format_of(path)
    if fmt == ".jsonl":
        return label_frame(read_label_rows(path))
    if not path.exists():
        raise UserError("file not found", file=path)
    list_flags = False
    try:
        if fmt == ".csv":
            df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
        else:
            table = pq.read_table(path)
            # empty columns stay out (calibration fills them); typed list<string> flags are valid
            # as they stand and stay Arrow-backed, not a million small numpy arrays
            kept = [c for c in table.column_names if table.column(c).null_count < table.num_rows]
            flags = table.schema.field("flags").type if "flags" in kept else pa.null()
            list_flags = pa.types.is_list(flags) and flags.value_type in (
                pa.string(),
                pa.large_string(),
                pa.null(),
            )
            df = table.select([c for c in kept if c != "flags" or not list_flags]).to_pandas()
            if list_flags:
                df["flags"] = table.column("flags").to_pandas(types_mapper=pd.ArrowDtype)
    except (ValueError, OSError, UnicodeDecodeError, pd.errors.ParserError, pa.ArrowException) as exc:
        raise UserError(f"cannot read {fmt[1:]} table: {exc}", file=path) from None
    if df.empty:
        raise UserError("label table has no rows", file=path)
    try:
        return _checked(df, path, list_flags)
    except _RowPath:
        return label_frame(read_label_rows(path))


def read_label_frame(paths: Iterable[Path]) -> pd.DataFrame:
    """Every row of the tables as one frame with the contract columns (those of `label_frame`),
    validated by the same rules as `read_label_rows`."""
    import pandas as pd

    frames = [_read(p) for p in paths]
    if not frames:
        raise UserError("no label tables given")
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)
