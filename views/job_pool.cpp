// One process-wide pool for loads, layouts, packs and decisions (at least two threads), whose
// threads run at a lower scheduling priority than the GUI thread.
#include "job_pool.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QThread>
#include <algorithm>

namespace bm {

QThreadPool* jobPool() {
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool(QCoreApplication::instance());  // waits for running jobs on exit
        p->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        p->setObjectName(QStringLiteral("bm.studio.jobs"));
        return p;
    }();
    return pool;
}

void lowerJobThreadPriority() {
    // Linux threads have their own nice value: background work yields the CPU to the GUI thread.
    thread_local bool done = false;
    if (done) return;
    done = true;
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
}

}  // namespace bm
