// Negative knowledge with conditions: active → stale when a condition changes, superseded by newer entries.
#include "fold/negative_knowledge.h"

#include <algorithm>

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

size_t NegativeKnowledgeSet::contradict(const std::string& subject, const std::string& claim) {
    size_t changed = 0;
    for (auto& e : m_entries)
        if (e.lifecycle == KnowledgeLifecycle::kActive && e.subject == subject && e.rejected_claim == claim) {
            e.lifecycle = KnowledgeLifecycle::kStale;
            ++changed;
        }
    return changed;
}

void NegativeKnowledgeSet::bound(size_t max_entries) {
    while (m_entries.size() > max_entries) {
        auto inactive = std::find_if(m_entries.begin(), m_entries.end(),
                                     [](const NegativeKnowledge& e) { return e.lifecycle != KnowledgeLifecycle::kActive; });
        m_entries.erase(inactive != m_entries.end() ? inactive : m_entries.begin());
    }
}

nlohmann::json negative_knowledge_to_json(const NegativeKnowledge& e) {
    nlohmann::json conditions = nlohmann::json::array();
    for (const auto& c : e.valid_while) conditions.push_back({{"key", c.key.to_string()}, {"value", c.value}});
    return {{"subject", e.subject},
            {"rejectedClaim", e.rejected_claim},
            {"because", e.because},
            {"validWhile", conditions},
            {"lifecycle", knowledge_lifecycle_name(e.lifecycle)}};
}

nlohmann::json NegativeKnowledgeSet::to_json() const {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : m_entries) out.push_back(negative_knowledge_to_json(e));
    return out;
}

Result<NegativeKnowledgeSet> NegativeKnowledgeSet::from_json(const nlohmann::json& entries) {
    const std::string where = "state.negativeKnowledge";
    auto bad = [&](const std::string& field, const std::string& what) {
        return Error::corruption(field + ": " + what, Location("", 0, -1, field),
                                 "the bundle's negative knowledge does not follow CheckpointBundleV1");
    };
    if (!entries.is_array()) return bad(where, "not an array");
    NegativeKnowledgeSet set;
    for (size_t i = 0; i < entries.size(); ++i) {
        const std::string field = where + "[" + std::to_string(i) + "]";
        try {
            const auto& j = entries[i];
            NegativeKnowledge e;
            e.subject = j.at("subject").get<std::string>();
            e.rejected_claim = j.at("rejectedClaim").get<std::string>();
            e.because = j.at("because").get<std::vector<int64_t>>();
            if (e.subject.empty() || e.rejected_claim.empty() || e.because.empty())
                return bad(field, "subject, rejectedClaim and because must not be empty");
            for (const auto& c : j.at("validWhile")) {
                const std::string key = c.at("key").get<std::string>();
                const auto s1 = key.find('/');
                const auto s2 = s1 == std::string::npos ? s1 : key.find('/', s1 + 1);
                if (s2 == std::string::npos) return bad(field + ".validWhile", "key is not namespace/entity/property");
                e.valid_while.push_back(
                    {{key.substr(0, s1), key.substr(s1 + 1, s2 - s1 - 1), key.substr(s2 + 1)}, c.at("value").get<std::string>()});
            }
            const std::string lifecycle = j.at("lifecycle").get<std::string>();
            if (lifecycle == "active") e.lifecycle = KnowledgeLifecycle::kActive;
            else if (lifecycle == "stale") e.lifecycle = KnowledgeLifecycle::kStale;
            else if (lifecycle == "superseded") e.lifecycle = KnowledgeLifecycle::kSuperseded;
            else return bad(field + ".lifecycle", "unknown lifecycle '" + lifecycle + "'");
            set.m_entries.push_back(std::move(e));
        } catch (const nlohmann::json::exception& ex) {
            return bad(field, std::string("missing or mistyped field: ") + ex.what());
        }
    }
    return set;
}

}  // namespace bm
