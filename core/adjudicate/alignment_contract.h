// Model alignment (SPEC §5): one joint prompt over every branch, and core's validation of the reply.
//
// The model may forge a source, paraphrase a quote, invent a premise key or a slot type; none of
// that reaches the merge. Validation keeps an opinion only when its source is a known branch id and
// its quote is a verbatim substring of one of that branch's (redacted) messages; evidence is clamped
// to 1..4 and never above what the quoted message can give (only a user states USER_STATED);
// derivedFrom keeps only keys that name slots of the reply. Everything dropped is counted.
// Thread-safety: pure functions over values.
#pragma once

#include <string>
#include <vector>

#include "adjudicate/chat_contract.h"
#include "extract/branch_claims.h"
#include "model/session.h"

namespace bm {

inline constexpr const char* kAlignmentPromptVersion = "align-v1";

// One branch as the model sees it: its id and the messages it contributes.
struct AlignmentBranch {
    std::string branch_id;
    const Session* session = nullptr;
    std::vector<const Message*> messages;
};

// Branches of `sessions` in the order the heuristic and oracle extractors use.
std::vector<AlignmentBranch> alignment_branches(const std::vector<Session>& sessions, const ExtractOptions& options);

// Text of a message offered to the model and searched for quotes: text blocks and tool results.
std::string alignment_message_text(const Message& message);

// The joint request (system contract with a worked derivedFrom example, then every branch).
ChatRequest alignment_request(const std::vector<AlignmentBranch>& branches, const std::string& model);

struct AlignmentReport {
    int slots_in_reply = 0;
    int slots_kept = 0;
    int opinions_in_reply = 0;
    int opinions_kept = 0;
    int unknown_sources = 0;      // forged corroboration
    int unverified_quotes = 0;    // not a verbatim substring of that branch's text
    int unknown_derived_from = 0; // premise keys naming no slot
    int bad_types = 0;            // type outside the enum (slot kept as Fact)
    int empty_keys_or_values = 0;
    int evidence_clamped = 0;
    std::string summary() const;  // "kept 5/7 opinions; dropped: 1 unknown source, ..."
};

// Validates the model's content against `branches`; claims come out per branch like the other
// extractors' (every branch present, possibly empty). kMalformed when the content is not the
// contract's JSON at all ({"slots":[...]}).
struct AlignmentValidation {
    bool ok = false;
    std::vector<BranchClaims> branches;
    AlignmentReport report;
    ModelError error;
};
AlignmentValidation validate_alignment(const std::string& content, const std::vector<AlignmentBranch>& branches,
                                       const ExtractOptions& options);

// Slot keys and values as the merge expects them: lowercase, words joined by '_' (keys keep dots).
std::string normalise_model_key(const std::string& key);
std::string normalise_model_value(const std::string& value);

}  // namespace bm
