// M3b uncertainty ladder: hypothesis → supported → established | rejected.
//
// A model may only propose (create a hypothesis, or raise it to supported), and every proposal
// carries a classification record whose exact quote must occur verbatim in one of the cited source
// messages. established and rejected need an evidence transition: at least one empirical or
// procedural evidence ref. Thread-safety: a plain value.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "fold/state_reducer.h"

namespace bm {

enum class BeliefLevel { kHypothesis, kSupported, kEstablished, kRejected };
const char* belief_level_name(BeliefLevel level);

struct ClassificationRecord {
    std::vector<int64_t> source_seqs;
    std::string quote;           // verified as a substring of a cited source's text
    std::string model;
    std::string prompt_version;
    bool operator==(const ClassificationRecord&) const = default;
};

struct Belief {
    // A belief keeps its newest records only: one re-stated in every turn must not grow the hot
    // state without limit. Older records are counted in `earlier_records`, never silently lost.
    static constexpr size_t kMaxRecords = 8;

    std::string id;
    std::string statement;
    BeliefLevel level = BeliefLevel::kHypothesis;
    std::vector<ClassificationRecord> records;  // oldest first, at most kMaxRecords
    std::vector<EvidenceRef> evidence;
    int64_t earlier_records = 0;  // accepted records dropped to keep `records` bounded
    bool operator==(const Belief&) const = default;
};

// Text of the source event `seq` (nullopt when unknown).
using SourceText = std::function<std::optional<std::string>(int64_t seq)>;

class UncertaintyLadder {
public:
    // `beliefs`: the ladder carried from an earlier checkpoint (settled and open beliefs).
    // Carried beliefs with more than Belief::kMaxRecords records are trimmed the same way.
    explicit UncertaintyLadder(SourceText sources, std::vector<Belief> beliefs = {});

    // A model proposal: creates `id` as a hypothesis or raises it to supported (`to`). Refused:
    // `to` above supported, a quote not found verbatim in any cited source, no cited source.
    // The accepted record is appended; beyond Belief::kMaxRecords the oldest is dropped and counted.
    Status propose(const std::string& id, const std::string& statement, BeliefLevel to, ClassificationRecord record);
    // An evidence transition to established or rejected; refused without empirical/procedural refs.
    Status settle(const std::string& id, BeliefLevel to, const std::vector<EvidenceRef>& evidence);

    const Belief* find(const std::string& id) const;
    const std::vector<Belief>& beliefs() const { return m_beliefs; }
    // Keeps at most `max_beliefs`, dropping the oldest settled beliefs first, then the oldest.
    void bound(size_t max_beliefs);

private:
    SourceText m_sources;
    std::vector<Belief> m_beliefs;
};

// The bundle's state.beliefs and its inverse (errors name the field). `earlierRecords` is written
// only when non-zero, so bundles of beliefs that never overflowed keep their bytes.
nlohmann::json beliefs_to_json(const std::vector<Belief>& beliefs);
nlohmann::json belief_to_json(const Belief& belief);  // one entry of state.beliefs
Result<std::vector<Belief>> beliefs_from_json(const nlohmann::json& beliefs);

}  // namespace bm
