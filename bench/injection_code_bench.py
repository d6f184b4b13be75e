"""The injection detector's false positives on real research code (issue 61): how often `scan` flags a
whole code file, or a run's script, that no one wrote as an attack.

Research code is full of what the learned layer's cipher views read as words: `Xc, yc = X - xm, y - ym`
is `Kp, lp = K - kz, l - lz` in ROT13. None of these files was in the layer's training text, which
took only comments and docstrings, and only from other packages (bench/injection_corpus/train.py):

- every code file bundled in `examples/` and `tests/fixtures/` (the demo's, the sandbox's fixtures,
  the real harness runs' scripts);
- the reference solutions of AutoExperiment's MLRC tasks (`solution`: the shell and Python that
  reproduce a paper's experiments), from `../shared/datasets/autoexperiment` where it is present,
  else the bundled `examples/datasets/autoexperiment`;
- a seeded sample of model code from `transformers/models` and of `nltk`, as installed;
- `--held-out`: a second sample of each (seed + 1) with no file of the first, never read while the
  detector was changed for the first (issue 61's second pass looked at seed 0's files only); the
  third pass (code read as code) was tuned on it, so it is a tuning set now;
- `--fresh`: a third sample (seed + 2) with no file of the other two, and the same number from two
  packages no pass looked at, scikit-learn and SciPy: drawn after the third pass was written,
  measured once; the fourth pass was tuned on it, so it is a tuning set now;
- `--unseen`: a fourth sample (seed + 3), drawn after the fourth pass was written and measured once:
  100 more files each of transformers `models/`, scikit-learn and SciPy that none of the three
  samples above holds, and 150 each of numpy, pandas, statsmodels and matplotlib, which no pass
  looked at (all as installed in the venv).

Each file is one item; flagged means `flags_for(scan(text))` is `prompt_injection` (a quoted
mention does not count: it is not a flag a verdict carries); `findings` counts the unexcused
findings over all its files (several per file where several lines are read as orders). Prints
the Markdown table of bench/injection.md with Wilson intervals, and the files flagged.

    python bench/injection_code_bench.py [--sample 150] [--seed 0] [--held-out | --fresh | --unseen]
    python bench/injection_code_bench.py --sets   # every frozen set: attacks caught · benign flagged

`--sets` is the check that a change here loses no real injection: run it before and after.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from expgrade.calibration.bias import wilson_interval
from expgrade.grading.judge import PROMPT_INJECTION
from expgrade.grading.judge.injection import flags_for, scan

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(np.__file__).parents[1]
CODE = {".py", ".sh", ".r", ".jl", ".js", ".c", ".cpp", ".m"}


def bundled() -> Iterator[tuple[str, str]]:
    for folder in (ROOT / "examples", ROOT / "tests" / "fixtures"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix.lower() in CODE:
                yield str(path.relative_to(ROOT)), path.read_text("utf-8", "replace")


def solutions() -> Iterator[tuple[str, str]]:
    shared = ROOT.parent / "shared" / "datasets" / "autoexperiment"
    folder = shared if shared.is_dir() else ROOT / "examples" / "datasets" / "autoexperiment"
    for path in sorted(folder.glob("mlrc_n=*.jsonl")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            row = json.loads(line)
            if isinstance(row.get("solution"), str) and row["solution"].strip():
                yield f"{path.name}:{n} ({row.get('paper_id')})", row["solution"]


def draw(
    package: str, sub: str, k: int, rng: random.Random, taken: frozenset[Path] = frozenset()
) -> list[Path]:
    """`k` of the package's Python files not in `taken`, drawn with `rng`."""
    files = sorted(set((SITE / package / sub).rglob("*.py")) - taken)
    return sorted(rng.sample(files, min(k, len(files))))


def read(paths: list[Path]) -> list[tuple[str, str]]:
    return [(str(path.relative_to(SITE)), path.read_text("utf-8", "replace")) for path in paths]


def measure(items: list[tuple[str, str]]) -> tuple[int, list[str], int, float]:
    """(files, the files flagged, the unexcused findings in all, seconds)."""
    flagged = []
    findings = 0
    started = time.perf_counter()
    for name, text in items:
        found = scan(text)
        findings += sum(not f.quoted for f in found)
        if flags_for(found) == [PROMPT_INJECTION]:
            flagged.append(name)
    return len(items), flagged, findings, time.perf_counter() - started


def _rate(k: int, n: int) -> str:
    est = wilson_interval(k, n)
    return f"{est.value:.4f} [{est.ci_low:.4f}, {est.ci_high:.4f}]"


def frozen_sets() -> None:
    """Every row of every frozen set (bench/injection_corpus/sets) through `scan`: per set, the
    attacks flagged and the benign rows flagged."""
    print("| set | attacks flagged | benign flagged |")
    print("|---|---|---|")
    for path in sorted((ROOT / "bench" / "injection_corpus" / "sets").glob("*.jsonl")):
        hits = {"attack": [0, 0], "benign": [0, 0]}
        for line in path.read_text("utf-8").splitlines():
            row = json.loads(line)
            label = row.get("label", "attack" if path.stem == "attacks" else "benign")
            kind = "attack" if label == "attack" else "benign"
            hits[kind][0] += flags_for(scan(row["text"])) == [PROMPT_INJECTION]
            hits[kind][1] += 1
        print(f"| {path.stem} | " + " | ".join(f"{k}/{n}" for k, n in hits.values()) + " |")


#: The packages no pass looked at before the fourth sample (`--unseen`), as installed.
UNSEEN = {name: (name, "") for name in ("numpy", "pandas", "statsmodels", "matplotlib")}


def unseen(
    args: argparse.Namespace, packages: dict[str, tuple[str, str]], drawn: list[dict[str, list[Path]]]
) -> dict[str, list[Path]]:
    """Seed + 3's sample: two thirds of `--sample` more files of each package sampled before (nltk has
    none left), none of them in `drawn`, and `--sample` files of each package of UNSEEN."""
    rng = random.Random(args.seed + 3)
    more = {
        name: draw(*where, args.sample * 2 // 3, rng, frozenset(p for d in drawn for p in d.get(name, [])))
        for name, where in packages.items()
        if name != "nltk"
    }
    return more | {name: draw(*where, args.sample, rng) for name, where in UNSEEN.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=150, help="files drawn from each installed package")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sets", action="store_true", help="the frozen sets instead (before/after a change)")
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--held-out", action="store_true", help="seed + 1's samples (tuned on)")
    which.add_argument("--fresh", action="store_true", help="seed + 2's, sklearn, scipy (tuned on)")
    which.add_argument("--unseen", action="store_true", help="seed + 3's, numpy, pandas, ... (untuned)")
    args = ap.parse_args()
    if args.sets:
        frozen_sets()
        return
    packages = {"transformers/models": ("transformers", "models"), "nltk": ("nltk", "")}
    rng = random.Random(args.seed)  # one generator, transformers first: the sample the fixes looked at
    library = {name: draw(*where, args.sample, rng) for name, where in packages.items()}
    if args.held_out or args.fresh or args.unseen:
        other = random.Random(args.seed + 1)
        held = {
            name: draw(*where, args.sample, other, frozenset(library[name]))
            for name, where in packages.items()
        }
        if args.held_out:
            library = held
        else:
            new = random.Random(args.seed + 2)
            packages.update({"sklearn": ("sklearn", ""), "scipy": ("scipy", "")})
            fresh = {
                name: draw(*where, args.sample, new, frozenset(library.get(name, []) + held.get(name, [])))
                for name, where in packages.items()
            }
            library = fresh if args.fresh else unseen(args, packages, [library, held, fresh])
    tag = next(
        (f"{k} sample" for k in ("held-out", "fresh", "unseen") if getattr(args, k.replace("-", "_"))),
        "sample",
    )
    sets = {} if args.held_out or args.fresh or args.unseen else {
        "bundled code files (examples/, tests/fixtures/)": list(bundled()),
        "AutoExperiment reference solutions": list(solutions()),
    }  # fmt: skip
    sets.update({f"{name} ({tag})": read(paths) for name, paths in library.items()})
    print("| code | files | flagged | false-positive rate [95% CI] | findings | s |")
    print("|---|---|---|---|---|---|")
    total, wrong, all_findings = 0, [], 0
    for title, items in sets.items():
        n, flagged, findings, seconds = measure(items)
        total += n
        wrong += flagged
        all_findings += findings
        print(f"| {title} | {n} | {len(flagged)} | {_rate(len(flagged), n)} | {findings} | {seconds:.1f} |")
    print(f"| **all** | {total} | {len(wrong)} | {_rate(len(wrong), total)} | {all_findings} | |")
    for name in wrong:
        print(f"flagged: {name}")


if __name__ == "__main__":
    main()
