// M3b negative knowledge: "A was rejected because …, while …" — never a permanent "don't do A".
//
// An entry names its subject, the rejected claim, the events that justify it (because[], never
// empty) and optional conditions (validWhile[]: a StateKey and the value it had). When any
// condition no longer holds in the current state, the entry goes stale; a newer entry on the same
// subject and claim supersedes it. Only active entries are shown as hot state.
// Thread-safety: a plain value.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fold/state_reducer.h"

namespace bm {

enum class KnowledgeLifecycle { kActive, kStale, kSuperseded };
const char* knowledge_lifecycle_name(KnowledgeLifecycle lifecycle);

struct ValidWhile {
    StateKey key;
    std::string value;  // the entry holds while the head of `key` has this value
    bool operator==(const ValidWhile&) const = default;
};

struct NegativeKnowledge {
    std::string subject;
    std::string rejected_claim;
    std::vector<int64_t> because;  // source event seqs
    std::vector<ValidWhile> valid_while;
    KnowledgeLifecycle lifecycle = KnowledgeLifecycle::kActive;
    bool operator==(const NegativeKnowledge&) const = default;
};

// One entry of the bundle's state.negativeKnowledge.
nlohmann::json negative_knowledge_to_json(const NegativeKnowledge& entry);

class NegativeKnowledgeSet {
public:
    // Adds an entry checked against `state` (stale at once if a condition already fails).
    // Refused: empty because[], empty subject or claim. Supersedes older active entries with the
    // same subject and claim.
    Status add(NegativeKnowledge entry, const StateReducer& state);
    // Re-checks every active entry's conditions against `state`.
    void refresh(const StateReducer& state);
    // Marks active entries on `subject`/`claim` stale: the rejected thing was later seen to work.
    // Returns how many changed.
    size_t contradict(const std::string& subject, const std::string& claim);
    // Keeps at most `max_entries`, dropping the oldest inactive entries first, then the oldest.
    void bound(size_t max_entries);
    std::vector<const NegativeKnowledge*> active() const;
    const std::vector<NegativeKnowledge>& entries() const { return m_entries; }

    // The bundle's state.negativeKnowledge (entries in order) and its inverse; errors name the field.
    nlohmann::json to_json() const;
    static Result<NegativeKnowledgeSet> from_json(const nlohmann::json& entries);

private:
    static bool holds(const NegativeKnowledge& entry, const StateReducer& state);
    std::vector<NegativeKnowledge> m_entries;
};

}  // namespace bm
