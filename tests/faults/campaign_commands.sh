# The commands of the fault campaign (sourced by campaign.sh; $bin and $src set there). Each CMD has
#   setup_CMD   build the state before the command, in the current directory
#   op_CMD      the command under test (run in a copy of that directory)
#   target_CMD  the file or directory (relative) whose writes are failed, and that an error must name
#   state_CMD   print the state as sorted lines (fails, printing why, when a file is corrupt)
#   partial_ok_CMD  succeeds when a state strictly between before and after is a whole unit of work
#               (import: whole sessions; fold: whole checkpoints); absent: only before or after

# A workspace's rows, volatile times left out; fails unless SQLite's integrity_check says ok. The
# imports table logs every import run (a re-run of an already stored file adds a row): its rows count
# once each, without their ids.
ws_state() {
  local db=$1 ok
  ok=$(sqlite3 -cmd ".timeout 5000" "$db" "PRAGMA integrity_check" 2>&1)
  if [ "$ok" != ok ]; then echo "integrity_check of $db: $ok"; return 1; fi
  local t cols
  for t in $(sqlite3 "$db" "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name"); do
    cols=$(sqlite3 "$db" "SELECT group_concat('quote(\"' || name || '\")', '||''|''||') FROM pragma_table_info('$t')
                          WHERE name NOT IN ('recorded_at','decided_at','approved_at','set_at')
                          AND NOT ('$t' = 'imports' AND name = 'id')")
    sqlite3 "$db" "SELECT DISTINCT '$t|' || $cols FROM \"$t\""
  done | LC_ALL=C sort
}

# A native session log of $2 rounds (user, assistant with a tool call, tool result), session id $1.
gen_log() {
  printf '{"type":"beliefmerge.session","version":1,"id":"session-%s","cwd":"/srv/app"}\n' "$1"
  local i
  for ((i = 1; i <= $2; i++)); do
    printf '{"type":"message","id":"u%d","role":"user","content":"Step %d: run the migration for table t%d and report the row count; keep the database on PostgreSQL 15 as decided."}\n' $i $i $i
    printf '{"type":"message","id":"a%d","role":"assistant","content":[{"type":"text","text":"Running the migration for t%d now."},{"type":"tool_call","id":"c%d","name":"bash","arguments":"{\\"cmd\\":\\"psql -c \\\\\\"select count(*) from t%d\\\\\\"\\"}"}]}\n' $i $i $i $i
    printf '{"type":"message","id":"t%d","role":"tool","content":[{"type":"tool_result","callId":"c%d","content":"count\\n-----\\n %d\\n(1 row)"}]}\n' $i $i $((i * 137))
  done
}

# --- import: three logs into a workspace that already holds one --------------------------------
setup_import() { "$bin" import "$src/examples/branch-a.jsonl" --workspace ws.bmws; }
op_import() {
  "$bin" import "$src/tests/cli/inputs/decision.jsonl" "$src/examples/branch-c.jsonl" \
                "$src/examples/claude-review.jsonl" --workspace ws.bmws
}
target_import() { echo ws.bmws; }
state_import() { ws_state ws.bmws; }
# Every stored session has all its messages.
partial_ok_import() {
  [ -z "$(sqlite3 ws.bmws "SELECT key FROM sessions s WHERE message_count !=
                          (SELECT count(*) FROM messages m WHERE m.session_key = s.key)")" ]
}

# --- decide: a second decision on a slot that has one --------------------------------------------
setup_decide() {
  "$bin" import "$src/tests/cli/inputs/decision.jsonl" --workspace ws.bmws &&
  "$bin" decide ws.bmws --reviewer r --extractor oracle --slot database.engine --choose postgresql --reason first
}
op_decide() {
  "$bin" decide ws.bmws --reviewer r --extractor oracle --slot database.engine --unresolvable --reason second
}
target_decide() { echo ws.bmws; }
state_decide() { ws_state ws.bmws; }

# --- fold: a longer copy of a folded session, published into the same store ----------------------
setup_fold() {
  gen_log 7e57f01d 12 >short.jsonl && gen_log 7e57f01d 30 >long.jsonl &&
  "$bin" fold short.jsonl --store st --retain-tokens 300
}
op_fold() { "$bin" fold long.jsonl --store st --retain-tokens 300; }
target_fold() { echo st; }
# verify must pass and every view parse; temp files of an interrupted publish are not state. The
# state is the commit records less the checkpoint id (a checkpoint's id covers its creation time).
state_fold() {
  local v f
  if ! v=$("$bin" verify st 2>&1); then echo "verify st: $v"; return 1; fi
  for f in st/*/view-*.jsonl; do
    [ -e "$f" ] || continue
    jq -c . "$f" >/dev/null 2>&1 || { echo "view $f does not parse"; return 1; }
  done
  for f in st/*/commit-*.json; do
    [ -e "$f" ] && jq -cS 'del(.checkpointId, .renderedDigest)' "$f"
  done | LC_ALL=C sort
}
partial_ok_fold() { true; }  # verify passed: every checkpoint present is whole and committed

# --- meld admit: three deltas into a brain that admitted two ------------------------------------
meld_key() { printf "$1%.0s" $(seq 40); }
meld_delta() {  # key sender sent text
  local body mac
  body=$(jq -cS -n --arg s "$2" --argjson n "$3" --arg t "$4" '{version:1,kind:"claim",sender:$s,sent:$n,
         claim:{text:$t,scope:["jurisdiction:EU"],confidence:1,retention:1,status:"active",origin:$s,authority:1,
                valid_from:0,valid_to:100}}')
  mac=$(printf '%s' "$body" | openssl dgst -sha256 -hmac "$1" -r | cut -d' ' -f1)
  jq -c --arg m "$mac" '. + {mac: $m}' <<<"$body"
}
setup_meld() {
  mkdir -p B && local ka kt
  ka=$(meld_key a) kt=$(meld_key t)
  jq -n --arg a "$ka" --arg t "$kt" --arg b "$(meld_key b)" '{id:"B",directory:{overrule_authority:2,brains:{
        A:{key:$a,authority:1,cells:["jurisdiction:EU"]},T:{key:$t,authority:1,cells:["jurisdiction:EU"]},
        B:{key:$b,authority:1,cells:["jurisdiction:EU"]}}}}' >B/brain.json
  chmod 600 B/brain.json
  { meld_delta "$ka" A 1 "The service stores its data in PostgreSQL 15"
    meld_delta "$ka" A 2 "Backups of the database run nightly at 02:00 UTC"; } >d1.jsonl
  { meld_delta "$kt" T 3 "The service keeps its data in PostgreSQL 15"
    meld_delta "$kt" T 4 "Deploys happen on Tuesdays after the review"
    meld_delta "$ka" A 5 "The cache is Redis 7 with a one hour expiry"; } >d2.jsonl
  "$bin" meld admit --brain B --delta d1.jsonl
}
op_meld() { "$bin" meld admit --brain B --delta d2.jsonl; }
target_meld() { echo B; }
state_meld() { ws_state B/workspace.bmws; }

# --- reduce: a second tool output into an artifact store -----------------------------------------
setup_reduce() { "$bin" reduce --tool Bash --store st <"$src/tests/cli/inputs/reduce_build.log"; }
op_reduce() { "$bin" reduce --tool bash --store st <"$src/tests/cli/inputs/reduce_pytest.log"; }
target_reduce() { echo st; }
# Each artifact is named by the SHA-256 of its bytes; a torn one is corrupt.
state_reduce() {
  local f h
  for f in st/artifacts/*.out; do
    [ -e "$f" ] || continue
    h=$(sha256sum "$f" | cut -d' ' -f1)
    if [ "$(basename "$f" .out)" != "$h" ]; then echo "artifact $f does not hash to its name"; return 1; fi
    echo "$h"
  done
}
