"""Public judge-vs-human data sets as label tables: PandaLM, LLMBar (Natural) and the alt-test sets.

How a pairwise preference becomes a label row
---------------------------------------------
Both sets compare two outputs of the same instruction. The *label* is the output the rater
prefers, as nominal text: `"1"`, `"2"`, or `"tie"` (PandaLM only). Output numbers always refer
to the data set's original numbering, also for verdicts given with the outputs swapped.

* `order` is `original` or `swapped` for LLMBar's two presentations (its `swap = False` /
  `swap = True` results; both `winner` fields are already in original numbering — checked
  against the completions' "Output (a)/(b)" wording). PandaLM judged one order, so `order` is
  empty there.
* `response_length` is the length in characters of the output the rater preferred (empty for
  a tie); the lengths of both candidates go to `extra.candidate_lengths` (`{"1": n, "2": m}`),
  which the length-bias check uses to ask whether a judge prefers the longer output more often
  than the humans do. `extra.candidate_models` (PandaLM's `cmp_key`) names the model behind each
  output, for the self-preference check.
* Verdicts a judge failed to give (PandaLM's GPT-3.5 `garbage`, LLMBar's PaLM2 empty
  completions) are `unscorable` rows: counted, never treated as a preference.
* LLMBar re-queried inconsistent judges a second time; only the first round (one verdict per
  order) is used as the verdict, and the later round is kept in `extra.rerun_winners`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.schemas.label import LabelRow

PANDALM_TESTSET = "testset-v1.json"
PANDALM_JUDGES: dict[str, tuple[str, str]] = {
    # file beside the test set -> (rater name, field holding the verdict)
    "gpt-3.5-turbo-testset-v1.json": ("gpt-3.5-turbo", "gpt_result"),
    "pandalm-7b-testset-v1.json": ("pandalm-7b", "pandalm_result"),
}
LLMBAR_DATASET = "dataset.json"
_PANDALM_VERDICTS = {"0": "tie", "tie": "tie", "1": "1", "2": "2"}


def _records(path: Path) -> list[dict[str, Any]]:
    data = load_json(path)
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise UserError("expected a JSON list of objects", file=path)
    return data


def _field(record: dict[str, Any], key: str, path: Path, where: str) -> Any:
    if key not in record:
        raise UserError("missing field", file=path, record=where, field=key)
    return record[key]


def _pair_fields(first: str, second: str) -> dict[str, Any]:
    return {"candidate_lengths": {"1": len(first), "2": len(second)}}


def _verdict_row(base: dict[str, Any], label: str | None, lengths: dict[str, int], reason: str) -> LabelRow:
    if label is None:
        return LabelRow.model_validate({**base, "status": "unscorable", "reason": reason})
    return LabelRow.model_validate({**base, "label": label, "response_length": lengths.get(label)})


def pandalm_rows(path: Path) -> list[LabelRow]:
    """PandaLM's test set (`testset-v1.json`, or its folder) with the judge files found beside it."""
    testset = path / PANDALM_TESTSET if path.is_dir() else path
    items = _records(testset)
    judges: list[tuple[str, str, dict[Any, dict[str, Any]]]] = []
    for filename, (rater, key) in PANDALM_JUDGES.items():
        judge_path = testset.parent / filename
        if judge_path.exists():
            judges.append((rater, key, {r.get("idx"): r for r in _records(judge_path)}))
    rows: list[LabelRow] = []
    for item in items:
        idx = _field(item, "idx", testset, "?")
        where = f"idx {idx}"
        first, second = (
            str(_field(item, "response1", testset, where)),
            str(_field(item, "response2", testset, where)),
        )
        models = str(item.get("cmp_key", "")).split("_", 1)
        extra = {
            **_pair_fields(first, second),
            "candidate_models": {"1": models[0], "2": models[1]} if len(models) == 2 else None,
            "motivation_app": item.get("motivation_app"),
        }
        base = {"item_id": f"pandalm/{idx}", "extra": extra}
        lengths = extra["candidate_lengths"]
        for n in (1, 2, 3):
            raw = str(_field(item, f"annotator{n}", testset, where))
            label = _PANDALM_VERDICTS.get(raw.lower())
            if label is None:
                raise UserError(
                    f"annotator verdict '{raw}' is not 0, 1 or 2",
                    file=testset,
                    record=where,
                    field=f"annotator{n}",
                )
            rows.append(
                _verdict_row({**base, "rater": f"annotator{n}", "rater_kind": "human"}, label, lengths, "")
            )
        for rater, key, verdicts in judges:
            raw = str(verdicts.get(idx, {}).get(key, "")).strip().lower()
            rows.append(
                _verdict_row(
                    {**base, "rater": rater, "rater_kind": "judge"},
                    _PANDALM_VERDICTS.get(raw),
                    lengths,
                    f"judge gave no usable verdict ({raw or 'missing'})",
                )
            )
    return rows


def _winner(result: dict[str, Any], key: str) -> str | None:
    w = result.get(key, {}).get("winner")
    return str(w) if w is not None and str(w) in ("1", "2") else None


def llmbar_rows(path: Path) -> list[LabelRow]:
    """LLMBar (`dataset.json`, or its folder): the expert label plus every judge folder's
    `swap_result.json`, one row per judge × order."""
    dataset = path / LLMBAR_DATASET if path.is_dir() else path
    items = _records(dataset)
    judge_files = sorted(dataset.parent.glob("*/swap_result.json"))
    judged = {f.parent.name: _records(f) for f in judge_files}
    for name, results in judged.items():
        if len(results) != len(items):
            raise UserError(
                f"{len(results)} results for {len(items)} items",
                file=dataset.parent / name / "swap_result.json",
            )
    rows: list[LabelRow] = []
    for i, item in enumerate(items):
        where = f"item {i}"
        first, second = (
            str(_field(item, "output_1", dataset, where)),
            str(_field(item, "output_2", dataset, where)),
        )
        label = str(_field(item, "label", dataset, where))
        if label not in ("1", "2"):
            raise UserError(
                f"expert label '{label}' is not 1 or 2", file=dataset, record=where, field="label"
            )
        pair = _pair_fields(first, second)
        base: dict[str, Any] = {"item_id": f"llmbar-natural/{i}", "extra": pair}
        lengths = pair["candidate_lengths"]
        rows.append(_verdict_row({**base, "rater": "expert", "rater_kind": "human"}, label, lengths, ""))
        for rater, results in judged.items():
            record = results[i]
            if record.get("input") != item.get("input"):
                raise UserError(
                    "item does not match dataset.json at the same position",
                    file=dataset.parent / rater / "swap_result.json",
                    record=where,
                )
            rounds = record.get("results") or [{}]
            extra = {
                **base["extra"],
                "rerun_winners": [{k: v.get("winner") for k, v in r.items()} for r in rounds[1:]],
            }
            for order, key in (("original", "swap = False"), ("swapped", "swap = True")):
                rows.append(
                    _verdict_row(
                        {**base, "extra": extra, "rater": rater, "rater_kind": "judge", "order": order},
                        _winner(rounds[0], key),
                        lengths,
                        "judge gave no usable verdict (empty completion)",
                    )
                )
    return rows


ALTTEST_HUMANS = "human_annotations.json"
ALTTEST_JUDGES = "llm_annotations.json"


def _annotation_maps(path: Path) -> dict[str, dict[str, Any]]:
    data = load_json(path)
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise UserError("expected an object of raters, each an object of instance id -> label", file=path)
    return data


def alttest_rows(path: Path) -> list[LabelRow]:
    """A data set of the alt-test paper (nitaytech/AltTest `data/<name>/`): `human_annotations.json`
    and `llm_annotations.json`, each {rater: {instance id: label}}, as one row per rater × instance.

    Labels keep their published text (numbers become their decimal string, so a 1–5 star scale
    is read as ordinal); a null label is an unscorable row.
    """
    folder = path if path.is_dir() else path.parent
    name = folder.name
    rows: list[LabelRow] = []
    for filename, kind in ((ALTTEST_HUMANS, "human"), (ALTTEST_JUDGES, "judge")):
        source = folder / filename
        if not source.exists():
            raise UserError(f"missing {filename} of the alt-test data set", file=folder)
        for rater, labels in _annotation_maps(source).items():
            for instance, label in labels.items():
                base = {"item_id": f"{name}/{instance}", "rater": str(rater), "rater_kind": kind}
                if label is None:
                    rows.append(
                        LabelRow.model_validate({**base, "status": "unscorable", "reason": "no label"})
                    )
                elif isinstance(label, str | int | float) and not isinstance(label, bool):
                    rows.append(LabelRow.model_validate({**base, "label": str(label)}))
                else:
                    raise UserError(
                        f"label must be text or a number; got {type(label).__name__}",
                        file=source,
                        record=f"rater '{rater}', instance '{instance}'",
                    )
    return rows


CONVERTERS: dict[str, Callable[[Path], list[LabelRow]]] = {
    "pandalm": pandalm_rows,
    "llmbar": llmbar_rows,
    "alttest": alttest_rows,
}
