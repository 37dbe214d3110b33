#!/usr/bin/env bash
# Sets up the machine, builds the dev preset (or $BM_PRESET: CI uses "ci") and runs the whole test suite (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${BM_PRESET:-dev}"
bash scripts/setup.sh
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset" -j "$(nproc)" "$@"
