#!/usr/bin/env bash
# Fuzzes every session-log reader for a time budget each (not CI): builds one fuzz target at a time
# (each is a ~100 MB binary), runs it at nice 19 over the ctest seed corpus plus seeded mutations,
# and prints one line per reader: seconds run, inputs tried, crash or not.
# Usage: tests/faults/fuzz_readers.sh [--seconds N] [--bin-dir DIR] [--build-dir DIR] [reader...]
#   --seconds N   mutation budget per reader (default 600)
#   --bin-dir D   use fuzz binaries already built in D instead of building them
#   Readers default to every reader target; crash inputs are kept as fuzz-crash-<reader> in the cwd.
set -u
seconds=600
bin_dir=""
build_dir=build/dev
readers=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --bin-dir) bin_dir=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    *) readers+=("$1"); shift ;;
  esac
done
[ ${#readers[@]} -gt 0 ] || readers=(ingest_auto claude_code codex dsh openai_chat openhands openhands_eval
                                      swe_agent native gemini_cli gemini_cli_document cline aider)
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=("$root/tests/data" "$root/tests/cli/inputs" "$root/examples" "$root/tests/pack/fuzz_seeds"
        "$root/tests/meld/fuzz_seeds")
status=0
printf '%-22s %8s %12s %s\n' reader seconds inputs result
for r in "${readers[@]}"; do
  target=fuzz_$r
  extra=()
  [ "$r" = dsh ] && extra=("$root/tests/fuzz/corpus/dsh")
  if [ -n "$bin_dir" ]; then
    bin=$bin_dir/$target
  else
    nice -n 10 cmake --build "$build_dir" -j2 --target "$target" >/dev/null || { echo "$target: build failed"; status=1; continue; }
    bin=$build_dir/tests/fuzz/$target
  fi
  start=$(date +%s)
  out=$(BM_FUZZ_ARTIFACT="fuzz-crash-$r" nice -n 19 "$bin" --mutate-seconds "$seconds" "${corpus[@]}" "${extra[@]}" 2>&1)
  rc=$?
  took=$(( $(date +%s) - start ))
  inputs=$(printf '%s\n' "$out" | sed -n 's/^fuzz driver: \([0-9]*\) inputs.*/\1/p')
  if [ $rc -eq 0 ]; then result="no crash"; else result="CRASH rc=$rc (input: fuzz-crash-$r)"; status=1; fi
  printf '%-22s %8s %12s %s\n' "$r" "$took" "${inputs:--}" "$result"
  [ -z "$bin_dir" ] && rm -f "$bin"   # keep the build dir small: one 100 MB binary at a time
done
exit $status
