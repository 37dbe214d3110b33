// The uncertainty ladder: model proposals with verified quotes, evidence-only settlement.
#include "fold/uncertainty.h"

#include <algorithm>

namespace bm {

const char* belief_level_name(BeliefLevel level) {
    switch (level) {
        case BeliefLevel::kHypothesis: return "hypothesis";
        case BeliefLevel::kSupported: return "supported";
        case BeliefLevel::kEstablished: return "established";
        case BeliefLevel::kRejected: return "rejected";
    }
    return "unknown";
}

const Belief* UncertaintyLadder::find(const std::string& id) const {
    for (const auto& b : m_beliefs)
        if (b.id == id) return &b;
    return nullptr;
}

Status UncertaintyLadder::propose(const std::string& id, const std::string& statement, BeliefLevel to,
                                  ClassificationRecord record) {
    if (to != BeliefLevel::kHypothesis && to != BeliefLevel::kSupported)
        return Error::refused(std::string("a model may only propose hypothesis or supported, not ") + belief_level_name(to),
                              "established and rejected need an evidence transition (settle)");
    if (record.source_seqs.empty()) return Error::refused("classification record cites no source event");
    if (record.quote.empty()) return Error::refused("classification record has no quote");
    bool verified = false;
    for (int64_t seq : record.source_seqs) {
        auto text = m_sources(seq);
        if (text && text->find(record.quote) != std::string::npos) verified = true;
    }
    if (!verified)
        return Error::refused("quote is not a verbatim substring of any cited source",
                              "quote the source exactly; paraphrases are not evidence");
    auto it = std::find_if(m_beliefs.begin(), m_beliefs.end(), [&](const Belief& b) { return b.id == id; });
    if (it == m_beliefs.end()) {
        m_beliefs.push_back({id, statement, BeliefLevel::kHypothesis, {}, {}});
        it = m_beliefs.end() - 1;
    }
    if (it->level == BeliefLevel::kEstablished || it->level == BeliefLevel::kRejected)
        return Error::refused("belief " + id + " is already " + belief_level_name(it->level),
                              "a settled belief changes only by new evidence");
    if (static_cast<int>(to) > static_cast<int>(it->level)) it->level = to;
    it->records.push_back(std::move(record));
    return {};
}

Status UncertaintyLadder::settle(const std::string& id, BeliefLevel to, const std::vector<EvidenceRef>& evidence) {
    if (to != BeliefLevel::kEstablished && to != BeliefLevel::kRejected)
        return Error::invalid_input("settle moves a belief to established or rejected only");
    auto it = std::find_if(m_beliefs.begin(), m_beliefs.end(), [&](const Belief& b) { return b.id == id; });
    if (it == m_beliefs.end()) return Error::not_found("no belief " + id);
    if (std::none_of(evidence.begin(), evidence.end(), [](const EvidenceRef& r) { return is_verifying(r.kind); }))
        return Error::refused(std::string(belief_level_name(to)) + " needs empirical or procedural evidence for " + id,
                              "cite a tool result or CI run");
    it->level = to;
    it->evidence.insert(it->evidence.end(), evidence.begin(), evidence.end());
    return {};
}

}  // namespace bm
