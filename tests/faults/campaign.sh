#!/usr/bin/env bash
# Fault campaign (issue #17 item 6): runs import, decide, fold publish, meld admit and reduce under
# injected ENOSPC/EIO (the LD_PRELOAD shim fault_inject.c) and under SIGKILL at random times, and
# checks each run: a clear error (the cause, and the file), the previous state intact or the whole
# change made (never part of one), no corrupt file, and a re-run equal to a clean run.
#
# Usage: campaign.sh --bin BELIEFMERGE --shim LIBFAULT.so [--quick | --faults | --kill N] [--seed S] [CMD...]
#   --quick    two fault points per command (the ctest `faults_quick`, < 30 s)
#   --faults   every fault point: each matching write/fsync/rename call of a clean run, ENOSPC and EIO
#   --kill N   N SIGKILL trials per command at seeded random times within its clean run's duration
#   CMD        import decide fold meld reduce (default: all)
# Prints one table row per command (faults: runs that had a call failed, or for --kill runs killed
# before they finished; errors: non-zero exits; unclear: errors without the cause and the file;
# lost: states neither before nor after; rerun: re-runs unequal to a clean run); exit 1 when any trial broke a guarantee (each is printed as FAIL).
set -u
mode=quick
seed=17
kills=0
cmds=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$(realpath "$2"); shift 2 ;;
    --shim) shim=$(realpath "$2"); shift 2 ;;
    --quick) mode=quick; shift ;;
    --faults) mode=faults; shift ;;
    --kill) mode=kill; kills=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) cmds+=("$1"); shift ;;
  esac
done
[ ${#cmds[@]} -gt 0 ] || cmds=(import decide fold meld reduce)
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/bm-faults.XXXXXX)
trap 'rm -rf "$work"' EXIT
export BELIEFMERGE_TOKENIZER=estimate USER=${USER:-campaign}
source "$src/tests/faults/campaign_commands.sh"

failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# A fresh copy of the command's base state in $1.
fresh() { rm -rf "$1"; cp -a "$work/base-$cmd" "$1"; }

# Runs the command in $1 with the shim failing matching calls after the first $2 ($3: errno);
# sets rc and calls/failed (from the shim's report).
run_faulted() {
  local dir=$1
  (cd "$dir" && BM_FAULT_ERRNO=$3 BM_FAULT_AFTER=$2 BM_FAULT_PATH="$dir/$(target_"$cmd")" \
     BM_FAULT_REPORT="$dir/.fault-report" LD_PRELOAD="$shim" op_"$cmd" >"$dir/.out" 2>"$dir/.err")
  rc=$?
  read -r calls failed < <(sed 's/calls=\([0-9]*\) failed=\([0-9]*\)/\1 \2/' "$dir/.fault-report" 2>/dev/null || echo "0 0")
}

# True when the state in file $1 is one the command may leave: before, after, or (for commands with
# partial_ok_CMD) a superset of before and subset of after made of whole units.
allowed() {
  cmp -s "$1" "$work/before-$cmd" && return 0
  cmp -s "$1" "$work/after-$cmd" && return 0
  declare -F partial_ok_"$cmd" >/dev/null || return 1
  [ -z "$(LC_ALL=C comm -23 "$work/before-$cmd" "$1")" ] && [ -z "$(LC_ALL=C comm -23 "$1" "$work/after-$cmd")" ] &&
    (cd "$(dirname "$1")" && partial_ok_"$cmd")
}

# Checks a trial directory after a fault or a kill: not corrupt, a state the command may leave,
# then a re-run equals the clean run.
check_after() {
  local dir=$1 what=$2
  if ! (cd "$dir" && state_"$cmd") >"$dir/.state"; then
    fail "$cmd $what: corrupt: $(head -c 300 "$dir/.state")"; corrupt=$((corrupt + 1)); return
  fi
  if ! allowed "$dir/.state"; then
    fail "$cmd $what: a state neither before nor after (records lost or half-written)"; lost=$((lost + 1))
  fi
  cmp -s "$dir/.state" "$work/after-$cmd" && return  # the change was made whole: nothing to re-run
  (cd "$dir" && op_"$cmd" >"$dir/.rerun.out" 2>&1)
  if ! (cd "$dir" && state_"$cmd") >"$dir/.state" || ! cmp -s "$dir/.state" "$work/after-$cmd"; then
    fail "$cmd $what: the re-run differs from a clean run"; rerun_bad=$((rerun_bad + 1))
  fi
}

printf '%-7s %7s %8s %8s %8s %8s %8s %8s\n' command trials faults errors unclear corrupt lost rerun
for cmd in "${cmds[@]}"; do
  mkdir -p "$work/base-$cmd"
  (cd "$work/base-$cmd" && setup_"$cmd" >"$work/setup.log" 2>&1) || { fail "$cmd: setup failed: $(tail -3 "$work/setup.log")"; continue; }
  (cd "$work/base-$cmd" && state_"$cmd") >"$work/before-$cmd" || { fail "$cmd: base state corrupt"; continue; }
  fresh "$work/clean"
  start=$(date +%s%N)
  (cd "$work/clean" && op_"$cmd" >/dev/null 2>&1) || { fail "$cmd: clean run failed"; continue; }
  took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  (cd "$work/clean" && state_"$cmd") >"$work/after-$cmd" || { fail "$cmd: clean state corrupt"; continue; }
  cmp -s "$work/before-$cmd" "$work/after-$cmd" && { fail "$cmd: the command changes nothing"; continue; }
  # How many matching calls a clean run makes: the fault points.
  fresh "$work/count"
  start=$(date +%s%N)
  run_faulted "$work/count" 1000000000000 ENOSPC
  count_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [ "$count_ms" -lt "$took_ms" ] && took_ms=$count_ms  # the first run also loads the binary from disk
  points=$calls
  [ "$points" -gt 0 ] || { fail "$cmd: the shim saw no write (is $shim loaded?)"; continue; }
  trials=0 faults=0 errors=0 unclear=0 corrupt=0 lost=0 rerun_bad=0
  if [ "$mode" = kill ]; then
    RANDOM=$seed
    for ((i = 0; i < kills; i++)); do
      t="$work/t"
      fresh "$t"
      delay_us=$(( (RANDOM * 32768 + RANDOM) % (took_ms * 1500 + 1) ))
      (cd "$t" && op_"$cmd" >"$t/.out" 2>&1) &
      pid=$!
      sleep "$(printf '%d.%06d' $((delay_us / 1000000)) $((delay_us % 1000000)))"
      children=$(pgrep -P "$pid")
      kill -KILL $children "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      [ $? -eq 137 ] && faults=$((faults + 1))  # killed before it finished
      for c in $children; do  # its locks go with it: wait until it is gone
        for ((w = 0; w < 500 && $(kill -0 "$c" 2>/dev/null; echo $?) == 0; w++)); do sleep 0.01; done
      done
      trials=$((trials + 1))
      check_after "$t" "kill after ${delay_us}us"
    done
  else
    if [ "$mode" = quick ]; then  # the first call with ENOSPC, one in the middle with EIO
      list="0:ENOSPC $((points / 2)):EIO"
    else
      list=$(for n in $(seq 0 $((points - 1))); do echo "$n:ENOSPC $n:EIO"; done)
    fi
    for point in $list; do
      n=${point%:*} e=${point#*:}
      {
        t="$work/t"
        fresh "$t"
        run_faulted "$t" "$n" "$e"
        trials=$((trials + 1))
        [ "$failed" -gt 0 ] && faults=$((faults + 1))
        cause="No space left on device"; [ "$e" = EIO ] && cause="Input/output error"
        if [ "$rc" -eq 0 ] && ! (cd "$t" && state_"$cmd") | cmp -s - "$work/after-$cmd"; then
          fail "$cmd $e after $n calls: exit 0 but the change is not all there"; lost=$((lost + 1))
        fi
        if [ "$rc" -ne 0 ]; then
          errors=$((errors + 1))
          if ! grep -qF "$cause" "$t/.err" || ! grep -qF "$(target_"$cmd")" "$t/.err"; then
            fail "$cmd $e after $n calls: exit $rc without the cause and the file: $(head -c 300 "$t/.err")"
            unclear=$((unclear + 1))
          fi
        fi
        check_after "$t" "$e after $n calls"
      }
    done
  fi
  printf '%-7s %7s %8s %8s %8s %8s %8s %8s   (%s fault points, clean run %s ms)\n' "$cmd" "$trials" "$faults" \
    "$errors" "$unclear" "$corrupt" "$lost" "$rerun_bad" "$points" "$took_ms"
done
[ "$failures" -eq 0 ]
