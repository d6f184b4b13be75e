"""What killed graders left on this host, found and removed: containers, cgroups, clean rooms.

A grader killed with SIGKILL (an OOM kill, a preempted node, a lost Ray worker) runs no cleanup
at all. Its sandbox still ends on its own limit (docs/sandbox.md), but the exited container,
the empty cgroup and the clean-room folder stay. Each of them carries its grader's pid (and a
container its host), so `expgrade grade` removes them at every start and resume, and so does
every grading job (a Ray worker may be the one that died): only those whose process is gone,
never a live run's, another host's, or anything that is not expgrade's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from expgrade.grading.sandbox import cgroup
from expgrade.grading.sandbox.cleanroom import remove_stale_clean_rooms


@dataclass
class Reaped:
    """What one sweep removed, in words per item; `problem` when the engine could not be asked."""

    containers: list[str] = field(default_factory=list)
    cgroups: int = 0
    clean_rooms: int = 0
    problem: str | None = None

    @property
    def total(self) -> int:
        return len(self.containers) + self.cgroups + self.clean_rooms

    def summary(self) -> str:
        return (
            f"removed {len(self.containers)} sandbox container(s), {self.cgroups} cgroup(s) and "
            f"{self.clean_rooms} clean-room folder(s) left by killed runs"
        )


def reap(*, containers: bool, all_owners: bool = False) -> Reaped:
    """Remove what graders that are gone left here; `containers` also asks the Docker engine.

    all_owners (`sandbox gc --all`): every sandbox container, also those of live runs.
    """
    reaped = Reaped()
    for group in cgroup.stale():
        group.remove()
        reaped.cgroups += 1
    reaped.clean_rooms = remove_stale_clean_rooms()
    if containers:
        _reap_containers(reaped, all_owners=all_owners)
    return reaped


def _reap_containers(reaped: Reaped, *, all_owners: bool) -> None:
    from docker.errors import APIError, NotFound

    from expgrade.grading.sandbox.docker_backend import ENGINE_ERRORS, leftover_containers

    try:
        for container in leftover_containers(all_owners=all_owners):
            try:
                container.remove(force=True)
            except NotFound:  # another sweep (a second worker) was first
                continue
            except APIError as exc:
                if "already in progress" in str(exc):
                    continue
                raise
            reaped.containers.append(f"{container.short_id} ({container.labels.get('expgrade.task', '?')})")
    except ENGINE_ERRORS as exc:
        reaped.problem = f"cannot reach the Docker engine: {exc}"
