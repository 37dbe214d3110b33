#!/usr/bin/env bash
# Starts or stops the 3-node MELD JetStream cluster (n1.conf, n2.conf, n3.conf) on loopback.
#
#   examples/nats/cluster.sh start [RUNDIR]    start the three nodes, wait until they accept clients
#   examples/nats/cluster.sh stop [RUNDIR]     stop them (SIGTERM by pid, SIGKILL after 5 s)
#   examples/nats/cluster.sh urls [RUNDIR]     print the client URLs (for --nats)
#
# RUNDIR (default /tmp/meld-nats) holds each node's config, JetStream store, log and pid file.
# Ports are the configs' (clients 4222-4224, routes 6222-6224) unless MELD_NATS_PORTS="c1,c2,c3"
# and MELD_NATS_ROUTE_PORTS="r1,r2,r3" name others. Needs nats-server (Debian package nats-server).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cmd="${1:-}"
run="${2:-/tmp/meld-nats}"
IFS=, read -r -a cports <<< "${MELD_NATS_PORTS:-4222,4223,4224}"
IFS=, read -r -a rports <<< "${MELD_NATS_ROUTE_PORTS:-6222,6223,6224}"
[ "${#cports[@]}" = 3 ] && [ "${#rports[@]}" = 3 ] || { echo "cluster.sh: need three client and three route ports" >&2; exit 2; }

urls() {
    local out=""
    for p in "${cports[@]}"; do out="${out:+$out,}nats://127.0.0.1:$p"; done
    echo "$out"
}

accepts() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
    local server
    server="$(command -v nats-server || true)"
    [ -n "$server" ] || { echo "cluster.sh: nats-server is not installed (apt-get install nats-server)" >&2; exit 1; }
    mkdir -p "$run"
    for i in 1 2 3; do
        if [ -f "$run/n$i.pid" ] && kill -0 "$(cat "$run/n$i.pid")" 2>/dev/null; then
            echo "cluster.sh: n$i is running already (pid $(cat "$run/n$i.pid")); stop it first" >&2
            exit 1
        fi
        # The configs' default ports replaced by the chosen ones.
        sed -e "s/port: 422\([234]\)\$/port: CPORT\1/" -e "s/port: 622\([234]\)\$/port: RPORT\1/" \
            -e "s/127.0.0.1:622\([234]\)/127.0.0.1:RPORT\1/" \
            -e "s/CPORT2/${cports[0]}/; s/CPORT3/${cports[1]}/; s/CPORT4/${cports[2]}/" \
            -e "s/RPORT2/${rports[0]}/g; s/RPORT3/${rports[1]}/g; s/RPORT4/${rports[2]}/g" \
            "$here/n$i.conf" > "$run/n$i.conf"
        (cd "$run" && setsid "$server" -c "n$i.conf" -P "n$i.pid" -l "n$i.log" < /dev/null > /dev/null 2>&1 &)
    done
    for p in "${cports[@]}"; do
        for _ in $(seq 100); do accepts "$p" && break; sleep 0.1; done
        accepts "$p" || { echo "cluster.sh: nothing accepts on 127.0.0.1:$p; see $run/n*.log" >&2; exit 1; }
    done
    for i in 1 2 3; do  # each node writes its pid file once it runs; stop reads them
        for _ in $(seq 50); do [ -s "$run/n$i.pid" ] && break; sleep 0.1; done
    done
    echo "cluster up: $(urls) (logs and stores under $run)"
}

stop() {
    for i in 1 2 3; do
        [ -f "$run/n$i.pid" ] || continue
        pid="$(cat "$run/n$i.pid")"
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
        rm -f "$run/n$i.pid"
    done
    echo "cluster stopped (stores kept under $run)"
}

case "$cmd" in
    start) start ;;
    stop) stop ;;
    urls) urls ;;
    *) sed -n '2,11p' "$0" >&2; exit 2 ;;
esac
