#!/usr/bin/env bash
# The Claude Code hook's latency on a project of N sessions with a warm workspace (#21: < 300 ms).
# Lays out a projects folder of N transcripts (the real Claude Code transcripts of ../shared/data and
# tests/data's, each copy under its own session id, cwd moved to one project), imports it with a
# first hook call, approves, then times the real `beliefmerge hook claude-code` process (start to
# exit, event JSON on stdin) R times per case and prints a Markdown table.
# usage: bench/hook/hook_bench.sh [BELIEFMERGE] [N=50] [R=20]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "${1:-$here/build/dev/app/beliefmerge}")
sessions=${2:-50}
repeats=${3:-20}
project=/home/dev/shop
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BELIEFMERGE_CLAUDE_PROJECTS=$tmp/projects BELIEFMERGE_HOOK_LOG=$tmp/hook.log BELIEFMERGE_TOKENIZER=estimate
folder=$BELIEFMERGE_CLAUDE_PROJECTS/-home-dev-shop
mkdir -p "$folder"
sources=("$here"/tests/data/claude-code/rewind.jsonl)
for f in "$here"/../shared/data/sessions/claude-code/*.jsonl; do [ -f "$f" ] && sources+=("$f"); done
for i in $(seq 1 "$sessions"); do
  src=${sources[$(( (i - 1) % ${#sources[@]} ))]}
  id=$(printf '00000000-0000-4000-8000-%012d' "$i")
  # every sessionId of the copy becomes the new id; the cwd becomes the project
  sed -E -e "s/\"sessionId\":\"[^\"]*\"/\"sessionId\":\"$id\"/g" -e "s#\"cwd\":\"[^\"]*\"#\"cwd\":\"$project\"#g" "$src" >"$folder/$id.jsonl"
done
ws=$tmp/w.bmws
event='{"session_id":"bench","transcript_path":"'$folder'/bench.jsonl","cwd":"'$project'","hook_event_name":"SessionStart","source":"startup"}'
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
# Times R hook calls; prints "| case | median | p95 | max | what was injected |".
measure() {
  local name=$1 times=() start
  for _ in $(seq 1 "$repeats"); do
    start=$(date +%s%N)
    echo "$event" | "$bin" hook claude-code --workspace "$ws" >"$tmp/out"
    times+=("$(ms "$start")")
  done
  local sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  local n=${#sorted[@]} what
  what=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); h=j.get("hookSpecificOutput"); print(("%d bytes of context" % len(h["additionalContext"])) if h else "no context")' "$tmp/out")
  echo "| $name | ${sorted[$((n / 2))]} | ${sorted[$(( (n * 95 + 99) / 100 - 1 ))]} | ${sorted[$((n - 1))]} | $what |"
}
start=$(date +%s%N)
echo "$event" | "$bin" hook claude-code --workspace "$ws" >/dev/null
cold=$(ms "$start")
"$bin" approve --workspace "$ws" --project "$project" --reviewer bench >/dev/null
echo "Hook latency, $sessions sessions of one project (warm workspace; the first call imported them in $cold ms)."
echo "$(nproc) CPUs, $(uname -m); $repeats runs per case; wall time of the whole process, ms."
echo
echo "| case | median | p95 | max | injected |"
echo "|---|---:|---:|---:|---|"
measure "approved (policy none)"
touch -d '+1 second' "$folder/00000000-0000-4000-8000-000000000001.jsonl"  # same bytes, new mtime: re-read once
echo "$event" | "$bin" hook claude-code --workspace "$ws" >/dev/null
measure "approved, after a transcript was touched"
sed -i '$d' "$folder/00000000-0000-4000-8000-000000000002.jsonl"  # a session changed: stale
measure "stale, policy none"
"$bin" approve --workspace "$ws" --project "$project" --policy reviewed --reviewer bench >/dev/null
measure "stale, policy reviewed (pipeline rebuilt)"
"$bin" approve --workspace "$ws" --project "$project" --policy fresh --reviewer bench >/dev/null
measure "stale, policy fresh (pipeline rebuilt)"
