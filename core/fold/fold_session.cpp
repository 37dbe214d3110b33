// fold_session: leaf/emergency runs, the root rebase after a leaf run, and the folded view.
#include "fold/fold_session.h"

namespace bm {

namespace {

// A root run's second step: rebase the frozen prefix of `run` into one root checkpoint.
Status rebase_root(BundleStore& store, FoldRun& run, const FoldOptions& options) {
    auto root = fold_once(store, run.surface, FoldMode::kRoot, options);
    if (!root.ok()) return root.error();
    if (!root->bundle) {
        run.stop_reason = root->plan.reason;
        return {};
    }
    run.published.push_back(*root->bundle);
    run.surface = std::move(root->surface);
    run.stop_reason = "root fold done";
    return {};
}

}  // namespace

Result<SessionFoldReport> fold_session(BundleStore& store, Session session, const SessionFoldRequest& request) {
    SessionFoldReport report;
    report.session_id = session.id;
    report.messages = session.messages.size();
    const FoldMode first = request.mode == FoldMode::kRoot ? FoldMode::kLeaf : request.mode;
    // A leaf run holds the live messages packed (a fraction of the memory) and unpacks each as it folds it.
    FoldSurface surface = first == FoldMode::kLeaf ? packed_surface_from_session(std::move(session))
                                                   : surface_from_session(std::move(session));
    report.tokens_before = surface.tokens();
    auto run = fold_until(store, std::move(surface), first, request.until_tokens, request.options);
    if (!run.ok()) return run.error();
    unpack_live_messages(run->surface);  // the retained tail: the root rebase and the view read it
    if (request.mode == FoldMode::kRoot && !run->cancelled) {
        Status rebased = rebase_root(store, *run, request.options);
        if (!rebased.ok()) return rebased.error();
    }
    report.frozen_checkpoints = derive_frontier(run->surface).frozen_ids.size();
    report.tokens_after = run->surface.tokens();
    report.stop_reason = run->stop_reason;
    report.root_recommended = run->root_recommended;
    report.cancelled = run->cancelled;
    std::string view = request.view_path;
    if (view.empty() && !run->published.empty())
        view = store.session_dir(report.session_id) + "/view-" + run->published.back().checkpoint_id + ".jsonl";
    if (!view.empty()) {
        // Atomic and durable like the bundles: a full disk leaves the old view, never a torn one.
        Status written = write_file_atomically(*posix_file_env(), view, surface_to_jsonl(run->surface));
        if (written.ok()) report.view = view;
        else report.view_error = "cannot write the view " + view + ": " + written.error().to_string();
    }
    report.published = std::move(run->published);
    return report;
}

}  // namespace bm
