// PipelineWorker: a task handed over and waited for under one mutex (see pipeline_worker.h).
#include "meld/pipeline_worker.h"

#include <system_error>

namespace bm::meld {

PipelineWorker::PipelineWorker() {
    try {
        m_thread = std::thread([this] { loop(); });
    } catch (const std::system_error&) {  // no thread: everything on the calling thread
    }
}

PipelineWorker::~PipelineWorker() {
    if (!m_thread.joinable()) return;
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void PipelineWorker::run(const std::function<void()>& task, const std::function<void()>& alongside) {
    if (!m_thread.joinable()) {
        task();
        alongside();
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        m_task = &task;
        m_error = nullptr;
        ++m_posted;
    }
    m_wake.notify_all();
    std::exception_ptr mine;
    try {
        alongside();
    } catch (...) {
        mine = std::current_exception();
    }
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [&] { return m_finished == m_posted; });  // never leave the task running
    if (mine) std::rethrow_exception(mine);
    if (m_error) std::rethrow_exception(m_error);
}

void PipelineWorker::loop() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [&] { return m_quit || m_finished != m_posted; });
        if (m_quit) return;
        const std::function<void()>* task = m_task;
        lock.unlock();
        std::exception_ptr error;
        try {
            (*task)();
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        m_error = error;
        m_finished = m_posted;
        m_wake.notify_all();
    }
}

}  // namespace bm::meld
