// CheckpointCatalog: what a browser of a bundle store shows (SPEC §12) — sessions, their
// checkpoints with mode, source range, folded and surface tokens, creation time and verification,
// and the lineage of leaf and root folds.
//
// Every bundle is read through BundleStore::read, so each row's state is the full verification
// (bytes, hashes, id, rendering); a corrupt or missing bundle keeps its row, marked unavailable,
// and carries no content. A root fold's lineage is the leaf and emergency checkpoints of its
// session whose source range lies inside the root's (the root archive is their concatenation).
// Thread-safety: a plain value; load_checkpoint_catalog may run on a worker thread.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fold/bundle_store.h"

namespace bm {

struct CatalogCheckpoint {
    BundleEntry entry;
    VerifyState state = VerifyState::kMissing;
    std::string reason;  // why it is unavailable
    // Known only when verified:
    FoldMode mode = FoldMode::kLeaf;
    int64_t first_seq = 0, last_seq = 0;
    int64_t message_count = 0;
    size_t folded_tokens = 0;   // tokens of the archived messages
    size_t surface_tokens = 0;  // tokens of the checkpoint's rendered text on the surface
    int64_t created_at = 0;
    std::vector<std::string> covers;  // root: the checkpoints it rebased, oldest first
    std::string covered_by;           // leaf/emergency: the newest root that rebased it

    bool available() const { return state == VerifyState::kVerified; }
};

struct CatalogSession {
    std::string session_id;
    std::vector<CatalogCheckpoint> checkpoints;  // oldest source range first
};

struct CheckpointCatalog {
    std::string root;
    std::vector<CatalogSession> sessions;  // by session id

    size_t checkpoint_count() const;
    size_t unavailable_count() const;
    const CatalogCheckpoint* find(const std::string& checkpoint_id) const;
};

// Errors: the store directory cannot be listed. `keep_going(done, total)` false stops early
// (the catalog then holds what was read).
Result<CheckpointCatalog> load_checkpoint_catalog(BundleStore& store,
                                                  const std::function<bool(size_t, size_t)>& keep_going = {});

}  // namespace bm
