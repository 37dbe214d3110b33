// load_checkpoint_catalog: verify and summarise every bundle, then link roots to what they rebased.
#include "fold/checkpoint_catalog.h"

#include <algorithm>
#include <functional>
#include <map>

#include "fold/archive.h"

namespace bm {

namespace {

CatalogCheckpoint summarise(BundleStore& store, const BundleEntry& entry) {
    CatalogCheckpoint c;
    c.entry = entry;
    auto bundle = store.read(entry.session_id, entry.checkpoint_id);
    if (!bundle.ok()) {
        c.state = bundle.error().code() == ErrorCode::kNotFound ? VerifyState::kMissing : VerifyState::kCorrupt;
        c.reason = bundle.error().to_string();
        return c;
    }
    c.state = VerifyState::kVerified;
    c.mode = bundle->mode;
    c.first_seq = bundle->ordered_surface_seqs.empty() ? 0 : bundle->ordered_surface_seqs.front();
    c.last_seq = bundle->ordered_surface_seqs.empty() ? 0 : bundle->ordered_surface_seqs.back();
    c.message_count = bundle->message_count;
    for (const auto& m : bundle->shadowed_messages) c.folded_tokens += archived_message_tokens(m);
    c.surface_tokens = estimate_tokens(bundle->rendered_text);
    c.created_at = bundle->created_at;
    return c;
}

// Roots cover the verified non-root checkpoints whose range lies inside theirs; the newest root wins.
void link_lineage(CatalogSession& session) {
    for (auto& root : session.checkpoints) {
        if (!root.available() || root.mode != FoldMode::kRoot) continue;
        for (auto& leaf : session.checkpoints) {
            if (!leaf.available() || leaf.mode == FoldMode::kRoot) continue;
            if (leaf.first_seq < root.first_seq || leaf.last_seq > root.last_seq) continue;
            root.covers.push_back(leaf.entry.checkpoint_id);
            leaf.covered_by = root.entry.checkpoint_id;  // checkpoints are oldest first: the last root is the newest
        }
    }
}

}  // namespace

size_t CheckpointCatalog::checkpoint_count() const {
    size_t n = 0;
    for (const auto& s : sessions) n += s.checkpoints.size();
    return n;
}

size_t CheckpointCatalog::unavailable_count() const {
    size_t n = 0;
    for (const auto& s : sessions)
        for (const auto& c : s.checkpoints) n += c.available() ? 0 : 1;
    return n;
}

const CatalogCheckpoint* CheckpointCatalog::find(const std::string& checkpoint_id) const {
    for (const auto& s : sessions)
        for (const auto& c : s.checkpoints)
            if (c.entry.checkpoint_id == checkpoint_id) return &c;
    return nullptr;
}

Result<CheckpointCatalog> load_checkpoint_catalog(BundleStore& store, const std::function<bool(size_t, size_t)>& keep_going) {
    auto entries = store.list_all();
    if (!entries.ok()) return entries.error();
    CheckpointCatalog catalog;
    catalog.root = store.root();
    std::map<std::string, CatalogSession> sessions;
    size_t done = 0;
    for (const auto& entry : *entries) {
        if (keep_going && !keep_going(done, entries->size())) break;
        auto& session = sessions[entry.session_id];
        session.session_id = entry.session_id;
        session.checkpoints.push_back(summarise(store, entry));
        ++done;
    }
    for (auto& [id, session] : sessions) {
        // Oldest source range first; unavailable rows (no range) by id after the verified ones.
        std::stable_sort(session.checkpoints.begin(), session.checkpoints.end(),
                         [](const CatalogCheckpoint& a, const CatalogCheckpoint& b) {
                             if (a.available() != b.available()) return a.available();
                             if (a.first_seq != b.first_seq) return a.first_seq < b.first_seq;
                             if (a.created_at != b.created_at) return a.created_at < b.created_at;
                             return a.entry.checkpoint_id < b.entry.checkpoint_id;
                         });
        link_lineage(session);
        catalog.sessions.push_back(std::move(session));
    }
    return catalog;
}

}  // namespace bm
