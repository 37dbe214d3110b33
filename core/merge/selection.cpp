// Egalitarian and elitist selection over an annotation.
#include "merge/selection.h"

#include <algorithm>
#include <map>

namespace bm {

const char* score_rule_name(ScoreRule rule) {
    return rule == ScoreRule::kEgalitarian ? "egalitarian" : "elitist";
}

long egalitarian_score(const std::vector<int>& evidence) {
    long s = 0;
    for (int e : evidence) s += 1L << (e - 1);
    return s;
}

std::vector<ValueSupport> supports_by_value(const Annotation& annotation) {
    // opinions are sorted by (value, source, evidence): the last per (value, source) is the highest.
    std::vector<ValueSupport> out;
    const auto& ops = annotation.opinions();
    for (size_t i = 0; i < ops.size(); ++i) {
        if (out.empty() || out.back().value != ops[i].value) out.push_back({ops[i].value, {}});
        const bool last_of_source = i + 1 == ops.size() || ops[i + 1].value != ops[i].value ||
                                    ops[i + 1].source != ops[i].source;
        if (last_of_source) out.back().evidence.push_back(ops[i].evidence);
    }
    for (auto& s : out) std::sort(s.evidence.begin(), s.evidence.end(), std::greater<>());
    return out;
}

namespace {
// -1, 0, 1 comparing a against b under the rule.
int compare(const std::vector<int>& a, const std::vector<int>& b, ScoreRule rule) {
    if (rule == ScoreRule::kEgalitarian) {
        long x = egalitarian_score(a), y = egalitarian_score(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    // Lexicographic on descending levels; a proper prefix is smaller.
    return a < b ? -1 : b < a ? 1 : 0;
}
}  // namespace

Decision select(const Annotation& annotation, ScoreRule rule) {
    Decision d;
    auto supports = supports_by_value(annotation);
    if (supports.empty()) return d;
    std::vector<const ValueSupport*> best = {&supports[0]};
    for (size_t i = 1; i < supports.size(); ++i) {
        int c = compare(supports[i].evidence, best.front()->evidence, rule);
        if (c > 0) best = {&supports[i]};
        else if (c == 0) best.push_back(&supports[i]);
    }
    if (best.size() == 1) {
        d.outcome = Outcome::kResolved;
        d.winner = best.front()->value;
    } else {
        d.outcome = Outcome::kDisputed;
        for (const auto* s : best) d.tied.push_back(s->value);  // supports are value-sorted
    }
    return d;
}

}  // namespace bm
