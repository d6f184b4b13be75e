"""Build `bench/failures_labelled/runs/` from the public repositories named in PROVENANCE.md.

The labelled set is other projects' published agent runs. This script copies each run out of a
local git snapshot of its repository (at the commit PROVENANCE.md names), trims it by one stated
rule, and lays it out the way its harness wrote it, with `import.json` saying how
`expgrade submissions import` reads it. It never writes a run itself: every byte kept is the
upstream's, less what the rule cuts.

The trimming rule (T): inside JSON, every string longer than 4,000 characters keeps its first
2,000 and last 1,500 characters around ` …[failures_labelled: N chars trimmed]… ` (a traceback's
last lines and a test summary stay); patches (`submission`, `model_patch`) are never cut, and no
list is shortened (every step is kept). In PaperBench tarballs, each `logs/*.log` keeps its first
and last 60,000 characters likewise, and the submission's `.git/` and `.pyc` files are left out.

Which runs of a repository are taken is a rule too, fixed before any was read (PROVENANCE.md):
every run of a folder, every n-th in name order (AutoCodeRover, MLGym: rule M), or those whose
conclusion writes a number (mini-swe-agent's test-split run: rule S).

    python bench/failures_labelled/collect.py --mirrors /work/.mirror   # snapshots as `fetch` lays them out
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import subprocess
import tarfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LONG = 4000
HEAD, TAIL = 2000, 1500
LOG_KEEP = 60_000
UNCUT = frozenset({"submission", "model_patch"})

REACT = ("ChiChuRita/cs294-264-hw", "e029539ac18aba1d598acff1490442e3edae44f2")
MINI = ("SWE-agent/mini-swe-agent", "ec0e8e849fea5b1619deb1753007201000904672")
SWEAGENT = ("SWE-agent/SWE-agent", "3ea751c087f32b16e039a2233dd6eefecef325d5")
ACR = ("nus-apr/auto-code-rover", "3536ac292e3062ffb3f6e98457958e2b803228d6")
PAPERBENCH = ("benchflow-ai/paperbench", "d0db04bc8f36833d658f4581fd7febdaa3cedbf2")
MLGYM = ("facebookresearch/MLGym", "9d40c1b5035202018cd7091fb4e83a9c68b377c0")


def cut(text: str, long: int = LONG, head: int = HEAD, tail: int = TAIL) -> str:
    if len(text) <= long:
        return text
    return f"{text[:head]} …[failures_labelled: {len(text) - head - tail} chars trimmed]… {text[-tail:]}"


def trim(value: Any, key: str | None = None) -> Any:
    if isinstance(value, str):
        return value if key in UNCUT else cut(value)
    if isinstance(value, list):
        return [trim(v) for v in value]
    if isinstance(value, dict):
        return {k: trim(v, k) for k, v in value.items()}
    return value


@dataclass
class Repo:
    name: str
    commit: str
    git_dir: Path

    def show(self, path: str) -> bytes:
        return subprocess.run(
            ["git", "--git-dir", str(self.git_dir), "show", f"{self.commit}:{path}"],
            check=True,
            capture_output=True,
        ).stdout

    def ls(self, folder: str) -> list[str]:
        out = subprocess.run(
            ["git", "--git-dir", str(self.git_dir), "ls-tree", "--name-only", f"{self.commit}:{folder}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return sorted(out.split())


def repo(mirrors: Path, spec: tuple[str, str]) -> Repo:
    name, commit = spec
    git_dir = mirrors / name.replace("/", "+") / "repo"
    if not git_dir.is_dir():
        raise SystemExit(f"no snapshot of {name} at {git_dir}: fetch github:{name} first")
    return Repo(name, commit, git_dir)


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")


def write_import(folder: Path, argv: list[str], runs: list[dict[str, str]]) -> None:
    """`argv`: the import's arguments after `expgrade submissions import`, paths relative to `folder`."""
    write_json(folder / "import.json", {"argv": argv, "runs": runs})


#: How a user maps each harness with no preset (docs/harnesses.md): the CS294 ReAct agent's
#: `.traj.json` (chat messages with text tool calls) and a SWE-agent `.traj` on its own.
REACT_MAPS = (
    "id=instance_id",
    "agent='cs294-react'",
    "model=info.config.model",
    "answer=info.submission",
    "log=messages",
    "conclusion=last_message(messages)",
)
SWE_AGENT_MAPS = ("agent='swe-agent'", "answer=info.submission", "log=trajectory", "ended=info.exit_status")


def json_import(source: str, *maps: str) -> list[str]:
    """`import json SOURCE --map ...`: one attempt per run (each run folder holds one record)."""
    return ["json", source, *(a for m in (*maps, "attempt='1'") for a in ("--map", m))]


def react(r: Repo, out: Path) -> None:
    def tasks(part: str) -> list[str]:
        return [d for d in r.ls(part) if "__" in d and not d.endswith(".json")]

    def answered(part: str, iid: str) -> bool:  # a run with no answer at all is refused by the import
        return bool(json.loads(r.show(f"{part}/{iid}/{iid}.traj.json"))["info"].get("submission"))

    baseline = [d for d in tasks("baseline-results") if answered("baseline-results", d)][:15]
    picks = [("results", d) for d in tasks("results")] + [("baseline-results", d) for d in baseline]
    for part, iid in picks:
        src = f"{part}/{iid}/{iid}.traj.json"
        run_id = f"react-{'final' if part == 'results' else 'baseline'}-{iid}"
        folder = out / run_id
        write_json(folder / f"{iid}.traj.json", trim(json.loads(r.show(src))))
        write_import(
            folder,
            json_import(f"{iid}.traj.json", *REACT_MAPS),
            [{"run_id": run_id, "task_id": iid, "source": f"{r.name}@{r.commit}:{src}"}],
        )


_DIGIT = re.compile(r"\d")


def states_a_number(traj: dict[str, Any]) -> bool:
    """Whether the run's last assistant message, before its command block, writes a digit: the
    runs whose conclusion can make a numeric claim (selection rule S, PROVENANCE.md)."""
    said = [m["content"] for m in traj.get("messages", []) if m.get("role") == "assistant"]
    return bool(said) and bool(_DIGIT.search(str(said[-1]).split("```")[0]))


MINI_TEST = "deepseek_chat_test_1-100"
#: mini-swe-agent's trajectory mapped by hand (`import json`), as for the ReAct agent: the
#: `swebench-predictions` preset takes no conclusion from it, and these runs are chosen for theirs.
MINI_MAPS = (
    "id=instance_id",
    "agent='mini-swe-agent'",
    "model=info.config.model.model_name",
    "answer=info.submission",
    "log=messages",
    "conclusion=last_message(messages)",
    "ended=info.exit_status",
)


def mini(r: Repo, out: Path) -> None:
    base = "output/deepseek_chat_dev"
    folder = out / "mini-deepseek_chat_dev"
    runs = []
    predicted = json.loads(r.show(f"{base}/preds.json"))
    for name in r.ls(base):
        if name.endswith((".json", ".yaml")):
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(r.show(f"{base}/{name}"))
            continue
        if name not in predicted:  # a trajectory with no prediction is not a submission of the run
            continue
        src = f"{base}/{name}/{name}.traj.json"
        write_json(folder / name / f"{name}.traj.json", trim(json.loads(r.show(src))))
        runs.append({"run_id": f"mini-{name}", "task_id": name, "source": f"{r.name}@{r.commit}:{src}"})
    write_import(folder, ["swebench-predictions", "preds.json"], runs)


def mini_test(r: Repo, out: Path) -> None:
    """The test-split run's trajectories whose conclusion writes a number (rule S), one folder each."""
    base = f"output/{MINI_TEST}"
    predicted = json.loads(r.show(f"{base}/preds.json"))
    for name in r.ls(base):
        if name not in predicted:
            continue
        src = f"{base}/{name}/{name}.traj.json"
        try:
            traj = json.loads(r.show(src))
        except subprocess.CalledProcessError:
            continue  # over the snapshot's 4 MiB limit, absent (PROVENANCE.md)
        if not states_a_number(traj):
            continue
        run_id = f"mini-test-{name}"
        write_json(out / run_id / f"{name}.traj.json", trim(traj))
        write_import(
            out / run_id,
            json_import(f"{name}.traj.json", *MINI_MAPS),
            [{"run_id": run_id, "task_id": name, "source": f"{r.name}@{r.commit}:{src}"}],
        )


SWE_AGENT_TRAJS = [
    *(f"trajectories/demonstrations/ctf/{p}" for p in (
        "crypto/BabyEncryption.traj", "crypto/BabyTimeCapsule.traj", "crypto/eps.traj", "crypto/katy.traj",
        "forensics/flash.traj", "misc/networking_1.traj", "pwn/warmup.traj", "rev/rock.traj",
        "web/i_got_id_demo.traj")),
    "trajectories/demonstrations/human_thought__swe-bench-HumanEvalFix-python__lcb__t-0.00__p-0.95__c-4.00__install-0/humanevalfix-python-0.traj",
    "trajectories/demonstrations/replay__marshmallow-code__marshmallow-1867__default__t-0.20__p-0.95__c-2.00__install-1___install_from_source/marshmallow-code__marshmallow-1867.traj",
    "trajectories/demonstrations/replay__marshmallow-code__marshmallow-1867__function_calling__install-1/marshmallow-code__marshmallow-1867.traj",
    "trajectories/demonstrations/replay__marshmallow-code__marshmallow-1867__xml_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1/marshmallow-code__marshmallow-1867.traj",
    "tests/test_data/trajectories/gpt4__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/6e44b9__sweagenttestrepo-1c2844.traj",
]  # fmt: skip


def sweagent(r: Repo, out: Path) -> None:
    for n, src in enumerate(SWE_AGENT_TRAJS, 1):
        stem = Path(src).stem
        run_id = f"sweagent-{n:02d}-{stem}"
        folder = out / run_id
        write_json(folder / f"{stem}.traj", trim(json.loads(r.show(src))))
        write_import(
            folder,
            json_import(f"{stem}.traj", f"id='{stem}'", *SWE_AGENT_MAPS),
            [{"run_id": run_id, "task_id": stem, "source": f"{r.name}@{r.commit}:{src}"}],
        )


def acr(r: Repo, out: Path) -> None:
    base = "results/acr-run-1/applicable_patch"
    folders = [f for f in r.ls(base) if not f.startswith("django__django-10914_")][::9]
    preds = json.loads(r.show("results/acr-run-1/predictions_for_swebench.json"))
    folder = out / "acr-run-1"
    runs, ids = [], []
    for task_folder in folders:
        iid = task_folder.rsplit("_", 2)[0]
        for name in r.ls(f"{base}/{task_folder}"):
            if name.startswith("conversation_round_") or name in ("meta.json", "cost.json"):
                data = json.loads(r.show(f"{base}/{task_folder}/{name}"))
                write_json(folder / task_folder / name, trim(data))
        ids.append(iid)
        runs.append(
            {"run_id": f"acr-{iid}", "task_id": iid, "source": f"{r.name}@{r.commit}:{base}/{task_folder}"}
        )
    write_json(folder / "predictions_for_swebench.json", [p for p in preds if p["instance_id"] in ids])
    write_import(folder, ["swebench-predictions", "predictions_for_swebench.json"], runs)


#: MLGym's `.traj` (SWE-agent's format) on its own: the conclusion is the agent's last thought, the
#: one it submits with; `info.submission` names the submitted file.
MLGYM_MAPS = (
    "agent='mlgym'",
    "answer=info.submission",
    "log=trajectory",
    "conclusion=trajectory[-1].thought",
    "ended=info.exit_status",
)


def mlgym(r: Repo, out: Path) -> None:
    """Every fifth `parallel_agents_run_0` trajectory of MLGym-Bench in name order (rule M,
    PROVENANCE.md): 13 models × 13 research tasks, one run each, taken without reading them."""
    base = "trajectories/mlgym_bench_v0"
    folders = [f for f in r.ls(base) if f.endswith("_run_0")][::5]
    for folder_name in folders:
        model, task = folder_name.removeprefix("metagen-").split("__")[:2]
        src = f"{base}/{folder_name}/{task}.traj"
        run_id = f"mlgym-{model}-{task}"
        folder = out / run_id
        write_json(folder / f"{task}.traj", trim(json.loads(r.show(src))))
        (folder / "results.json").write_bytes(r.show(f"{base}/{folder_name}/results.json"))
        write_import(
            folder,
            json_import(f"{task}.traj", f"id='{task}'", f"model='{model}'", *MLGYM_MAPS),
            [{"run_id": run_id, "task_id": task, "source": f"{r.name}@{r.commit}:{src}"}],
        )


PB_RUNS = {
    "anthropic": "2025-04-09T04-38-44-UTC_run-group_aisi-basic-agent-anthropic-dev/"
    "rice_0888dadd-b431-4c5c-b52a-c6a468107619",
    "gemini": "2025-04-14T00-16-57-UTC_run-group_aisi-basic-agent-gemini-litellm-dev/"
    "rice_92f7c3ca-4352-4ba4-bb4d-1a56a7cce637",
    "llama4": "2025-04-09T10-52-42-UTC_run-group_aisi-basic-agent-llama4-dev/"
    "rice_e20a46e5-b98c-40e5-bd27-7cb4eca76108",
    "gpt-4.1": "2025-04-14T23-32-27-UTC_run-group_aisi-basic-agent-openai-gpt-4.1-dev/"
    "rice_05bbbaa3-aee5-419c-92fc-da16c8c6219f",
}
PB_GPT4O = (
    "2025-04-09T12-51-39-UTC_run-group_aisi-basic-agent-openai-gpt-4o-dev/rice_269f5c35-3ffa-496f-9395-6730cc220638",
    "2025-04-09T13-57-22-UTC.tar.gz",
)


def _retar(data: bytes, member_filter: Callable[[tarfile.TarInfo, bytes], bytes | None]) -> bytes:
    """The tarball with each member passed through `member_filter` (None drops it)."""
    buf = io.BytesIO()
    with (
        tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as src,
        tarfile.open(fileobj=buf, mode="w:gz") as dst,
    ):
        for info in src.getmembers():
            body = src.extractfile(info).read() if info.isfile() else b""  # type: ignore[union-attr]
            if info.isfile():
                kept = member_filter(info, body)
                if kept is None:
                    continue
                info.size = len(kept)
                dst.addfile(info, io.BytesIO(kept))
            else:
                dst.addfile(info)
    return buf.getvalue()


def _log_member(info: tarfile.TarInfo, body: bytes) -> bytes | None:
    if info.name.endswith(".log"):
        return cut(body.decode("utf-8", "replace"), 2 * LOG_KEEP, LOG_KEEP, LOG_KEEP).encode()
    if "/.git/" in info.name or info.name.endswith(".pyc"):
        return None
    return body


def paperbench(r: Repo, out: Path) -> None:
    root = "project/paperbench/runs"
    for label, run in PB_RUNS.items():
        group, folder_name = run.split("/")
        folder = out / f"paperbench-{label}" / group / folder_name
        for name in r.ls(f"{root}/{run}"):
            if name.endswith("_grader_output_0.json") or name == "pb_result.json":
                continue
            try:
                data = r.show(f"{root}/{run}/{name}")
            except subprocess.CalledProcessError:
                continue  # the last checkpoint: over the snapshot's 4 MiB, absent
            if name.endswith(".tar.gz"):
                data = _retar(data, _log_member)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        write_import(
            out / f"paperbench-{label}",
            ["paperbench", group],
            [
                {
                    "run_id": f"paperbench-{label}",
                    "task_id": "paperbench/rice",
                    "source": f"{r.name}@{r.commit}:{root}/{run}",
                }
            ],
        )


def inspect_eval(r: Repo, out: Path) -> None:
    run, tarball = PB_GPT4O
    data = r.show(f"project/paperbench/runs/{run}/{tarball}")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as src:
        member = next(m for m in src.getmembers() if m.name.endswith(".eval"))
        raw = src.extractfile(member).read()  # type: ignore[union-attr]
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as zin, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            body = zin.read(item.filename)
            if item.filename.endswith(".json"):
                body = json.dumps(trim(json.loads(body)), ensure_ascii=False).encode()
            zout.writestr(item.filename, body)
    folder = out / "inspect-paperbench-gpt-4o"
    folder.mkdir(parents=True, exist_ok=True)
    name = Path(member.name).name
    (folder / name).write_bytes(buf.getvalue())
    write_import(
        folder,
        ["inspect", name],
        [
            {
                "run_id": "inspect-paperbench-gpt-4o",
                "task_id": "1",
                "source": f"{r.name}@{r.commit}:project/paperbench/runs/{run}/{tarball}:{member.name}",
            }
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--out", type=Path, default=HERE / "runs")
    args = parser.parse_args()
    if args.out.exists():
        shutil.rmtree(args.out)
    react(repo(args.mirrors, REACT), args.out)
    mini_repo = repo(args.mirrors, MINI)
    mini(mini_repo, args.out)
    mini_test(mini_repo, args.out)
    sweagent(repo(args.mirrors, SWEAGENT), args.out)
    acr(repo(args.mirrors, ACR), args.out)
    pb = repo(args.mirrors, PAPERBENCH)
    paperbench(pb, args.out)
    inspect_eval(pb, args.out)
    mlgym(repo(args.mirrors, MLGYM), args.out)


if __name__ == "__main__":
    main()
