#!/usr/bin/env bash
# Fetches the cl100k_base BPE ranks and the npm tiktoken encoder (the BPE tests' and bench's
# reference) into a cache outside the repository. Idempotent; a failure is reported, never fatal.
set -uo pipefail

TIKTOKEN_VERSION=1.0.22
CACHE="${BELIEFMERGE_TOKENIZER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/beliefmerge/tokenizers}"
RANKS="$CACHE/cl100k_base.json"
NODE_PREFIX="$CACHE/node"

warn() { echo "fetch_tokenizers: $*; BPE tests that need it will be skipped (rerun: bash $0)" >&2; }

if ! command -v npm >/dev/null 2>&1; then
  warn "npm not found (install Node.js and npm)"; exit 0
fi
mkdir -p "$CACHE" || { warn "cannot create $CACHE"; exit 0; }

if [ -s "$RANKS" ] && head -c 12 "$RANKS" | grep -q '"pat_str"'; then
  echo "fetch_tokenizers: cl100k_base ranks present at $RANKS"
else
  tmp="$(mktemp -d)"
  if (cd "$tmp" && npm pack --silent "tiktoken@$TIKTOKEN_VERSION" >/dev/null 2>npm.err &&
      tar -xzf "tiktoken-$TIKTOKEN_VERSION.tgz" package/encoders/cl100k_base.json) &&
     mv "$tmp/package/encoders/cl100k_base.json" "$RANKS.partial" && mv "$RANKS.partial" "$RANKS"; then
    echo "fetch_tokenizers: cl100k_base ranks from npm tiktoken@$TIKTOKEN_VERSION -> $RANKS"
  else
    warn "could not fetch tiktoken@$TIKTOKEN_VERSION with npm pack ($(tail -n 2 "$tmp/npm.err" 2>/dev/null | tr '\n' ' '))"
  fi
  rm -rf "$tmp"
fi

if [ -f "$NODE_PREFIX/node_modules/tiktoken/package.json" ] &&
   grep -q "\"version\": \"$TIKTOKEN_VERSION\"" "$NODE_PREFIX/node_modules/tiktoken/package.json"; then
  echo "fetch_tokenizers: npm tiktoken@$TIKTOKEN_VERSION present in $NODE_PREFIX"
elif npm install --silent --no-audit --no-fund --prefix "$NODE_PREFIX" "tiktoken@$TIKTOKEN_VERSION" >/dev/null 2>&1; then
  echo "fetch_tokenizers: npm tiktoken@$TIKTOKEN_VERSION installed in $NODE_PREFIX"
else
  warn "npm install tiktoken@$TIKTOKEN_VERSION into $NODE_PREFIX failed"
fi
exit 0
