// `beliefmerge bench NAME` and `beliefmerge meld calibrate`: run beliefmerge-bench from beside this binary.
#include <unistd.h>

#include <QCoreApplication>
#include <QFileInfo>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <vector>

#include "cli/cli_common.h"
#include "cli/commands.h"

namespace bm::cli {

int run_bench_tool(const QStringList& args) {
    const QString tool = QCoreApplication::applicationDirPath() + QStringLiteral("/beliefmerge-bench");
    if (!QFileInfo(tool).isExecutable()) {
        print_err("beliefmerge: " + to_std(tool) +
                  " not found: the benchmarks are a separate program (build target beliefmerge-bench, "
                  "BM_BUILD_BENCH=ON; `cmake --install` puts it beside beliefmerge)\n");
        return kFailed;
    }
    std::vector<std::string> words = {to_std(tool)};
    for (const QString& a : args) words.push_back(to_std(a));
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    std::cout.flush();
    std::fflush(nullptr);
    ::execv(argv[0], argv.data());
    print_err("beliefmerge: cannot run " + words[0] + ": " + std::strerror(errno) + "\n");
    return kFailed;
}

int command_bench(const QStringList& args) {
    return run_bench_tool(args.mid(1));  // args[0] is "beliefmerge bench"
}

}  // namespace bm::cli
