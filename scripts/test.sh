#!/usr/bin/env bash
# Sets up the machine, builds the dev preset and runs the whole test suite (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
ctest --preset dev -j "$(nproc)" "$@"
