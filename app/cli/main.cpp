// `beliefmerge`: the command-line front end over the engine.
#include <QCoreApplication>

#include <cstdio>

#include "cli/commands.h"
#include "store/sqlite_db.h"
#include "util/heap_tuning.h"

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);
    bm::set_busy_wait_notice([](const std::string& path) {
        std::fprintf(stderr, "waiting for another writer to finish with %s (up to %d s) ...\n", path.c_str(),
                     bm::kBusyTimeoutMs / 1000);
    });
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("beliefmerge"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    return bm::cli::run(QCoreApplication::arguments());
}
