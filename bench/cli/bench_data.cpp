// Where beliefmerge-bench reads its bundled data: --data DIR, else the install prefix's share/ folder.
#include <cstdio>
#include <QCoreApplication>
#include <QDir>

#include "bench_commands.h"
#include "cli/cli_common.h"

namespace bm::cli {

QCommandLineOption bench_data_option() {
    return QCommandLineOption(QStringLiteral("data"),
                              QStringLiteral("Bench data folder (default <prefix>/share/beliefmerge/bench beside "
                                             "<prefix>/bin)."),
                              QStringLiteral("DIR"));
}

std::string bench_data_dir(const QString& explicit_dir) {
    if (!explicit_dir.isEmpty()) return to_std(explicit_dir);
    return to_std(QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/beliefmerge/bench")));
}

std::string f3(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

}  // namespace bm::cli
