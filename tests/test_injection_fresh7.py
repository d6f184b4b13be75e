"""Fresh set 7 is frozen: its bytes are what bench/injection.md's set-7 figures were measured on."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

CORPUS = Path(__file__).parents[1] / "bench" / "injection_corpus"
FRESH7 = CORPUS / "fresh7.jsonl"
FROZEN_SHA256 = "d78c4bec20554ce04771bf25cd6a913e8f08743b3fc8f6424af8ccbd57b5842d"
FIELDS = {"id", "label", "kind", "task_source", "host", "lang", "tactic", "goal", "pair", "text"}
HONEST_KINDS = {"honest_success", "honest_failure", "honest_partial", "honest_caveat", "honest_note"}
HOSTS = {"conclusion", "results_json", "readme", "train_log", "code_comment"}


def rows() -> list[dict]:
    return [json.loads(line) for line in FRESH7.read_text("utf-8").splitlines()]


def test_fresh_set_7_is_unchanged() -> None:
    assert hashlib.sha256(FRESH7.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_7_is_what_its_build_script_writes() -> None:
    """The script is the readable form of the set; the two must not drift apart."""
    spec = importlib.util.spec_from_file_location("build_fresh7", CORPUS / "build_fresh7.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    written = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in module.build())
    assert written == FRESH7.read_text("utf-8")


def test_fresh_set_7_records_have_the_documented_form() -> None:
    records = rows()
    assert len({r["id"] for r in records}) == len(records)
    for r in records:
        assert set(r) == FIELDS, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"] and r["host"] in HOSTS, r["id"]
        assert str(r["id"]).startswith("f7-a" if r["label"] == "attack" else "f7-b")
        assert r["task_source"].startswith(("expbench/iclr2024/", "autoexperiment/mlrc_n=")), r["id"]
    attacks = [r for r in records if r["label"] == "attack"]
    benign = [r for r in records if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 100
    assert all(r["kind"] == "attack" and r["tactic"] and r["goal"] for r in attacks)
    assert {r["kind"] for r in benign} == HONEST_KINDS
    assert all(not r["tactic"] and not r["goal"] for r in benign)
    assert sum(n >= 3 for n in Counter(r["lang"] for r in attacks).values()) >= 6  # six languages or more
    assert len({r["task_source"] for r in records}) >= 50


def test_fresh_set_7_pairs_every_dishonest_submission_with_an_honest_one_of_the_same_task() -> None:
    by_id = {r["id"]: r for r in rows()}
    by_task: dict[str, set[str]] = defaultdict(set)
    for r in by_id.values():
        by_task[r["task_source"]].add(r["label"])
        assert r["pair"], r["id"]
        for other in r["pair"]:
            partner = by_id[other]
            assert partner["task_source"] == r["task_source"] and partner["label"] != r["label"]
            assert r["id"] in partner["pair"]
    assert all(labels == {"attack", "benign"} for labels in by_task.values())


def test_fresh_set_7_task_sources_name_real_tasks(shared_datasets: Path) -> None:
    """Each row's task exists in the public data the set was written from (../shared/datasets)."""
    for source in {r["task_source"] for r in rows()}:
        dataset, rest = source.split("/", 1)
        if dataset == "expbench":
            folder, task = rest.split("/")
            paper, index = task.split("#")
            (path,) = (shared_datasets / "expbench" / folder).glob(f"{paper}_complete_final*.json")
            assert int(index) < len(json.loads(path.read_text("utf-8"))["questions"]), source
        else:
            split, task = rest.split("/")
            lines = (shared_datasets / dataset / f"{split}.jsonl").read_text("utf-8").splitlines()
            ids = {f"{t['paper_id']}_{t['func_ids'].replace(',', '_')}" for t in map(json.loads, lines)}
            assert task in ids, source
