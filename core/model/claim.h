// Claim vocabulary of SPEC §2: evidence levels, slot types and claim annotations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/trust_label.h"

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

// Provenance rank: authority of the source that produced a claim (seed 001). Configurable.
namespace provenance_rank {
inline constexpr int kAuthoritativeDocument = 5;
inline constexpr int kToolObservation = 4;
inline constexpr int kUserAssertion = 3;
inline constexpr int kRetrievedText = 2;  // web pages, foreign-tool text
inline constexpr int kModelSpeculation = 1;
inline constexpr int kPluginOrUnknown = 0;
}  // namespace provenance_rank

// Where a claim came from: the branch, the message and what kind of speaker produced it.
struct ClaimSource {
    std::string branch_id;
    std::string session_id;
    std::string message_id;
    int64_t seq = 0;
    std::string role;         // role_name() of the message
    std::string source_kind;  // source_kind_name() of the message
    std::string tool_name;    // for tool results: the tool that produced the text
    int64_t line = 0;         // 1-based line of the record in the session's file; 0 when unknown
};

// One extracted claim (SPEC §2): a value for a slot key, with evidence, rank, trust and the quote.
struct Claim {
    std::string key;
    std::string value;
    SlotType type = SlotType::kFact;
    EvidenceLevel evidence = EvidenceLevel::kInferred;
    int provenance_rank = provenance_rank::kModelSpeculation;
    TrustLabel trust = TrustLabel::kUntrusted;
    ClaimSource source;
    std::string quote;         // verbatim span of the redacted message text
    int64_t quote_offset = -1;  // byte offset of the quote in the message text, -1 when unknown
    std::vector<std::vector<std::string>> derived_from;  // routes (conjunctions of slot keys)
    std::string time;
    // Which extraction rule produced the claim (e.g. "tool.file_written", "user.constraint") and how
    // sure it is, 0..1; neither is serialised, so snapshot bytes do not depend on them.
    std::string rule;
    double confidence = 1.0;
};

}  // namespace bm
