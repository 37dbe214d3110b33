// Claim vocabulary of SPEC §2: evidence levels, slot types and claim annotations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bm {

// Evidence levels; weights double per level (1, 2, 4, 8).
enum class EvidenceLevel : int { kSpeculative = 1, kInferred = 2, kToolVerified = 3, kUserStated = 4 };
int evidence_weight(EvidenceLevel level);
const char* evidence_name(EvidenceLevel level);
std::optional<EvidenceLevel> evidence_from_int(int64_t level);

enum class SlotType { kFact, kDecision, kConstraint, kRefuted, kGoal, kOpenQ, kArtifact };
const char* slot_type_name(SlotType type);
std::optional<SlotType> slot_type_from_name(const std::string& name);

// A ground-truth claim carried by a native JSONL message (read by the oracle extractor).
struct ClaimAnnotation {
    std::string key;    // dotted lowercase slot key
    std::string value;  // canonical lowercase token, or assert/refute
    SlotType type = SlotType::kFact;
    EvidenceLevel evidence = EvidenceLevel::kInferred;
    std::string quote;                             // verbatim span of the message text
    std::vector<std::vector<std::string>> derived_from;  // routes: conjunctions of slot keys
};

}  // namespace bm
