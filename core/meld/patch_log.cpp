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

Result<std::vector<Patch>> PatchLog::load(const std::string& brain, const KeyDirectory& directory) {
    auto stmt = m_db->prepare("SELECT seq, patch_id, body FROM meld_patches WHERE brain = ?1 ORDER BY seq");
    if (!stmt) return stmt.error();
    stmt->bind(1, brain);
    std::vector<Patch> out;
    for (;;) {
        auto row = stmt->step();
        if (!row) return row.error();
        if (!*row) break;
        const int64_t seq = stmt->integer(0);
        const Location where{m_db->path(), 0, -1, "meld_patches seq " + std::to_string(seq)};
        auto json = nlohmann::json::parse(stmt->text(2), nullptr, false);
        if (json.is_discarded()) return Error::corruption("the stored Patch is not JSON", where, "restore the workspace from a backup");
        auto patch = Patch::from_json(json, where);
        if (!patch) return patch.error();
        if (patch->id != stmt->text(1) || !patch->verify(directory))
            return Error::corruption("the stored Patch does not verify (altered after signing, or another key)", where,
                                     "check the key directory; otherwise restore the workspace from a backup");
        out.push_back(std::move(patch).value());
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
