// MergeBench scenarios (SPEC §11): generated branches with known ground truth.
//
// A pool of topics, each with a correct and an alternative value and sentence templates; topics are
// owned round-robin by branches; owned facts are stated by the user (evidence 4) or concluded by the
// assistant (2, with a reasoning restatement); on user-stated topics another branch asserts the
// alternative (2); chatter fills the transcripts. Families: base, many-branches, paraphrase,
// derivation, injection. Deterministic for a seed. Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/session.h"

namespace bm::mergebench {

enum class Family { kBase, kManyBranches, kParaphrase, kDerivation, kInjection };
const char* family_name(Family f);
bool family_from_name(const std::string& name, Family* out);

struct ScenarioOptions {
    Family family = Family::kBase;
    uint64_t seed = 0;
    size_t topics = 10;
    size_t branches = 2;
};

// One topic of a scenario: its key, the owning branch, and every surface form of its two values.
struct TopicTruth {
    std::string key;
    size_t owner = 0;
    std::vector<std::string> correct;      // surface forms (lowercase words) of the correct value
    std::vector<std::string> alternative;  // surface forms of the alternative value
    bool conflicted = false;               // another branch asserts the alternative
    bool tie = false;                      // conflicted with equal weight: the right reading shows both values
    bool user_stated = false;
    bool retracted = false;                // derivation family: its premise is disputed
};

struct Question {
    std::vector<size_t> topics;  // one (local) or two topics owned by different branches (bridge)
    bool bridge = false;
};

struct Scenario {
    std::string family;             // a label: the generator's family name, or a scenario file's own
    size_t budget = 0;              // tokens every arm may use on this scenario
    std::vector<Session> sessions;  // one session (one branch) per branch, branch-a first
    std::vector<TopicTruth> topics;
    std::vector<Question> questions;
    std::vector<std::string> decoys;      // pool values never asserted in this scenario
    std::vector<std::string> directives;  // injected directive phrases (injection family), lowercase
};

// The largest --topics a scenario supports.
size_t topic_pool_size();

Scenario generate_scenario(const ScenarioOptions& options);

}  // namespace bm::mergebench
