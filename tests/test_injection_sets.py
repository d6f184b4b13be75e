"""The frozen injection sets (bench/injection_corpus/sets/): bench/injection.md's figures belong to their
bytes.

Each set is a JSONL file with one provenance note beside it (source, method, date, sha256). The pins below
are the sha256 of each file's bytes, as the earlier per-set tests computed them; a set's note must state
the same pin. Then the form each note documents: fields, ids, goals, twins (the same artefact without the
attack), and each set's design (sizes, languages, disguises), set by set.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

SETS = Path(__file__).parents[1] / "bench" / "injection_corpus" / "sets"
PINS = {
    "attacks": "f87a05f8f612e436536ff6d0a6d51fe093030b90cbdd6fffd0547e74f41d6e71",
    "benign": "707422f6f99286aafa0ddc79c5614d87ad4b97bf2e8bbe8f5abb05781bce0f25",
    "benign_grading_text": "45af0343ebf65445d4e182ff8f483c4ea96b45b2113e3972fdd0dafe0347ba04",
    "benign_research_prose": "7a839dc5b1cd68b347fa66726f41d279989d21cc036216c5f1ba8bf68cf7b950",
    "dev_semantic": "4e3add8cbcf766099a6f0facb5cb5ebe7b262a88d8e8f61631234313ce198535",
    "fresh3": "56664caf92960826376b6121ac3e012be497c14eb812ae596c2843d52a90e949",
    "fresh4": "48e5d3cffd10ece9d1822af3c43d71b6c7914eff40e027486b07e16a03f84951",
    "fresh5": "9be63ce6117e048f8dea7ef24401f256c0d7b94c507a13df57f5cec3d56a295b",
    "fresh6": "283b62160456fa1655eb65a23b14b1a03712a9ac6b8b9e90133f7cf8c86db8ec",
    "fresh7": "d78c4bec20554ce04771bf25cd6a913e8f08743b3fc8f6424af8ccbd57b5842d",
    "fresh8": "cba61c09181fa70737532df9b21194d9fb1d6e6fc4d68c02af17f58394ec5e45",
    "fresh9": "bb1cfb3659418330196e83a829086ab2e80ee3433d15c7ded325b5af1d0b6709",
    "fresh10": "0564fd9671840ec419a495271d932af0f49ba5e513483f535fa597e41cb3faf2",
    "fresh11": "fad6a2619ecfe5a590534ad464e55cce1a7dd6a5cfc9dfb1a289bcae379d8f10",
    "fresh12": "576e1c0eba5f3183c8e90009c04253b428b4b9a7eebc47a91a3add42fe0c7b5e",
    "fresh13": "dac9bd5d967753034d4974b453a76b70feb27f832c8bbcfbd0421f997253e089",
    "train_disguise": "e5b25f20dd8044ca4d17243dab5faaa1688e8a51eb17f633c8b049df3fcaef06",
    "train_hardneg": "3d91da91f0ce915466600d1807faec2d6404ab19e5a919b7fc17bc21c7de54d4",
    "train_harness": "af89f6de2e7f8f3360ecaac5ce3bffacaf26f84423f5de1780241ab09a601beb",
    "train_incode": "becc0b1f3837b35ffacb9c927697928d41f6d1344e2e5c6d1e81fc793249ca0d",
    "train_multiling": "fde9887c99a93d01e2a8c9e94a808da432cf7f7a610b2be204418be4d566abf9",
    "train_orderfree": "17df39f0e9985bd788b2a299da82c2e8e17d11958dabbbdadede8a8f6a980744",
    "train_persuasion": "2c84d4e4e5a76762ef95eb330f11349aa0548d0b3cd56fbb57f66809694bf71b",
}
Row = dict[str, str]


@cache
def rows(name: str) -> tuple[Row, ...]:
    return tuple(json.loads(line) for line in (SETS / f"{name}.jsonl").read_text("utf-8").splitlines())


def split(name: str) -> tuple[list[Row], list[Row]]:
    """A fresh set's attacks and benign rows."""
    attacks = [r for r in rows(name) if r["label"] == "attack"]
    return attacks, [r for r in rows(name) if r["label"] == "benign"]


def test_every_set_file_is_pinned() -> None:
    assert {p.stem for p in SETS.glob("*.jsonl")} == set(PINS)


@pytest.mark.parametrize("name", sorted(PINS))
def test_a_set_is_unchanged_and_its_one_note_states_its_provenance_and_pin(name: str) -> None:
    assert hashlib.sha256((SETS / f"{name}.jsonl").read_bytes()).hexdigest() == PINS[name], f"{name} changed"
    note = (SETS / f"{name}.md").read_text("utf-8")
    assert all(f"- **{field}**: " in note for field in ("source", "method", "frozen", "sha256")), name
    assert f"- **sha256**: `{PINS[name]}`" in note


@dataclass(frozen=True)
class Form:
    """A later set's documented row form: `order` is the field saying how an attack's order is worded,
    `blank` how the set writes "no goal" (benign rows have no goal, twin or disguise)."""

    extra: frozenset[str]
    goals: frozenset[str]
    order: str = "technique"
    blank: str = ""


BASE_FIELDS = {"id", "label", "kind", "host", "lang", "disguise", "goal", "twin", "source", "text"}
GOALS = frozenset({"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report"})
GOALS_TRUST = GOALS | {"trust_reported"}
FORMS = {
    8: Form(frozenset({"technique", "seed_source"}), GOALS),
    9: Form(frozenset({"incident", "technique"}), GOALS_TRUST),
    10: Form(frozenset({"form", "placement"}), GOALS_TRUST, "form", "none"),
    11: Form(frozenset({"collection", "placement"}), GOALS_TRUST, "collection", "none"),
    12: Form(frozenset({"strategy", "placement"}), GOALS_TRUST, "strategy", "none"),
    13: Form(
        frozenset({"source_work", "attack_type", "retargeted", "placement"}),
        GOALS_TRUST,
        "attack_type",
        "none",
    ),
}


@pytest.mark.parametrize("n", sorted(FORMS))
def test_a_later_set_has_its_documented_form(n: int) -> None:
    """Unique ids and texts, exactly the documented fields, `f{n}-a…` attacks with a goal and a worded
    order, `f{n}-b…` benign rows with neither goal nor twin nor disguise."""
    form, records = FORMS[n], rows(f"fresh{n}")
    assert len({r["id"] for r in records}) == len({r["text"] for r in records}) == len(records)
    for r in records:
        assert set(r) == BASE_FIELDS | form.extra, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"].strip() and r["source"], r["id"]
        attack = r["label"] == "attack"
        assert r["id"].startswith(f"f{n}-a" if attack else f"f{n}-b"), r["id"]
        if attack:
            assert r["kind"] == "attack" and r["goal"] in form.goals and r[form.order] not in ("", form.blank)
        else:
            assert r["goal"] == form.blank and not r["twin"] and r["disguise"] == "none", r["id"]


@dataclass(frozen=True)
class Twins:
    """How a set pairs an attack with its benign twin: equal in `same`, a different text; `mutual`: the twin
    names the attack back; `shorter`: the twin is the artefact minus the payload; `every`: each attack has
    one; `least`: twinned attacks."""

    same: tuple[str, ...]
    every: bool = True
    mutual: bool = False
    shorter: bool = False
    kind_twin: bool = True
    least: int = 0


TWINS = {
    4: Twins(("host", "lang"), mutual=True, kind_twin=False, least=80),
    5: Twins(("host", "lang"), every=False, mutual=True, kind_twin=False, least=50),
    6: Twins(("host", "lang"), every=False, mutual=True, least=50),
    8: Twins(("source", "host")),
    9: Twins(("source", "host", "incident"), shorter=True),
    10: Twins(("source", "host", "placement", "lang"), shorter=True),
    11: Twins(("host", "placement", "lang"), shorter=True),
    12: Twins(("host", "placement", "lang"), shorter=True),
    13: Twins(("host", "placement", "lang"), shorter=True),
}


@pytest.mark.parametrize("n", sorted(TWINS))
def test_each_twin_is_the_attacked_artefact_without_the_attack(n: int) -> None:
    spec, by_id = TWINS[n], {r["id"]: r for r in rows(f"fresh{n}")}
    attacks = [r for r in by_id.values() if r["label"] == "attack"]
    twinned = [r for r in attacks if r["twin"]]
    assert len(twinned) >= spec.least and (not spec.every or len(twinned) == len(attacks))
    for attack in twinned:
        twin = by_id[attack["twin"]]
        assert twin["label"] == "benign" and twin["text"] != attack["text"], attack["id"]
        assert all(twin[k] == attack[k] for k in spec.same), attack["id"]
        assert not spec.kind_twin or twin["kind"] == "twin", attack["id"]
        assert not spec.mutual or twin["twin"] == attack["id"], attack["id"]
        assert not spec.shorter or len(twin["text"]) < len(attack["text"]), attack["id"]


def _languages(attacks: list[Row], besides: str = "") -> int:
    return len({r["lang"] for r in attacks} - {besides})


def _design3(attacks: list[Row], benign: list[Row]) -> None:
    assert {"comment", "docstring", "log", "readme", "results"} <= {r["placement"] for r in attacks}
    assert _languages(attacks, "mixed") >= 6
    assert len({r["disguise"] for r in attacks} - {"none"}) >= 5


def _design4(attacks: list[Row], benign: list[Row]) -> None:
    assert len(attacks) >= 80 and len(benign) >= 80 and _languages(attacks, "mixed") >= 6


def _design5(attacks: list[Row], benign: list[Row]) -> None:
    fields = BASE_FIELDS - {"kind"} | {"rhetoric", "family"}
    assert all(set(r) == fields and r["id"].startswith(f"f5-{r['label'][0]}") for r in attacks + benign)
    assert len(attacks) >= 100 and len(benign) >= 100 and _languages(attacks) >= 6
    assert sum(r["disguise"] != "none" for r in attacks) >= 15
    assert all("pyrit 1.1.0" in str(r["source"]) for r in attacks)
    assert {r["rhetoric"] for r in benign} == {"twin", "research_prose", "quoted_data"}


def _design6(attacks: list[Row], benign: list[Row]) -> None:
    fields = BASE_FIELDS - {"source"} | {"technique", "evasion"}
    for r in attacks + benign:
        assert set(r) == fields and r["evasion"] and r["id"].startswith(f"f6-{r['label'][0]}"), r["id"]
    assert len(attacks) >= 100 and len(benign) >= 100
    assert sum(n >= 8 for n in Counter(r["lang"] for r in attacks).values()) >= 8  # 8 with 8 attacks
    assert all(r["technique"] and r["goal"] for r in attacks)
    assert sum(r["disguise"] != "none" for r in attacks) >= 15
    kinds = {"twin", "research_prose", "grader_code", "test_log", "reviewer_guide", "changelog"}
    assert {r["kind"] for r in benign} == kinds | {"security_readme", "lookalike"}


def _design7(attacks: list[Row], benign: list[Row]) -> None:
    fields = {"id", "label", "kind", "task_source", "host", "lang", "tactic", "goal", "pair", "text"}
    hosts = {"conclusion", "results_json", "readme", "train_log", "code_comment"}
    for r in attacks + benign:
        assert set(r) == fields and r["host"] in hosts and r["id"].startswith(f"f7-{r['label'][0]}"), r["id"]
        assert r["task_source"].startswith(("expbench/iclr2024/", "autoexperiment/mlrc_n=")), r["id"]
    assert len(attacks) >= 100 and len(benign) >= 100
    assert all(r["kind"] == "attack" and r["tactic"] and r["goal"] for r in attacks)
    honest = {"honest_success", "honest_failure", "honest_partial", "honest_caveat", "honest_note"}
    assert {r["kind"] for r in benign} == honest and all(not r["tactic"] and not r["goal"] for r in benign)
    assert sum(n >= 3 for n in Counter(r["lang"] for r in attacks).values()) >= 6
    assert len({r["task_source"] for r in attacks + benign}) >= 50


def _design8(attacks: list[Row], benign: list[Row]) -> None:
    assert len(attacks) >= 120 and len(benign) >= 180
    assert all(r["seed_source"] for r in attacks)  # each wording names the spikee seed it came from
    assert _languages(attacks) >= 8 and sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 5
    assert sum(r["kind"] != "twin" for r in benign) >= 60


def _design9(attacks: list[Row], benign: list[Row]) -> None:
    assert all(r["incident"] for r in attacks + benign)  # every row names the incident it re-enacts
    assert len(attacks) >= 100 and len(benign) >= 150 and _languages(attacks, "en") >= 6
    assert len({r["incident"] for r in attacks}) >= 10
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def _design10(attacks: list[Row], benign: list[Row]) -> None:
    assert len(attacks) >= 100 and len(benign) >= 150 and _languages(attacks, "en") >= 6
    assert all(r["form"] == "none" for r in benign)
    assert {r["form"].split(":")[0] for r in attacks} == {"agentdojo", "injecagent", "opi"}
    harnesses = {"inspect_ai_eval_log", "swe_agent_traj", "openhands_events", "aider_chat_history"}
    assert {r["host"] for r in attacks} == harnesses  # every attack sits in a harness log
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def _design11(attacks: list[Row], benign: list[Row]) -> None:
    assert len(attacks) >= 100 and len(benign) >= 150 and _languages(attacks, "en") >= 6
    assert all(r["collection"] == "none" for r in benign)
    collections = {"payloadsallthethings", "promptmap", "pallms", "arc_pi_taxonomy"}
    assert {r["collection"] for r in attacks} == collections
    assert all(r["source"].split(":")[0].count("@") == 1 for r in attacks)  # collection@commit:file
    assert len({r["host"] for r in attacks}) >= 5  # writer kinds
    hidden = {"cell_metadata", "html_attribute", "latex_comment", "invisible_text", "off_canvas"}
    assert 0 < sum(r["placement"] in hidden for r in attacks) < len(attacks) // 2  # most visible
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) / 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def _design12(attacks: list[Row], benign: list[Row]) -> None:
    assert len(attacks) >= 100 and len(benign) >= 150 and _languages(attacks, "en") >= 6
    assert all(r["strategy"] == "none" for r in benign)
    assert all(r["source"].startswith("promptfoo@0.121.20:") for r in attacks)  # package@version:path
    assert len({r["host"] for r in attacks}) >= 5  # converter kinds
    hidden = {"html_comment", "rst_comment", "meta_description", "invisible_text", "white_text", "zero_size"}
    hidden |= {"off_canvas", "svg_metadata", "title_attribute", "hidden_div", "meta_tag"}
    assert len(attacks) // 10 < sum(r["placement"] in hidden for r in attacks) < len(attacks) // 2
    disguised = [r for r in attacks if r["disguise"] != "none"]
    codes = {"base64", "hex", "homoglyph", "leetspeak", "rot13", "morse", "piglatin", "camelcase", "emoji"}
    assert len(disguised) >= len(attacks) / 4
    assert all(r["disguise"] in codes and r["disguise"] == r["strategy"] for r in disguised)
    assert sum(r["kind"] != "twin" for r in benign) >= 50
    assert all(len(r["text"]) < 10_000 for r in attacks + benign)


def _design13(attacks: list[Row], benign: list[Row]) -> None:
    assert len(attacks) >= 100 and len(benign) >= 150 and _languages(attacks, "en") >= 6
    assert all(r["attack_type"] == "none" and r["source_work"] == "none" for r in benign)
    works = {"judgedeceiver", "raina2024", "null_model2024", "master_key2025", "hidden_review_prompt2025"}
    assert {r["source_work"] for r in attacks} == works and {r["goal"] for r in attacks} == GOALS_TRUST
    assert all(r["retargeted"] in ("yes", "no") for r in attacks) and len({r["host"] for r in attacks}) >= 6
    assert len({r["source"].split("(")[-1] for r in benign if r["kind"] == "twin"}) >= 12  # research tasks
    non_twins = [r for r in benign if r["kind"] != "twin"]
    assert len(non_twins) >= 50 and _languages(non_twins) >= 6
    assert len(attacks) // 10 < sum(r["disguise"] != "none" for r in attacks) < len(attacks) // 3
    assert all(len(r["text"]) < 10_000 for r in attacks + benign)
    assert all(json.loads(r["text"]) for r in attacks + benign if r["host"] == "results_json")  # still JSON


DESIGNS: dict[int, Callable[[list[Row], list[Row]], None]] = {
    3: _design3,
    4: _design4,
    5: _design5,
    6: _design6,
    7: _design7,
    8: _design8,
    9: _design9,
    10: _design10,
    11: _design11,
    12: _design12,
    13: _design13,
}


@pytest.mark.parametrize("n", sorted(DESIGNS))
def test_a_fresh_set_has_its_documented_design(n: int) -> None:
    """Unique ids; sizes, languages, disguises and sources as the set's note describes them."""
    assert len({r["id"] for r in rows(f"fresh{n}")}) == len(rows(f"fresh{n}"))
    DESIGNS[n](*split(f"fresh{n}"))


def test_set_7_pairs_each_dishonest_submission_with_an_honest_one_of_the_same_task() -> None:
    by_id = {r["id"]: r for r in rows("fresh7")}
    by_task: dict[str, set[str]] = defaultdict(set)
    for r in by_id.values():
        by_task[r["task_source"]].add(r["label"])
        assert r["pair"], r["id"]
        for other in r["pair"]:
            partner = by_id[other]
            assert partner["task_source"] == r["task_source"] and partner["label"] != r["label"]
            assert r["id"] in partner["pair"]
    assert all(labels == {"attack", "benign"} for labels in by_task.values())


def test_set_7_task_sources_name_real_tasks(shared_datasets: Path) -> None:
    """Each row's task exists in the public data the set was written from (../shared/datasets)."""
    for source in {r["task_source"] for r in rows("fresh7")}:
        dataset, rest = source.split("/", 1)
        if dataset == "expbench":
            folder, task = rest.split("/")
            paper, index = task.split("#")
            (path,) = (shared_datasets / "expbench" / folder).glob(f"{paper}_complete_final*.json")
            assert int(index) < len(json.loads(path.read_text("utf-8"))["questions"]), source
        else:
            split_name, task = rest.split("/")
            lines = (shared_datasets / dataset / f"{split_name}.jsonl").read_text("utf-8").splitlines()
            ids = {f"{t['paper_id']}_{t['func_ids'].replace(',', '_')}" for t in map(json.loads, lines)}
            assert task in ids, source


@pytest.mark.parametrize("name", sorted(n for n in PINS if n.startswith("train_")))
def test_a_training_set_holds_what_its_rows_declare(name: str) -> None:
    """Each author's file as train.py reads it: unique ids and texts, an attack's payload inside its text
    (a payload the text lacks would teach nothing, or the wrong lines), a twin that exists and is benign."""
    by_id = {r["id"]: r for r in rows(name)}
    assert len(by_id) == len(rows(name)) == len({r["text"] for r in rows(name)})
    for r in by_id.values():
        assert r["label"] in {"attack", "benign"}, r["id"]
        if r["label"] == "attack":
            assert all(p in r["text"] for p in r["payload"].split("\n") if p.strip()), r["id"]
            assert not r.get("twin") or by_id[r["twin"]]["label"] == "benign", r["id"]
