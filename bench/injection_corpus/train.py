"""Trains the learned injection layer and writes grading/judge/injection_model.npz.

Data (generate.py): composed attacks against real benign text, cut into the same units and
views the layer scores. An attack's unit is positive when it holds most of the payload, negative
when it holds none of it (the host lines around it), and left out in between. Validation data
comes from a second generator seed, Python packages and gettext catalogues the training set did
not read; the threshold is the larger of the scores that flag about 0.5 % of those benign texts
and of the calibration task texts.

Independent text (issue 26, fourth to sixth passes): attacks and hard negatives written by other people
and methods than the generator can train too, their attack and benign units weighing
`--independent-weight P:N` (INDEPENDENT: fresh sets 4 to 7, the dev set `dev_semantic`, research prose
and grading text about injection, and `train_*.jsonl`, training text written for the sixth pass by seven
authors, each from its own angle). An attack's payload is what its row declares, or else the lines its
benign twin lacks. Fresh set 2 and every fresh set not in INDEPENDENT (EVALUATION: 3 and 8 to 11) are
never trained on, and a training text that shares a long line with one of them is left out (several
authors copy the same real judge prompts and code files). `--benign-quantile Q` raises the threshold to
the Q-quantile of the held-out benign scores of leave-set-out (each independent set scored by a model
trained on all the others: what the next author's honest text meets). `--cv W...` prints that
leave-set-out per set and pooled for each weight. Every pass's runs and verdicts are in
bench/injection.md; the default (weight 0, no quantile) is the shipped model's recipe.

Whole task records (generate.task_records) of every other file under ../shared/datasets train
and calibrate too; the other files are held out for the bench. A worktree that is not beside
../shared names the folder in EXPGRADE_SHARED_DATASETS (without it the model differs).

    python bench/injection_corpus/train.py          # about two minutes on 2 cores
    python bench/injection_corpus/train.py --cv 1 3 10   # leave-set-out, writes nothing (~15 min a weight)
    python bench/injection_corpus/train.py --independent-weight 3 --benign-quantile 0.95  # the sixth's
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression

from expgrade.grading.judge import injection_model as im
from expgrade.grading.judge.fold import normalize

HERE = Path(__file__).parent
SETS = HERE / "sets"  # the frozen sets
sys.path.insert(0, str(HERE))
import generate  # noqa: E402

SITE = Path(np.__file__).parents[1]
TRAIN_PACKAGES = [
    "numpy",
    "pandas",
    "sklearn",
    "scipy",
    "matplotlib",
    "requests",
    "pydantic",
    "sqlalchemy",
    "statsmodels",
    "hypothesis",
    "_pytest",
    "rich",
    "click",
    "jinja2",
]
VALID_PACKAGES = [
    "litellm",
    "inspect_ai",
    "streamlit",
    "ray",
    "aiohttp",
    "openai",
    "textual",
    "huggingface_hub",
]
# Independent text that trains (see the docstring): every hand-written set but the evaluation ones,
# and the training text written for the sixth pass (`train_*.jsonl`, one file per author).
INDEPENDENT = (
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "dev_semantic",
    "benign_research_prose",
    "benign_grading_text",
    *sorted(p.stem for p in SETS.glob("train_*.jsonl")),
)
# Evaluation only, never trained on: every fresh set not named in INDEPENDENT (sets 3 and 8 to 11 today;
# set 2 lives in attacks.jsonl), so a set frozen later is held out without anyone remembering to add it.
EVALUATION = tuple(
    sorted(
        (p.stem for p in SETS.glob("fresh*.jsonl") if p.stem not in INDEPENDENT),
        key=lambda stem: int(stem.removeprefix("fresh")),
    )
)
# (attack units, benign units) of the independent sets; "W" on the command line is (W, W), "P:N" is
# (P, N). 0: the shipped model.
INDEPENDENT_WEIGHT = (0.0, 0.0)
TRAIN_LANGS = ("fr", "de", "es", "it", "pt_BR", "nl", "pl", "ru", "zh_CN", "ja", "ko")
VALID_LANGS = ("pt", "tr", "zh_TW", "uk", "sv", "cs")


def _bigrams(s: str) -> set[str]:
    s = re.sub(r"\s+", " ", s)
    return {s[i : i + 2] for i in range(len(s) - 1)}


def label_units(text: str, payload: str, pos: list[str], neg: list[str]) -> None:
    """Adds the units of `text` that hold most of `payload` to `pos`, those holding none to `neg`."""
    grams = _bigrams(im._clean(payload))
    for u in im.units(text):
        overlap = len(_bigrams(im._clean(u)) & grams) / max(len(grams), 1)
        if overlap >= 0.6:
            pos.append(u)
        elif overlap <= 0.05:
            neg.append(u)


def attack_units(rng: random.Random, hosts: list[str], n: int) -> tuple[list[str], list[str]]:
    """(positive units, negative units) from `n` composed attacks, half of them inside a benign host."""
    pos: list[str] = []
    neg: list[str] = []
    for _ in range(n):
        a = generate.attack(rng)
        text = a["text"]
        if rng.random() < 0.5:
            host = rng.choice(hosts).split("\n")
            cut = rng.randint(0, len(host))
            text = "\n".join([*host[:cut], text, *host[cut:]])
        label_units(text, a["payload"], pos, neg)
    return pos, neg


def read_set(name: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in (SETS / f"{name}.jsonl").read_text("utf-8").splitlines()]


@cache
def training_set(name: str) -> list[dict[str, str]]:
    """An independent set as it trains and is held out: decontaminated against the evaluation sets."""
    return decontaminated(name, read_set(name))


def _line_key(line: str) -> str:
    """A line up to its digits and indentation: log lines and CSV rows of a host recur with other numbers."""
    return re.sub(r"\d+", "0", line.strip())


def independent_units(rows: list[dict[str, str]]) -> tuple[list[str], list[str]]:
    """(positive units, negative units) of a hand-written set. A benign file's units are negative.
    An attack's payload is the text its row declares (`payload`, the sixth pass's training files)
    or else its lines that its benign twin lacks or, without a twin, that no other
    file of the set holds (digits aside: the files sharing its host hold the host lines); the
    whole text when none is left. Its units at least 60 % on payload lines are positive (a
    jailbreak runs over many lines, so no one unit holds most of it, unlike a composed attack),
    those with (almost) nothing on them negative."""
    masks = payload_masks(rows)
    pos: list[str] = []
    neg: list[str] = []
    for r in rows:
        if r.get("label", "benign") == "benign":
            neg += im.units(r["text"])
            continue
        norm, mask = masks[r["id"]]
        for start, end, u in im.spans(norm):
            share = _share(mask, norm, start, end, u)
            if share >= 0.6:
                pos.append(u)
            elif share <= 0.05:
                neg.append(u)
    return pos, neg


def payload_masks(rows: list[dict[str, str]]) -> dict[str, tuple[str, np.ndarray]]:
    """Each attack row's folded text and 1 on its payload's characters (see `independent_units`):
    its declared payload, or else its lines that its twin lacks or, without a twin, that no other
    file of the set holds; the whole text when none is left. Folding keeps the lines, so the
    folded text's spans map onto them."""
    by_id = {r["id"]: r for r in rows}
    seen = Counter(k for r in rows for k in {_line_key(line) for line in r["text"].splitlines()})
    out: dict[str, tuple[str, np.ndarray]] = {}
    for r in rows:
        if r.get("label", "benign") == "benign":
            continue
        norm = normalize(r["text"])
        mask = _payload_mask(norm, r.get("payload", ""))
        if mask is None:
            lines = norm.split("\n")
            twin = by_id.get(r.get("twin", ""))
            if twin:
                host = {_line_key(line) for line in normalize(twin["text"]).split("\n")}
                own = [_line_key(x) not in host for x in lines]
            else:
                own = [seen[_line_key(x)] == 1 for x in r["text"].split("\n")]
            if not any(own) or len(own) != len(lines):
                own = [True] * len(lines)
            mask = np.repeat(np.array(own, dtype=float), [len(x) + 1 for x in lines])
        out[r["id"]] = (norm, mask)
    return out


def _share(mask: np.ndarray, norm: str, start: int, end: int, unit: str) -> float:
    """The share of a unit's characters on the payload. A run of short lines joined into one unit
    spans the longer lines between them, which are not part of it: only its own (short) lines count."""
    if unit == norm[start:end]:
        return float(mask[start:end].mean()) if end > start else 0.0
    own = [
        mask[m.start() : m.end()]
        for m in re.finditer(r"[^\n]*\S[^\n]*", norm[:end])
        if m.start() >= start and m.end() - m.start() <= im._SHORT_LINE
    ]
    return float(np.concatenate(own).mean()) if own else 0.0


def _payload_mask(norm: str, payload: str) -> np.ndarray | None:
    """1 on the characters of the folded text that its attack's declared payload occupies (each
    line of the payload found on its own: a payload woven into a JSON value or mid-sentence marks
    only itself, not the host line around it); None when the row declares none or none is found."""
    mask = np.zeros(len(norm) + 1)
    for piece in {normalize(p).strip() for p in payload.split("\n")} - {""}:
        at = norm.find(piece)
        while at >= 0:
            mask[at : at + len(piece)] = 1.0
            at = norm.find(piece, at + len(piece))
    return mask if mask.any() else None


def benign_units(texts: list[str]) -> list[str]:
    return [u for t in texts for u in im.units(t)]


def matrix(unit_texts: list[str]) -> sparse.csr_matrix:
    """One row per view of every unit, valued 1/sqrt(gram count): what Model.scores sums."""
    vs = [v for u in unit_texts for v in im.views(u)]
    rows, buckets, n = im.featurize(vs)
    count = np.bincount(rows, minlength=n)
    data = 1.0 / np.sqrt(np.maximum(count[rows], 1))
    m = sparse.csr_matrix((data, (rows, buckets)), shape=(n, 1 << im.BUCKET_BITS))
    m.sum_duplicates()
    return m


def text_scores(model: im.Model, texts: list[str]) -> np.ndarray:
    out = []
    for t in texts:
        us = im.units(t)
        if not us:
            out.append(-np.inf)
            continue
        vs = [v for u in us for v in im.views(u)]
        out.append(float(model.scores(vs).max()))
    return np.array(out)


@dataclass
class Corpus:
    """The generated and task-text training rows, built once and shared by every fit of `--cv`."""

    x: sparse.csr_matrix
    y: np.ndarray
    weight: np.ndarray
    calibration: list[str]
    v_attacks: list[str]
    v_benign: list[str]


def never_trained_on() -> set[str]:
    """Texts of the evaluation sets (fresh set 2, and every EVALUATION file that exists)."""
    fresh2 = [r["text"] for r in read_set("attacks") if r["split"] == "fresh2"]
    return {*fresh2, *(r["text"] for n in EVALUATION if (SETS / f"{n}.jsonl").exists() for r in read_set(n))}


# A line with this many letters that a training text shares with an evaluation text is the same
# source (authors copy real judge prompts, READMEs and docs verbatim; several copied the same
# ones). Letters, not characters: a pytest banner of "=" is long and common to every log.
_SHARED_LINE = 30


def _long_lines(text: str) -> set[str]:
    lines = (" ".join(line.split()) for line in normalize(text).split("\n"))
    return {k for k in lines if sum(c.isalpha() for c in k) >= _SHARED_LINE}


@cache
def _evaluation_lines() -> frozenset[str]:
    """The long lines of every evaluation text, read once for all the independent sets."""
    return frozenset().union(*(_long_lines(t) for t in never_trained_on()))


def decontaminated(name: str, rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """`rows` less those that share a long line with an evaluation set: a copied judge prompt in
    training and its copy in set 8 would make set 8's figure a training figure."""
    held = _evaluation_lines()
    kept = [r for r in rows if not _long_lines(r["text"]) & held]
    if len(kept) < len(rows):
        print(
            f"{name}: {len(rows) - len(kept)} rows share a line with an evaluation set, left out",
            file=sys.stderr,
        )
    return kept


def build_corpus(task_weight: float = 5.0) -> Corpus:
    """`task_weight`: what a unit of research task text weighs against a generated unit (1)."""
    rng = random.Random(26)
    frozen = never_trained_on()
    task_rows = read_set("benign")
    tune = [r["text"] for r in task_rows if r["split"] == "tune"]
    # Two thirds of the tune split train, one third sets the threshold; `heldout` is never read.
    tasks, calibration = tune[: 2 * len(tune) // 3], tune[2 * len(tune) // 3 :]
    code = generate.python_prose(SITE, TRAIN_PACKAGES, 12000, rng)
    msgs = list(generate.locale_messages(TRAIN_LANGS, 1500, rng))
    gen_benign = [generate.generated_benign(rng)["text"] for _ in range(4000)]
    hosts = [t for t in code if t.count("\n") >= 2][:3000] or code[:3000]
    pos, neg = attack_units(rng, hosts, 8000)
    if frozen & set(pos):
        raise SystemExit("a generated attack equals a fresh-set-2 or -3 text: the sets must stay apart")
    neg += benign_units(code + msgs + gen_benign)
    # Whole task records (every field: setup, code, expected outcome) of half the task files;
    # a third of them calibrate, the other half of the files is held out for the bench.
    records = generate.task_records(held_out=False)
    calibration += records[2 * len(records) // 3 :]
    task_units = benign_units(tasks + records[: 2 * len(records) // 3])
    print(f"generated units: {len(pos)} positive, {len(neg) + len(task_units)} negative", file=sys.stderr)
    x = sparse.vstack([matrix(pos), matrix(neg), matrix(task_units)]).tocsr()
    n_pos, n_neg, n_task = (sum(len(im.views(u)) for u in us) for us in (pos, neg, task_units))
    y = np.r_[np.ones(n_pos), np.zeros(n_neg + n_task)]
    # Research task text is the benign text a grader reads most: its units weigh more.
    weight = np.r_[np.ones(n_pos + n_neg), np.full(n_task, task_weight)]
    vrng = random.Random(2026)
    v_attacks = [generate.attack(vrng)["text"] for _ in range(2000)]
    v_benign = generate.python_prose(SITE, VALID_PACKAGES, 6000, vrng) + list(
        generate.locale_messages(VALID_LANGS, 400, vrng)
    )
    return Corpus(x, y, weight, calibration, v_attacks, v_benign)


def with_sets(
    corpus: Corpus, names: tuple[str, ...], w: tuple[float, float]
) -> tuple[sparse.csr_matrix, np.ndarray, np.ndarray]:
    """The corpus with the units of the named hand-written sets appended: attack units weigh
    `w[0]`, benign ones `w[1]`."""
    xs, ys, ws = [corpus.x], [corpus.y], [corpus.weight]
    for name in names:
        for label, us in zip((1.0, 0.0), independent_units(training_set(name)), strict=True):
            n = sum(len(im.views(u)) for u in us)
            if n:
                xs.append(matrix(us))
                ys.append(np.full(n, label))
                ws.append(np.full(n, w[int(label == 0.0)]))
    return sparse.vstack(xs).tocsr(), np.concatenate(ys), np.concatenate(ws)


def fit(corpus: Corpus, names: tuple[str, ...], w: tuple[float, float]) -> im.Model:
    """One regression on the corpus plus `names`, thresholded by the calibration rule."""
    x, y, weight = with_sets(corpus, names, w) if any(w) else (corpus.x, corpus.y, corpus.weight)
    # Views of a positive unit that read as noise (the ROT13 view of plain English) are still
    # labelled positive; the reversed and ROT13 views learn the disguised payloads.
    clf = LogisticRegression(C=4.0, class_weight="balanced", solver="liblinear", max_iter=200)
    clf.fit(x, y, sample_weight=weight)
    weights = clf.coef_[0].astype(np.float16)
    model = im.Model(weights.astype(np.float64), float(clf.intercept_[0]), 0.0)
    sb = text_scores(model, corpus.v_benign)
    sc = text_scores(model, corpus.calibration)
    threshold = max(float(np.quantile(sb, 0.995)), float(np.quantile(sc, 0.995)))
    return im.Model(weights, model.bias, threshold)


@dataclass
class HeldOut:
    """Scores of one independent set's texts by a model trained without that set."""

    name: str
    attacks: np.ndarray
    benign: np.ndarray


def leave_set_out(corpus: Corpus, w: tuple[float, float]) -> list[HeldOut]:
    """Each independent set scored by a model trained on all the others (attacks and twins of the
    left-out set alike left out), so no text is scored by a model that learnt it: what the
    trained model does on the next author's text. Its benign scores set `--benign-quantile`'s
    threshold; its attack scores are the recall that threshold buys."""
    out = []
    for name in INDEPENDENT:
        model = fit(corpus, tuple(n for n in INDEPENDENT if n != name), w)
        rows = training_set(name)
        attack = np.array([r.get("label", "benign") == "attack" for r in rows], dtype=bool)
        scores = text_scores(model, [r["text"] for r in rows])
        out.append(HeldOut(name, scores[attack], scores[~attack]))
    return out


def quantile_threshold(model: im.Model, held: list[HeldOut], q: float) -> float:
    """The larger of the model's own threshold and the q-quantile of the held-out benign scores."""
    return max(model.threshold, float(np.quantile(np.concatenate([h.benign for h in held]), q)))


def cross_validate(corpus: Corpus, weights: list[tuple[float, float]], quantiles: list[float]) -> None:
    """Leave-set-out for each weight: per set and pooled, the recall and false-positive rate of the
    held-out scores at each quantile's threshold. Sets 2, 3 and 8 are not read."""
    for w in weights:
        held = leave_set_out(corpus, w)
        base = fit(corpus, INDEPENDENT, w)
        print(f"\n### weight {w[0]:g}:{w[1]:g} (usual threshold {base.threshold:.3f})\n")
        print("| set | " + " | ".join(f"Q {q}: recall | FP" for q in quantiles) + " |")
        print("|---|" + "---|---|" * len(quantiles))
        cuts = [quantile_threshold(base, held, q) for q in quantiles]
        pooled = HeldOut(
            "**pooled**", *(np.concatenate([getattr(h, k) for h in held]) for k in ("attacks", "benign"))
        )
        for h in [*held, pooled]:
            cells = [f"{_rate(h.attacks >= t)} | {_rate(h.benign >= t)}" for t in cuts]
            print(f"| {h.name} | " + " | ".join(cells) + " |", flush=True)
        print("| threshold | " + " | ".join(f"{t:.3f} | " for t in cuts) + " |", flush=True)


def _rate(hits: np.ndarray) -> str:
    return f"{hits.mean():.3f} ({int(hits.sum())}/{hits.size})" if hits.size else "–"


def weight_arg(value: str) -> tuple[float, float]:
    """ "3" -> (3, 3): attack and benign units of the independent sets alike; "3:10" -> (3, 10)."""
    try:
        parts = [float(p) for p in value.split(":")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected W or P:N (numbers), got {value!r}") from None
    if len(parts) not in (1, 2) or min(parts) < 0:
        raise argparse.ArgumentTypeError(f"expected W or P:N (numbers >= 0), got {value!r}")
    return (parts[0], parts[-1])


def quantile_arg(value: str) -> float:
    """A quantile strictly between 0 and 1."""
    try:
        q = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, got {value!r}") from None
    if not 0.0 < q < 1.0:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1 (exclusive), got {value!r}")
    return q


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--independent-weight", type=weight_arg, default=INDEPENDENT_WEIGHT, metavar="W")
    parser.add_argument(
        "--benign-quantile",
        type=quantile_arg,
        metavar="Q",
        help="raise the threshold to the Q-quantile of cross-validated scores of independent benign texts",
    )
    parser.add_argument(
        "--cv",
        type=weight_arg,
        nargs="+",
        metavar="W",
        help="leave-set-out for these weights; writes nothing",
    )
    parser.add_argument(
        "--cv-quantiles", type=quantile_arg, nargs="+", default=[0.95, 0.98, 0.99], metavar="Q"
    )
    parser.add_argument(
        "--task-weight", type=float, default=5.0, metavar="T", help="weight of a task-text unit (default 5)"
    )
    parser.add_argument("--out", type=Path, default=im.MODEL_PATH, help="where to write the model")
    args = parser.parse_args()
    corpus = build_corpus(args.task_weight)
    if args.cv:
        cross_validate(corpus, args.cv, args.cv_quantiles)
        return
    model = fit(corpus, INDEPENDENT, args.independent_weight)
    if args.benign_quantile is not None:
        held = leave_set_out(corpus, args.independent_weight)
        threshold = quantile_threshold(model, held, args.benign_quantile)
        print(
            f"threshold: {model.threshold:.3f} by the usual rule, {threshold:.3f} with the "
            f"{args.benign_quantile} quantile of {sum(h.benign.size for h in held)} held-out benign texts",
            file=sys.stderr,
        )
        model = im.Model(model.weights, model.bias, threshold)
    sc = text_scores(model, corpus.calibration)
    print(
        f"calibration task texts flagged: {np.mean(sc >= model.threshold):.4f} of {len(sc)}", file=sys.stderr
    )
    sa = text_scores(model, corpus.v_attacks)
    sb = text_scores(model, corpus.v_benign)
    print(
        f"validation: recall {np.mean(sa >= model.threshold):.3f} on {len(sa)} generated attacks, "
        f"FP {np.mean(sb >= model.threshold):.4f} on {len(sb)} benign, threshold {model.threshold:.3f}",
        file=sys.stderr,
    )
    np.savez_compressed(args.out, weights=model.weights, bias=model.bias, threshold=model.threshold)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB)", file=sys.stderr)


if __name__ == "__main__":
    main()
