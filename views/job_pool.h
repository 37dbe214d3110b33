// The thread pool the studio's background jobs run on. Not QThreadPool::globalInstance(): Qt's
// raster paint engine queues its own work there and the GUI thread waits for it, so a long job on
// the global pool would freeze painting.
#pragma once

#include <QThreadPool>

namespace bm {

QThreadPool* jobPool();
// Call first in every job: lowers the calling worker thread's priority (once per thread).
void lowerJobThreadPriority();

}  // namespace bm
