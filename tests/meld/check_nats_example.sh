#!/usr/bin/env bash
# examples/nats/cluster.sh: starts the 3-node cluster on free loopback ports, the nodes form one
# JetStream cluster (`meld publish --replicas 3` creates a replicated stream through it), and
# `stop` leaves no node running. Exit 77 (skipped) without nats-server.
# usage: check_nats_example.sh BELIEFMERGE_BIN SOURCE_DIR
set -euo pipefail
bin="$1"
src="$2"
command -v nats-server > /dev/null || { echo "nats-server is not installed: skipped"; exit 77; }
run="$(mktemp -d /tmp/bm-nats-example-XXXXXX)"
read -r c1 c2 c3 r1 r2 r3 < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(6)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')
export MELD_NATS_PORTS="$c1,$c2,$c3" MELD_NATS_ROUTE_PORTS="$r1,$r2,$r3"
cluster="$src/examples/nats/cluster.sh"
trap '"$cluster" stop "$run/nats" > /dev/null 2>&1 || true; rm -rf "$run"' EXIT

"$cluster" start "$run/nats"
pids="$(for f in "$run"/nats/n*.pid; do cat "$f"; echo; done)"  # nats-server writes no newline
[ "$(echo "$pids" | wc -w)" = 3 ] || { echo "FAIL: expected three pid files"; exit 1; }

ex="$src/examples"
"$bin" import "$ex/branch-a.jsonl" "$ex/dsh-branch-b" "$ex/claude-review.jsonl" "$ex/branch-c.jsonl" \
    --workspace "$run/orders.bmws" > /dev/null 2>&1
"$bin" meld init --brain "$run/A" > /dev/null
out="$("$bin" meld publish --workspace "$run/orders.bmws" --brain "$run/A" --nats "$("$cluster" urls)" --replicas 3)"
echo "$out" | tail -1
echo "$out" | grep -q "^published [1-9][0-9]* claims as A to nats://" || { echo "FAIL: publish through the cluster"; exit 1; }

"$cluster" stop "$run/nats"
for pid in $pids; do
    if kill -0 "$pid" 2> /dev/null; then echo "FAIL: node $pid still running after stop"; exit 1; fi
done
echo "PASS: cluster.sh start/stop, replicated stream created through the 3-node cluster"
