#!/usr/bin/env bash
# check-installed-tree.sh BUILD_DIR SOURCE_DIR: `cmake --install BUILD_DIR` into a temporary prefix, moved
# to another path, works outside the checkout from its own data, and holds no source-tree path (CTest).
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/installed-checks.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bm-installed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/staged" --strip > "$tmp/install.log"
mv "$tmp/staged" "$tmp/prefix"  # relocated: nothing may depend on where it was installed
part=cli
[ -x "$tmp/prefix/bin/beliefmerge-studio" ] && part=studio
for f in $(bm_installed_files $part); do [ -f "$tmp/prefix/$f" ] || bm_fail "the install lacks $f"; done
bm_check_installed "$tmp/prefix/bin" "$tmp/work" "$build/screenshots/installed-studio.png"

echo "== the installed binaries hold no path of the source tree ($src)"
if grep -l -a -F "$src" "$tmp/prefix/bin/"*; then bm_fail "a source-tree path is compiled into the binaries above"; fi

echo "== without its share/beliefmerge/bench, bench meld-gold fails and names the prefix's folder"
rm -rf "$tmp/prefix/share/beliefmerge/bench"
if (cd "$tmp/work" && "$tmp/prefix/bin/beliefmerge" bench meld-gold > out.txt 2> err.txt); then
  bm_fail "bench meld-gold ran without the installed gold sets (it found data elsewhere)"
fi
grep -qF "$tmp/prefix/share/beliefmerge/bench" "$tmp/work/err.txt" || bm_fail "unexpected error: $(cat "$tmp/work/err.txt")"

echo "== \$BELIEFMERGE_DATA_DIR overrides the prefix"
mkdir -p "$tmp/elsewhere/bench" && cp "$build/share/beliefmerge/bench/"*.jsonl "$tmp/elsewhere/bench/"
(cd "$tmp/work" && BELIEFMERGE_DATA_DIR="$tmp/elsewhere" "$tmp/prefix/bin/beliefmerge" bench meld-gold --json > out.json) ||
  bm_fail "bench meld-gold did not read \$BELIEFMERGE_DATA_DIR/bench"

echo "== without beliefmerge-bench beside it, beliefmerge bench says so"
mv "$tmp/prefix/bin/beliefmerge-bench" "$tmp/prefix/bin/beliefmerge-bench.away"
set +e
err=$("$tmp/prefix/bin/beliefmerge" bench confluence 2>&1 >/dev/null); rc=$?
set -e
[ "$rc" = 1 ] && echo "$err" | grep -q "beliefmerge-bench not found" || bm_fail "without beliefmerge-bench: exit $rc, $err"
mv "$tmp/prefix/bin/beliefmerge-bench.away" "$tmp/prefix/bin/beliefmerge-bench"

if [ "$part" = studio ]; then
  echo "== the studio reads its catalogue from the data folder before the built-in one"
  lrelease=$(command -v lrelease || echo /usr/lib/qt6/bin/lrelease)
  mkdir -p "$tmp/elsewhere/translations"
  cat > "$tmp/probe.ts" <<'TS'
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN"><context><name>QCommandLineParser</name><message>
<source>Displays version information.</source><translation>PROBE-FROM-THE-DATA-FOLDER</translation>
</message></context></TS>
TS
  "$lrelease" -silent "$tmp/probe.ts" -qm "$tmp/elsewhere/translations/beliefmerge_zh_CN.qm"
  (cd "$tmp/work" && LANG=zh_CN.UTF-8 LC_ALL=zh_CN.UTF-8 BELIEFMERGE_DATA_DIR="$tmp/elsewhere" \
     "$tmp/prefix/bin/beliefmerge-studio" --help > help.txt 2>&1) || true
  grep -q PROBE-FROM-THE-DATA-FOLDER "$tmp/work/help.txt" ||
    bm_fail "beliefmerge-studio did not load \$BELIEFMERGE_DATA_DIR/translations/beliefmerge_zh_CN.qm: $(cat "$tmp/work/help.txt")"

  echo "== --screenshot of a workspace that cannot be read exits 1"
  printf 'not a workspace\n' > "$tmp/work/bad.bmws"
  if (cd "$tmp/work" && timeout 120 "$tmp/prefix/bin/beliefmerge-studio" --workspace bad.bmws --screenshot bad.png 2> bad.err); then
    bm_fail "beliefmerge-studio --screenshot succeeded on an unreadable workspace"
  fi
  grep -q "nothing loaded" "$tmp/work/bad.err" || bm_fail "unexpected: $(cat "$tmp/work/bad.err")"
fi
echo "ok"
