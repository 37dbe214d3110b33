// `beliefmerge-bench`: the benchmarks and experiments, kept out of the shipped `beliefmerge`, which
// runs this program for `beliefmerge bench NAME` and `beliefmerge meld calibrate`.
#include <QCoreApplication>

#include "bench_commands.h"
#include "util/heap_tuning.h"

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("beliefmerge-bench"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    return bm::cli::run_bench(QCoreApplication::arguments());
}
