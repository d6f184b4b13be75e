"""The default sandbox image, built with no container registry: debootstrap + `docker import`.

No registry is reachable on the machines this runs on, but the apt mirror is (that is how the
machine was installed). So the base image is a Debian minbase root filesystem debootstrapped
from the mirror and suite the machine's own apt sources name, plus the packages a small
experiment needs, imported as a single-layer image.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import docker
from docker.errors import DockerException, ImageNotFound

from expgrade.grading.errors import UserError
from expgrade.grading.sandbox.base import BASE_IMAGE

PACKAGES = ("python3", "python3-numpy", "python3-sklearn", "git", "ca-certificates")
#: Trimmed after debootstrap: nothing in a sandbox reads them, and they are a third of the size.
_TRIM = ("var/cache/apt/archives", "var/lib/apt/lists", "usr/share/doc", "usr/share/man", "usr/share/info")
_NOISY = re.compile(r"^I: (Retrieving|Validating|Extracting|Unpacking|Configuring) ")
_SKIP_SUITE = re.compile(r"-(security|updates|backports|proposed)$|/updates$")

Progress = Callable[[str], None]


@dataclass(frozen=True)
class AptSource:
    uri: str
    suite: str
    keyring: str | None
    origin: str  # the file it came from, for the progress message
    components: tuple[str, ...] = ("main",)  # Ubuntu keeps scikit-learn in universe


def _one_line_sources(path: Path) -> list[AptSource]:
    found = []
    for raw in path.read_text(errors="replace").splitlines():
        line = raw.split("#", 1)[0].strip()
        options = re.search(r"\[([^\]]*)\]", line)
        words = re.sub(r"\[[^\]]*\]", " ", line).split()
        if len(words) >= 4 and words[0] == "deb":
            signed = re.search(r"signed-by=(\S+)", options.group(1)) if options else None
            keyring = signed.group(1) if signed else None
            found.append(AptSource(words[1], words[2], keyring, str(path), tuple(words[3:])))
    return found


def _deb822_sources(path: Path) -> list[AptSource]:
    found = []
    for para in re.split(r"\n\s*\n", path.read_text(errors="replace")):
        fields: dict[str, str] = {}
        key = None
        for raw in para.splitlines():
            if raw.startswith("#") or not raw.strip():
                continue
            if raw[0].isspace() and key:
                fields[key] += " " + raw.strip()
                continue
            key, _, value = raw.partition(":")
            key = key.strip().lower()
            fields[key] = value.strip()
        if "deb" not in fields.get("types", "").split() or fields.get("enabled", "yes").lower() == "no":
            continue
        keyring = fields.get("signed-by") or None
        if keyring and not keyring.startswith("/"):
            keyring = None  # an inline key block: debootstrap can only take a file
        for uri in fields.get("uris", "").split():
            for suite in fields.get("suites", "").split():
                components = tuple(fields.get("components", "main").split())
                found.append(AptSource(uri, suite, keyring, str(path), components))
    return found


def configured_sources(apt_dir: Path = Path("/etc/apt")) -> list[AptSource]:
    """Every `deb` source apt itself would read, in apt's order (sources.list, then the .d files)."""
    sources = []
    main = apt_dir / "sources.list"
    if main.is_file():
        sources += _one_line_sources(main)
    d = apt_dir / "sources.list.d"
    if d.is_dir():
        for path in sorted(d.iterdir()):
            if path.suffix == ".list":
                sources += _one_line_sources(path)
            elif path.suffix == ".sources":
                sources += _deb822_sources(path)
    return sources


def choose_source(
    sources: list[AptSource], scripts: Path = Path("/usr/share/debootstrap/scripts")
) -> AptSource:
    """The first base-distribution source debootstrap knows how to bootstrap.

    Security, updates and backports suites are overlays, not distributions; third-party
    repositories (a cloud SDK, nodesource) name suites debootstrap has no script for.
    """
    for src in sources:
        if _SKIP_SUITE.search(src.suite):
            continue
        if (scripts / src.suite).exists():
            return src
    listed = ", ".join(f"{s.uri} {s.suite}" for s in sources) or "none"
    raise UserError(
        f"no Debian/Ubuntu base suite that debootstrap supports in the apt sources (found: {listed}); "
        "pass --mirror and --suite",
        file="/etc/apt/sources.list(.d)",
    )


def recipe_hash(suite: str) -> str:
    """Identifies what goes into the image: a changed package list means a rebuild, not reuse."""
    return hashlib.sha256("|".join([suite, *PACKAGES]).encode()).hexdigest()[:16]


def _reusable(client: docker.DockerClient, name: str, progress: Progress) -> str | None:
    """The id of an existing image to keep, or None when it must be (re)built.

    An image under our name without our label is the user's own (e.g. a site image tagged
    as the base): kept. One built from an older recipe is rebuilt.
    """
    try:
        image = client.images.get(name)
    except ImageNotFound:
        return None
    labels = image.labels or {}
    built_from = labels.get("expgrade.recipe")
    if built_from not in (None, recipe_hash(labels.get("expgrade.suite", ""))):
        progress(f"{name} was built from another recipe ({built_from}); rebuilding")
        return None
    progress(f"{name} already present ({image.short_id}); nothing to do")
    return str(image.id)


def build_base_image(
    *,
    name: str = BASE_IMAGE,
    force: bool = False,
    mirror: str | None = None,
    suite: str | None = None,
    progress: Progress = print,
    client: docker.DockerClient | None = None,
) -> str:
    """Build (or find) the base image; returns its id. Needs root for debootstrap."""
    try:
        client = client or docker.from_env(timeout=600)
        existing = None if force else _reusable(client, name, progress)
        if existing is not None:
            return existing
    except DockerException as exc:
        raise UserError(f"cannot reach the Docker engine: {exc}") from exc
    if os.geteuid() != 0:
        raise UserError("building the sandbox image runs debootstrap, which needs root (use sudo)")
    if shutil.which("debootstrap") is None:
        raise UserError("debootstrap is not installed (apt-get install debootstrap)")
    if mirror and suite:
        source = AptSource(mirror, suite, None, "command line")
    else:
        source = choose_source(configured_sources())
        source = AptSource(
            mirror or source.uri, suite or source.suite, source.keyring, source.origin, source.components
        )
    progress(
        f"debootstrap {source.suite} from {source.uri} (from {source.origin}) with {', '.join(PACKAGES)}"
    )
    with tempfile.TemporaryDirectory(prefix="expgrade-image-", dir="/var/tmp") as tmp:
        root = Path(tmp) / "root"
        _debootstrap(source, root, progress)
        for rel in _TRIM:
            shutil.rmtree(root / rel, ignore_errors=True)
            (root / rel).mkdir(parents=True, exist_ok=True)
        (root / "work").mkdir(exist_ok=True)
        repo, _, tag = name.rpartition(":")
        progress(f"docker import as {name}")
        changes = [
            "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "ENV LANG=C.UTF-8",
            "WORKDIR /work",
            'CMD ["python3"]',
            f"LABEL expgrade.recipe={recipe_hash(source.suite)} expgrade.suite={source.suite}",
        ]
        # tar streams straight into the engine: no second 1 GB copy of the tree on disk.
        tar_cmd = ["tar", "--numeric-owner", "-C", str(root), "-cf", "-", "."]
        with subprocess.Popen(tar_cmd, stdout=subprocess.PIPE) as tar:
            assert tar.stdout is not None
            client.api.import_image_from_stream(
                tar.stdout, repository=repo or name, tag=tag or None, changes=changes
            )
        if tar.returncode != 0:
            raise UserError(f"packing the root filesystem failed (tar exit {tar.returncode})")
    image = client.images.get(name)
    progress(f"built {name} ({image.short_id})")
    return str(image.id)


def _debootstrap(source: AptSource, root: Path, progress: Progress) -> None:
    cmd = [
        "debootstrap",
        "--variant=minbase",
        f"--include={','.join(PACKAGES)}",
        f"--components={','.join(source.components)}",
    ]
    if source.keyring and Path(source.keyring).is_file():
        cmd.append(f"--keyring={source.keyring}")
    cmd += [source.suite, str(root), source.uri]
    quiet = 0
    tail: list[str] = []
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            line = line.rstrip()
            tail = [*tail[-20:], line]
            if _NOISY.match(line):
                quiet += 1
                if quiet % 100 == 0:
                    progress(f"  ... {quiet} packages steps")
            elif line:
                progress(f"  {line}")
    if proc.returncode != 0:
        raise UserError("debootstrap failed:\n" + "\n".join(tail), file=source.origin)
