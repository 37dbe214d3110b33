#!/usr/bin/env bash
# check-desktop-files.sh RESOURCES_DIR: the .desktop file and the AppStream metainfo validate (CTest;
# exit 77, skipped, without desktop-file-utils or appstream).
set -euo pipefail
dir=$1
for tool in desktop-file-validate appstreamcli; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (scripts/setup.sh installs it)"; exit 77; }
done
desktop-file-validate "$dir"/*.desktop
# --no-net: the screenshot and homepage URLs are not fetched (no network in CI).
appstreamcli validate --no-net "$dir"/*.metainfo.xml
