// Checkpoint jobs: thin adapters from Qt types to the core fold engine, run on jobPool() threads.
#include "checkpoint_jobs.h"

#include <QCoreApplication>
#include <chrono>

#include "fold/recall.h"
#include "ingest/ingest.h"
#include "job_pool.h"

namespace bm {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

FoldJobOutcome runFoldJob(const FoldJobRequest& request, const std::atomic_bool& cancel,
                          const std::function<void(int, qint64)>& progress) {
    lowerJobThreadPriority();
    FoldJobOutcome out;
    auto inputs = expand_inputs({request.logPath.toStdString()});
    for (const auto& e : inputs.errors) out.errors << q(e.to_string());
    if (!out.errors.isEmpty()) return out;
    if (inputs.files.empty()) {
        out.errors << QCoreApplication::translate("bm::FoldJob", "%1: no session log found").arg(request.logPath);
        return out;
    }
    SessionFoldRequest fold;
    fold.mode = request.mode;
    fold.options.policy.retain_tokens = request.retainTokens;
    fold.options.created_at = nowMs();
    fold.options.keep_published_bodies = false;  // the report lists ids and ranges only, as the CLI's
    int folds = 0;
    fold.options.keep_going = [&](size_t done, size_t tokens) {
        progress(folds + static_cast<int>(done), static_cast<qint64>(tokens));
        return !cancel.load();
    };
    BundleStore store(request.storePath.toStdString());
    bool matched = false;
    for (const auto& file : inputs.files) {
        ReadResult r = read_file(file);
        for (const auto& e : r.errors) out.errors << q(e.to_string());
        for (const auto& w : r.warnings) out.warnings << q(w.to_string());
        if (!r.ok()) return out;
        for (auto& session : r.sessions) {
            if (!request.sessionId.isEmpty() && q(session.id) != request.sessionId) continue;
            matched = true;
            if (cancel.load()) {
                out.cancelled = true;
                return out;
            }
            auto report = fold_session(store, std::move(session), fold);
            if (!report.ok()) {
                out.errors << q(file) + QStringLiteral(": ") + q(report.error().to_string());
                return out;
            }
            if (!report->view_error.empty()) out.errors << q(report->view_error);
            folds += static_cast<int>(report->published.size());
            progress(folds, static_cast<qint64>(report->tokens_after));
            out.cancelled = out.cancelled || report->cancelled;
            out.reports.push_back(std::move(report).value());
            if (out.cancelled) return out;
        }
    }
    if (!matched) out.errors << QCoreApplication::translate("bm::FoldJob", "%1 holds no session %2").arg(request.logPath, request.sessionId);
    return out;
}

CatalogOutcome runCatalogJob(const QString& storePath) {
    lowerJobThreadPriority();
    BundleStore store(storePath.toStdString());
    auto catalog = load_checkpoint_catalog(store);
    if (!catalog.ok()) return {nullptr, q(catalog.error().to_string())};
    return {std::make_shared<const CheckpointCatalog>(std::move(catalog).value()), {}};
}

StoreQueryOutcome runSearchJob(const QString& storePath, const QString& query, int limit) {
    lowerJobThreadPriority();
    BundleStore store(storePath.toStdString());
    auto result = context_search(store, query.toStdString(), static_cast<size_t>(limit));
    if (!result.ok()) return {{}, q(result.error().to_string())};
    return {std::move(result).value(), {}};
}

RecallOutcome runExactRecallJob(const QString& storePath, const QString& checkpointId, qint64 offset) {
    lowerJobThreadPriority();
    BundleStore store(storePath.toStdString());
    RecallRequest request;
    request.ref = checkpointId.toStdString();
    request.depth = RecallDepth::kExact;
    request.offset = offset;  // limit and token cap: the CLI's defaults
    RecallOutcome out;
    auto result = context_recall(store, request);
    if (!result.ok()) {
        out.error = q(result.error().to_string());
        return out;
    }
    out.result = std::move(result).value();
    if (out.result["status"] == "ok") out.bytes = QByteArray::fromStdString(exact_page_bytes(out.result));
    return out;
}

StoreQueryOutcome runCheckpointStateJob(const QString& storePath, const QString& checkpointId) {
    lowerJobThreadPriority();
    BundleStore store(storePath.toStdString());
    auto bundle = store.read(checkpointId.toStdString());  // verified, or an error
    if (!bundle.ok()) return {{}, q(bundle.error().to_string())};
    nlohmann::json state = {{"anchors", bundle->state_anchors.value_or(nlohmann::json::array())},
                            {"negativeKnowledge", bundle->negative_knowledge.value_or(nlohmann::json::array())},
                            {"beliefs", bundle->beliefs.value_or(nlohmann::json::array())},
                            {"rendered", bundle->rendered_text}};
    return {std::move(state), {}};
}

ExportReport runExportJob(const QString& storePath, const QStringList& checkpointIds, const QString& destination) {
    lowerJobThreadPriority();
    BundleStore store(storePath.toStdString());
    std::vector<BundleEntry> entries;
    for (const QString& id : checkpointIds) {
        auto entry = store.find(id.toStdString());
        if (entry) entries.push_back(*entry);
    }
    return export_bundles(store, entries, destination.toStdString());
}

}  // namespace bm
