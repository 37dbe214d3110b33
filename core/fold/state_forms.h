// The carried state's canonical forms, entry by entry: its digests and its changes without a JSON
// round trip of the whole state per fold (SPEC §12, CheckpointBundleV2).
//
// state.digest is SHA-256(JCS(anchors)) and state.m3bDigest SHA-256(JCS({"beliefs":…,
// "negativeKnowledge":…})); the JCS of an array is its elements' JCS joined by commas in brackets,
// so both are computed from the per-entry forms, byte for byte the digests of the full JSON. A
// leaf run keeps a StateFormCache across its folds: an entry equal to one of the previous fold
// reuses that entry's form, so a fold canonicalises only what it changed; what remains per fold is
// comparing entries and hashing the joined forms (bounded: the state is). Thread-safety: plain values.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fold/m3b_reducer.h"
#include "fold/state_delta.h"
#include "fold/state_reducer.h"
#include "util/result.h"

namespace bm {

// The JCS of every entry of a full state, in the state's order.
struct StateForms {
    std::vector<std::string> anchor_keys;  // parallel to `anchors`
    std::vector<std::string> anchors;
    std::vector<std::string> negative_knowledge;
    std::vector<std::string> beliefs;
    // StateFormCache::forms() also fills these (state_digest_of / m3b_digest_of of the forms).
    std::string state_digest, m3b_digest;
};

// Forms of a state held as JSON (as read from a bundle). Errors: an entry that cannot be
// canonicalised, an anchor without a string key.
Result<StateForms> state_forms_of(const StateJson& state);

// state.digest and state.m3bDigest of the state whose forms these are.
std::string state_digest_of(const StateForms& forms);
std::string m3b_digest_of(const StateForms& forms);

// state_changes(before, after) for states given by their forms; `anchors` and `m3b` are the
// structures `after` is the form of (only changed entries are turned back into JSON).
// REQUIRES: `after` == StateFormCache::forms(anchors, m3b).
nlohmann::json state_changes_of(const StateForms& before, const StateForms& after, const StateReducer& anchors,
                                const M3bState& m3b);

// Canonical forms of the carried structures, reusing the form of every entry equal to an entry
// of the previous call (matched in order: entries keep their relative order between folds), and
// the previous digests when no entry they cover changed.
class StateFormCache {
public:
    Result<StateForms> forms(const StateReducer& anchors, const M3bState& m3b);

private:
    template <typename T>
    struct Cached {
        std::vector<T> entries;
        std::vector<std::string> forms;
        bool changed = true;  // by the last refresh (or never refreshed)
    };
    template <typename T, typename ToJson>
    static Status refresh(Cached<T>& cache, const std::vector<T>& entries, ToJson to_json);

    Cached<Anchor> m_anchors;
    Cached<NegativeKnowledge> m_negative;
    Cached<Belief> m_beliefs;
    std::string m_state_digest, m_m3b_digest;
};

}  // namespace bm
