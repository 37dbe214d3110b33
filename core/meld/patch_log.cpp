// PatchLog over the workspace's append-only meld_patches table; restore and re-adjudicating replay.
#include "meld/patch_log.h"

#include "store/schema.h"
#include "util/canonical_json.h"

namespace bm::meld {

Result<std::unique_ptr<PatchLog>> PatchLog::open(const std::string& workspace_path) {
    auto db = open_workspace_db(workspace_path);
    if (!db) return db.error();
    return std::unique_ptr<PatchLog>(new PatchLog(std::move(db).value()));
}

Status PatchLog::append(const Patch& patch) {
    auto body = canonical_json(patch.to_json());
    if (!body.ok()) return body.error();
    auto stmt = m_db->prepare("INSERT INTO meld_patches (brain, patch_id, body) VALUES (?1, ?2, ?3)");
    if (!stmt) return stmt.error();
    stmt->bind(1, patch.brain).bind(2, patch.id).bind(3, *body);
    return stmt->run();
}

Result<std::vector<PatchAudit>> PatchLog::audit(const std::string& brain, const KeyDirectory& directory) {
    auto stmt = m_db->prepare("SELECT seq, patch_id, body FROM meld_patches WHERE brain = ?1 ORDER BY seq");
    if (!stmt) return stmt.error();
    stmt->bind(1, brain);
    std::vector<PatchAudit> out;
    for (;;) {
        auto row = stmt->step();
        if (!row) return row.error();
        if (!*row) break;
        PatchAudit a;
        a.seq = stmt->integer(0);
        a.stored_id = stmt->text(1);
        const Location where{m_db->path(), 0, -1, "meld_patches seq " + std::to_string(a.seq)};
        auto json = nlohmann::json::parse(stmt->text(2), nullptr, false);
        if (json.is_discarded()) {
            a.reason = "the stored Patch is not JSON";
        } else if (auto patch = Patch::from_json(json, where); !patch) {
            a.reason = patch.error().message() + (patch.error().where().field.empty() ? "" : " (field " + patch.error().where().field + ")");
        } else {
            a.patch = std::move(patch).value();
            a.reason = a.patch->id != a.stored_id ? "the row's id is not the Patch's id" : a.patch->verify_failure(directory);
        }
        a.verified = a.reason.empty();
        out.push_back(std::move(a));
    }
    return out;
}

Result<std::vector<Patch>> PatchLog::load(const std::string& brain, const KeyDirectory& directory) {
    auto rows = audit(brain, directory);
    if (!rows) return rows.error();
    std::vector<Patch> out;
    for (PatchAudit& a : *rows) {
        const Location where{m_db->path(), 0, -1, "meld_patches seq " + std::to_string(a.seq)};
        if (!a.patch)  // not JSON, or not a Patch
            return Error::corruption(a.reason, where, "restore the workspace from a backup");
        if (!a.verified)
            return Error::corruption("the stored Patch does not verify (" + a.reason + ")", where,
                                     "check the key directory; otherwise restore the workspace from a backup");
        out.push_back(std::move(*a.patch));
    }
    return out;
}

Status restore(Brain& brain, const std::vector<Patch>& patches) {
    for (const Patch& p : patches)
        if (Status st = brain.apply(p); !st.ok()) return st;
    return {};
}

std::vector<ReplayStep> replay(Brain& brain, const std::vector<Patch>& patches) {
    std::vector<ReplayStep> out;
    for (const Patch& p : patches) {
        auto delta = Delta::from_json(p.delta, Location{"patch " + p.id, 0, -1, "delta"});
        if (!delta.ok()) continue;
        Admission a = brain.receive(*delta);
        const Decision replayed = a.patch ? a.patch->decision : Decision::kReject;
        const std::string replayed_target = a.patch ? a.patch->target : std::string();
        ReplayStep step{p.id, p.decision, replayed, p.target, replayed_target};
        out.push_back(std::move(step));
    }
    return out;
}

}  // namespace bm::meld
