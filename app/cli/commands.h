// The subcommands of `beliefmerge` and the dispatcher.
#pragma once

#include <QStringList>

namespace bm::cli {

// Runs the command line (argv[0] first); returns the process exit code.
int run(const QStringList& arguments);

int command_import(const QStringList& args);
int command_inspect(const QStringList& args);
int command_bench(const QStringList& args);
int command_meld(const QStringList& args);

// MELD benchmarks (bench_meld.cpp), dispatched by command_bench.
int bench_meld_gold(const QStringList& args);
int bench_convergence(const QStringList& args);
// `bench throughput` (bench_meld_throughput.cpp); the checkout the MELD benches read data from.
int bench_throughput(const QStringList& args);
std::string meld_source_dir();
int command_merge(const QStringList& args);
// Epistemic Fold (app/cli/command_fold.cpp, app/cli/command_mcp.cpp).
int command_fold(const QStringList& args);
int command_verify(const QStringList& args);
int command_search(const QStringList& args);
int command_recall(const QStringList& args);
// `bench fold` (app/cli/command_fold.cpp): publish/verify throughput, recall and search latency.
int bench_fold(const QStringList& args);
int command_mcp(const QStringList& args);
int command_adjudicate(const QStringList& args);
int command_decide(const QStringList& args);
// `beliefmerge bench mergebench` (app/cli/command_bench_mergebench.cpp).
int bench_mergebench(const QStringList& args);
// `beliefmerge bench extract` (app/cli/command_bench_extract.cpp).
int bench_extract(const QStringList& args);

}  // namespace bm::cli
