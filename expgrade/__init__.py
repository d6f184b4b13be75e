"""expgrade: grade research-agent experiments and audit the LLM judges that grade them.

Every import name of the distribution lives under this package: `expgrade.grading`,
`expgrade.calibration`, `expgrade.annotation_app` and `expgrade.cli`. In a checkout they are
links to the repository's top-level folders (the layout a reader sees); the wheel maps the same
folders here (pyproject's hatch `sources`), so nothing installs a generic top-level name.
"""

from expgrade.grading import __version__

__all__ = ["__version__"]
