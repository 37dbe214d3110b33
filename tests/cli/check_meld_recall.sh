#!/usr/bin/env bash
# `beliefmerge bench meld-recall` through the real binary on the tiny HotpotQA fixture: --json is byte-stable
# across runs, reports the fixed margin and the equivalence verdict, the table names the machine; bad input
# exits 2 naming the file (and the item/field for a malformed item), --brains 1 is a usage error.
# Usage: check_meld_recall.sh BELIEFMERGE_BINARY DATA_DIR
set -u
bin=$1
data=$2/hotpotqa/dev_distractor_tiny.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
"$bin" bench meld-recall --data "$data" --json >"$tmp/a.json" || { echo "FAIL: first run exited $?"; fail=1; }
"$bin" bench meld-recall --data "$data" --json >"$tmp/b.json" || { echo "FAIL: second run exited $?"; fail=1; }
if [ -s "$tmp/a.json" ] && cmp -s "$tmp/a.json" "$tmp/b.json"; then echo "ok: --json byte-stable"
else echo "FAIL: --json differs between runs"; diff "$tmp/a.json" "$tmp/b.json" | head; fail=1; fi
for want in '"equivalence_margin": 0.05' '"questions": 3' '"exact-dedup"' '"equivalent_at_5"'; do
  if grep -qF -- "$want" "$tmp/a.json"; then echo "ok: json has $want"; else echo "FAIL: json lacks $want"; fail=1; fi
done
"$bin" bench meld-recall --data "$data" >"$tmp/table.md" || { echo "FAIL: table run exited $?"; fail=1; }
for want in 'machine: ' '| 0.75 | exact-dedup |' 'TOST margin 0.05' 'verdict (recall@5, pre-specified)'; do
  if grep -qF -- "$want" "$tmp/table.md"; then echo "ok: table has $want"; else echo "FAIL: table lacks $want"; fail=1; fi
done
expect_usage() {  # name, wanted stderr fragment, arguments...
  local name=$1 want=$2; shift 2
  "$bin" bench meld-recall "$@" >/dev/null 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = 2 ] && grep -qF -- "$want" "$tmp/err"; then echo "ok: $name"
  else echo "FAIL $name: exit $rc, stderr: $(cat "$tmp/err")"; fail=1; fi
}
expect_usage "missing file" "$tmp/none.json" --data "$tmp/none.json"
printf '[{"_id":"x","question":"q?","context":[["T",["s."]]]}]' >"$tmp/bad.json"
expect_usage "malformed item" "item 0 supporting_facts" --data "$tmp/bad.json"
expect_usage "one brain" "--brains takes an integer >= 2" --data "$data" --brains 1
exit $fail
