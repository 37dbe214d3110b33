#!/usr/bin/env bash
# `beliefmerge bench routing` through the real binary on the tiny HotpotQA fixture: --json is byte-stable and
# names the fixed seed, thresholds and matching rules; the table names the machine and all three strategies;
# flooding admits every needed claim (a run that publishes nothing, e.g. every delta failing its MAC,
# fails here); a missing file and a bad --seed exit 2.
# Usage: check_routing.sh BELIEFMERGE_BINARY DATA_DIR
set -u
bin=$1 data=$2/hotpotqa/dev_distractor_tiny.json tmp=$(mktemp -d) fail=0
trap 'rm -rf "$tmp"' EXIT
check() {  # description, command... : passes when the command succeeds
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fail=1; fi
}
"$bin" bench routing --data "$data" --json >"$tmp/a.json"; check "first --json run exits 0" test $? = 0
"$bin" bench routing --data "$data" --json --seed 1 >"$tmp/b.json"; check "second --json run exits 0" test $? = 0
check "--json byte-stable" cmp -s "$tmp/a.json" "$tmp/b.json"
for want in '"seed": 1' '"semantic_thresholds"' '"match_tolerance": 0.01' '"strategy": "subject"' '"matched_on_routing_recall"'; do
  check "json has $want" grep -qF -- "$want" "$tmp/a.json"
done
check "claims were published and flooding admitted all it needed" jq -e \
  '.claims_published > 0 and (.arms[] | select(.strategy == "flooding") | .needed > 0 and .admitted == .needed)' \
  "$tmp/a.json" >/dev/null
"$bin" bench routing --data "$data" >"$tmp/table.md"; check "table run exits 0" test $? = 0
for want in 'machine: ' '| flooding | - |' '| subject | - |' 'top-1 only' 'matched on recall@5' 'paper (Section 7.5)'; do
  check "table has $want" grep -qF -- "$want" "$tmp/table.md"
done
"$bin" bench routing --data "$tmp/none.json" >/dev/null 2>"$tmp/err"; rc=$?
check "missing file exits 2 naming it" test "$rc" = 2 -a -n "$(grep -F "$tmp/none.json" "$tmp/err")"
"$bin" bench routing --data "$data" --seed x >/dev/null 2>"$tmp/err"; rc=$?
check "bad --seed exits 2" test "$rc" = 2
exit $fail
