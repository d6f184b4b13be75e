"""Write docs/schemas/*.schema.json from the pydantic models (the file formats of docs/formats.md).

    python scripts/write_schemas.py

tests/test_formats.py fails when a committed schema differs from what the models give.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from expgrade.grading.schemas import FORMATS

OUT = Path(__file__).resolve().parents[1] / "docs" / "schemas"


def schema_text(model: type[BaseModel]) -> str:
    return json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, model in FORMATS.items():
        (OUT / f"{name}.schema.json").write_text(schema_text(model), encoding="utf-8")


if __name__ == "__main__":
    main()
