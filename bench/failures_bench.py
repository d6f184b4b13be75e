"""The failure-mode detectors, the claim checker and the injection detector measured against a
person's reading of real public agent runs (issue 61, item 6; figures in bench/failures.md).

The runs are other projects' published output (bench/failures_labelled/PROVENANCE.md; built by
`collect.py`), labelled by hand in `labels.jsonl` before anything here was measured on them (the
few corrections made after, and why, are listed in PROVENANCE.md). Each
run is imported with the real importer (`expgrade submissions import`, in a fresh process, as a
user runs it), then:

- the detectors: `gather_evidence` (every trajectory detector, the harness's limit, claim
  support) names modes; a mode **fires** on a run when any finding names it. Against the labels,
  over the runs that failed (failure analysis reads no other): per mode and per detector
  precision and recall with Wilson 95 % intervals, and for the hits whether a cited step is the
  step the label names (its `anchor` text is in that step); and how many runs that passed got a
  finding all the same;
- the claim checker: `check_claims` on each number of the conclusion; its support
  (`measured`/`transcript` = supported, `unsupported`, `mismatch`) against the label of the same
  number (`supported`, `unsupported`, `mismatch`, or `not_a_claim`: a number that states no
  result, such as a line count or a quoted literal);
- the injection detector: the share of real research code it flags as prompt injection (every
  file the runs' patches add or change, the code files their steps wrote with a heredoc, the code
  the PaperBench agents wrote, the code in ../shared/datasets and examples/datasets), with a
  Wilson interval; every such file is benign.

The `holdout` split is the measurement (the `dev` split is what tests may read); the whole set
follows it, for context.

    .venv/bin/python bench/failures_bench.py                 # holdout, writes bench/failures.md
    .venv/bin/python bench/failures_bench.py --split all --no-write
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from expgrade.grading.estimate import Estimate, wilson_interval  # noqa: E402
from expgrade.grading.failures.assess import gather_evidence  # noqa: E402
from expgrade.grading.failures.precision import is_candidate  # noqa: E402
from expgrade.grading.failures.taxonomy import load_taxonomy  # noqa: E402
from expgrade.grading.graders.claims import check_claims  # noqa: E402
from expgrade.grading.graders.integrity import ChangedFiles  # noqa: E402
from expgrade.grading.judge.injection import PROMPT_INJECTION, flags_for, scan  # noqa: E402
from expgrade.grading.schemas import ResultRecord, Task  # noqa: E402
from expgrade.grading.schemas.result import Subtasks  # noqa: E402
from expgrade.grading.submission_reader import load_submissions  # noqa: E402
from expgrade.grading.submission_reader.loader import LoadedSubmission  # noqa: E402
from expgrade.grading.trajectory import iter_steps, trajectory_path  # noqa: E402

LABELLED = ROOT / "bench" / "failures_labelled"
SUPPORT = {
    "measured": "supported",
    "transcript": "supported",
    "unsupported": "unsupported",
    "mismatch": "mismatch",
}
CLAIM_CLASSES = ("supported", "unsupported", "mismatch")
CODE_SUFFIXES = (".py", ".sh", ".r", ".jl", ".ipynb", ".c", ".cpp", ".js", ".ts", ".java")
#: The goal a mode must meet to fire by default (issue 61).
PRECISION_GOAL = 0.90


@dataclass
class Run:
    """One labelled run, its imported submission, and what the checks said of it."""

    label: dict[str, Any]
    loaded: LoadedSubmission | None = None
    import_rc: int | None = None
    fired: dict[str, set[int]] = field(default_factory=dict)  # mode -> every step its findings cite
    shipped: dict[str, set[int]] = field(default_factory=dict)  # the same, of the detectors on by default
    detectors: set[tuple[str, str]] = field(default_factory=set)  # (detector, mode) that fired
    checks: list[tuple[float, str, str]] = field(default_factory=list)  # (value, support, text)
    steps_text: dict[int, str] = field(default_factory=dict)
    evidence: list[str] = field(default_factory=list)


def read_labels(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def import_folder(folder: Path, out: Path) -> int:
    """`expgrade submissions import` as a user runs it, in the run's folder (its paths are relative
    to it), from its import.json, in a fresh interpreter of this bench's Python."""
    spec = json.loads((folder / "import.json").read_text(encoding="utf-8"))
    argv = ["expgrade", "submissions", "import", *spec["argv"], "--out", str(out)]
    code = f"import sys; from expgrade.cli import main; sys.argv = {argv!r}; main()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=False
    )
    if not out.is_dir():
        print(
            f"nothing imported ({done.returncode}) in {folder.name}: {shlex.join(argv)}\n{done.stderr[-900:]}"
        )
    return done.returncode


def step_texts(loaded: LoadedSubmission) -> dict[int, str]:
    path = trajectory_path(loaded.root)
    if path is None:
        return {}
    return {s.index: "\n".join(t for t in (s.text, s.command, s.output) if t) for s in iter_steps(path)}


def task_for(loaded: LoadedSubmission) -> Task:
    """A task that says no more than the run's id: the labelled runs come without their task files,
    so no number is taken for one of the task's settings."""
    sub = loaded.submission
    return Task.model_validate(
        {
            "id": sub.task_id,
            "source": {"benchmark": "native", "paper_id": sub.task_id},
            "question": sub.task_id,
        }
    )


def analyse(run: Run) -> None:
    loaded = run.loaded
    if loaded is None:
        return
    sub = loaded.submission
    diff = loaded.patch.read_text(encoding="utf-8", errors="replace") if loaded.patch else ""
    result = check_claims(task_for(loaded), sub, loaded.root, ChangedFiles.from_diff(diff), None)
    run.checks = [
        (c.value, SUPPORT[c.support], c.text)
        for c in result.checks or []
        if c.kind == "number" and c.value is not None
    ]
    record = ResultRecord(
        task_id=sub.task_id,
        submission_id=loaded.submission_id,
        agent=sub.agent,
        agent_model=sub.agent_model,
        subtasks=Subtasks(),
        claims=result.checks,
    )
    for f in gather_evidence(record, sub, loaded.root, candidates=True).findings:  # measure them all
        cited = {s for s in (f.step, *f.steps) if s is not None}
        run.fired.setdefault(f.mode, set()).update(cited)
        if not f.candidate:
            run.shipped.setdefault(f.mode, set()).update(cited)
        run.detectors.add((f.detector, f.mode))
        run.evidence.append(f"{f.mode}/{f.detector}@{f.step}: {f.evidence[:160]}")
    run.steps_text = step_texts(loaded)


def anchored(run: Run, anchor: str | list[str] | None) -> set[int]:
    """The steps whose text holds the label's anchor, or one of its anchors where a step can show
    the same thing in other words (empty: the label names no step)."""
    anchors = [anchor] if isinstance(anchor, str) else anchor or []
    return {i for i, text in run.steps_text.items() if any(a in text for a in anchors)}


def rate(k: int, n: int) -> Estimate:
    return wilson_interval(k, n)


def fmt(est: Estimate, k: int, n: int) -> str:
    if n == 0:
        return "— (0)"
    low, high = max(est.ci_low, 0.0), min(est.ci_high, 1.0)  # Wilson's bounds, less float noise
    return f"{est.value:.2f} [{low:.2f}, {high:.2f}] ({k}/{n})"


def detector_lines(runs: list[Run]) -> list[str]:
    """Per detector (and the mode it named): on how many failed runs it fired, how often the run's
    label has that mode, and on how many passing runs it fired: which detector to switch off."""
    failed = [r for r in runs if r.loaded is not None and r.label["modes"]]
    passed = [r for r in runs if r.loaded is not None and not r.label["modes"]]
    pairs = sorted({d for r in runs for d in r.detectors})
    lines = [
        "| detector → mode | fired on failed runs | right | precision [95 % CI] | fired on passing runs "
        "| default now |",
        "|---|---|---|---|---|---|",
    ]
    for det, mode in pairs:
        hits = [r for r in failed if (det, mode) in r.detectors]
        right = sum(1 for r in hits if any(m["mode"] == mode for m in r.label["modes"]))
        alarms = sum(1 for r in passed if (det, mode) in r.detectors)
        lines.append(
            f"| `{det}` → `{mode}` | {len(hits)} | {right} | {fmt(rate(right, len(hits)), right, len(hits))} "
            f"| {alarms} of {len(passed)} | {'candidate' if is_candidate(det, mode) else 'on'} |"
        )
    return lines


def mode_table(runs: list[Run], modes: Iterable[str], *, shipped: bool = False) -> list[dict[str, Any]]:
    """Per mode against the labels: of every detector, or (`shipped`) of those on by default."""
    rows = []
    for mode in modes:
        tp = fp = fn = step_ok = 0
        for run in runs:
            labelled = {m["mode"]: m for m in run.label["modes"]}
            by_mode = run.shipped if shipped else run.fired
            fired = mode in by_mode
            if fired and mode in labelled:
                tp += 1
                want = anchored(run, labelled[mode].get("anchor"))
                step_ok += bool(not want or want & by_mode[mode])
            elif fired:
                fp += 1
            elif mode in labelled:
                fn += 1
        rows.append(
            {
                "mode": mode,
                "tp": tp,
                "fp": fp,
                "fn": fn,
                "precision": rate(tp, tp + fp),
                "recall": rate(tp, tp + fn),
                "step_agreement": (step_ok, tp),
            }
        )
    return rows


def claim_pairs(runs: list[Run]) -> tuple[Counter[tuple[str, str]], list[str]]:
    """(label, checker) per number: a labelled number the checker did not extract is `missed`;
    a number it extracted that no label names is taken for `not_a_claim`."""
    pairs: Counter[tuple[str, str]] = Counter()
    notes = []
    for run in runs:
        if run.loaded is None:
            continue
        left = list(run.checks)
        for claim in run.label.get("claims", []):
            value = float(claim["value"])
            hit = next((c for c in left if math.isclose(c[0], value, rel_tol=1e-9, abs_tol=1e-12)), None)
            if hit is None:
                pairs[(claim["label"], "missed")] += 1
                continue
            left.remove(hit)
            pairs[(claim["label"], hit[1])] += 1
            if claim["label"] in ("supported", "not_a_claim") and hit[1] in ("unsupported", "mismatch"):
                notes.append(f"{run.label['run_id']}: {claim['label']} {claim['value']} called {hit[1]}")
        for value, support, text in left:
            pairs[("not_a_claim", support)] += 1
            if support != "supported":
                notes.append(
                    f"{run.label['run_id']}: unlabelled number {value} ({text[:60]!r}) called {support}"
                )
    return pairs, notes


def claim_table(pairs: Counter[tuple[str, str]]) -> list[dict[str, Any]]:
    """Per class over the numbers labelled as claims (numbers that state no result are counted
    apart: `report`)."""
    rows = []
    for cls in CLAIM_CLASSES:
        said = sum(n for (lab, got), n in pairs.items() if got == cls and lab != "not_a_claim")
        right = pairs[(cls, cls)]
        truth = sum(n for (lab, _), n in pairs.items() if lab == cls)
        rows.append({"class": cls, "precision": (right, said), "recall": (right, truth)})
    return rows


#: A code file an agent wrote with a heredoc (`cat > run.py << 'EOF' … EOF`).
_HEREDOC = re.compile(
    r"cat\s*>\s*(?P<path>\S+)\s*<<-?\s*['\"]?(?P<tag>\w+)['\"]?\n(?P<body>.*?)\n(?P=tag)\b", re.S
)


def patch_files(diff: str) -> Iterator[tuple[str, str]]:
    """(path, the lines the patch adds) per file of a unified diff."""
    for part in re.split(r"^diff --git ", diff, flags=re.MULTILINE)[1:]:
        path = part.split("\n", 1)[0].split(" b/")[-1].strip()
        added = [ln[1:] for ln in part.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
        if added:
            yield path, "\n".join(added)


def code_corpus(runs: list[Run], folders: list[Path]) -> list[tuple[str, str]]:
    """Real research code, none of it an injection: (where, text)."""
    items: list[tuple[str, str]] = []
    for run in runs:
        if run.loaded is not None and run.loaded.patch is not None:
            diff = run.loaded.patch.read_text(encoding="utf-8", errors="replace")
            items += [
                (f"{run.label['run_id']}:{p}", t)
                for p, t in patch_files(diff)
                if p.lower().endswith(CODE_SUFFIXES)
            ]
        for step, text in sorted(run.steps_text.items()):
            items += [
                (f"{run.label['run_id']}:step {step}:{m['path']}", m["body"])
                for m in _HEREDOC.finditer(text)
                if m["path"].lower().endswith(CODE_SUFFIXES)
            ]
    for folder in folders:
        for tarball in sorted(folder.rglob("*.tar.gz")):
            with tarfile.open(tarball) as tar:
                for m in tar.getmembers():
                    if m.isfile() and "/submission/" in m.name and m.name.lower().endswith(CODE_SUFFIXES):
                        body = tar.extractfile(m)
                        if body is not None:
                            items.append(
                                (
                                    f"{tarball.name}:{m.name}",
                                    io.TextIOWrapper(body, "utf-8", "replace").read(),
                                )
                            )
    for base in (ROOT.parent / "shared" / "datasets", ROOT / "examples" / "datasets"):
        if base.is_dir():
            items += [
                (str(p.relative_to(base.parent)), p.read_text(encoding="utf-8", errors="replace"))
                for p in sorted(base.rglob("*"))
                if p.is_file() and p.suffix.lower() in CODE_SUFFIXES
            ]
    unique = {text: where for where, text in reversed(items)}  # a file written twice counts once
    return [(where, text) for text, where in unique.items()]


def import_all(runs_dir: Path, tmp: Path) -> tuple[list[Run], list[Path]]:
    """Every labelled run, imported (each run folder once, as its import.json says) and analysed."""
    runs = {lab["run_id"]: Run(lab) for lab in read_labels(LABELLED / "labels.jsonl")}
    folders = sorted(p.parent for p in runs_dir.glob("*/import.json"))
    for folder in folders:
        spec = json.loads((folder / "import.json").read_text(encoding="utf-8"))
        ids = {r["task_id"]: r["run_id"] for r in spec["runs"] if r["run_id"] in runs}
        out = tmp / folder.name
        rc = import_folder(folder, out)
        for loaded in load_submissions(out) if out.is_dir() else []:
            rid = ids.get(loaded.submission.task_id)
            if rid is not None:
                runs[rid].loaded = loaded
        for rid in ids.values():
            runs[rid].import_rc = rc
    for run in runs.values():
        analyse(run)
    return list(runs.values()), folders


def figures(runs: list[Run]) -> dict[str, Any]:
    """The detectors' and the claim checker's figures on `runs`."""
    pairs, notes = claim_pairs(runs)
    return {
        "runs": runs,
        # failure analysis reads only the runs that did not pass: precision and recall are theirs
        "modes": mode_table(
            [r for r in runs if r.loaded is not None and r.label["modes"]], load_taxonomy().ids
        ),
        "shipped": mode_table(
            [r for r in runs if r.loaded is not None and r.label["modes"]], load_taxonomy().ids, shipped=True
        ),
        "claims": claim_table(pairs),
        "pairs": pairs,
        "claim_notes": notes,
    }


def measure(split: str, runs_dir: Path) -> dict[str, Any]:
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        runs, folders = import_all(runs_dir, Path(tmp))
        corpus = code_corpus(runs, folders)  # every run's code: no label is involved, no split
    flagged = [where for where, text in corpus if flags_for(scan(text)) == [PROMPT_INJECTION]]
    return {
        "split": split,
        "chosen": figures([r for r in runs if split == "all" or r.label["split"] == split]),
        "whole": figures(runs),
        "injection": {"n": len(corpus), "flagged": flagged},
        "seconds": time.monotonic() - started,
    }


def mode_lines(fig: dict[str, Any], key: str = "modes") -> list[str]:
    lines = [
        "| mode | fired | labelled | precision [95 % CI] | recall [95 % CI] | step agrees | meets |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in fig[key]:
        tp, fp, fn = row["tp"], row["fp"], row["fn"]
        ok, n = row["step_agreement"]
        meets = "—" if not tp + fp else ("yes" if row["precision"].value >= PRECISION_GOAL else "**no**")
        lines.append(
            f"| `{row['mode']}` | {tp + fp} | {tp + fn} | {fmt(row['precision'], tp, tp + fp)} | "
            f"{fmt(row['recall'], tp, tp + fn)} | {ok}/{n} | {meets} |"
        )
    imported = [r for r in fig["runs"] if r.loaded is not None]
    clean = [r for r in imported if not r.label["modes"]]
    alarmed = sum(1 for r in clean if r.fired)
    return [
        *lines,
        "",
        f"Runs that did not fail (not analysed in use; a finding there accuses a run that passed): "
        f"{len(clean)}; a detector named a mode on "
        f"{fmt(rate(alarmed, len(clean)), alarmed, len(clean))} of them. "
        f"Runs with no finding at all: {sum(1 for r in imported if not r.fired)} of {len(imported)}.",
    ]


def claim_lines(fig: dict[str, Any]) -> list[str]:
    lines = ["| class | precision [95 % CI] | recall [95 % CI] |", "|---|---|---|"]
    for row in fig["claims"]:
        (pk, pn), (rk, rn) = row["precision"], row["recall"]
        lines.append(f"| `{row['class']}` | {fmt(rate(pk, pn), pk, pn)} | {fmt(rate(rk, rn), rk, rn)} |")
    pairs: Counter[tuple[str, str]] = fig["pairs"]
    stray = sum(n for (lab, _), n in pairs.items() if lab == "not_a_claim")
    bad = sum(
        n for (lab, got), n in pairs.items() if lab == "not_a_claim" and got in ("unsupported", "mismatch")
    )
    lines += [
        "",
        f"Numbers that state no result (a patch's line count, a quoted literal, a flag's digits) taken "
        f"for claims: {stray}; called unsupported or mismatch (an integrity finding against an honest "
        f"run): {fmt(rate(bad, stray), bad, stray)}. Label → checker: "
        + ", ".join(f"{a} → {b}: {n}" for (a, b), n in sorted(pairs.items()))
        + ".",
    ]
    if fig["claim_notes"]:
        lines += ["", "Honest numbers called unsupported or mismatch:", ""]
        lines += [f"- {n}" for n in fig["claim_notes"]]
    return lines


def report(res: dict[str, Any]) -> str:
    chosen, whole = res["chosen"], res["whole"]
    runs: list[Run] = chosen["runs"]
    by_harness = Counter(r.label["harness"] for r in runs)
    missing = [r.label["run_id"] for r in whole["runs"] if r.loaded is None]
    lines = [
        "# Failure modes, claims and injection: measured on real runs (issue 61)",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on the `{res['split']}` split of "
        "bench/failures_labelled/ (PROVENANCE.md: where each run comes from, the trimming rule, how "
        f"it was labelled), tree `{_tree()}`, {res['seconds']:.0f} s.",
        "",
        "```bash",
        "python bench/failures_labelled/collect.py --mirrors /work/.mirror   # the runs (PROVENANCE.md)",
        f".venv/bin/python bench/failures_bench.py --split {res['split']}",
        "```",
        "",
        f"Runs: {len(runs)} ({', '.join(f'{h} {n}' for h, n in sorted(by_harness.items()))}); "
        f"of all {len(whole['runs'])} labelled runs, "
        + (f"not imported: {', '.join(missing)}." if missing else "every one imported.")
        + "",
        "",
        "## Detectors: per mode, against the labels",
        "",
        "Over the runs that failed (failure analysis reads no other): a mode fires on a run when any",
        "detector finding names it; a label names the modes a person read in the run. Precision and",
        f"recall with Wilson 95 % intervals; **meets** = precision ≥ {PRECISION_GOAL:.2f}; step agrees =",
        "of the hits, those citing the step the label names (a label without a step agrees).",
        "",
        *mode_lines(chosen),
        "",
        "As shipped: the detectors on by default only (`candidate` ones off, grading/failures/precision.py):",
        "",
        *mode_lines(chosen, "shipped")[:-2],
        "",
        "Per detector (which to switch off or mark `candidate`):",
        "",
        *detector_lines(chosen["runs"]),
        "",
        "## Claim checker: per support class, against the labels",
        "",
        "Each number of a conclusion: `supported` (a step printed it, for the metric the sentence",
        "names), `unsupported` (no step printed it), `mismatch` (the run printed it for another",
        "metric), `not_a_claim` (a number that states no result). The checker's `measured` and",
        "`transcript` are `supported`; precision and recall are over the numbers labelled as claims.",
        "",
        *claim_lines(chosen),
    ]
    if res["split"] != "all":
        lines += [
            "",
            "## The whole set (dev and holdout), for context",
            "",
            "The dev split is what tests may read: these figures are not held out.",
            "",
            *mode_lines(whole),
            "",
            *detector_lines(whole["runs"]),
            "",
            *claim_lines(whole),
        ]
    inj = res["injection"]
    k, n = len(inj["flagged"]), inj["n"]
    lines += [
        "",
        "## Injection detector on real research code",
        "",
        f"{n} code files (every run's patch, per file the lines it adds; the code files its steps wrote "
        "with a heredoc; the PaperBench agents' code; "
        "the code in ../shared/datasets and examples/datasets), none an injection: flagged as prompt "
        f"injection {fmt(rate(k, n), k, n)} (goal ≤ 0.01).",
    ]
    if inj["flagged"]:
        lines += ["", "Flagged: " + ", ".join(f"`{w}`" for w in inj["flagged"][:30]) + "."]
    below, shipped_below = (
        [r["mode"] for r in chosen[key] if r["tp"] + r["fp"] and r["precision"].value < PRECISION_GOAL]
        for key in ("modes", "shipped")
    )
    lines += [
        "",
        "## Verdict",
        "",
        "Modes below the precision goal on this split, every detector on (candidates: off by default "
        "or labelled `candidate`): " + (", ".join(f"`{m}`" for m in below) if below else "none") + ".",
        "",
        "As shipped (the `candidate` detectors off), modes below it: "
        + (", ".join(f"`{m}`" for m in shipped_below) if shipped_below else "none")
        + ".",
        "",
    ]
    return "\n".join(lines)


def _tree() -> str:
    out = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain"], capture_output=True, text=True)
    return out.stdout.strip() + ("+uncommitted" if dirty.stdout.strip() else "")


def details(res: dict[str, Any]) -> str:
    """Per run: the labels beside what the detectors and the claim checker said (for reading)."""
    out = []
    for run in res["whole"]["runs"]:
        out.append(
            json.dumps(
                {
                    "run_id": run.label["run_id"],
                    "import_rc": run.import_rc,
                    "labelled": [m["mode"] for m in run.label["modes"]],
                    "fired": {m: sorted(s) for m, s in run.fired.items()},
                    "evidence": run.evidence,
                    "claims": [[v, sup, text[:120]] for v, sup, text in run.checks],
                },
                ensure_ascii=False,
            )
        )
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--split", choices=("holdout", "dev", "all"), default="holdout")
    parser.add_argument("--runs", type=Path, default=LABELLED / "runs")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument(
        "--details", type=Path, help="also write each run's labels and findings here (JSON lines)"
    )
    args = parser.parse_args()
    if not any(args.runs.glob("*/import.json")):
        sys.exit(
            f"no runs in {args.runs}: build them with bench/failures_labelled/collect.py (PROVENANCE.md)"
        )
    res = measure(args.split, args.runs)
    if args.details is not None:
        args.details.write_text(details(res), encoding="utf-8")
    text = report(res)
    print(text)
    if not args.no_write:
        (ROOT / "bench" / "failures.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
