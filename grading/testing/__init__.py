"""Test doubles that ship in the wheel: `expgrade demo` grades without a model, so it needs them at run time.

Only the demo (`grading/run/demo.py`), the tests and bench/ may import this package; a contract
in pyproject `[tool.importlinter]` keeps every other product module off it.
"""
