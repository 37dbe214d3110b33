# Sourced by check-installed-tree.sh (a `cmake --install` tree) and check-install.sh (the installed DEB):
# runs an installed BeliefMerge from a folder outside the checkout, on the data of its own prefix.

# bm_fail MESSAGE: print and stop.
bm_fail() { echo "FAIL: $*" >&2; exit 1; }

# What an install puts under its prefix, relative to it (the studio's part when BM_BUILD_STUDIO is on).
bm_installed_files() {
  echo bin/beliefmerge bin/beliefmerge-bench share/man/man1/beliefmerge.1.gz \
       share/beliefmerge/bench/meld_gold_train.jsonl share/beliefmerge/bench/meld_gold_train_agent.jsonl \
       share/beliefmerge/bench/meld_gold_train_agent2.jsonl share/beliefmerge/bench/meld_gold_dev.jsonl \
       share/beliefmerge/bench/meld_gold_test.jsonl share/doc/beliefmerge/examples/README.md \
       share/beliefmerge/fetch_tokenizers.sh
  if [ "${1:-studio}" = studio ]; then
    echo bin/beliefmerge-studio share/man/man1/beliefmerge-studio.1.gz \
         share/applications/org.beliefmerge.Studio.desktop share/metainfo/org.beliefmerge.Studio.metainfo.xml \
         share/beliefmerge/translations/beliefmerge_zh_CN.qm share/icons/hicolor/scalable/apps/org.beliefmerge.Studio.svg
    for size in 16 22 24 32 48 64 128 256; do echo "share/icons/hicolor/${size}x${size}/apps/org.beliefmerge.Studio.png"; done
  fi
}

# bm_check_installed BIN_DIR WORK_DIR [SCREENSHOT_FILE] [EXAMPLES_DIR]: --version, a merge of the
# installed examples (or EXAMPLES_DIR) copied to WORK_DIR, `bench meld-gold`, and (when the studio is
# installed) an offscreen screenshot.
bm_check_installed() {
  local bin=$1 work=$2 shot=${3:-$2/studio.png}
  local prefix examples
  prefix=$(cd "$bin/.." && pwd)
  examples=${4:-$prefix/share/doc/beliefmerge/examples}
  mkdir -p "$work"
  cd "$work"
  unset BELIEFMERGE_DATA_DIR BELIEFMERGE_WORKSPACE
  export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state

  echo "== $bin/beliefmerge --version (in $work)"
  "$bin/beliefmerge" --version | tee version.txt
  grep -q '^beliefmerge [0-9]' version.txt || bm_fail "--version printed no version"

  echo "== merge of $examples, copied to $work/examples"
  [ -d "$examples" ] || bm_fail "no examples at $examples"
  rm -rf examples && cp -r "$examples" examples
  "$bin/beliefmerge" merge examples --budget 400 --workspace merge.bmws --out block.md
  grep -q 'DISPUTED' block.md || bm_fail "the merged block of examples/ shows no dispute: $(cat block.md)"
  grep -q '^</beliefmerge-context>' block.md || bm_fail "the merged block is not closed"

  echo "== bench meld-gold (gold sets from $prefix/share/beliefmerge/bench)"
  "$bin/beliefmerge" bench meld-gold --json > meld-gold.json
  grep -q '"test gold"' meld-gold.json || bm_fail "bench meld-gold reported no test gold set"

  if [ -x "$bin/beliefmerge-studio" ]; then
    echo "== beliefmerge-studio --screenshot $shot (offscreen)"
    mkdir -p "$(dirname "$shot")" && rm -f "$shot"
    QT_QPA_PLATFORM=offscreen timeout 180 "$bin/beliefmerge-studio" --workspace studio.bmws --screenshot "$shot" examples
    [ -s "$shot" ] || bm_fail "the studio wrote no screenshot"
    [ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || bm_fail "$shot is not a PNG"
  fi
  cd - >/dev/null
}
