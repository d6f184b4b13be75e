"""Keeping user-supplied paths inside the folder they belong to.

A submission is untrusted: it is written by an agent that may (by accident or on purpose) point
outside its own folder, with `..`, an absolute path, or a symlink to `/etc` or to another
submission. Everything that reads or copies a submission's files goes through here, so that
one rule decides what "inside" means:

- `check_relative(rel)`: the text of a path meant to be relative (no absolute, no `..`).
- `resolve_inside(root, rel)`: a relative path named by the user, resolved and checked.
- `check_inside(root, path)`: an existing path (perhaps a symlink) found under `root`.
- `escaping_links(root)` / `special_files(root)`: symlinks pointing outside a tree; FIFOs,
  sockets and devices in it. `check_tree(root)` raises for either.
- `copy_tree(src, dst)`: copy a tree after checking it, keeping internal symlinks as links.
- `unsafe_patch_targets(text)`: file names in a unified diff that climb out with `..`.

Violations raise `PathEscapeError`, a `UserError`, so the CLI reports them with exit code 2.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path, PurePosixPath

from expgrade.grading.errors import UserError


class PathEscapeError(UserError):
    """A path that would leave the folder it must stay in."""


def check_relative(rel: str | Path, *, what: str = "path", file: Path | None = None) -> None:
    """`PathEscapeError` unless `rel` is a non-empty relative path without `..`.

    Rejects `..` outright (even when it would come back inside): a path that needs it is never
    what a well-formed submission or task writes. Checks the text only; see `resolve_inside`.
    """
    text = str(rel)
    if not text.strip():
        raise PathEscapeError(f"{what} is empty", file=file)
    if os.path.isabs(text) or PurePosixPath(text).is_absolute() or re.match(r"^[A-Za-z]:[\\/]", text):
        raise PathEscapeError(f"{what} '{text}' is absolute; it must be relative to its folder", file=file)
    if ".." in PurePosixPath(text.replace("\\", "/")).parts:
        raise PathEscapeError(f"{what} '{text}' uses '..' to leave its folder", file=file)


def resolve_inside(root: Path, rel: str | Path, *, what: str = "path") -> Path:
    """`root / rel`, fully resolved, or `PathEscapeError` if `rel` leaves `root`.

    `check_relative` on the text, then symlinks are resolved so that a link inside `root`
    that points out is caught too.
    """
    check_relative(rel, what=what, file=root)
    return check_inside(root, root / rel, what=what)


def check_inside(root: Path, path: Path, *, what: str = "path") -> Path:
    """The resolved `path`, or `PathEscapeError` if it (or a link on the way) leads outside `root`."""
    real_root = root.resolve()
    try:
        real = path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop (Python 3.11)
        raise PathEscapeError(f"{what} '{path.name}' is a symlink loop", file=root) from None
    if _outside(real_root, real):
        shown = path.relative_to(root) if path.is_relative_to(root) else path
        raise PathEscapeError(f"{what} '{shown}' points outside the folder (to {real})", file=root)
    return real


def _walk(root: Path) -> list[Path]:
    """Every entry under `root`, without following links (a link to `/` cannot widen the walk)."""
    return [Path(d) / n for d, dirs, files in os.walk(root, followlinks=False) for n in dirs + files]


def _outside(real_root: Path, target: Path) -> bool:
    return target != real_root and real_root not in target.parents


def escaping_links(root: Path) -> list[str]:
    """Paths (relative to `root`) of symlinks under `root` whose targets are outside it.

    A dangling link whose target would lie outside counts as escaping too; so does a link
    loop, whose target cannot be known.
    """
    real_root = root.resolve()
    bad = []
    for entry in _walk(root):
        if entry.is_symlink():
            try:
                escapes = _outside(real_root, entry.resolve())
            except (OSError, RuntimeError):  # a symlink loop
                escapes = True
            if escapes:
                bad.append(str(entry.relative_to(root)))
    return sorted(bad)


def special_files(root: Path) -> list[str]:
    """Paths of FIFOs, sockets and device nodes under `root`: copying or reading one can hang or
    touch the host, and no experiment needs to ship one."""
    bad = []
    for entry in _walk(root):
        if entry.is_symlink():
            continue
        mode = entry.lstat().st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            bad.append(str(entry.relative_to(root)))
    return sorted(bad)


def check_tree(root: Path, *, what: str = "folder") -> None:
    """Raise `PathEscapeError` naming every escaping symlink and every special file under `root`."""
    if root.is_symlink():
        check_inside(root.parent, root, what=what)
    problems = []
    if links := escaping_links(root):
        problems.append(f"symlinks pointing outside it: {', '.join(links)}")
    if special := special_files(root):
        problems.append(f"special files (fifo, socket or device): {', '.join(special)}")
    if problems:
        raise PathEscapeError(f"{what} has {'; and '.join(problems)}", file=root)


def copy_tree(src: Path, dst: Path) -> None:
    """Copy `src` to a new `dst` after `check_tree`; links stay links, all pointing inside `dst`.

    An absolute link (allowed when it points inside `src`) would, copied verbatim, point back
    into `src`; it is rewritten as the equivalent relative link.
    """
    check_tree(src)
    shutil.copytree(src, dst, symlinks=True)
    real_src = src.resolve()
    for link in _walk(dst):
        if link.is_symlink() and os.path.isabs(os.readlink(link)):
            inside = Path(os.readlink(link)).resolve().relative_to(real_src)
            link.unlink()
            link.symlink_to(os.path.relpath(dst / inside, link.parent))


_DIFF_HEADER = re.compile(r"^(?:--- |\+\+\+ |rename (?:from|to) |copy (?:from|to) )(?P<path>\S+)")
_GIT_HEADER = re.compile(r"^diff --git (?P<a>\S+) (?P<b>\S+)")


def unsafe_patch_targets(text: str) -> list[str]:
    """File names in a unified/git diff with a `..` component: applying them writes outside the tree.

    Absolute names are left to the patch tool (GNU patch and `git apply` refuse them, and
    EXP-Bench's own patches carry absolute `+++` names from `diff -urN`).
    """
    bad: list[str] = []
    for line in text.splitlines():
        names: list[str] = []
        if m := _GIT_HEADER.match(line):
            names = [m["a"], m["b"]]
        elif m := _DIFF_HEADER.match(line):
            names = [m["path"]]
        for name in names:
            if ".." in PurePosixPath(name.replace("\\", "/")).parts and name not in bad:
                bad.append(name)
    return bad
