// Where beliefmerge-bench reads its bundled data: --data DIR, else the data folder's bench/ (util/data_dir.h:
// $BELIEFMERGE_DATA_DIR, else the install prefix's share/beliefmerge, mirrored in the build tree).
#include <cstdio>
#include <QCoreApplication>

#include "bench_commands.h"
#include "cli/cli_common.h"
#include "util/data_dir.h"

namespace bm::cli {

QCommandLineOption bench_data_option() {
    return QCommandLineOption(QStringLiteral("data"),
                              QStringLiteral("Bench data folder (default $BELIEFMERGE_DATA_DIR/bench, else "
                                             "<prefix>/share/beliefmerge/bench beside <prefix>/bin)."),
                              QStringLiteral("DIR"));
}

std::string bench_data_dir(const QString& explicit_dir) {
    if (!explicit_dir.isEmpty()) return to_std(explicit_dir);
    return data_dir(to_std(QCoreApplication::applicationDirPath())) + "/bench";
}

std::string f3(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

}  // namespace bm::cli
