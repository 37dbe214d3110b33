// `beliefmerge`: the command-line front end over the engine.
#include <QCoreApplication>

#include "cli/commands.h"
#include "util/heap_tuning.h"

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("beliefmerge"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    return bm::cli::run(QCoreApplication::arguments());
}
