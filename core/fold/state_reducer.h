// The deterministic current state carried across folds (SPEC §12, M3a): anchors keyed by StateKey.
//
// Only heads are kept (one anchor per key, a bounded number of keys, a bounded number of source
// refs per anchor). Every anchor names the events it came from (provenance coverage 100%). The
// evidence rule: only empirical (tool results) or procedural (CI, checks) evidence can verify a
// transition; assertions ("the assistant says tests pass") cannot, and narrative (summaries) never
// mutates state at all. Failures move OPEN → INVESTIGATING → RESOLVED → VERIFIED; VERIFIED needs
// evidence refs and is the only status that leaves hot state. Thread-safety: a plain value.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace bm {

enum class AnchorKind { kObjective, kConstraint, kDecision, kValue, kArtifact, kEvidence, kFailure, kObligation };
const char* anchor_kind_name(AnchorKind kind);
std::optional<AnchorKind> anchor_kind_from_name(const std::string& name);

// Where a transition's support comes from.
enum class EvidenceKind { kEmpirical, kProcedural, kAssertion, kNarrative };
const char* evidence_kind_name(EvidenceKind kind);
std::optional<EvidenceKind> evidence_kind_from_name(const std::string& name);

enum class FailureStatus { kOpen, kInvestigating, kResolved, kVerified };
const char* failure_status_name(FailureStatus status);
std::optional<FailureStatus> failure_status_from_name(const std::string& name);

// namespace/entity/property, e.g. config/server/timeout.
struct StateKey {
    std::string ns, entity, property;
    std::string to_string() const { return ns + "/" + entity + "/" + property; }
    bool operator==(const StateKey&) const = default;
};

// A reference to an event of the session that supports an anchor.
struct EvidenceRef {
    int64_t seq = 0;
    EvidenceKind kind = EvidenceKind::kAssertion;
    bool operator==(const EvidenceRef&) const = default;
};

struct Anchor {
    AnchorKind kind = AnchorKind::kValue;
    StateKey key;
    std::string value;
    std::string authority;  // role of the source: user, assistant, tool, system, developer
    EvidenceKind support = EvidenceKind::kAssertion;
    bool verified = false;  // supported by empirical or procedural evidence
    std::optional<FailureStatus> failure;
    std::vector<int64_t> source_seqs;  // provenance: never empty, the newest kMaxRefs kept
    std::vector<EvidenceRef> evidence;  // refs that verified it, newest kMaxRefs kept
    int64_t epoch = 0;                  // transitions applied to this key
    bool operator==(const Anchor&) const = default;
};

// One proposed transition of one key.
struct StateEvent {
    AnchorKind kind = AnchorKind::kValue;
    StateKey key;
    std::string value;
    std::string authority;
    EvidenceKind support = EvidenceKind::kAssertion;
    std::vector<int64_t> source_seqs;
    std::optional<FailureStatus> failure;  // for kFailure: the status this event moves to
    std::vector<EvidenceRef> evidence;     // what verifies the transition
};

// One entry of the bundle's state.anchors.
nlohmann::json anchor_to_json(const Anchor& anchor);

class StateReducer {
public:
    static constexpr size_t kMaxRefs = 8;
    static constexpr size_t kMaxValueBytes = 240;

    explicit StateReducer(size_t max_heads = 256) : m_max_heads(max_heads) {}

    // Applies one event. Refused (state unchanged): no source refs, narrative support, an illegal
    // failure transition, VERIFIED without empirical/procedural evidence, or an assertion trying
    // to overwrite a verified head.
    Status apply(const StateEvent& event);

    // Heads sorted by key; failures that reached VERIFIED are not in hot state.
    const std::vector<Anchor>& heads() const { return m_heads; }
    const Anchor* find(const StateKey& key) const;
    size_t max_heads() const { return m_max_heads; }

    // Canonical form of the heads (the bundle's state.anchors) and its SHA-256.
    nlohmann::json to_json() const;
    std::string digest() const;
    // Inverse of to_json(); errors name the field.
    static Result<StateReducer> from_json(const nlohmann::json& anchors, size_t max_heads = 256);

private:
    void evict_if_needed();
    std::vector<Anchor>::const_iterator locate(const StateKey& key) const;  // m_heads.end(): none

    size_t m_max_heads;
    std::vector<Anchor> m_heads;
};

// True when `kind` can verify a transition (tool results, CI).
inline bool is_verifying(EvidenceKind kind) {
    return kind == EvidenceKind::kEmpirical || kind == EvidenceKind::kProcedural;
}

}  // namespace bm
