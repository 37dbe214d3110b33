#!/usr/bin/env bash
# Installs the build tree BUILD_DIR to a fresh prefix outside the checkout and runs
# `beliefmerge bench meld-gold` from there: beliefmerge finds beliefmerge-bench beside it, and that
# finds its data under <prefix>/share/beliefmerge/bench.
set -eu
build=$1
prefix=$(mktemp -d /tmp/bm-install.XXXXXX)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
cd "$prefix"  # no checkout around
out=$("$prefix/bin/beliefmerge" bench meld-gold --json)
echo "$out" | grep -q '"dev gold"' || { echo "FAIL: no dev gold set in: $out"; exit 1; }
echo "ok: $prefix/bin/beliefmerge bench meld-gold ran from the install prefix"
mv "$prefix/bin/beliefmerge-bench" "$prefix/bin/beliefmerge-bench.away"
set +e
err=$("$prefix/bin/beliefmerge" bench confluence 2>&1 >/dev/null); rc=$?
set -e
[ "$rc" = 1 ] && echo "$err" | grep -q "beliefmerge-bench not found" ||
  { echo "FAIL: without beliefmerge-bench: exit $rc, $err"; exit 1; }
echo "ok: without beliefmerge-bench: $err"
