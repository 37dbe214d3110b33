// personal(v), the coverage bonus and the objective U(S).
#include "pack/objective.h"

#include <cctype>
#include <cmath>
#include <set>

namespace bm {

double type_value(SlotType type) {
    switch (type) {
        case SlotType::kConstraint: return 3.0;
        case SlotType::kGoal: return 3.0;
        case SlotType::kDecision: return 2.5;
        case SlotType::kRefuted: return 2.0;
        case SlotType::kFact: return 1.5;
        case SlotType::kOpenQ: return 1.0;
        case SlotType::kArtifact: return 1.0;
    }
    return 1.0;
}

double coverage_weight(SlotType type) { return 0.6 * type_value(type); }

size_t type_index(SlotType type) { return static_cast<size_t>(type) % kSlotTypeCount; }

double personal_value(const PersonalInputs& in) {
    double v = type_value(in.type) + 3.0 * in.max_evidence + 2.0 * in.sources + 4.0 * in.trust + 2.0 * in.relevance;
    return in.retracted ? v * kRetractedFactor : v;
}

namespace {

std::vector<std::string> word_list(const std::string& text) {
    std::vector<std::string> out;
    std::string w;
    for (char c : text) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) w += static_cast<char>(std::tolower(u));
        else {
            if (!w.empty()) out.push_back(w);
            w.clear();
        }
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

}  // namespace

double query_relevance(const std::string& query, const std::string& text) {
    std::set<std::string> wanted;
    for (auto& w : word_list(query))
        if (w.size() >= 2) wanted.insert(w);
    if (wanted.empty()) return 0;
    std::set<std::string> have;
    for (auto& w : word_list(text)) have.insert(w);
    size_t hits = 0;
    for (const auto& w : wanted) hits += have.count(w);
    return static_cast<double>(hits) / static_cast<double>(wanted.size());
}

double objective_value(const std::vector<PackCandidate>& items, const std::vector<size_t>& chosen, double gamma) {
    std::array<int, kSlotTypeCount> counts{};
    double sum = 0;
    for (size_t i : chosen) {
        sum += items[i].personal;
        ++counts[type_index(items[i].type)];
    }
    for (size_t t = 0; t < kSlotTypeCount; ++t)
        if (counts[t]) sum += coverage_weight(static_cast<SlotType>(t)) * (1.0 - std::exp(-gamma * counts[t]));
    return sum;
}

double marginal_gain(const PackCandidate& item, const std::array<int, kSlotTypeCount>& type_counts, double gamma) {
    const int n = type_counts[type_index(item.type)];
    return item.personal + coverage_weight(item.type) * (std::exp(-gamma * n) - std::exp(-gamma * (n + 1)));
}

}  // namespace bm
