// Model-call records in the workspace's model_calls table: find by request digest, write once.
#include "store/model_call_records.h"

#include "store/decisions.h"
#include "store/schema.h"
#include "util/hash.h"

namespace bm {

Result<std::unique_ptr<ModelCallStore>> ModelCallStore::open(const std::string& workspace_path) {
    auto db = open_workspace_db(workspace_path);
    if (!db) return db.error();
    return std::unique_ptr<ModelCallStore>(new ModelCallStore(std::move(db).value()));
}

Result<std::optional<ModelCallRecord>> ModelCallStore::find(const std::string& request_digest) {
    auto q = m_db->prepare(
        "SELECT request_digest, endpoint, model, purpose, request, response, http_status, recorded_at "
        "FROM model_calls WHERE request_digest = ?");
    if (!q) return q.error();
    q->bind(1, request_digest);
    auto row = q->step();
    if (!row) return row.error();
    if (!*row) return std::optional<ModelCallRecord>{};
    ModelCallRecord r{q->text(0), q->text(1), q->text(2), q->text(3), q->text(4), q->text(5), q->integer(6), q->text(7)};
    if (sha256_hex(r.request) != r.request_digest)
        return Error::corruption("model call record " + request_digest + " does not match its request",
                                 Location{path(), 0, -1, "model_calls.request"},
                                 "the record was altered; delete the workspace's model_calls row to re-record it");
    return std::optional<ModelCallRecord>(std::move(r));
}

Result<bool> ModelCallStore::put(ModelCallRecord r) {
    if (r.request_digest != sha256_hex(r.request))
        return Error::internal("model call record digest does not match its request");
    if (r.recorded_at.empty()) r.recorded_at = utc_now_iso8601();
    auto q = m_db->prepare(
        "INSERT OR IGNORE INTO model_calls(request_digest, endpoint, model, purpose, request, response, http_status, "
        "recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, r.request_digest).bind(2, r.endpoint).bind(3, r.model).bind(4, r.purpose).bind(5, r.request);
    q->bind(6, r.response).bind(7, r.http_status).bind(8, r.recorded_at);
    if (auto st = q->run(); !st) return st.error();
    return sqlite3_changes(m_db->handle()) > 0;
}

Result<int64_t> ModelCallStore::count() {
    auto q = m_db->prepare("SELECT COUNT(*) FROM model_calls");
    if (!q) return q.error();
    auto row = q->step();
    if (!row) return row.error();
    return q->integer(0);
}

}  // namespace bm
