// The entry points of beliefmerge-bench: every benchmark and experiment behind `beliefmerge bench NAME`.
#pragma once

#include <QCommandLineOption>
#include <QStringList>
#include <string>

namespace bm::cli {

// Dispatches `beliefmerge-bench NAME ARGS...` (arguments[0] is the program).
int run_bench(const QStringList& arguments);

int bench_confluence(const QStringList& args);
int bench_meld_gold(const QStringList& args);
int bench_convergence(const QStringList& args);
int bench_throughput(const QStringList& args);
// MELD recall on HotpotQA: merge vs centralized vs naive union (bench/meld/recall.h, docs/meld.md).
int bench_meld_recall(const QStringList& args);
// MELD routing on HotpotQA: flooding vs subject vs semantic routing (bench/meld/routing.h, docs/meld.md).
int bench_routing(const QStringList& args);
// MELD partition-heal over a real 3-node nats-server cluster (bench/meld/partition_heal.h, docs/meld.md).
int bench_partition_heal(const QStringList& args);
int bench_fold(const QStringList& args);
// EF vs Basic compaction replayed on real and generated sessions (bench/fold/fold_quality.h, docs/fold.md).
int bench_fold_quality(const QStringList& args);
// M1 ingress reduction over the shared logs' tool outputs (bench/reduce, docs/reduce.md).
int bench_reduce(const QStringList& args);
int bench_mergebench(const QStringList& args);
// False joins of the merge's one-reading rule on labelled public pairs (merge/value_refinement.h).
int bench_value_reading(const QStringList& args);
// The extraction gold set: precision, recall and per-rule tables (bench/extract, docs/extract.md).
int bench_extract(const QStringList& args);
// `beliefmerge meld calibrate` (forwarded here): fit thresholds on labelled pairs.
int meld_calibrate(const QStringList& args);

// The --data DIR option of the benches that read bundled data, and the directory it names: the
// option's value, else $BELIEFMERGE_DATA_DIR/bench, else <prefix>/share/beliefmerge/bench beside <prefix>/bin/beliefmerge-bench
// (the build tree mirrors that layout).
QCommandLineOption bench_data_option();
std::string bench_data_dir(const QString& explicit_dir);

// v with three decimals, as the bench tables print figures.
std::string f3(double v);

}  // namespace bm::cli
