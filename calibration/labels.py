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
from expgrade.grading.items import is_adjudication
from expgrade.grading.labels_io import label_frame
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
    task_id: NDArray[np.object_] | None = None
    #: an adjudicator's decision per item (`gold export`'s rows marked extra.adjudication), kept
    #: apart from the raters: its code, NO_DECISION, or UNSCORABLE_DECISION (decided: no gold)
    adjudicated: IntArray | None = None

    @property
    def n_items(self) -> int:
        return int(self.item_ids.shape[0])


#: `LabelData.adjudicated` of an item nobody adjudicated, and of one decided unscorable
NO_DECISION = -1
UNSCORABLE_DECISION = -2


def _decision_rows(frame: pd.DataFrame) -> np.ndarray:
    """Which rows are an adjudicator's decision (extra.adjudication), not a rater's label."""
    extra = _column(frame, "extra")
    if extra is None:
        return np.zeros(len(frame), dtype=bool)
    return np.fromiter((is_adjudication(e) for e in extra.to_numpy(dtype=object)), bool, len(extra))


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


def _column(df: pd.DataFrame, name: str) -> pd.Series | None:
    """A column, or None when the table lacks it or leaves it empty throughout."""
    if name not in df:
        return None
    column = df[name]
    return None if column.isna().all() else column


def _first_per_item(values: pd.Series | None, item: IntArray, n_items: int) -> np.ndarray:
    """The first non-empty value of a column for each item, in row order (items agree on these)."""
    out = np.full(n_items, None, dtype=object)
    if values is None:
        return out
    rows = np.flatnonzero(values.notna().to_numpy(dtype=bool))
    first = np.full(n_items, -1, dtype=np.int64)
    first[item[rows[::-1]]] = rows[::-1]  # the last write per item is its earliest row
    has = first >= 0
    out[has] = values.take(first[has]).to_numpy(dtype=object)
    return out


def _verdicts(label: pd.Series | None, score: pd.Series | None, n: int) -> tuple[IntArray, list[str]]:
    """Each row's verdict as a code into the distinct verdict texts: its label, else its score
    written compactly; texts are stripped, so two spellings may share one text."""
    if label is None:
        codes, distinct = np.full(n, -1, dtype=np.int64), []
    else:
        found, uniques = pd.factorize(label.reset_index(drop=True))
        codes, distinct = found.astype(np.int64), [str(v) for v in uniques]
    missing = np.flatnonzero(codes < 0)
    if missing.size:
        scores = (
            score.reset_index(drop=True).take(missing).to_numpy(dtype=float, na_value=np.nan)
            if score is not None
            else np.full(missing.size, np.nan)
        )
        texts = [format(float(s), "g") if np.isfinite(s) else "None" for s in scores]
        extra, more = pd.factorize(pd.Series(texts, dtype=object))
        codes[missing] = extra + len(distinct)
        distinct += [str(v) for v in more]
    return codes, [v.strip() for v in distinct]


def _rater_codes(codes: IntArray, item: IntArray, swapped: np.ndarray, confidence: FloatArray,
                 cost: FloatArray, n_items: int, k: int) -> RaterCodes:  # fmt: skip
    """One rater's rows as per-item codes: the plurality of its verdicts in the original order
    (repeated samples), else in the swapped order."""

    def counts(rows: np.ndarray) -> FloatArray:
        flat = np.bincount(item[rows] * k + codes[rows], minlength=n_items * k)
        return flat.reshape(n_items, k).astype(float)

    original_counts, swapped_counts = counts(~swapped), counts(swapped)
    original, ties_o = plurality(original_counts)
    swapped_codes, _ = plurality(swapped_counts)
    primary = np.where(original_counts.sum(axis=1) > 0, original, swapped_codes)
    conf = np.full(n_items, np.nan)
    ok = np.isfinite(confidence) & ~swapped
    conf[item[ok]] = confidence[ok]
    return RaterCodes(primary, original, swapped_codes, conf, float(np.nansum(cost)), ties_o)


def frame_of(rows: list[LabelRow]) -> pd.DataFrame:
    """Label rows as a frame; the public entry points accept either."""
    if not rows:
        raise UserError("no label rows given")
    return label_frame(rows)


def _floats(df: pd.DataFrame, name: str, n: int) -> FloatArray:
    column = _column(df, name)
    if column is None:
        return np.full(n, np.nan)
    return pd.to_numeric(column, errors="coerce").to_numpy(dtype=float, na_value=np.nan)


def _check_shared_items(items: np.ndarray, kind: np.ndarray) -> None:
    """Judge rows and human rows with no item in common measure nothing: the ids are off (another
    run, another id scheme), and reporting "the human labels only" would hide that."""
    judge, human = kind == "judge", kind != "judge"
    if not judge.any():
        return
    judged, gold = set(items[judge]), set(items[human])
    if judged & gold:
        return
    raise UserError(
        f"{int(judge.sum())} judge rows, {int(human.sum())} gold rows, none shares an item id: check the "
        f"ids (a judge row's item e.g. '{min(map(str, judged))}', a gold row's e.g. '{min(map(str, gold))}')",
        field="item_id",
    )


def load_label_data(frame: pd.DataFrame, level: Level | None = None) -> LabelData:
    """Count and drop unscorable rows, fix the scale, and index every rater's verdicts by item.

    Columns the frame lacks count as empty. Everything runs on whole columns (factorised codes,
    `bincount`), so a million rows take about a second.
    """
    if level is not None and level not in LEVELS:
        raise UserError(f"unknown level of measurement '{level}'; expected one of {', '.join(LEVELS)}")
    missing = [c for c in ("item_id", "rater", "rater_kind") if c not in frame]
    if missing:
        raise UserError(f"label frame lacks the required column(s) {', '.join(missing)}")
    status = _column(frame, "status")
    unscorable_rows = (
        (status == "unscorable").to_numpy(dtype=bool, na_value=False)
        if status is not None
        else np.zeros(len(frame), dtype=bool)
    )
    unscorable = {
        str(k): int(v)
        for k, v in frame["rater"][unscorable_rows].value_counts(sort=False).sort_index().items()
    }
    decision_rows = _decision_rows(frame)
    decided_unscorable = set(frame["item_id"][decision_rows & unscorable_rows])
    df = (
        frame[~unscorable_rows].reset_index(drop=True)
        if unscorable_rows.any()
        else frame.reset_index(drop=True)
    )
    decision_rows = decision_rows[~unscorable_rows]
    if df.empty:
        raise UserError("every label row is unscorable; nothing to calibrate")
    n_rows = len(df)
    kind = df["rater_kind"].to_numpy(dtype=object)
    if decision_rows.any():  # neither a human rater nor a judge: the item's decided gold
        kind = np.where(decision_rows, "adjudication", kind).astype(object)
    if not (kind == "human").any():
        raise UserError(
            "no human label rows (rater_kind=human): calibration measures judges against human labels",
            field="rater_kind",
        )
    _check_shared_items(df["item_id"].to_numpy(dtype=object), kind)
    label = _column(df, "label")
    score = _column(df, "score")
    value_codes, distinct = _verdicts(label, score, n_rows)
    extra = _column(df, "extra")
    cand_len = cand_models = None
    if extra is not None:
        filled = extra[extra.map(bool, na_action="ignore").fillna(False).astype(bool)]
        cand_len = filled.map(lambda e: _extra_field(e, "candidate_lengths")).reindex(df.index)
        cand_models = filled.map(lambda e: _extra_field(e, "candidate_models")).reindex(df.index)
    order = _column(df, "order")
    pairwise = bool(order is not None or (cand_len is not None and cand_len.notna().any()))
    scale = detect_scale(
        pd.Series(sorted(set(distinct))), label is None or bool(label.isna().any()), pairwise, level
    )
    if scale.binary:
        lookup = np.array([1 if c.lower() == "pass" else 0 for c in distinct], dtype=np.int64)
    else:
        position = {c: i for i, c in enumerate(scale.categories)}
        lookup = np.array([position[c] for c in distinct], dtype=np.int64)
    codes = lookup[value_codes]
    item, item_index = pd.factorize(df["item_id"], sort=True)
    item = item.astype(np.int64)
    n, k = len(item_index), scale.k

    lengths = np.full((n, 2), np.nan)
    for i, v in enumerate(_first_per_item(cand_len, item, n)):
        if isinstance(v, dict):
            lengths[i] = [float(v.get("1", np.nan)), float(v.get("2", np.nan))]
    models = np.empty((n, 2), dtype=object)
    for i, v in enumerate(_first_per_item(cand_models, item, n)):
        if isinstance(v, dict):
            models[i] = [v.get("1"), v.get("2")]

    swapped = (
        (order == "swapped").to_numpy(dtype=bool, na_value=False)
        if order is not None
        else np.zeros(n_rows, dtype=bool)
    )
    confidence, cost = _floats(df, "confidence", n_rows), _floats(df, "cost_usd", n_rows)
    rater, rater_names = pd.factorize(df["rater"], sort=True)
    by_rater = np.argsort(rater, kind="stable")
    bounds = np.searchsorted(rater[by_rater], np.arange(len(rater_names) + 1))
    humans: dict[str, RaterCodes] = {}
    judges: dict[str, RaterCodes] = {}
    for r, name in enumerate(rater_names):
        rows = by_rater[bounds[r] : bounds[r + 1]]
        raters_of_kind = (kind[rows] == "human", kind[rows] == "judge")
        for target, mine in zip((humans, judges), raters_of_kind, strict=True):
            if mine.any():
                sub = rows[mine]
                target[str(name)] = _rater_codes(
                    codes[sub], item[sub], swapped[sub], confidence[sub], cost[sub], n, k
                )
    human_counts = np.zeros((n, k))
    for h in humans.values():
        ok = h.codes >= 0
        human_counts[np.flatnonzero(ok), h.codes[ok]] += 1.0
    gold, gold_ties = plurality(human_counts)
    adjudicated = np.full(n, NO_DECISION, dtype=np.int64)
    adjudicated[item[decision_rows]] = codes[decision_rows]
    adjudicated[np.isin(np.asarray(item_index, dtype=object), list(decided_unscorable))] = UNSCORABLE_DECISION
    response_length = _first_per_item(_column(df, "response_length"), item, n)
    return LabelData(
        scale=scale,
        item_ids=np.asarray(item_index, dtype=object),
        subtask=_first_per_item(_column(df, "subtask"), item, n),
        criterion=_first_per_item(_column(df, "criterion"), item, n),
        agent_model=_first_per_item(_column(df, "agent_model"), item, n),
        response_length=np.array([np.nan if v is None else float(v) for v in response_length], dtype=float),
        candidate_lengths=lengths,
        candidate_models=models,
        humans=humans,
        judges=judges,
        human_counts=human_counts,
        gold=gold,
        gold_ties=gold_ties,
        unscorable=unscorable,
        task_id=_first_per_item(_column(df, "task_id"), item, n)
        if _column(df, "task_id") is not None
        else None,
        adjudicated=adjudicated,
    )
