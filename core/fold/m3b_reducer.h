// M3b carried across folds: negative knowledge from failed attempts and the uncertainty ladder,
// fed message by message next to the anchor state (SPEC §12).
//
// Deterministic rules (no model): a failed tool result records "this call works" as rejected,
// because of the call and its result, valid while the configuration values of that moment hold;
// a later success of the same call makes it stale. A hedged assistant sentence ("I think",
// "probably", "suspect", …) is proposed as a hypothesis whose quote is the sentence itself
// (verified against the message); proposed again later it becomes supported; when the same message
// calls tools, their results settle it (ok → established, error → rejected, empirical evidence).
// Model proposals go through the same ladder: a quote not found verbatim in a cited source, or a
// level above supported, is refused and counted, never promoted. Thread-safety: a plain value.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fold/negative_knowledge.h"
#include "fold/uncertainty.h"

namespace bm {

struct M3bState {
    static constexpr size_t kMaxEntries = 64;  // per list: hot state stays bounded
    static constexpr size_t kMaxConditions = 4;

    NegativeKnowledgeSet negative;
    std::vector<Belief> beliefs;

    bool empty() const { return negative.entries().empty() && beliefs.empty(); }
};

// A model's proposal for the ladder (from the semantic services); the fold verifies it.
struct BeliefProposal {
    std::string id, statement;
    BeliefLevel level = BeliefLevel::kHypothesis;
    ClassificationRecord record;
};
using BeliefProposer =
    std::function<std::vector<BeliefProposal>(const nlohmann::json& shadowed_messages)>;

struct M3bCounts {
    int64_t rejected_attempts = 0;  // negative knowledge recorded
    int64_t proposed = 0;           // ladder proposals accepted
    int64_t refused = 0;            // proposals or settlements the ladder refused
    int64_t settled = 0;
};

class M3bReducer {
public:
    // `messages`: the archived messages being folded (quotes are verified against their text).
    M3bReducer(M3bState carried, const nlohmann::json& messages);
    M3bReducer(const M3bReducer&) = delete;  // the ladder's quote source points into this object
    M3bReducer& operator=(const M3bReducer&) = delete;

    // Feeds one archived message; `state` is the anchor state after the message's own events.
    void apply(const nlohmann::json& message, const StateReducer& state);
    // Runs model proposals through the ladder (after every message was applied).
    void apply_proposals(const std::vector<BeliefProposal>& proposals);

    M3bState finish();
    const M3bCounts& counts() const { return m_counts; }

private:
    struct Call {
        std::string name, arguments;
        int64_t seq = 0;
        std::vector<std::string> beliefs_under_test;
    };

    M3bState m_state;
    UncertaintyLadder m_ladder;
    std::map<int64_t, std::string> m_texts;  // seq -> archived text, the quote sources
    std::map<std::string, Call> m_calls;     // tool-call id -> call
    M3bCounts m_counts;
};

}  // namespace bm
