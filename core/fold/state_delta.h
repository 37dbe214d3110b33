// The carried state of a checkpoint as JSON, and the changes between two such states (SPEC §12).
//
// A leaf or emergency bundle that continues an earlier checkpoint stores only what its fold changed
// in the carried state (CheckpointBundleV2 `state.changes`, against `state.base`), so its bytes and
// its rendering do not grow with the number of earlier leaves. Anchors are keyed: changed or new
// heads are `set`, removed keys are `drop`ped, and the result is sorted by key as StateReducer keeps
// it. The M3b lists are ordered: they are rebuilt from runs copied out of the base ([start, count])
// and new entries (objects), in order. Thread-safety: plain values and pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "fold/bundle.h"
#include "util/result.h"

namespace bm {

struct StateJson {
    nlohmann::json anchors = nlohmann::json::array();             // StateReducer::to_json()
    nlohmann::json negative_knowledge = nlohmann::json::array();  // NegativeKnowledgeSet::to_json()
    nlohmann::json beliefs = nlohmann::json::array();             // beliefs_to_json()
};

// The full state a bundle holds in memory (absent lists are empty).
StateJson state_json_of(const CheckpointBundle& bundle);
// Puts `state` into the bundle's full-state fields (empty M3b lists are left absent, as sealed).
void set_full_state(CheckpointBundle& bundle, StateJson state);

// {"anchors":{"drop":[key…],"set":[anchor…]},"beliefs":[ops],"negativeKnowledge":[ops]}
nlohmann::json state_changes(const StateJson& before, const StateJson& after);
// `before` with `changes` applied. Errors (kCorruption) name the field under `field` ("state.changes").
Result<StateJson> apply_state_changes(const StateJson& before, const nlohmann::json& changes,
                                      const std::string& field = "state.changes");

// SHA-256 of JCS({"beliefs":…,"negativeKnowledge":…}): state.m3bDigest of a V2 bundle.
Result<std::string> m3b_digest(const StateJson& state);

// The literal entries of a changes object, for rendering what changed: the set anchors, the
// dropped keys, and the new or changed M3b entries.
struct ChangedEntries {
    nlohmann::json anchors = nlohmann::json::array();
    std::vector<std::string> dropped_keys;
    nlohmann::json negative_knowledge = nlohmann::json::array();
    nlohmann::json beliefs = nlohmann::json::array();
};
Result<ChangedEntries> changed_entries(const nlohmann::json& changes);

}  // namespace bm
