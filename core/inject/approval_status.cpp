// Compares what an approval covers with the workspace now.
#include "inject/approval_status.h"

#include <algorithm>
#include <map>

#include "util/hash.h"

namespace bm {

namespace {

// Ids in `a` and not in `b` (both ascending).
std::vector<int64_t> missing_from(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
    std::vector<int64_t> out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

std::string id_list(const char* what, const std::vector<int64_t>& ids) {
    std::string out = what;
    for (size_t i = 0; i < ids.size(); ++i) out += (i ? ", #" : " #") + std::to_string(ids[i]);
    return out;
}

}  // namespace

const char* approval_state_name(ApprovalState state) {
    switch (state) {
        case ApprovalState::kNone:
            return "none";
        case ApprovalState::kApproved:
            return "approved";
        case ApprovalState::kStale:
            return "stale";
    }
    return "none";
}

std::vector<std::string> coverage_changes(const ApprovalRecord& approval,
                                          const BlockCoverage& now) {
    std::vector<std::string> changes;
    std::map<std::string, std::string> then;
    for (const auto& s : approval.sessions) then.emplace(s.key, s.content_digest);
    for (const auto& s : now.sessions) {
        auto it = then.find(s.key);
        if (it == then.end())
            changes.push_back("new session imported: " + s.key);
        else if (it->second != s.content_digest)
            changes.push_back("session changed since approval: " + s.key);
        if (it != then.end()) then.erase(it);
    }
    for (const auto& [key, digest] : then)
        changes.push_back("session no longer in the workspace: " + key);
    if (auto added = missing_from(now.decisions.decisions, approval.decisions.decisions);
        !added.empty())
        changes.push_back(id_list("decision recorded since approval:", added));
    if (auto added = missing_from(now.decisions.model, approval.decisions.model); !added.empty())
        changes.push_back(id_list("model resolution recorded since approval:", added));
    if (auto gone = missing_from(approval.decisions.decisions, now.decisions.decisions);
        !gone.empty())
        changes.push_back(id_list("decision no longer in the workspace:", gone));
    if (now.extractor != approval.extractor) changes.push_back("extractor changed since approval");
    return changes;
}

Result<ApprovalStatus> approval_status(ApprovalStore& store, const std::string& project,
                                       const ExtractOptions& extract) {
    ApprovalStatus status;
    status.project = project;
    auto policy = store.policy(project);
    if (!policy) return policy.error();
    status.policy = *policy;
    auto latest = store.latest(project);
    if (!latest) return latest.error();
    if (!*latest) return status;
    status.approval = std::move(**latest);
    BlockCoverage now;
    auto sessions = store.project_sessions(project);
    if (!sessions) return sessions.error();
    now.sessions = std::move(sessions).value();
    auto ids = store.decisions_on(status.approval->slot_keys);
    if (!ids) return ids.error();
    now.decisions = std::move(ids).value();
    now.extractor = extractor_fingerprint(extract);
    status.changes = coverage_changes(*status.approval, now);
    if (sha256_hex(status.approval->block) != status.approval->block_digest)
        status.changes.push_back("the stored block does not match its digest");
    status.state = status.changes.empty() ? ApprovalState::kApproved : ApprovalState::kStale;
    return status;
}

}  // namespace bm
