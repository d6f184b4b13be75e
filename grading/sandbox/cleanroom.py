"""The clean room: the task's code at its commit, plus the submission's change, in a fresh dir.

Never the agent's live workspace: it may hold cached results, edited data or files the agent
forgot it wrote. We rebuild the tree from the task repository (a path or a git URL at a
commit) and apply the submission's patch, or copy the submission's own `workspace/`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from expgrade.grading.safepath import escaping_links
from expgrade.grading.sandbox.reaper import process_alive
from expgrade.grading.schemas import RepoSpec

#: Clean rooms are `<tmp>/expgrade-run-<pid>-<random>`: the pid lets `sandbox gc` tell a
#: killed run's leftovers (which can be gigabytes) from a live run's.
CLEAN_ROOM_PREFIX = "expgrade-run-"


def new_clean_room_parent(work_root: Path | None = None) -> Path:
    return Path(tempfile.mkdtemp(prefix=f"{CLEAN_ROOM_PREFIX}{os.getpid()}-", dir=work_root))


def stale_clean_rooms(work_root: Path | None = None) -> list[Path]:
    """Clean-room folders under `work_root` (default: the temp dir) whose run's process is gone."""
    root = work_root or Path(tempfile.gettempdir())
    stale = []
    for path in sorted(root.glob(f"{CLEAN_ROOM_PREFIX}*")):
        pid = path.name.removeprefix(CLEAN_ROOM_PREFIX).split("-", 1)[0]
        if path.is_dir() and not path.is_symlink() and pid.isdigit() and not process_alive(int(pid)):
            stale.append(path)
    return stale


def remove_stale_clean_rooms(work_root: Path | None = None) -> int:
    """Remove the stale clean rooms (`sandbox gc`), unmounting a capped work dir left mounted
    by a killed run and deleting its disk image; returns how many were removed."""
    from expgrade.grading.sandbox.disk import release

    rooms = stale_clean_rooms(work_root)
    for room in rooms:
        release(room)
        shutil.rmtree(room, ignore_errors=True)
    return len(rooms)


class SubmissionRejected(Exception):
    """The submission's code cannot be placed (patch does not apply, unsafe workspace)."""


class CleanRoomError(Exception):
    """The task's code cannot be fetched: an infrastructure problem, not the submission's."""


@dataclass
class CleanRoom:
    path: Path
    notes: list[str] = field(default_factory=list)  # how the code got there, for the run log


_GIT_CONFIG = [
    *("-c", "safe.directory=*"),  # the clean room may be owned by the sandbox user
    *("-c", "user.name=expgrade", "-c", "user.email=expgrade@localhost"),
    *("-c", "advice.detachedHead=false"),
]


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(cwd),
        # never let git wander up into a repository that happens to contain our temp dir
        "GIT_CEILING_DIRECTORIES": str(cwd.parent),
        "GIT_TERMINAL_PROMPT": "0",
        "LANG": "C",
    }
    return subprocess.run(
        ["git", *_GIT_CONFIG, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )


def _copy_tree(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest, symlinks=True, dirs_exist_ok=True)


def fetch_repo(repo: RepoSpec | None, dest: Path, *, repo_base: Path | None) -> str:
    """Put the task's code into `dest` (which exists and is empty); return how."""
    if repo is None or (repo.path is None and repo.url is None):
        return "no task repository: the submission brings all its code"
    if repo.path is not None:
        src = Path(repo.path)
        if not src.is_absolute() and repo_base is not None:
            src = repo_base / src
        if not src.is_dir():
            raise CleanRoomError(f"task repository {src} is not a directory")
        if repo.commit and (src / ".git").exists():
            return _clone(str(src.resolve()), repo.commit, dest)
        _copy_tree(src, dest)
        return f"copied {src}"
    assert repo.url is not None
    return _clone(repo.url, repo.commit, dest)


def _clone(source: str, commit: str | None, dest: Path) -> str:
    done = _git(["clone", "--quiet", "--no-checkout", source, "."], dest)
    if done.returncode != 0:
        raise CleanRoomError(f"git clone {source} failed: {done.stderr.strip()[-500:]}")
    done = _git(["checkout", "--quiet", commit or "HEAD"], dest)
    if done.returncode != 0:
        raise CleanRoomError(f"git checkout {commit} of {source} failed: {done.stderr.strip()[-500:]}")
    return f"cloned {source} at {commit or 'HEAD'}"


def apply_patch(patch: Path, dest: Path) -> str:
    """`git apply`, then `git apply --3way`, then `patch -p1 --fuzz`; SubmissionRejected if none works.

    Agents' diffs are often produced against a slightly different tree, hand-edited, or have
    lost trailing whitespace; the fallbacks accept what a careful human would, and the reason
    of every failed attempt is kept so a `patch_failed` status says why.
    """
    patch = patch.resolve()
    failures = []
    plain = _git(["apply", "--whitespace=nowarn", str(patch)], dest)
    if plain.returncode == 0:
        return "patch applied with git apply"
    failures.append(f"git apply: {plain.stderr.strip()}")
    if not (dest / ".git").exists():
        # --3way needs the preimage blobs in an object database: record the base tree first.
        _git(["init", "--quiet"], dest)
        _git(["add", "-A"], dest)
        _git(["commit", "--quiet", "--no-verify", "-m", "task base"], dest)
    three = _git(["apply", "--3way", "--whitespace=nowarn", str(patch)], dest)
    if three.returncode == 0:  # conflicts make git exit 1
        return "patch applied with git apply --3way"
    failures.append(f"git apply --3way: {three.stderr.strip()}")
    _git(["checkout", "--quiet", "--", "."], dest)  # undo a half-done 3-way merge
    cmd = [
        "patch",
        "-p1",
        "--fuzz=3",
        "--batch",
        "--forward",
        "--no-backup-if-mismatch",
        "-r",
        "-",
        "-i",
        str(patch),
    ]
    dry = subprocess.run([*cmd, "--dry-run"], cwd=dest, capture_output=True, text=True, timeout=120)
    if dry.returncode == 0:
        real = subprocess.run(cmd, cwd=dest, capture_output=True, text=True, timeout=120)
        if real.returncode == 0:
            return "patch applied with patch -p1 --fuzz=3"
        dry = real
    failures.append(f"patch -p1 --fuzz=3: {(dry.stdout + dry.stderr).strip()}")
    raise SubmissionRejected("the patch does not apply: " + " | ".join(f[:400] for f in failures))


def prepare_clean_room(
    dest: Path,
    *,
    repo: RepoSpec | None,
    repo_base: Path | None = None,
    patch: Path | None = None,
    workspace: Path | None = None,
    reproduce: Path | None = None,
) -> CleanRoom:
    """Build the work directory in `dest` (created; must not exist or be empty)."""
    dest.mkdir(parents=True, exist_ok=True)
    room = CleanRoom(dest)
    if patch is None and workspace is not None:
        bad = escaping_links(workspace)
        if bad:
            raise SubmissionRejected(f"workspace has symlinks pointing outside it: {', '.join(bad[:5])}")
        _copy_tree(workspace, dest)
        room.notes.append(f"copied the submission workspace {workspace}")
    else:  # a patch wins over a workspace, as the submissions loader documents
        room.notes.append(fetch_repo(repo, dest, repo_base=repo_base))
        if patch is not None:
            room.notes.append(apply_patch(patch, dest))
    if reproduce is not None:
        target = dest / "reproduce.sh"
        if target.is_symlink() or target.is_dir():
            raise SubmissionRejected("the workspace's reproduce.sh is a symlink or a directory")
        shutil.copyfile(reproduce, target)
        room.notes.append("copied the submission's reproduce.sh")
    return room
