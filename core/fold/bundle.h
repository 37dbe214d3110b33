// CheckpointBundleV1/V2 (SPEC §12): the immutable, self-verifying archive of one fold.
//
// Every byte of a stored bundle is covered by a check: the file must be the RFC 8785 canonical
// form of its JSON; archive.logicalHash = SHA-256(JCS(shadowedMessages)); each ref digest is the
// SHA-256 of its message's JCS; state.digest covers the anchors (the M3b lists beside them are
// covered by the id and the rendering); rendered.text must equal the
// deterministic rendering of the bundle and rendered.digest = SHA-256(JCS(rendered.text)); and
// checkpointId is derived from the SHA-256 of everything else, so any flipped byte is detected.
// V2 (formatVersion 2) is a bundle that continues an earlier checkpoint's state: `state.base` names
// that checkpoint and `state.changes` holds only what this fold changed (state_delta.h); the full
// state is stored beside them only in keyframes (every kStateKeyframeInterval-th link of a chain),
// and `state.digest` and `state.m3bDigest` cover the full state, which BundleStore::read rebuilds
// from the chain and checks. Bundles without a base are written as V1, byte for byte as before.
// Thread-safety: plain values and pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace bm {

enum class FoldMode { kLeaf, kRoot, kEmergency };
const char* fold_mode_name(FoldMode mode);
std::optional<FoldMode> fold_mode_from_name(const std::string& name);
// L, R or E (the marker letter).
char fold_mode_letter(FoldMode mode);

struct MessageRef {
    int64_t seq = 0;
    std::string digest;  // SHA-256 of the archived message's JCS
};

struct CheckpointBundle {
    std::string checkpoint_id;
    std::string session_id;
    int64_t created_at = 0;  // epoch milliseconds
    FoldMode mode = FoldMode::kLeaf;
    std::vector<int64_t> ordered_surface_seqs;
    std::string source_digest;
    nlohmann::json shadowed_messages = nlohmann::json::array();
    int64_t message_count = 0;
    std::string logical_hash;
    std::vector<MessageRef> refs;
    std::optional<std::string> semantic_text;
    std::optional<nlohmann::json> state_anchors;  // StateReducer::to_json()
    // M3b, inside `state` beside the anchors (only with state_anchors, omitted when empty):
    std::optional<nlohmann::json> negative_knowledge;  // NegativeKnowledgeSet::to_json()
    std::optional<nlohmann::json> beliefs;             // beliefs_to_json()
    std::string state_digest;
    // V2: the checkpoint whose state this one continues, and what changed since (rendered instead
    // of the full state). Without state_full_stored, the full state above is not in the bytes: it is
    // rebuilt from the chain on read (absent after decode_bundle alone).
    std::optional<std::string> state_base;
    std::optional<nlohmann::json> state_changes;
    bool state_full_stored = true;
    std::string m3b_digest;  // V2: state_delta.h m3b_digest() of the full state
    size_t state_chain_depth = 0;  // not stored: links since the last full state (0: stored full)
    std::string rendered_text;
    std::string rendered_digest;
    // Not stored: SHA-256 of bundle_bytes() as seal_bundle() left it, so publish() can tell an
    // untouched sealed bundle (nothing to re-check) from one changed since (decoded in full).
    std::string sealed_bytes_digest;
};

// A chain of V2 bundles stores the full state again at every this-many-th link, so a reader
// rebuilds any checkpoint's state from at most this many bundles.
inline constexpr size_t kStateKeyframeInterval = 32;

// Completes a draft (session_id, created_at, mode, ordered_surface_seqs, shadowed_messages,
// optional semantic_text and state_anchors; V2: state_base, state_changes, state_full_stored with
// the full state in state_anchors/negative_knowledge/beliefs): computes every digest, the id and
// the rendering.
// Fails on non-canonicalisable content (NaN, invalid UTF-8) or an inconsistent draft.
Result<CheckpointBundle> seal_bundle(CheckpointBundle draft);
// True when `bytes` are bundle_bytes() of `bundle` exactly as seal_bundle() returned it.
bool is_unchanged_since_sealing(const CheckpointBundle& bundle, std::string_view bytes);

nlohmann::json bundle_to_json(const CheckpointBundle& bundle);
// The stored bytes: JCS of bundle_to_json().
Result<std::string> bundle_bytes(const CheckpointBundle& bundle);

// Parses stored bytes and checks every digest, the id and the rendering. Errors are kCorruption
// naming `file` and the field that failed.
Result<CheckpointBundle> decode_bundle(std::string_view bytes, const std::string& file);

// The marker line: "[EF1 <L|R|E> cp:<id>]".
std::string checkpoint_marker(FoldMode mode, const std::string& checkpoint_id);

}  // namespace bm
