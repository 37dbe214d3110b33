#!/usr/bin/env bash
# Runs `beliefmerge` on the inputs here and diffs stdout and exit status against expected/.
# BM_UPDATE_GOLDEN=1 rewrites the expected files (review the diff before committing).
set -u
src=$(cd "$1" && pwd)
bin="$BM_BIN"
export BELIEFMERGE_TOKENIZER=estimate  # the goldens do not depend on a cached vocabulary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Run inside a scratch copy so every path printed is relative and stable.
cp -r "$src/inputs" "$tmp/inputs"
mkdir "$tmp/data"  # the trimmed real samples of the newer readers (tests/data/README.md)
cp -r "$src/../data/openhands" "$src/../data/gemini-cli" "$src/../data/cline" "$src/../data/aider" "$tmp/data/"
cd "$tmp"
fail=0
check() {  # name, expected exit status, command...
  local name=$1 want=$2; shift 2
  local out="$tmp/$name.out"
  "$@" >"$out" 2>"$tmp/$name.err"
  local rc=$?
  if [ "${BM_UPDATE_GOLDEN:-0}" = 1 ]; then cp "$out" "$src/expected/$name.expected"; fi
  if [ "$rc" != "$want" ]; then
    echo "FAIL $name: exit status $rc, expected $want"; cat "$tmp/$name.err"; fail=1
  fi
  if ! diff -u "$src/expected/$name.expected" "$out"; then echo "FAIL $name: output differs"; fail=1; fi
}
check help 0 "$bin" --help
check unknown_command 2 "$bin" frobnicate
check inspect_help 0 "$bin" inspect --help
check bench_mergebench_help 0 "$bin" bench mergebench --help
check inspect_missing_path 2 "$bin" inspect --summary
check inspect_json 0 "$bin" inspect inputs/decision.jsonl --summary --json
check inspect_broken 2 "$bin" inspect inputs/broken.jsonl --summary
check slots_oracle_json 0 "$bin" inspect inputs/decision.jsonl --slots --extractor oracle --json
check slots_heuristic 0 "$bin" inspect inputs/decision.jsonl --slots --current 6f1c1f7e-8b7a-4c2e-9d3a-2f5b7c9e1a01
check slots_bad_score 2 "$bin" inspect inputs/decision.jsonl --slots --score majority
check merge_md 0 "$bin" merge inputs/decision.jsonl --budget 400 --extractor oracle
check merge_json 0 "$bin" merge inputs/decision.jsonl --budget 400 --extractor oracle --format json
check merge_tiny_budget 1 "$bin" merge inputs/decision.jsonl --budget 5 --extractor oracle
check merge_no_budget 2 "$bin" merge inputs/decision.jsonl
check inspect_openhands_eval 0 "$bin" inspect data/openhands/output.jsonl --summary
check inspect_gemini_cli 0 "$bin" inspect data/gemini-cli/session-2026-04-01T11-11-8e1f2a3b.jsonl --summary
check inspect_gemini_cli_json 0 "$bin" inspect data/gemini-cli/session-2026-04-01T11-11-5cdd2021.json --summary
check inspect_cline_api 0 "$bin" inspect data/cline/1777073160794/api_conversation_history.json --summary
check inspect_cline_ui 0 "$bin" inspect data/cline/1767644899093/ui_messages.json --summary
check inspect_aider 0 "$bin" inspect data/aider/.aider.chat.history.md --summary
check import 0 "$bin" import inputs/decision.jsonl --workspace w.bmws
check import_again 0 "$bin" import inputs/decision.jsonl --workspace w.bmws
# Nothing redacted reaches the workspace.
if grep -a -q "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789" w.bmws*; then
  echo "FAIL secret found in the workspace file"; fail=1
fi
# Ingress reduction (M1): the build log keeps its error, the test run its failing test; an error result and
# an unknown tool pass through byte for byte; recall gives the original back byte for byte.
check reduce_help 0 "$bin" reduce --help
check reduce_profiles 0 "$bin" reduce --profiles
check reduce_build_log 0 sh -c "\"$bin\" reduce --tool Bash --store st < inputs/reduce_build.log"
check reduce_pytest 0 sh -c "\"$bin\" reduce --tool bash --store st < inputs/reduce_pytest.log"
check reduce_no_tool 2 sh -c "\"$bin\" reduce --store st < inputs/reduce_build.log"
for case in "Bash --error" "Read"; do
  if ! sh -c "\"$bin\" reduce --tool $case --store st < inputs/reduce_build.log" 2>/dev/null | cmp -s - inputs/reduce_build.log; then
    echo "FAIL reduce --tool $case changed its input"; fail=1
  fi
done
art=$(head -1 reduce_build_log.out | grep -o 'art:[0-9a-f]*')
if ! "$bin" recall st "$art" | cmp -s - inputs/reduce_build.log; then echo "FAIL recall $art is not the original"; fail=1; fi
# The rule table: docs/rules.md is `rules --markdown` (BM_UPDATE_GOLDEN=1 rewrites it too).
check rules_help 0 "$bin" rules --help
check rules_bad_usage 2 "$bin" rules --json --markdown
"$bin" rules --markdown >rules.md
if [ "${BM_UPDATE_GOLDEN:-0}" = 1 ]; then cp rules.md "$src/../../docs/rules.md"; fi
if ! diff -u "$src/../../docs/rules.md" rules.md; then
  echo "FAIL docs/rules.md differs from 'beliefmerge rules --markdown' (run it with BM_UPDATE_GOLDEN=1 and read the diff)"; fail=1
fi
[ $fail = 0 ] && echo "cli golden: all cases pass"
exit $fail
