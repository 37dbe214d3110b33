#!/usr/bin/env bash
# Fails when a shipped binary defines a symbol of the bench code (bench/: the confluence experiment,
# MELD gold/convergence/throughput, MergeBench, the fold bench, beliefmerge-bench's commands).
# Usage: check_no_bench_symbols.sh BENCH_BINARY SHIPPED_BINARY...
set -u
pattern='run_confluence_experiment|bm::represent\(|load_gold_pairs|evaluate_gold|contested_lifecycle|partition_reorder_sweep|measure_throughput|sink_republish|bm::mergebench::|bm::bench::|bm::cli::bench_|bm::cli::run_bench\(|meld_calibrate'
bench=$1; shift
defined() { nm -C --defined-only "$1" | grep -E "$pattern"; }
if [ "$(defined "$bench" | wc -l)" -lt 5 ]; then
  echo "FAIL: $bench defines none of the bench symbols: the pattern no longer matches the bench code"; exit 1
fi
fail=0
for bin in "$@"; do
  hits=$(defined "$bin")
  if [ -n "$hits" ]; then echo "FAIL: $bin carries bench code:"; echo "$hits" | head -20; fail=1
  else echo "ok: $bin defines no bench symbol"; fi
done
exit $fail
