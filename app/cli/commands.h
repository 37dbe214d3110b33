// The subcommands of `beliefmerge` and the dispatcher.
#pragma once

#include <QStringList>

namespace bm::cli {

// Runs the command line (argv[0] first); returns the process exit code.
int run(const QStringList& arguments);

int command_import(const QStringList& args);
int command_inspect(const QStringList& args);
int command_bench(const QStringList& args);

}  // namespace bm::cli
