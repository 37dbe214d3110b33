#!/usr/bin/env bash
# Sets up, builds, and runs the main job on the embedded defaults: the studio on examples/ when a
# display exists; otherwise (or with --headless) imports examples/ into a workspace and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
headless=0
for a in "$@"; do [ "$a" = "--headless" ] && headless=1; done
bash scripts/setup.sh
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
bin=build/dev/app
if [ "$headless" = 0 ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x "$bin/studio/beliefmerge-studio" ]; then
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
