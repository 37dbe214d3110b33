// Approvals of a project's packed block before it is injected into an agent's next session, the
// injection policy per project, and the transcript files a hook has imported.
//
// Approvals and policies are append-only tables of the workspace (schema 5): the newest approval of
// a project is its approval, the newest policy its policy; nothing is updated or deleted. An
// approval records what it covers (the project's sessions with their content digests, every slot
// key of the approved merge, the decisions and model resolutions on those slots, the extractor) so
// a later reader can say whether, and why, it went stale. append() returns after the commit
// (synchronous=FULL). Thread-safety: one ApprovalStore per thread; open the file again for another.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite_db.h"
#include "util/result.h"

namespace bm {

// A stored session of a project and the digest of its content (changes when the log grows).
struct ProjectSession {
    std::string key;
    std::string content_digest;
    auto operator<=>(const ProjectSession&) const = default;
};

// Ids of the records that resolve slots: human decisions (revokes included) and model resolutions.
struct DecisionIds {
    std::vector<int64_t> decisions;  // ascending
    std::vector<int64_t> model;      // ascending
    bool operator==(const DecisionIds&) const = default;
};

struct ApprovalRecord {
    int64_t id = 0;  // assigned by append(); increasing
    std::string project;
    std::string reviewer;
    std::string approved_at;  // UTC ISO-8601; append() fills it when empty
    std::string block;
    std::string block_digest;  // sha256_hex(block); append() checks it
    int64_t budget = 0;
    std::string tokenizer;
    std::string extractor;                 // extractor fingerprint
    std::vector<ProjectSession> sessions;  // sorted by key
    std::vector<std::string> slot_keys;    // sorted
    DecisionIds decisions;
};

enum class InjectPolicy { kNone, kReviewed, kFresh };
const char* inject_policy_name(InjectPolicy policy);
std::optional<InjectPolicy> inject_policy_from_name(const std::string& name);

// A transcript file as a hook last imported it.
struct TranscriptMark {
    std::string file;
    int64_t size = 0;
    int64_t mtime_ns = 0;
};

class ApprovalStore {
public:
    // Opens (creating or migrating) the workspace at `workspace_path`.
    static Result<std::unique_ptr<ApprovalStore>> open(const std::string& workspace_path);

    // Appends after checking the fields (project, reviewer, block and its digest); committed first.
    Result<ApprovalRecord> append(ApprovalRecord approval);
    // The newest approval of `project`; nullopt when it has none.
    Result<std::optional<ApprovalRecord>> latest(const std::string& project);
    // Every project with an approval or a stored session, sorted.
    Result<std::vector<std::string>> projects();

    // The stored sessions whose working directory is `project`, sorted by key.
    Result<std::vector<ProjectSession>> project_sessions(const std::string& project);
    // Ids of the decisions and model resolutions recorded on any of `slot_keys`.
    Result<DecisionIds> decisions_on(const std::vector<std::string>& slot_keys);

    // The policy of `project` (kNone when never set) and setting it (appended).
    Result<InjectPolicy> policy(const std::string& project);
    Status set_policy(const std::string& project, InjectPolicy policy, const std::string& set_by);

    // Transcript marks: the last imported size and mtime of `file`; nullopt when never imported.
    Result<std::optional<TranscriptMark>> mark(const std::string& file);
    Status set_mark(const TranscriptMark& mark);

    const std::string& path() const { return m_db->path(); }

private:
    explicit ApprovalStore(std::unique_ptr<Db> db) : m_db(std::move(db)) {}
    std::unique_ptr<Db> m_db;
};

}  // namespace bm
