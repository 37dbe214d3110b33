#!/usr/bin/env bash
# Sets up, builds, and runs the main job on the embedded defaults: the studio on examples/ when a
# display exists; otherwise (or with --headless) imports examples/ into a workspace and prints it.
# Builds only what it runs (the CLI, and the studio when it will start); scripts/test.sh builds the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
headless=0
for a in "$@"; do [ "$a" = "--headless" ] && headless=1; done
bash scripts/setup.sh
studio=0
if [ "$headless" = 0 ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then studio=1; fi
cmake --preset dev
targets=(beliefmerge)
if [ "$studio" = 1 ]; then targets+=(beliefmerge-studio); fi
cmake --build --preset dev -j "$(nproc)" --target "${targets[@]}"
bin=build/dev/app
if [ "$studio" = 1 ] && [ -x "$bin/studio/beliefmerge-studio" ]; then
  # Its own workspace, so decisions made in the demo persist and no other workspace's slots mix in;
  # the studio selects the first dispute of the queue once examples/ is merged.
  exec "$bin/studio/beliefmerge-studio" --workspace "${BELIEFMERGE_STUDIO_WORKSPACE:-build/examples-studio.bmws}" examples/
fi
workspace="${BELIEFMERGE_WORKSPACE:-build/examples.bmws}"
rm -f "$workspace" "$workspace-wal" "$workspace-shm"
"$bin/beliefmerge" inspect examples/ --summary
"$bin/beliefmerge" import examples/ --workspace "$workspace"
echo
echo "== merged claim graph of examples/ (heuristic extractor)"
"$bin/beliefmerge" inspect examples/ --slots
echo
echo "== merged context block of examples/ (what the next agent turn would read, 400-token budget)"
"$bin/beliefmerge" merge examples/ --budget 400
