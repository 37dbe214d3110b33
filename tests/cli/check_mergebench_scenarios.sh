#!/usr/bin/env bash
# `beliefmerge bench mergebench` with scenario files, through the real binary: in every family the JSON of a
# generated run equals the JSON of its --dump-scenarios file read back with --scenarios (byte for byte,
# under both scoring options); bad files and mixed options exit 2 naming file:line and the field.
# Usage: check_mergebench_scenarios.sh BELIEFMERGE_BINARY DATA_DIR
set -u
bin=$1
data=$2
export BELIEFMERGE_TOKENIZER=estimate
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for family in base many-branches paraphrase derivation injection; do
  for scoring in "--match words --average pooled" "--match substring --average per-seed"; do
    # shellcheck disable=SC2086
    "$bin" bench mergebench --family "$family" --seeds 2 --json $scoring --dump-scenarios "$tmp/$family.jsonl" >"$tmp/generated.json" ||
      { echo "FAIL $family: the generated run exited $?"; fail=1; }
    # shellcheck disable=SC2086
    "$bin" bench mergebench --scenarios "$tmp/$family.jsonl" --json $scoring >"$tmp/read.json" ||
      { echo "FAIL $family: the run over the dumped file exited $?"; fail=1; }
    if cmp -s "$tmp/generated.json" "$tmp/read.json" && [ -s "$tmp/read.json" ]; then echo "ok: $family ($scoring)"
    else echo "FAIL $family ($scoring): JSON differs"; diff "$tmp/generated.json" "$tmp/read.json" | head -20; fail=1; fi
  done
done
expect_usage() {  # name, wanted stderr fragment, arguments...
  local name=$1 want=$2; shift 2
  "$bin" bench mergebench "$@" >/dev/null 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = 2 ] && grep -qF -- "$want" "$tmp/err"; then echo "ok: $name"
  else echo "FAIL $name: exit $rc, stderr: $(cat "$tmp/err")"; fail=1; fi
}
head -n 1 "$data/mergebench/hand_scored.jsonl" >"$tmp/bad.jsonl"
echo '{"budget":400,"branches":[],"topics":[],"questions":[]}' >>"$tmp/bad.jsonl"
expect_usage bad_file "$tmp/bad.jsonl:2 field branches: expected a non-empty array" --scenarios "$tmp/bad.jsonl"
expect_usage missing_file "$tmp/none.jsonl: cannot open" --scenarios "$tmp/none.jsonl"
expect_usage file_and_family "--family is for generated scenarios" --scenarios "$data/mergebench/hand_scored.jsonl" --family base
expect_usage bad_match "--match is words or substring" --match fuzzy
"$bin" bench mergebench --scenarios "$data/mergebench/hand_scored.jsonl" >"$tmp/table" || { echo "FAIL hand: exit $?"; fail=1; }
grep -q '^| single:a | 40% | 0% | +0% | 100% | 0% | 20% |' "$tmp/table" && echo "ok: hand-scored table" ||
  { echo "FAIL hand-scored table:"; cat "$tmp/table"; fail=1; }
exit $fail
