// Constrained adjudication of disputed slots (SPEC §7): the prompt, reply validation and the
// symmetry check.
//
// Only disputed slots are asked, at most N per run, most-sourced first. A reply may choose one of
// the tied values, say both hold, give a guarded conditional, or say unresolvable; a chosen value
// that is not one of the tied values is rejected (the tie stands), a conditional without a guard
// is rejected. The same conflicts are asked again with each slot's options reversed; a slot whose
// outcome or chosen value differs is downgraded to unresolvable and marked order-sensitive, and a
// slot missing from either reply is dropped. Thread-safety: pure functions over values.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "adjudicate/chat_contract.h"
#include "merge/snapshot.h"
#include "store/decisions.h"

namespace bm {

inline constexpr const char* kAdjudicationPromptVersion = "adjudicate-v1";
inline constexpr size_t kDefaultAdjudicationLimit = 12;

struct DisputeOption {
    std::string value;
    std::vector<int> evidence;        // per distinct source, descending
    std::vector<std::string> quotes;  // one supporting quote per source (redacted text)
};

struct DisputeCase {
    std::string key;
    SlotType type = SlotType::kFact;
    std::string annotation_digest;
    std::vector<DisputeOption> options;  // the tied values, sorted by value
    size_t sources = 0;
};

// Disputed slots of `snapshot`, most-sourced first (ties by key), at most `limit`.
std::vector<DisputeCase> disputes_for_adjudication(const MergedSnapshot& snapshot,
                                                   size_t limit = kDefaultAdjudicationLimit);

// The request; `reversed` lists each case's options in reverse order (the symmetry pass).
ChatRequest adjudication_request(const std::vector<DisputeCase>& cases, const std::string& model, bool reversed);

struct AdjudicationReport {
    int in_reply = 0;
    int accepted = 0;
    int invented_values = 0;   // chose a value that is not a tied value: rejected, tie stands
    int missing_guards = 0;    // conditional without a guard: rejected
    int unknown_keys = 0;      // a key that was not asked
    int bad_outcomes = 0;      // outcome outside choose|both|conditional|unresolvable
    std::vector<std::string> rejected;  // "key: why", for the warning
};

// Validates one reply. kMalformed when the content is not {"resolutions":[...]}.
struct AdjudicationParse {
    bool ok = false;
    std::map<std::string, Resolution> resolutions;  // by key, only valid ones
    AdjudicationReport report;
    ModelError error;
};
AdjudicationParse parse_adjudication(const std::string& content, const std::vector<DisputeCase>& cases);

struct SymmetryResult {
    std::map<std::string, Resolution> resolutions;  // agreed, or downgraded (order_sensitive)
    std::vector<std::string> order_sensitive;       // keys downgraded
    std::vector<std::string> dropped;               // keys missing from either pass
};
// Combines the forward and reversed passes.
SymmetryResult symmetry_check(const std::vector<DisputeCase>& cases, const std::map<std::string, Resolution>& forward,
                              const std::map<std::string, Resolution>& reversed);

}  // namespace bm
