"""Importing a large Inspect AI log streams sample by sample: peak memory and time per sample.

1. Runs the tiny real Inspect eval of the tests (mockllm agent, `local` sandbox) once, and uses
   its first sample as the template of a synthetic log: N samples (default 1,000), each with
   the template's transcript plus tool outputs of random text (incompressible, so the zip
   holds what a long agent run holds), written with Inspect's own writer
   (`inspect_ai.log.write_eval_log`, `.eval` format) until the file is about SIZE MB.
2. In fresh processes, side by side: `expgrade submissions import inspect LOG` (the streaming
   reader) and, as the reference, Inspect's whole-log `read_eval_log(LOG)`. Reports wall
   time, time per sample and peak RSS (the child's `VmHWM`) for both.

    .venv/bin/python bench/harness_bench.py [--samples 1000] [--size-mb 200]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from inspect_ai.log import read_eval_log, write_eval_log
from inspect_ai.model import ChatMessageTool

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from inspect_support import run_tiny_eval  # noqa: E402


def payload(rng: random.Random, n_bytes: int) -> str:
    return base64.b64encode(rng.randbytes(n_bytes * 3 // 4)).decode()


def make_log(dest: Path, samples: int, size_mb: int, tmp: Path) -> Path:
    template = read_eval_log(str(run_tiny_eval(tmp / "tiny", epochs=1)))
    assert template.samples
    first = template.samples[0]
    rng = random.Random(0)
    # base64 of random bytes deflates to 3/4 of its length: write 4/3 as much to reach size_mb.
    per_sample = size_mb * 1024 * 1024 * 4 // 3 // samples
    chunks = 8
    made = []
    for i in range(samples):
        s = first.model_copy(deep=True)
        s.id = f"s{i:05d}"
        s.metadata = {"task_id": f"bench/task-{i % 50}"}
        s.events = []
        extra = [
            ChatMessageTool(content=payload(rng, per_sample // chunks), tool_call_id=f"x{k}", function="bash")
            for k in range(chunks)
        ]
        s.messages = [*s.messages[:-2], *extra, *s.messages[-2:]]
        made.append(s)
    template.samples = made
    template.eval.dataset.samples = samples
    template.eval.dataset.sample_ids = [s.id for s in made]
    template.eval.config.epochs = 1
    write_eval_log(template, str(dest), format="eval")
    return dest


# VmHWM (the mm's own high-water mark, new at exec): ru_maxrss would carry over the RSS this
# parent had when it forked, which after making the log is larger than either child's.
_PEAK = (
    "import atexit, sys; atexit.register(lambda: print('PEAK_KIB', next(l.split()[1] for l in "
    "open('/proc/self/status') if l.startswith('VmHWM:')), file=sys.stderr)); "
)


def child(code: str) -> tuple[float, float]:
    """(wall seconds, peak RSS MiB) of `python -c code` in a fresh process, as it reports itself."""
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _PEAK + code],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        check=False,
    )
    wall = time.perf_counter() - started
    peak = [line for line in proc.stderr.splitlines() if line.startswith("PEAK_KIB ")]
    if proc.returncode != 0 or not peak:
        raise SystemExit(f"child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return wall, int(peak[-1].split()[1]) / 1024


def predictions(n: int) -> None:
    """A JSON-lines file of `n` predictions (2 KB patches) through the mapping: `import
    swebench-predictions` and `import auto` (which also recognises the file), each in a fresh
    process: the lines stream, so the peak stays that of the interpreter."""
    patch = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+" + "b" * 2000 + "\n"
    with tempfile.TemporaryDirectory(prefix="expgrade-harness-bench-") as tmp_name:
        preds = Path(tmp_name) / "preds.jsonl"
        with preds.open("w") as fh:
            for i in range(n):
                fh.write(
                    json.dumps({"instance_id": f"r__r-{i}", "model_name_or_path": "m", "model_patch": patch})
                    + "\n"
                )
        size = preds.stat().st_size / 1024**2
        print(f"| {size:.0f} MiB JSON lines, {n} predictions | wall s | ms / record | peak RSS MiB |")
        print("|---|---|---|---|")
        for fmt in ("swebench-predictions", "auto"):
            argv = ["expgrade", "submissions", "import", fmt, str(preds), "--out", f"{tmp_name}/{fmt}"]
            wall, rss = child(f"import sys; from expgrade.cli import main; sys.argv = {argv!r}; main()")
            print(f"| `expgrade submissions import {fmt}` | {wall:.1f} | {1000 * wall / n:.2f} | {rss:.0f} |")
    print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--size-mb", type=int, default=200)
    ap.add_argument(
        "--predictions",
        type=int,
        default=0,
        help="also: N SWE-bench predictions as JSON lines, named and auto",
    )
    args = ap.parse_args()
    if args.predictions:
        predictions(args.predictions)
    with tempfile.TemporaryDirectory(prefix="expgrade-harness-bench-") as tmp_name:
        tmp = Path(tmp_name)
        started = time.perf_counter()
        log = make_log(tmp / "big.eval", args.samples, args.size_mb, tmp)
        size = log.stat().st_size / 1024**2
        made_s = time.perf_counter() - started
        print(f"wrote {log.name}: {size:.0f} MiB, {args.samples} samples in {made_s:.0f} s")
        out = tmp / "subs"
        argv = ["expgrade", "submissions", "import", "inspect", str(log), "--out", str(out)]
        imp = f"import sys; from expgrade.cli import main; sys.argv = {argv!r}; main()"
        imp_wall, imp_rss = child(imp)
        written = len(list(out.glob("*/submission.json")))
        whole = f"from inspect_ai.log import read_eval_log; print(len(read_eval_log({str(log)!r}).samples))"
        whole_wall, whole_rss = child(whole)
    print()
    print(f"| {size:.0f} MiB `.eval`, {args.samples} samples | wall s | ms / sample | peak RSS MiB |")
    print("|---|---|---|---|")
    print(
        f"| `expgrade submissions import inspect` ({written} written) | {imp_wall:.1f} | "
        f"{1000 * imp_wall / args.samples:.1f} | {imp_rss:.0f} |"
    )
    print(
        f"| reference: `read_eval_log` (whole log in memory) | {whole_wall:.1f} | "
        f"{1000 * whole_wall / args.samples:.1f} | {whole_rss:.0f} |"
    )


if __name__ == "__main__":
    main()
