// PipelineWorker: the one worker thread of Brain::receive_all(), kept for the whole batch so its
// per-thread analysis memo stays warm across chunks.
//
// run(task, alongside) hands `task` to the worker, runs `alongside` on the calling thread, and
// returns once both are done; an exception from either is rethrown on the calling thread (the
// calling thread's first). When no thread could be started, both run on the calling thread.
// Thread-safety: run() from one thread at a time.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace bm::meld {

class PipelineWorker {
public:
    PipelineWorker();
    ~PipelineWorker();
    PipelineWorker(const PipelineWorker&) = delete;
    PipelineWorker& operator=(const PipelineWorker&) = delete;

    void run(const std::function<void()>& task, const std::function<void()>& alongside);

private:
    void loop();

    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    const std::function<void()>* m_task = nullptr;
    std::exception_ptr m_error;
    uint64_t m_posted = 0, m_finished = 0;
    bool m_quit = false;
};

}  // namespace bm::meld
