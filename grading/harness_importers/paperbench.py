"""PaperBench submissions: the agent's repository (a folder or a tarball) with its `reproduce.sh`.

PaperBench grades the repository an agent leaves, with `reproduce.sh` at its root, against the
paper's rubric tree; `expgrade tasks import paperbench rubric.json` makes that tree the task
`paperbench/<paper>`. Each source here is one submission for one paper: `--paper` names it, else
the source's name does (`<paper>/`, `<paper>.tar.gz`; a source named `submission` takes its
parent folder's name). The repository becomes the submission's `workspace/`, its
`reproduce.sh` the reproduce script. Agent and model are unknown unless `--agent`/`--agent-model`.

A tarball is untrusted: it is extracted with tarfile's `data` filter (no absolute names, no
`..`, no links leaving it, no devices), within a size cap, and the tree is checked again.
"""

from __future__ import annotations

import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.safepath import check_tree

REPRODUCE = "reproduce.sh"
#: Uncompressed bytes a submission tarball may hold; PaperBench caps submissions at 1 GB.
MAX_TAR_BYTES = 4 * 1024**3
_TAR_SUFFIXES = (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar")


def _paper(path: Path, options: HarnessOptions) -> str:
    if options.paper:
        return options.paper
    name = path.name
    for suffix in _TAR_SUFFIXES:
        name = name.removesuffix(suffix)
    return path.resolve().parent.name if name == "submission" else name


def extract(tarball: Path, dest: Path) -> Path:
    """Extract safely into `dest`; the repository root (descending into a lone top folder)."""
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


def _record(src: Path, repo: Path, options: HarnessOptions) -> HarnessRecord:
    paper = _paper(src, options)
    has_reproduce = (repo / REPRODUCE).is_file()
    fields = {"task_id": "--paper" if options.paper else "source name", "workspace": "the repository"}
    if has_reproduce:
        fields["reproduce"] = REPRODUCE
    return HarnessRecord(
        task_id=f"paperbench/{paper}",
        agent="unknown",
        agent_model="unknown",
        record="submission",
        fields=fields,
        workspace=repo,
        reproduce=REPRODUCE if has_reproduce else None,
        extra={} if has_reproduce else {"warning": f"no {REPRODUCE} at the repository root"},
    )


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord]:
    if path.is_dir():
        check_tree(path, what="submission")
        yield _record(path, path, options)
        return
    if not path.name.endswith(_TAR_SUFFIXES):
        raise UserError("expected a submission folder or a tarball (.tar, .tar.gz, .tgz)", file=path)
    with tempfile.TemporaryDirectory(prefix="expgrade-paperbench-") as tmp:
        yield _record(path, extract(path, Path(tmp)), options)


HARNESS = Harness(name="paperbench", patterns=(), load=load, folder_is_source=True)
