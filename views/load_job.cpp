// Import job used by the studio; opens its own workspace connection on the worker thread.
#include "load_job.h"

#include "ingest/ingest.h"

namespace bm {

LoadOutcome run_load_job(const std::string& workspace_path, const QStringList& paths,
                         const std::atomic_bool& cancel, const std::function<void(int, int)>& progress) {
    LoadOutcome out;
    auto ws = Workspace::open(workspace_path);
    if (!ws) {
        out.errors << QString::fromStdString(ws.error().to_string());
        return out;
    }
    std::vector<std::string> inputs;
    for (const auto& p : paths) inputs.push_back(p.toStdString());
    ExpandedInputs expanded = expand_inputs(inputs);
    for (const auto& e : expanded.errors) out.errors << QString::fromStdString(e.to_string());
    for (const auto& w : expanded.warnings) out.warnings << QString::fromStdString(w.to_string());
    const int total = static_cast<int>(expanded.files.size());
    for (int i = 0; i < total; ++i) {
        if (cancel.load()) {
            out.cancelled = true;
            break;
        }
        progress(i, total);
        ReadResult r = read_file(expanded.files[static_cast<size_t>(i)]);
        for (const auto& e : r.errors) out.errors << QString::fromStdString(e.to_string());
        for (const auto& w : r.warnings) out.warnings << QString::fromStdString(w.to_string());
        auto report = (*ws)->import(r);
        if (!report) {
            out.errors << QString::fromStdString(report.error().to_string());
            break;
        }
        for (const auto& w : report->warnings) out.warnings << QString::fromStdString(w.to_string());
        ++out.files_read;
    }
    progress(out.files_read, total);
    auto sessions = (*ws)->sessions();
    if (sessions) out.sessions = std::move(sessions).value();
    else out.errors << QString::fromStdString(sessions.error().to_string());
    return out;
}

Result<std::vector<Message>> load_session_messages(const std::string& workspace_path, const std::string& key) {
    auto ws = Workspace::open(workspace_path);
    if (!ws) return ws.error();
    return (*ws)->messages(key);
}

}  // namespace bm
