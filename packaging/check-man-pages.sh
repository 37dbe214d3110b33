#!/usr/bin/env bash
# check-man-pages.sh MAN_DIR BELIEFMERGE [BELIEFMERGE_STUDIO]: the hand-written man pages are clean roff
# and name every command of `beliefmerge --help` and every option of `beliefmerge-studio --help` (CTest).
set -euo pipefail
man=$1 cli=$2 studio=${3:-}
command -v groff >/dev/null || { echo "SKIP: groff not installed"; exit 77; }
status=0
check_roff() {
  local warnings
  warnings=$(LC_ALL=C.UTF-8 groff -man -ww -z -Tutf8 "$1" 2>&1)
  if [ -n "$warnings" ]; then echo "$1: groff warnings: $warnings"; status=1; fi
}
check_roff "$man/beliefmerge.1"
# Commands: the first word of each two-space-indented line of --help.
for cmd in $("$cli" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | sort -u); do
  grep -q "^\.BI\? \"\?$cmd\b" "$man/beliefmerge.1" || { echo "beliefmerge.1 lacks the command '$cmd'"; status=1; }
done
if [ -n "$studio" ]; then
  check_roff "$man/beliefmerge-studio.1"
  for opt in $("$studio" --help | sed -n 's/^  \(-[a-z], \)\?--\([a-z-]*\).*/\2/p' | grep -v '^help-all$'); do
    grep -q "\\\\-\\\\-$opt\b" "$man/beliefmerge-studio.1" || { echo "beliefmerge-studio.1 lacks the option --$opt"; status=1; }
  done
fi
[ "$status" = 0 ] && echo "ok"
exit "$status"
