// The subcommands of `beliefmerge` and the dispatcher.
#pragma once

#include <QStringList>
#include <string>

namespace bm::cli {

// Runs the command line (argv[0] first); returns the process exit code.
int run(const QStringList& arguments);

int command_import(const QStringList& args);
int command_inspect(const QStringList& args);
int command_bench(const QStringList& args);
int command_meld(const QStringList& args);

// Runs beliefmerge-bench (found beside this executable) with `args` and returns its exit status;
// the benchmarks and experiments live there, so this binary carries no bench code (bench_tool.cpp).
int run_bench_tool(const QStringList& args);
int command_merge(const QStringList& args);
// Epistemic Fold (app/cli/command_fold.cpp, app/cli/command_mcp.cpp).
int command_fold(const QStringList& args);
int command_verify(const QStringList& args);
int command_search(const QStringList& args);
int command_recall(const QStringList& args);
int command_mcp(const QStringList& args);
// M1 ingress reduction (app/cli/command_reduce.cpp); its default store, also `recall`'s for art: refs.
int command_reduce(const QStringList& args);
std::string default_reduce_store();
int command_adjudicate(const QStringList& args);
int command_decide(const QStringList& args);
// Review before injection (app/cli/command_approve.cpp, app/cli/command_hook.cpp).
int command_approve(const QStringList& args);
int command_hook(const QStringList& args);
// The extractor's rule table (app/cli/command_rules.cpp).
int command_rules(const QStringList& args);

}  // namespace bm::cli
