// Model-call records (SPEC §15, §18): every model request and its response, keyed by the SHA-256 of
// the canonical request, so a run can be replayed with no network and give identical bytes.
//
// The request stored is the canonical (RFC 8785) request body; the API key is never part of it.
// A record is written once per digest (the first response wins: replays must not drift).
// Thread-safety: one ModelCallStore per thread; open the workspace file again for another thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "store/sqlite_db.h"
#include "util/result.h"

namespace bm {

struct ModelCallRecord {
    std::string request_digest;  // sha256_hex(request)
    std::string endpoint;        // base URL + route, for the record only (not part of the digest)
    std::string model;
    std::string purpose;         // align | adjudicate | embed | nli | fold
    std::string request;         // canonical request JSON
    std::string response;        // response body as received
    int64_t http_status = 200;
    std::string recorded_at;     // UTC ISO-8601; put() fills it when empty
};

class ModelCallStore {
public:
    // Opens (creating or migrating) the workspace at `workspace_path`.
    static Result<std::unique_ptr<ModelCallStore>> open(const std::string& workspace_path);

    // The record for `request_digest`, or nullopt when none was recorded.
    Result<std::optional<ModelCallRecord>> find(const std::string& request_digest);
    // Stores `record` (committed with fsync) unless one with its digest exists; returns whether it
    // was written. REQUIRES: record.request_digest == sha256_hex(record.request).
    Result<bool> put(ModelCallRecord record);
    Result<int64_t> count();

    const std::string& path() const { return m_db->path(); }

private:
    explicit ModelCallStore(std::unique_ptr<Db> db) : m_db(std::move(db)) {}
    std::unique_ptr<Db> m_db;
};

}  // namespace bm
