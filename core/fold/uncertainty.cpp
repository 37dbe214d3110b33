// The uncertainty ladder: model proposals with verified quotes, evidence-only settlement.
#include "fold/uncertainty.h"

#include <algorithm>
#include <cstddef>

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

namespace {

// Keeps the newest Belief::kMaxRecords records, counting the dropped ones.
void trim_records(Belief& b) {
    if (b.records.size() <= Belief::kMaxRecords) return;
    const size_t drop = b.records.size() - Belief::kMaxRecords;
    b.records.erase(b.records.begin(), b.records.begin() + static_cast<std::ptrdiff_t>(drop));
    b.earlier_records += static_cast<int64_t>(drop);
}

}  // namespace

UncertaintyLadder::UncertaintyLadder(SourceText sources, std::vector<Belief> beliefs)
    : m_sources(std::move(sources)), m_beliefs(std::move(beliefs)) {
    for (auto& b : m_beliefs) trim_records(b);
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
    trim_records(*it);
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

void UncertaintyLadder::bound(size_t max_beliefs) {
    while (m_beliefs.size() > max_beliefs) {
        auto settled = std::find_if(m_beliefs.begin(), m_beliefs.end(), [](const Belief& b) {
            return b.level == BeliefLevel::kEstablished || b.level == BeliefLevel::kRejected;
        });
        m_beliefs.erase(settled != m_beliefs.end() ? settled : m_beliefs.begin());
    }
}

nlohmann::json belief_to_json(const Belief& b) {
    nlohmann::json records = nlohmann::json::array(), evidence = nlohmann::json::array();
    for (const auto& r : b.records)
        records.push_back({{"sourceSeqs", r.source_seqs}, {"quote", r.quote}, {"model", r.model},
                           {"promptVersion", r.prompt_version}});
    for (const auto& e : b.evidence) evidence.push_back({{"seq", e.seq}, {"kind", evidence_kind_name(e.kind)}});
    nlohmann::json belief = {{"id", b.id}, {"statement", b.statement}, {"level", belief_level_name(b.level)},
                             {"records", records}, {"evidence", evidence}};
    if (b.earlier_records > 0) belief["earlierRecords"] = b.earlier_records;
    return belief;
}

nlohmann::json beliefs_to_json(const std::vector<Belief>& beliefs) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& b : beliefs) out.push_back(belief_to_json(b));
    return out;
}

Result<std::vector<Belief>> beliefs_from_json(const nlohmann::json& beliefs) {
    auto bad = [](const std::string& field, const std::string& what) {
        return Error::corruption(field + ": " + what, Location("", 0, -1, field),
                                 "the bundle's beliefs do not follow CheckpointBundleV1");
    };
    if (!beliefs.is_array()) return bad("state.beliefs", "not an array");
    std::vector<Belief> out;
    for (size_t i = 0; i < beliefs.size(); ++i) {
        const std::string field = "state.beliefs[" + std::to_string(i) + "]";
        try {
            const auto& j = beliefs[i];
            Belief b;
            b.id = j.at("id").get<std::string>();
            b.statement = j.at("statement").get<std::string>();
            const std::string level = j.at("level").get<std::string>();
            bool known = false;
            for (auto l : {BeliefLevel::kHypothesis, BeliefLevel::kSupported, BeliefLevel::kEstablished, BeliefLevel::kRejected})
                if (level == belief_level_name(l)) {
                    b.level = l;
                    known = true;
                }
            if (!known) return bad(field + ".level", "unknown level '" + level + "'");
            for (const auto& r : j.at("records"))
                b.records.push_back({r.at("sourceSeqs").get<std::vector<int64_t>>(), r.at("quote").get<std::string>(),
                                     r.at("model").get<std::string>(), r.at("promptVersion").get<std::string>()});
            for (const auto& e : j.at("evidence")) {
                auto kind = evidence_kind_from_name(e.at("kind").get<std::string>());
                if (!kind) return bad(field + ".evidence", "unknown evidence kind");
                b.evidence.push_back({e.at("seq").get<int64_t>(), *kind});
            }
            // Settled beliefs carry the evidence that settled them (the ladder's own rule).
            const bool settled = b.level == BeliefLevel::kEstablished || b.level == BeliefLevel::kRejected;
            if (settled && std::none_of(b.evidence.begin(), b.evidence.end(),
                                        [](const EvidenceRef& r) { return is_verifying(r.kind); }))
                return bad(field + ".evidence", "a settled belief without empirical or procedural evidence");
            if (b.records.empty()) return bad(field + ".records", "a belief without a classification record");
            if (j.contains("earlierRecords")) {
                const auto& earlier = j["earlierRecords"];
                if (!earlier.is_number_integer() || earlier.get<int64_t>() < 0)
                    return bad(field + ".earlierRecords", "not a non-negative integer");
                b.earlier_records = earlier.get<int64_t>();
            }
            out.push_back(std::move(b));
        } catch (const nlohmann::json::exception& ex) {
            return bad(field, std::string("missing or mistyped field: ") + ex.what());
        }
    }
    return out;
}

}  // namespace bm
