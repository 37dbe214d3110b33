// Patch: the one auditable, signed record of an admission, and the only thing that mutates a
// brain (SPEC §13.1, §13.3).
//
// It records the decision and the rule that made it, the target, the deltas it emits (an added
// claim, status links, a Mapping, a contradiction link), the gates that fired, the signals and
// thresholds read, the provider identity, the author brain and the incoming delta verbatim (so a
// replay can re-run the procedure). id = SHA-256 of the canonical body; MAC = HMAC-SHA-256 of the
// canonical body with its id, under the author's directory key. Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meld/claim.h"
#include "meld/delta.h"
#include "meld/key_directory.h"
#include "meld/status_link.h"
#include "meld/thresholds.h"
#include "util/result.h"

namespace bm::meld {

enum class Decision { kInsert, kMerge, kRelate, kConflict, kReject, kStatus };
const char* decision_name(Decision d);
std::optional<Decision> parse_decision(std::string_view name);

// A typed weighted link between two claims that stay distinct.
struct Mapping {
    std::string from, to;  // claim keys
    std::string kind;      // "association" | "coreference" | "partial-overrule"
    double weight = 0;
};

// A first-class contradiction between two claims, with both Contexts; no winner.
struct ContradictionLink {
    std::string a, b;                  // claim keys (a: held, b: incoming)
    std::string context_a, context_b;  // canonical scope cells
    std::string rule;                  // the χ rule that fired
};

struct PatchSignals {
    bool kappa = false;
    double sigma = 0;
    std::string chi;       // "contradicts" | "compatible" | "unrelated" | "" (not read)
    std::string chi_rule;  // contradiction_rule::* when it contradicts
};

struct Patch {
    static constexpr int kVersion = 1;
    std::string id;
    std::string brain;  // author: the brain that admitted
    Decision decision = Decision::kInsert;
    std::string rule;     // "R1".."R6", or "status"
    std::string subject;  // κ of the incoming claim, or the status link id
    std::string target;   // κ of a⋆ ("" for insert, reject, status)
    std::optional<Claim> added_claim;
    std::vector<StatusLink> links;
    std::vector<Mapping> mappings;
    std::vector<ContradictionLink> contradictions;
    std::vector<std::string> gates;  // gates that fired, in evaluation order
    std::optional<PatchSignals> signals;
    Thresholds thresholds;
    std::string provider;
    int64_t time = 0;  // the admitting brain's logical clock
    nlohmann::json delta;  // the incoming delta, verbatim (with its MAC)
    std::string mac;

    // Canonical JSON of every field but id and mac.
    std::string body_bytes() const;
    // Sets id and mac.
    void seal(const KeyDirectory& directory);
    // The same, given canonical_json(delta) (Delta::canonical_bytes() of the delta it was made
    // from), so the delta is not canonicalised again. REQUIRES: those bytes are delta's.
    void seal(const KeyDirectory& directory, std::string_view delta_canonical);
    // id matches the body and the MAC verifies under the author's key.
    bool verify(const KeyDirectory& directory) const { return verify_failure(directory).empty(); }
    // Why verify() fails, in words ("the MAC does not verify under A's key …"); empty when it holds.
    std::string verify_failure(const KeyDirectory& directory) const;

    nlohmann::json to_json() const;
    static Result<Patch> from_json(const nlohmann::json& j, const Location& where);
};

}  // namespace bm::meld
