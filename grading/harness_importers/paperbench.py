"""PaperBench submissions: the agent's repository (a folder or a tarball) with its `reproduce.sh`.

PaperBench grades the repository an agent leaves, with `reproduce.sh` at its root, against the
paper's rubric tree; `expgrade tasks import paperbench rubric.json` makes that tree the task
`paperbench/<paper>`. A source is one of:

- PaperBench's own run layout (openai/preparedness `paperbench/utils.py`: `create_run_id`,
  `create_run_dir`, `build_canonical_sub_path`):
  `<runs dir>/<run group>/<paper>_<uuid4>/submissions/<timestamp>/submission.tar.gz`. A run
  folder yields its latest snapshot (as `_select_checkpoint` picks it; `*_executed.tar.gz` are
  reproduction outputs, not submissions), a run group folder each of its runs, a tarball itself.
  A folder of run groups yields each run of each. The paper is the run id without its uuid.
- a judge_eval case (openai/preparedness `judge_eval/download_data.py`):
  `judge_eval/<paper>/<n>/submission.tar`, holding `./submission`; a folder of cases
  (`judge_eval/<paper>/`, `judge_eval/`) yields each;
- a repository folder with `reproduce.sh` at its root (or in `./submission`), or a tarball of
  one: `--paper` names the paper, else the source's name does (`<paper>/`, `<paper>.tar.gz`; a
  source named `submission` takes its parent's name, or in a judge_eval case `<paper>/<n>/` the
  paper's).

Any other folder is refused with what was expected: a folder of runs read as one repository
would be graded as the agent's work. A tarball that is a Git LFS pointer (judge_eval's
`submission.tar` in a clone without `git lfs pull`) is named as such.

PaperBench's tarball (`upload_sources`: `tar -czf … -C <tmp> .` over `/home/submission` and
`/home/logs`) holds `./submission` and `./logs`: the repository is `./submission`, and the text
files under `./logs` become the trajectory, one text step per file, whole (and `agent.log`).
The repository becomes the submission's `workspace/`,
its `reproduce.sh` the reproduce script; a repository without one is imported and reported.
Agent and model are unknown unless `--agent`/`--agent-model`.

A tarball is untrusted: it is extracted with tarfile's `data` filter (no absolute names, no
`..`, no links leaving it, no devices), within a size cap, and the tree is checked again.
"""

from __future__ import annotations

import re
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import Context, Derived, FieldMap
from expgrade.grading.harness_importers.presets import Preset, Raw, records_through
from expgrade.grading.harness_importers.steps import text_steps
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import load_json
from expgrade.grading.safepath import check_tree

REPRODUCE = "reproduce.sh"
#: Uncompressed bytes a submission tarball may hold; PaperBench caps submissions at 1 GB.
MAX_TAR_BYTES = 4 * 1024**3
_TAR_SUFFIXES = (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar")
#: `create_run_id`: f"{paper_id}_{uuid.uuid4()}".
_RUN_ID = re.compile(r"^(?P<paper>.+)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
#: `nano/eval.py`'s run group id: f"{get_timestamp()}_run-group_{solver.shortname()}".
_RUN_GROUP = re.compile(r"^\d{4}-\d{2}-\d{2}T[\d-]+(?:-[A-Z]+)?_run-group_(?P<solver>.+)$")
#: Bytes of the run's logs kept in agent.log, per file.
LOG_FILE_BYTES = 1_000_000


def _snapshots(run_dir: Path) -> list[Path]:
    """A run's submission snapshots, oldest first: `submissions/<timestamp>/*.tar.gz`, or, as
    PaperBench's first release writes them (`nano/eval.py`), `<timestamp>.tar.gz` in the run
    folder itself; reproduction outputs (`*_executed.tar.gz`, `*_repro.tar.gz`) are not
    submissions."""
    first_release = _RUN_ID.match(run_dir.name) is not None or (run_dir / "status.json").is_file()
    found = [*run_dir.glob("submissions/*/*.tar.gz"), *(run_dir.glob("*.tar.gz") if first_release else [])]
    return sorted(
        (p for p in found if p.is_file() and not p.name.endswith(("_executed.tar.gz", "_repro.tar.gz"))),
        key=lambda p: (p.parent.name if p.parent != run_dir else "", p.name),
    )


#: What a PaperBench source may be, for the error that refuses anything else.
EXPECTED = (
    "expected one of PaperBench's layouts: a run folder (<paper>_<uuid>/ holding"
    " submissions/<timestamp>/*.tar.gz, or <timestamp>.tar.gz beside metadata.json as the first"
    " release writes it), a run group (a folder of run folders), a folder of run"
    " groups, a judge_eval case (<paper>/<n>/ holding submission.tar), a folder of such cases"
    " (judge_eval/<paper>/ or judge_eval/), a repository with reproduce.sh at its root (or in"
    " ./submission), or a tarball (.tar, .tar.gz, .tgz)"
)


def _case_tarball(folder: Path) -> Path | None:
    """A judge_eval case's `submission.tar` (openai/preparedness `judge_eval/download_data.py`)."""
    for suffix in _TAR_SUFFIXES:
        if (tarball := folder / f"submission{suffix}").is_file():
            return tarball
    return None


def _submission_in(folder: Path) -> Path | None:
    """The one submission a run folder or a judge_eval case stands for: the run's latest
    snapshot (as `_select_checkpoint` picks it), or the case's tarball."""
    if latest := _snapshots(folder):
        return latest[-1]
    return _case_tarball(folder)


def _is_repository(folder: Path) -> bool:
    return (folder / REPRODUCE).is_file() or (folder / "submission" / REPRODUCE).is_file()


def _subfolders(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())


def find_sources(src: Path) -> list[Path]:
    """A folder on the command line, as one of the layouts PaperBench writes (`EXPECTED`): its
    submissions one level down (a run group, a judge_eval paper) or two (a folder of run
    groups, judge_eval itself). Any other folder is refused: importing it as a repository would
    grade a folder of runs, or a folder holding one tarball, as the agent's work."""
    if not src.is_dir():
        return [src]
    if (own := _submission_in(src)) is not None:
        return [own]
    if _is_repository(src):
        return [src]
    for depth in (1, 2):
        folders = _subfolders(src) if depth == 1 else [g for c in _subfolders(src) for g in _subfolders(c)]
        found = [sub for f in folders if (sub := _submission_in(f)) is not None]
        if found:
            return found
    raise UserError(f"not a PaperBench submission or run: {EXPECTED}; found none of them here", file=src)


def _run_dir(path: Path) -> Path | None:
    """The run folder (`<paper>_<uuid>`) a tarball lies in, at either layout, else None."""
    for folder in list(path.parents)[:3]:
        if _RUN_ID.match(folder.name):
            return folder
    return None


def _paper(path: Path, options: HarnessOptions) -> tuple[str, str]:
    """(paper id, where it came from)."""
    if options.paper:
        return options.paper, "--paper"
    run = _run_dir(path)
    if run is not None and (m := _RUN_ID.match(run.name)):
        return m["paper"], "run folder name (<paper>_<uuid>)"
    name = path.name
    for suffix in _TAR_SUFFIXES:
        name = name.removesuffix(suffix)
    if name == "submission" and path.resolve().parent.name.isdigit():
        return path.resolve().parent.parent.name, "judge_eval case folder (<paper>/<n>/submission.tar)"
    if name == "submission":
        return path.resolve().parent.name, "source's parent folder name"
    return name, "source name"


def extract(tarball: Path, dest: Path) -> Path:
    """Extract safely into `dest`; the root the archive holds (its lone top folder, if any)."""
    try:
        with tarfile.open(tarball) as tar:
            total = sum(m.size for m in tar.getmembers())
            if total > MAX_TAR_BYTES:
                raise UserError(
                    f"tarball unpacks to {total} bytes, over the {MAX_TAR_BYTES} byte cap", file=tarball
                )
            tar.extractall(dest, filter="data")
    except tarfile.FilterError as exc:
        raise UserError(f"unsafe tarball member refused: {exc}", file=tarball) from None
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise UserError(f"cannot read tarball ({type(exc).__name__}: {exc})", file=tarball) from None
    check_tree(dest, what="tarball contents")
    entries = [p for p in dest.iterdir() if not p.name.startswith(".")]
    if len(entries) == 1 and entries[0].is_dir() and not (dest / REPRODUCE).exists():
        return entries[0]
    return dest


def _is_text(data: bytes) -> bool:
    if b"\0" in data[:8192]:
        return False
    try:
        data[:LOG_FILE_BYTES].decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= LOG_FILE_BYTES - 4  # a character cut at the limit
    return True


def _logs(root: Path) -> tuple[list[tuple[str, Path]], dict[str, Path]]:
    """PaperBench's `./logs`: its text files (each a step of the trajectory, read whole when
    written), and its binary files (an Inspect `.eval`, images) kept as files, never decoded."""
    logs = root / "logs"
    if not logs.is_dir():
        return [], {}
    texts: list[tuple[str, Path]] = []
    binary: dict[str, Path] = {}
    for p in sorted(p for p in logs.rglob("*") if p.is_file() and not p.is_symlink()):
        name = str(p.relative_to(logs))
        with p.open("rb") as fh:
            head = fh.read(LOG_FILE_BYTES)
        if _is_text(head):
            texts.append((name, p))
        else:
            binary[f"logs/{name}"] = p
    return texts, binary


def _read_logs(texts: list[tuple[str, Path]]) -> Iterator[tuple[str, str]]:
    for name, p in texts:
        yield name, p.read_text(encoding="utf-8", errors="replace")


def _run_files(src: Path) -> dict[str, Any]:
    """The run's own JSON files beside its snapshots (`metadata.json`: the agent's output and,
    where the release writes them, agent and model; `status.json`; `pb_result.json`: PaperBench's
    grade), and the run group's name (`<timestamp>_run-group_<solver>`)."""
    run = _run_dir(src)
    found: dict[str, Any] = {}
    if run is None:
        return found
    for name in ("metadata", "status", "pb_result"):
        if (run / f"{name}.json").is_file():
            try:
                found[name] = load_json(run / f"{name}.json")
            except UserError:
                continue
    if m := _RUN_GROUP.match(run.parent.name):
        found["@group_agent"] = Derived(m["solver"], "run group name (<timestamp>_run-group_<solver>)")
    return found


def _ended(value: object, ctx: Context) -> str:
    return "agent error" if isinstance(value, str) and value.strip() else "completed"


PRESET = Preset(
    harness="paperbench",
    generation="",
    describe="PaperBench submission",
    fields=FieldMap(
        id="@paper",
        agent="metadata.agent_id|metadata.agent|metadata.solver|@group_agent",
        model="metadata.model|metadata.model_name|metadata.completer_config.model",
        files="@repository",
        ended="metadata.error_msg",
        result="pb_result.score|pb_result",
    ),
    defaults={"agent": "unknown", "model": "unknown"},
    ended=_ended,
)


def _raw(
    src: Path, root: Path, options: HarnessOptions
) -> tuple[Raw, list[tuple[str, Path]], dict[str, Path]]:
    paper, paper_from = _paper(src, options)
    repo, repo_from = root, "the repository"
    if not (root / REPRODUCE).exists() and (root / "submission").is_dir():
        repo, repo_from = root / "submission", "./submission"
    texts, binary = _logs(root) if repo != root else ([], {})
    record: dict[str, Any] = {
        "@paper": Derived(f"paperbench/{paper}", paper_from),
        "@repository": Derived(repo, repo_from),
        **_run_files(src),
    }
    return Raw("submission", record), texts, binary


def _record(src: Path, root: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    raw, texts, binary = _raw(src, root, options)
    for item in records_through((PRESET,), [raw], src, options):
        if isinstance(item, Notice):
            continue  # one record, one generation: the table says it
        if texts:  # the logs have no structure: one text step per file, whole
            item.steps = text_steps(_read_logs(texts))
            item.fields["steps"] = "./logs"
        if item.reproduce is not None:
            item.fields["reproduce"] = item.reproduce
        else:
            item.extra["warning"] = f"no {REPRODUCE} at the repository root"
            item.notes.append(f"no {REPRODUCE} at the repository root: execution will be not_run")
        for key in ("agent", "agent_model"):
            if key in item.defaults:
                item.defaults[key] = (
                    "'unknown' (a PaperBench submission does not name it; say --agent / --agent-model)"
                )
        item.files.update(binary)
        yield item


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    if path.is_dir():
        check_tree(path, what="submission")
        yield from _record(path, path, options)
        return
    if not path.name.endswith(_TAR_SUFFIXES):
        raise UserError("expected a submission folder or a tarball (.tar, .tar.gz, .tgz)", file=path)
    with tempfile.TemporaryDirectory(prefix="expgrade-paperbench-") as tmp:
        yield from _record(path, extract(path, Path(tmp)), options)


HARNESS = Harness(name="paperbench", patterns=(), load=load, find=find_sources, presets=(PRESET,))
