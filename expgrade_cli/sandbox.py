"""`expgrade sandbox` verbs: build the base image without a registry; remove leftover containers."""

from __future__ import annotations

from typing import Annotated

import typer

from expgrade.cli.app import app, console

sandbox_app = typer.Typer(
    help="The sandbox that re-runs submissions: its image and leftovers.", no_args_is_help=True
)
app.add_typer(sandbox_app, name="sandbox")


@sandbox_app.command("build-image")
def build_image(
    force: Annotated[bool, typer.Option("--force", help="Rebuild even if the image exists.")] = False,
    mirror: Annotated[
        str | None, typer.Option(help="Debian/Ubuntu mirror URL (default: from apt sources).")
    ] = None,
    suite: Annotated[
        str | None, typer.Option(help="Suite, e.g. bookworm (default: from apt sources).")
    ] = None,
    image: Annotated[
        str | None, typer.Option(help="Image name (default: expgrade/sandbox-base:<version>).")
    ] = None,
) -> None:
    """Build the base sandbox image (Python 3, numpy, scikit-learn, git) by debootstrap + docker import.

    Idempotent: returns at once when the image exists. Needs root (debootstrap).
    """
    from expgrade.grading.sandbox.base import BASE_IMAGE
    from expgrade.grading.sandbox.image import build_base_image

    def progress(message: str) -> None:
        console.print(f"[bold blue]\\[sandbox][/] {message}", highlight=False, soft_wrap=True)

    build_base_image(name=image or BASE_IMAGE, force=force, mirror=mirror, suite=suite, progress=progress)


@sandbox_app.command("gc")
def gc(
    all_owners: Annotated[
        bool, typer.Option("--all", help="Remove every sandbox container, also those of live runs.")
    ] = False,
) -> None:
    """Remove sandbox containers, cgroups and clean-room folders left by runs that crashed or were killed."""
    from expgrade.grading.errors import UserError
    from expgrade.grading.sandbox.orphans import reap

    reaped = reap(containers=True, all_owners=all_owners)
    console.print(f"{reaped.clean_rooms} leftover clean-room folder(s) removed")
    console.print(f"{reaped.cgroups} leftover cgroup(s) removed")
    if reaped.problem is not None:
        raise UserError(reaped.problem)
    for container in reaped.containers:
        console.print(f"removed {container}")
    console.print(f"{len(reaped.containers)} leftover sandbox container(s) removed")
