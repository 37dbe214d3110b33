// Folding one whole session as `beliefmerge fold` does (SPEC §12): the front ends' shared fold.
//
// A leaf or emergency run folds until the surface costs at most until_tokens; a root run leaf-folds
// first and then rebases the frozen prefix into one root checkpoint. Every bundle is published
// durably by fold_engine; the folded view (JSONL) is then written atomically. The CLI and the
// studio call this, so the same log and options give the same bundles. Thread-safety: one call
// per store at a time (it may run on a worker thread).
#pragma once

#include <string>

#include "fold/fold_engine.h"
#include "model/session.h"

namespace bm {

struct SessionFoldRequest {
    FoldMode mode = FoldMode::kLeaf;
    size_t until_tokens = 0;
    FoldOptions options;
    // Where the folded view goes; empty: <store>/<session>/view-<last checkpoint>.jsonl, written only
    // when something was folded.
    std::string view_path;
};

struct SessionFoldReport {
    std::string session_id;
    size_t messages = 0;
    size_t tokens_before = 0;
    size_t tokens_after = 0;
    size_t frozen_checkpoints = 0;
    std::vector<CheckpointBundle> published;  // in fold order
    std::string stop_reason;
    bool root_recommended = false;
    bool cancelled = false;
    std::string view;        // the view written; empty when none
    std::string view_error;  // set when the view could not be written (the bundles stay published)
};

// Errors: a fold that could not publish (the store keeps every checkpoint published before it).
// `session` is taken by value and each message released once archived: move a long session in
// so that it is not held twice.
Result<SessionFoldReport> fold_session(BundleStore& store, Session session, const SessionFoldRequest& request);

}  // namespace bm
