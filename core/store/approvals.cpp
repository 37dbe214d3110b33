// Append-only approvals and injection policies, per-project session digests, and transcript marks.
#include "store/approvals.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "store/decisions.h"
#include "store/schema.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

using json = nlohmann::json;

namespace {

constexpr const char* kPolicyNames[] = {"none", "reviewed", "fresh"};

std::string canonical_text(const json& j) {
    auto c = canonical_json(j);
    return c ? *c : j.dump();
}

Result<json> parse_column(const std::string& text, const Location& where) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded())
        return Error::corruption("stored " + where.field + " is not JSON", where,
                                 "the row was damaged outside BeliefMerge");
    return j;
}

// Fills the JSON columns of `a` from row `q` (columns 9..11); errors name the row and column.
Status read_covered(Statement& q, const std::string& path, ApprovalRecord& a) {
    const std::string row = "approvals[" + std::to_string(a.id) + "].";
    try {
        auto sessions = parse_column(q.text(9), Location{path, 0, -1, row + "sessions"});
        if (!sessions) return sessions.error();
        for (const auto& s : *sessions)
            a.sessions.push_back({s.at(0).get<std::string>(), s.at(1).get<std::string>()});
        auto keys = parse_column(q.text(10), Location{path, 0, -1, row + "slot_keys"});
        if (!keys) return keys.error();
        a.slot_keys = keys->get<std::vector<std::string>>();
        auto ids = parse_column(q.text(11), Location{path, 0, -1, row + "decisions"});
        if (!ids) return ids.error();
        a.decisions.decisions = ids->at("decisions").get<std::vector<int64_t>>();
        a.decisions.model = ids->at("model").get<std::vector<int64_t>>();
    } catch (const json::exception& e) {
        return Error::corruption(std::string("stored approval has the wrong shape: ") + e.what(),
                                 Location{path, 0, -1, row + "sessions"},
                                 "the row was damaged outside BeliefMerge");
    }
    return {};
}

// The ids of `table` rows whose slot_key is one of `keys`, ascending.
Result<std::vector<int64_t>> ids_on(Db& db, const char* table,
                                    const std::vector<std::string>& keys) {
    auto q = db.prepare(std::string("SELECT id FROM ") + table +
                        " WHERE slot_key IN (SELECT value FROM json_each(?)) ORDER BY id");
    if (!q) return q.error();
    q->bind(1, json(keys).dump());
    std::vector<int64_t> ids;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        ids.push_back(q->integer(0));
    }
    return ids;
}

}  // namespace

const char* inject_policy_name(InjectPolicy policy) {
    return kPolicyNames[static_cast<int>(policy)];
}

std::optional<InjectPolicy> inject_policy_from_name(const std::string& name) {
    for (int i = 0; i < 3; ++i)
        if (name == kPolicyNames[i]) return static_cast<InjectPolicy>(i);
    return std::nullopt;
}

Result<std::unique_ptr<ApprovalStore>> ApprovalStore::open(const std::string& workspace_path) {
    auto db = open_workspace_db(workspace_path);
    if (!db) return db.error();
    return std::unique_ptr<ApprovalStore>(new ApprovalStore(std::move(db).value()));
}

Result<ApprovalRecord> ApprovalStore::append(ApprovalRecord a) {
    const Location where{path(), 0, -1, "approval"};
    if (a.project.empty()) return Error::invalid_input("an approval needs a project", where);
    if (a.reviewer.empty())
        return Error::invalid_input("an approval needs a reviewer", where,
                                    "set $USER or pass --reviewer");
    if (a.block.empty()) return Error::invalid_input("an empty block cannot be approved", where);
    if (a.block_digest != sha256_hex(a.block))
        return Error::invalid_input("the block digest does not match the block", where);
    if (a.approved_at.empty()) a.approved_at = utc_now_iso8601();
    std::sort(a.sessions.begin(), a.sessions.end());
    std::sort(a.slot_keys.begin(), a.slot_keys.end());
    json sessions = json::array();
    for (const auto& s : a.sessions) sessions.push_back({s.key, s.content_digest});
    const json ids{{"decisions", a.decisions.decisions}, {"model", a.decisions.model}};
    Transaction tx(*m_db);
    if (!tx.begun().ok()) return tx.begun().error();
    auto q = m_db->prepare(
        "INSERT INTO approvals(project, reviewer, approved_at, block, block_digest, budget, "
        "tokenizer, extractor, "
        "sessions, slot_keys, decisions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, a.project)
        .bind(2, a.reviewer)
        .bind(3, a.approved_at)
        .bind(4, a.block)
        .bind(5, a.block_digest);
    q->bind(6, a.budget)
        .bind(7, a.tokenizer)
        .bind(8, a.extractor)
        .bind(9, canonical_text(sessions));
    q->bind(10, canonical_text(json(a.slot_keys))).bind(11, canonical_text(ids));
    if (auto st = q->run(); !st) return st.error();
    a.id = sqlite3_last_insert_rowid(m_db->handle());
    if (auto st = tx.commit(); !st) return st.error();
    return a;
}

Result<std::optional<ApprovalRecord>> ApprovalStore::latest(const std::string& project) {
    auto q = m_db->prepare(
        "SELECT id, project, reviewer, approved_at, block, block_digest, budget, tokenizer, "
        "extractor, sessions, "
        "slot_keys, decisions FROM approvals WHERE project = ? ORDER BY id DESC LIMIT 1");
    if (!q) return q.error();
    q->bind(1, project);
    auto row = q->step();
    if (!row) return row.error();
    if (!*row) return std::optional<ApprovalRecord>{};
    ApprovalRecord a;
    a.id = q->integer(0);
    a.project = q->text(1);
    a.reviewer = q->text(2);
    a.approved_at = q->text(3);
    a.block = q->text(4);
    a.block_digest = q->text(5);
    a.budget = q->integer(6);
    a.tokenizer = q->text(7);
    a.extractor = q->text(8);
    if (auto st = read_covered(*q, path(), a); !st) return st.error();
    return std::optional<ApprovalRecord>(std::move(a));
}

Result<std::vector<std::string>> ApprovalStore::projects() {
    auto q = m_db->prepare(
        "SELECT project FROM approvals UNION SELECT cwd FROM sessions WHERE cwd IS NOT NULL AND "
        "cwd != '' ORDER BY 1");
    if (!q) return q.error();
    std::vector<std::string> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        out.push_back(q->text(0));
    }
    return out;
}

Result<std::vector<ProjectSession>> ApprovalStore::project_sessions(const std::string& project) {
    auto q = m_db->prepare("SELECT key, content_digest FROM sessions WHERE cwd = ? ORDER BY key");
    if (!q) return q.error();
    q->bind(1, project);
    std::vector<ProjectSession> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!*row) break;
        out.push_back({q->text(0), q->text(1)});
    }
    return out;
}

Result<DecisionIds> ApprovalStore::decisions_on(const std::vector<std::string>& slot_keys) {
    DecisionIds out;
    auto human = ids_on(*m_db, "decisions", slot_keys);
    if (!human) return human.error();
    auto model = ids_on(*m_db, "model_resolutions", slot_keys);
    if (!model) return model.error();
    out.decisions = std::move(human).value();
    out.model = std::move(model).value();
    return out;
}

Result<InjectPolicy> ApprovalStore::policy(const std::string& project) {
    auto q = m_db->prepare(
        "SELECT id, policy FROM inject_policies WHERE project = ? ORDER BY id DESC LIMIT 1");
    if (!q) return q.error();
    q->bind(1, project);
    auto row = q->step();
    if (!row) return row.error();
    if (!*row) return InjectPolicy::kNone;
    auto policy = inject_policy_from_name(q->text(1));
    if (!policy)
        return Error::corruption(
            "unknown injection policy '" + q->text(1) + "'",
            Location{path(), 0, -1,
                     "inject_policies[" + std::to_string(q->integer(0)) + "].policy"});
    return *policy;
}

Status ApprovalStore::set_policy(const std::string& project, InjectPolicy policy,
                                 const std::string& set_by) {
    if (project.empty())
        return Error::invalid_input("a policy needs a project", Location{path(), 0, -1, "project"});
    auto q = m_db->prepare(
        "INSERT INTO inject_policies(project, policy, set_by, set_at) VALUES (?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, project)
        .bind(2, inject_policy_name(policy))
        .bind(3, set_by)
        .bind(4, utc_now_iso8601());
    return q->run();
}

Result<std::optional<TranscriptMark>> ApprovalStore::mark(const std::string& file) {
    auto q = m_db->prepare("SELECT size, mtime_ns FROM transcript_marks WHERE file = ?");
    if (!q) return q.error();
    q->bind(1, file);
    auto row = q->step();
    if (!row) return row.error();
    if (!*row) return std::optional<TranscriptMark>{};
    return std::optional<TranscriptMark>(TranscriptMark{file, q->integer(0), q->integer(1)});
}

Status ApprovalStore::set_mark(const TranscriptMark& mark) {
    auto q = m_db->prepare(
        "INSERT INTO transcript_marks(file, size, mtime_ns) VALUES (?, ?, ?) "
        "ON CONFLICT(file) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns");
    if (!q) return q.error();
    q->bind(1, mark.file).bind(2, mark.size).bind(3, mark.mtime_ns);
    return q->run();
}

}  // namespace bm
