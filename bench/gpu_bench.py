"""Sandbox/bare wall-time ratio of a GPU job (goal <= 1.05). Runs on a GPU machine only.

The job is a PyTorch matmul loop of about `--work-s` seconds on GPU 0, run interleaved
`--repeats` times each way:
- `bare`: `python3 job.py` as a plain process;
- `local`: `LocalSandbox` (memory cgroup where it can be had, bubblewrap where installed);
- `docker`: `DockerSandbox(gpu_mode="auto")` with the image `expgrade/gpu-host`
  (`bash ../shared/device/docker-on-device.sh start DIR` imports it), when an engine runs.
The GPU canary the grader runs before each GPU job is timed on its own (it is a fixed cost).

    .venv/bin/python bench/gpu_bench.py [--repeats 3] [--work-s 10]

Without an NVIDIA GPU it prints why and exits 0 (CI and the development machine have none).
Prints a Markdown table and writes bench/gpu_results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from gpu_support import GPU_IMAGE, NO_GPU, has_gpu

from expgrade.grading.sandbox import Limits, SandboxRequest
from expgrade.grading.sandbox.clean_run import gpu_canary
from expgrade.grading.sandbox.local_backend import LocalSandbox

JOB = """
import sys, time, torch
x = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
end = time.monotonic() + float(sys.argv[1])
n = 0
while time.monotonic() < end:
    for _ in range(20):
        x = torch.tanh(x @ x)
    torch.cuda.synchronize()
    n += 20
print("matmuls", n)
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--work-s", type=float, default=10.0)
    args = parser.parse_args()
    if not has_gpu():
        print(f"skipped: {NO_GPU}")
        return
    sides: dict[str, object] = {"local": LocalSandbox()}
    if subprocess.run(["docker", "image", "inspect", GPU_IMAGE], capture_output=True).returncode == 0:
        from expgrade.grading.sandbox.docker_backend import DockerSandbox

        sides["docker"] = DockerSandbox(gpu_mode="auto", default_image=GPU_IMAGE)
    else:
        print(f"docker side skipped: no engine or no image {GPU_IMAGE}")
    times: dict[str, list[float]] = {"bare": [], **{s: [] for s in sides}}
    canary: dict[str, list[float]] = {s: [] for s in sides}
    isolation: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory(prefix="expgrade-gpu-bench-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        (work / "job.py").write_text(JOB)
        cmd = ["python3", "job.py", str(args.work_s)]
        for _ in range(args.repeats):
            started = time.monotonic()
            subprocess.run(
                cmd,
                cwd=work,
                check=True,
                env={**os.environ, "CUDA_VISIBLE_DEVICES": "0"},
            )
            times["bare"].append(time.monotonic() - started)
            for name, box in sides.items():
                request = SandboxRequest(
                    command=cmd,
                    workdir=work,
                    gpu_ids=(0,),
                    limits=Limits(timeout_s=600, memory_bytes=16 * 1024**3),
                )
                started = time.monotonic()
                failed = gpu_canary(box, request)  # type: ignore[arg-type]
                canary[name].append(time.monotonic() - started)
                assert failed is None, failed.error if failed else None
                started = time.monotonic()
                res = box.run(request)  # type: ignore[attr-defined]
                times[name].append(time.monotonic() - started)
                assert res.exit_code == 0 and res.error is None, (res.error, res.stderr.text()[-2000:])
                isolation[name] = res.isolation
    bare = statistics.median(times["bare"])
    print("| side | median wall s | ratio to bare | canary s |")
    print("|---|---|---|---|")
    print(f"| bare | {bare:.2f} | 1.000 | — |")
    for name in sides:
        med = statistics.median(times[name])
        print(f"| {name} | {med:.2f} | {med / bare:.3f} | {statistics.median(canary[name]):.2f} |")
    out = Path(__file__).with_name("gpu_results.json")
    out.write_text(json.dumps({"times_s": times, "canary_s": canary, "isolation": isolation}, indent=2))


if __name__ == "__main__":
    main()
