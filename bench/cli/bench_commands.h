// The entry points of beliefmerge-bench: every benchmark and experiment behind `beliefmerge bench NAME`.
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "bench/meld/hotpotqa.h"

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
int bench_fold(const QStringList& args);
int bench_mergebench(const QStringList& args);
// The extraction gold set: precision, recall and per-rule tables (bench/extract, docs/extract.md).
int bench_extract(const QStringList& args);
// `beliefmerge meld calibrate` (forwarded here): fit thresholds on labelled pairs.
int meld_calibrate(const QStringList& args);

// The --data DIR option of the benches that read bundled data, and the directory it names: the
// option's value, else <prefix>/share/beliefmerge/bench beside <prefix>/bin/beliefmerge-bench
// (the build tree mirrors that layout).
QCommandLineOption bench_data_option();
std::string bench_data_dir(const QString& explicit_dir);

// The HotpotQA file of `bench meld-recall` and `bench routing` (run from the repository root).
inline constexpr const char* kDefaultHotpotqa = "../shared/data/qa/hotpotqa_dev_distractor_first50.json";
QCommandLineOption hotpotqa_data_option();
// Loads the --data file; on an error or a file without a usable question prints why, prefixed by
// `command`, and returns nothing (the caller exits 2).
std::optional<std::vector<bm::meld::QaItem>> load_hotpotqa_option(const std::string& command, const QCommandLineParser& parser,
                                                                   const QCommandLineOption& data_opt);

}  // namespace bm::cli
