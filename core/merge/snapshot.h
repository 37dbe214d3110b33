// The merged, labelled claim graph: an immutable snapshot the CLI, the studio and pack read.
//
// Every slot keeps its full JOIN annotation (all active opinions) plus the claims superseded
// within a branch (history) and the disputed_by edges of the provenance boundary. Serialising a
// snapshot is byte-stable (RFC 8785), so two merges can be compared by bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "derive/derivation.h"
#include "extract/branch_claims.h"
#include "merge/selection.h"
#include "model/claim.h"

namespace bm {

enum class SlotState { kSettled, kResolved, kContested, kDisputed };

// A claim of the snapshot's inputs: inputs[branch].claims[index]. Slots refer to claims instead of
// copying them, so a snapshot of a million claims holds each claim once.
struct ClaimRef {
    uint32_t branch = 0;
    uint32_t index = 0;
    auto operator<=>(const ClaimRef&) const = default;
};
const char* slot_state_name(SlotState s);

// One value of a slot with the claims asserting it.
struct SlotValue {
    std::string value;
    std::vector<ClaimRef> supporters;  // active claims, sorted by (branch, seq)
    long score = 0;                 // egalitarian score over distinct sources
    std::vector<int> evidence;      // per distinct source, highest level, descending
    int max_rank = 0;
    TrustLabel trust = TrustLabel::kUntrusted;  // join over supporters
};

// A lower-rank observation recorded against a higher-rank claim instead of superseding it.
struct DisputeEdge {
    std::string winner_value;
    std::string challenger_value;
    std::vector<ClaimRef> winner_chain;
    std::vector<ClaimRef> challenger_chain;
    int winner_rank = 0;
    int challenger_rank = 0;
    double effective_confidence = 0;  // min of the two chains' confidences
};

struct Slot {
    std::string key;
    SlotType type = SlotType::kFact;
    SlotState state = SlotState::kSettled;
    std::optional<std::string> winner;  // settled, resolved, contested
    std::vector<std::string> tied;      // disputed
    std::vector<SlotValue> values;      // sorted by value
    std::vector<ClaimRef> history;      // superseded within their branch
    std::vector<DisputeEdge> disputes;
    std::string rank_comparison;        // why a contested winner won, in words
    std::vector<Route> routes;          // unioned over every claim on the slot
    DerivationLabel derivation;
    TrustLabel trust = TrustLabel::kUntrusted;  // presented value's label after the ceiling
    std::optional<TrustLabel> ceiling;          // derivation ceiling, when derived
};

struct InvariantViolation {
    std::string invariant;  // unsupported, unlabelled, no-amplification, no-laundering, derivation-ceiling
    std::string key;
    std::string detail;
};

struct MergedSnapshot {
    std::vector<BranchClaims> inputs;  // the JOIN: every branch's claims, sorted by branch id
    std::vector<Slot> slots;           // sorted by key
    std::vector<InvariantViolation> violations;
    ScoreRule rule = ScoreRule::kEgalitarian;

    const Slot* find(const std::string& key) const;
    // REQUIRES: `ref` comes from this snapshot.
    const Claim& claim(ClaimRef ref) const { return inputs[ref.branch].claims[ref.index]; }
    // RFC 8785 canonical JSON of slots and violations (not inputs): the bytes that are compared.
    std::string serialize() const;
};

}  // namespace bm
