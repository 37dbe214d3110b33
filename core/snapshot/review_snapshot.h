// The one pipeline from sessions to what a reviewer sees and an agent is given: claims → merged
// slots → effective decisions → derivation labels under them. The CLI (`inspect`, `merge`,
// `adjudicate`, `decide`), the studio and the MCP server all build their snapshot here and nowhere
// else, so the studio shows exactly what the CLI injects.
//
// A ReviewSnapshot is immutable once built; its parts are shared_ptrs so a new snapshot (after a
// decision) shares the sessions and the merge with the old one. Thread-safety: build functions are
// pure apart from reading the workspace; share a built snapshot freely across threads.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "extract/branch_claims.h"
#include "merge/merger.h"
#include "merge/snapshot.h"
#include "model/session.h"
#include "pack/resolution.h"
#include "store/decisions.h"
#include "util/result.h"

namespace bm {

// Reads the prose of `sessions` into claims (the oracle, or a model through app/services).
// REQUIRES: adds no env.* claims: the pipeline adds the harness's records the same way for every
// extractor, so the block never depends on which one ran or whether a model call fell back.
using ProseExtractor =
    std::function<std::vector<BranchClaims>(const std::vector<Session>& sessions, const ExtractOptions& options)>;

// The oracle extractor as a ProseExtractor (native-JSONL annotations).
ProseExtractor oracle_prose_extractor();

struct SnapshotOptions {
    ExtractOptions extract;       // current session, plugin messages, env.* facts
    ProseExtractor prose;         // empty: the heuristic extractor
    MergeOptions merge;           // the score rule
    std::string decisions_from;   // workspace whose decisions apply; empty: none
};

struct ReviewSnapshot {
    std::shared_ptr<const std::vector<Session>> sessions;  // with messages and branches
    // The merge as computed from the logs: what decisions are recorded and validated against.
    std::shared_ptr<const MergedSnapshot> base;
    // What is shown and packed: `base` with derivation labels recomputed under `resolutions`; the
    // same object as `base` when no label changes.
    std::shared_ptr<const MergedSnapshot> merged;
    std::map<std::string, EffectiveResolution> resolutions;  // by slot key: slots with any decision
    // Keys of the claims `extract.min_confidence` left out, one per claim, in extraction order: what
    // the threshold hid (the studio counts them); empty at threshold 0.
    std::vector<std::string> below_confidence;

    const Slot* slot(const std::string& key) const { return merged ? merged->find(key) : nullptr; }
    // The merge decisions are made against (`base`, or `merged` for a snapshot built without one).
    const std::shared_ptr<const MergedSnapshot>& decisionBasis() const { return base ? base : merged; }
    const EffectiveResolution* resolution(const std::string& key) const;
    // Keys of slots whose only decisions were made against an older annotation, in key order.
    std::vector<std::string> staleKeys() const;
    // The packer's view of `resolutions` (human precedence applied, stale ones marked).
    ResolutionMap packResolutions() const;
};

// Claims of `sessions` by the chosen extractor plus the harness's env.* facts.
// REQUIRES: sessions with messages have branches (build_review_snapshot ensures a linear one).
std::vector<BranchClaims> extract_session_claims(const std::vector<Session>& sessions, const SnapshotOptions& options);

// The whole pipeline; a session without branch records is read as one linear branch. Decisions are read from `options.decisions_from` when set; an unreadable
// decision store is an error (a reviewer must never see a merge silently without their
// decisions). A `cancel` set midway gives Error::cancelled.
// REQUIRES: `cancel` is null or outlives the call.
Result<ReviewSnapshot> build_review_snapshot(std::vector<Session> sessions, const SnapshotOptions& options,
                                             const std::atomic_bool* cancel = nullptr);

// `snapshot`'s decisions re-read from `workspace` (after one was appended) and its labels
// recomputed: a new snapshot sharing sessions and `base` with the old one.
Result<ReviewSnapshot> reapply_decisions(const ReviewSnapshot& snapshot, const std::string& workspace);

}  // namespace bm
