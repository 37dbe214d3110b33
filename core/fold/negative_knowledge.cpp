// Negative knowledge with conditions: active → stale when a condition changes, superseded by newer entries.
#include "fold/negative_knowledge.h"

namespace bm {

const char* knowledge_lifecycle_name(KnowledgeLifecycle l) {
    switch (l) {
        case KnowledgeLifecycle::kActive: return "active";
        case KnowledgeLifecycle::kStale: return "stale";
        case KnowledgeLifecycle::kSuperseded: return "superseded";
    }
    return "unknown";
}

bool NegativeKnowledgeSet::holds(const NegativeKnowledge& e, const StateReducer& state) {
    for (const auto& c : e.valid_while) {
        const Anchor* head = state.find(c.key);
        if (!head || head->value != c.value) return false;
    }
    return true;
}

Status NegativeKnowledgeSet::add(NegativeKnowledge entry, const StateReducer& state) {
    if (entry.subject.empty() || entry.rejected_claim.empty())
        return Error::invalid_input("negative knowledge needs a subject and a rejected claim");
    if (entry.because.empty())
        return Error::refused("negative knowledge about '" + entry.subject + "' names no source events",
                              "a rejection must cite the events that justify it");
    for (auto& old : m_entries)
        if (old.lifecycle == KnowledgeLifecycle::kActive && old.subject == entry.subject &&
            old.rejected_claim == entry.rejected_claim)
            old.lifecycle = KnowledgeLifecycle::kSuperseded;
    entry.lifecycle = holds(entry, state) ? KnowledgeLifecycle::kActive : KnowledgeLifecycle::kStale;
    m_entries.push_back(std::move(entry));
    return {};
}

void NegativeKnowledgeSet::refresh(const StateReducer& state) {
    for (auto& e : m_entries)
        if (e.lifecycle == KnowledgeLifecycle::kActive && !holds(e, state)) e.lifecycle = KnowledgeLifecycle::kStale;
}

std::vector<const NegativeKnowledge*> NegativeKnowledgeSet::active() const {
    std::vector<const NegativeKnowledge*> out;
    for (const auto& e : m_entries)
        if (e.lifecycle == KnowledgeLifecycle::kActive) out.push_back(&e);
    return out;
}

}  // namespace bm
