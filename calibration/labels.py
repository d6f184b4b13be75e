"""From label rows (docs/formats.md §5) to aligned per-item code arrays, and the human gold label.

Everything downstream works on small integer arrays indexed by item: the category code each
rater gave (−1: no verdict), the human vote counts and the gold label. Building them once with
pandas keeps a million-row table fast and every statistic a plain numpy expression.

Gold label and its tie rule
---------------------------
The gold label of an item is the category most of its human raters chose (plurality). When two
or more categories tie for the most votes — e.g. one `pass` and one `fail`, or 1/2/tie from
three annotators — the item has **no gold label**: it is left out of every judge-vs-human
statistic and counted under `gold_ties`. Breaking the tie towards either side would bias the
judge's measured leniency; dropping it does not. The same rule turns several verdicts of one
rater on one item (repeated samples) into that rater's verdict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from expgrade.calibration.validation import LEVELS, FloatArray, Level
from expgrade.grading.errors import UserError
from expgrade.grading.labels_io import COLUMNS, label_frame
from expgrade.grading.schemas.label import LabelRow

IntArray = NDArray[np.int64]

PAIRWISE_CATEGORIES = ("1", "2", "tie")
MAX_CATEGORIES = 50


@dataclass(frozen=True)
class Scale:
    """The categories of the labels, in order, and how distances between them are measured."""

    categories: tuple[str, ...]
    values: FloatArray
    level: Level
    positive: int | None
    pairwise: bool

    @property
    def k(self) -> int:
        return len(self.categories)

    @property
    def binary(self) -> bool:
        return self.positive is not None


@dataclass
class RaterCodes:
    """One rater's verdicts, aligned to the item index (−1 where it gave none)."""

    codes: IntArray
    original: IntArray
    swapped: IntArray
    confidence: FloatArray
    cost_usd: float
    ties: int


@dataclass
class LabelData:
    """All label rows of a calibration, as arrays over the distinct items."""

    scale: Scale
    item_ids: NDArray[np.object_]
    subtask: NDArray[np.object_]
    criterion: NDArray[np.object_]
    agent_model: NDArray[np.object_]
    response_length: FloatArray
    candidate_lengths: FloatArray
    candidate_models: NDArray[np.object_]
    humans: dict[str, RaterCodes]
    judges: dict[str, RaterCodes]
    human_counts: FloatArray
    gold: IntArray
    gold_ties: int
    unscorable: dict[str, int] = field(default_factory=dict)

    @property
    def n_items(self) -> int:
        return int(self.item_ids.shape[0])


def plurality(counts: FloatArray) -> tuple[IntArray, int]:
    """The most-voted category per row; −1 where nobody voted or the top votes tie.

    Returns the codes and how many rows had a tie.
    """
    top = counts.max(axis=1)
    n_top = (counts == top[:, None]).sum(axis=1)
    voted = top > 0
    tied = voted & (n_top > 1)
    codes = np.where(voted & ~tied, counts.argmax(axis=1), -1).astype(np.int64)
    return codes, int(tied.sum())


def _value_strings(df: pd.DataFrame) -> pd.Series:
    """A row's verdict as text: its label, else its score written compactly."""
    values = df["label"].astype(object)
    from_score = values.isna() & df["score"].notna()
    values[from_score] = df.loc[from_score, "score"].map(lambda s: format(float(s), "g"))
    return values.astype(str).str.strip()


def _as_number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def detect_scale(values: pd.Series, uses_score: bool, pairwise: bool, level: Level | None = None) -> Scale:
    """Binary if the labels are pass/fail, pairwise 1/2/tie if the rows carry pairwise fields,
    ordinal for whole numbers, interval for scores, nominal otherwise; `level` overrides."""
    distinct = sorted(str(v) for v in values.unique())
    if not distinct:
        raise UserError("no graded label rows to calibrate")
    lowered = {v.lower() for v in distinct}
    if lowered <= {"pass", "fail"}:
        return Scale(("fail", "pass"), np.array([0.0, 1.0]), level or "nominal", 1, False)
    if pairwise and set(distinct) <= set(PAIRWISE_CATEGORIES):
        cats = tuple(c for c in PAIRWISE_CATEGORIES if c in distinct or c != "tie")
        return Scale(cats, np.arange(len(cats), dtype=float), level or "nominal", None, True)
    if len(distinct) > MAX_CATEGORIES:
        raise UserError(
            f"labels take {len(distinct)} distinct values; calibration compares categories, so bin "
            f"continuous scores into at most {MAX_CATEGORIES} levels first",
            field="label",
        )
    numbers = [_as_number(v) for v in distinct]
    if all(n is not None for n in numbers):
        pairs = sorted(zip(numbers, distinct, strict=True))
        nums = np.array([p[0] for p in pairs], dtype=float)
        whole = bool(np.all(nums == np.round(nums)))
        guessed: Level = "interval" if uses_score or not whole else "ordinal"
        return Scale(tuple(p[1] for p in pairs), nums, level or guessed, None, False)
    if level not in (None, "nominal"):
        raise UserError(
            f"level '{level}' needs numeric labels; found {', '.join(distinct[:5])}", field="label"
        )
    return Scale(tuple(distinct), np.arange(len(distinct), dtype=float), "nominal", None, False)


def _extra_field(extra: Any, key: str) -> Any:
    return extra.get(key) if isinstance(extra, dict) else None


def _per_item_first(df: pd.DataFrame, column: str, index: pd.Index) -> pd.Series:
    """The first non-empty value of a column for each item (items agree on these)."""
    present = df.loc[df[column].notna(), ["item_id", column]]
    return present.drop_duplicates("item_id").set_index("item_id")[column].reindex(index)


def _counts(codes: IntArray, item_pos: IntArray, n_items: int, k: int) -> FloatArray:
    out = np.zeros((n_items, k))
    np.add.at(out, (item_pos, codes), 1.0)
    return out


def _rater_codes(rows: pd.DataFrame, n_items: int, k: int) -> RaterCodes:
    pos = rows["_item"].to_numpy(np.int64)
    codes = rows["_code"].to_numpy(np.int64)
    swapped_mask = (rows["order"] == "swapped").to_numpy()
    original_counts = _counts(codes[~swapped_mask], pos[~swapped_mask], n_items, k)
    swapped_counts = _counts(codes[swapped_mask], pos[swapped_mask], n_items, k)
    original, ties_o = plurality(original_counts)
    swapped, _ = plurality(swapped_counts)
    has_original = original_counts.sum(axis=1) > 0
    primary = np.where(has_original, original, swapped)
    confidence = np.full(n_items, np.nan)
    conf = rows["confidence"].to_numpy(dtype=float, na_value=np.nan)
    ok = np.isfinite(conf) & ~swapped_mask
    confidence[pos[ok]] = conf[ok]
    cost = float(np.nansum(rows["cost_usd"].to_numpy(dtype=float, na_value=np.nan)))
    return RaterCodes(primary, original, swapped, confidence, cost, ties_o)


def frame_of(rows: list[LabelRow]) -> pd.DataFrame:
    """Label rows as a frame; the public entry points accept either."""
    if not rows:
        raise UserError("no label rows given")
    return label_frame(rows)


def load_label_data(frame: pd.DataFrame, level: Level | None = None) -> LabelData:
    """Count and drop unscorable rows, fix the scale, and index every rater's verdicts by item."""
    if level is not None and level not in LEVELS:
        raise UserError(f"unknown level of measurement '{level}'; expected one of {', '.join(LEVELS)}")
    missing = [c for c in ("item_id", "rater", "rater_kind") if c not in frame]
    if missing:
        raise UserError(f"label frame lacks the required column(s) {', '.join(missing)}")
    df = frame.copy()
    for column in COLUMNS:
        if column not in df:
            df[column] = None
    df["status"] = df["status"].fillna("graded")
    unscorable_rows = df[df["status"] == "unscorable"]
    unscorable = {str(k): int(v) for k, v in unscorable_rows.groupby("rater").size().items()}
    df = df[df["status"] != "unscorable"].reset_index(drop=True)
    if df.empty:
        raise UserError("every label row is unscorable; nothing to calibrate")
    if not (df["rater_kind"] == "human").any():
        raise UserError(
            "no human label rows (rater_kind=human): calibration measures judges against human labels",
            field="rater_kind",
        )
    df["_value"] = _value_strings(df)
    extras = df["extra"][df["extra"].map(bool, na_action="ignore").fillna(False).astype(bool)]
    cand_len = extras.map(lambda e: _extra_field(e, "candidate_lengths")).reindex(df.index)
    cand_models = extras.map(lambda e: _extra_field(e, "candidate_models")).reindex(df.index)
    pairwise = bool(df["order"].notna().any() or cand_len.notna().any())
    scale = detect_scale(df["_value"], bool(df["label"].isna().any()), pairwise, level)
    lookup = {c: i for i, c in enumerate(scale.categories)}
    if scale.binary:
        lookup = {c: i for c in df["_value"].unique() for i in [1 if c.lower() == "pass" else 0]}
    df["_code"] = df["_value"].map(lookup).astype(np.int64)
    item_codes, item_index = pd.factorize(df["item_id"], sort=True)
    df["_item"] = item_codes
    n, k = len(item_index), scale.k
    index = pd.Index(item_index)

    df["_cand_len"] = cand_len
    df["_cand_models"] = cand_models
    lengths = np.full((n, 2), np.nan)
    first_len = _per_item_first(df, "_cand_len", index)
    for i, v in enumerate(first_len.to_numpy()):
        if isinstance(v, dict):
            lengths[i] = [float(v.get("1", np.nan)), float(v.get("2", np.nan))]
    models = np.empty((n, 2), dtype=object)
    for i, v in enumerate(_per_item_first(df, "_cand_models", index).to_numpy()):
        if isinstance(v, dict):
            models[i] = [v.get("1"), v.get("2")]

    humans = {
        str(r): _rater_codes(g, n, k) for r, g in df[df["rater_kind"] == "human"].groupby("rater", sort=True)
    }
    judges = {
        str(r): _rater_codes(g, n, k) for r, g in df[df["rater_kind"] == "judge"].groupby("rater", sort=True)
    }
    human_counts = np.zeros((n, k))
    for h in humans.values():
        ok = h.codes >= 0
        human_counts[np.flatnonzero(ok), h.codes[ok]] += 1.0
    gold, gold_ties = plurality(human_counts)
    return LabelData(
        scale=scale,
        item_ids=np.asarray(item_index, dtype=object),
        subtask=_per_item_first(df, "subtask", index).to_numpy(dtype=object),
        criterion=_per_item_first(df, "criterion", index).to_numpy(dtype=object),
        agent_model=_per_item_first(df, "agent_model", index).to_numpy(dtype=object),
        response_length=_per_item_first(df, "response_length", index).to_numpy(dtype=float, na_value=np.nan),
        candidate_lengths=lengths,
        candidate_models=models,
        humans=humans,
        judges=judges,
        human_counts=human_counts,
        gold=gold,
        gold_ties=gold_ties,
        unscorable=unscorable,
    )
