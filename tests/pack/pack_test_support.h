// Shared helpers of the pack tests: hand-built claims and snapshots, and a simple word counter.
#pragma once

#include <string>
#include <vector>

#include "merge/merger.h"
#include "pack/token_counter.h"

namespace bm::test {

// Counts whitespace-separated words plus one per newline: subadditive at line boundaries.
class WordCounter : public TokenCounter {
public:
    size_t count(std::string_view text) const override {
        size_t n = 0;
        bool in_word = false;
        for (char c : text) {
            const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (c == '\n') ++n;
            if (!space && !in_word) ++n;
            in_word = !space;
        }
        return n;
    }
    std::string name() const override { return "test:words"; }
};

inline Claim make_claim(const std::string& branch, const std::string& key, const std::string& value,
                        SlotType type = SlotType::kFact, EvidenceLevel evidence = EvidenceLevel::kUserStated,
                        TrustLabel trust = TrustLabel::kExternal, const std::string& quote = {},
                        std::vector<std::vector<std::string>> derived_from = {}) {
    static int64_t seq = 0;
    Claim c;
    c.key = key;
    c.value = value;
    c.type = type;
    c.evidence = evidence;
    c.provenance_rank = evidence == EvidenceLevel::kUserStated ? provenance_rank::kUserAssertion
                                                                : provenance_rank::kModelSpeculation;
    c.trust = trust;
    c.source.branch_id = branch;
    c.source.session_id = "session-" + branch;
    c.source.message_id = branch + "-m" + std::to_string(++seq);
    c.source.seq = seq;
    c.source.role = evidence == EvidenceLevel::kUserStated ? "user" : "assistant";
    c.source.source_kind = evidence == EvidenceLevel::kUserStated ? "user" : "model";
    c.quote = quote.empty() ? "the " + key + " is " + value : quote;
    c.derived_from = std::move(derived_from);
    return c;
}

inline MergedSnapshot snapshot_of(const std::vector<Claim>& claims) {
    std::vector<BranchClaims> branches;
    for (const auto& c : claims) {
        auto it = std::find_if(branches.begin(), branches.end(),
                               [&](const BranchClaims& b) { return b.branch_id == c.source.branch_id; });
        if (it == branches.end()) {
            branches.push_back({c.source.branch_id, c.source.session_id, {}});
            it = branches.end() - 1;
        }
        it->claims.push_back(c);
    }
    return merge_branches(std::move(branches));
}

}  // namespace bm::test
