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

namespace {

// Calls visit(value, evidence) per value in value order; evidence holds one level per distinct source
// (the highest it asserted), sorted descending, in a buffer reused between values.
template <typename Visit>
void for_each_support(const Annotation& annotation, Visit&& visit) {
    // opinions are sorted by (value, source, evidence): the last per (value, source) is the highest.
    const auto& ops = annotation.opinions();
    std::vector<int> evidence;
    for (size_t i = 0; i < ops.size(); ++i) {
        const bool last_of_source = i + 1 == ops.size() || ops[i + 1].value != ops[i].value ||
                                    ops[i + 1].source != ops[i].source;
        if (last_of_source) evidence.push_back(ops[i].evidence);
        if (i + 1 == ops.size() || ops[i + 1].value != ops[i].value) {
            std::sort(evidence.begin(), evidence.end(), std::greater<>());
            visit(ops[i].value, evidence);
            evidence.clear();
        }
    }
}

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

std::vector<ValueSupport> supports_by_value(const Annotation& annotation) {
    std::vector<ValueSupport> out;
    for_each_support(annotation, [&](const std::string& value, const std::vector<int>& evidence) {
        out.push_back({value, evidence});
    });
    return out;
}

Decision select(const Annotation& annotation, ScoreRule rule) {
    Decision d;
    std::vector<const std::string*> best;  // values with the maximum support so far, in value order
    std::vector<int> best_evidence;
    for_each_support(annotation, [&](const std::string& value, const std::vector<int>& evidence) {
        const int c = best.empty() ? 1 : compare(evidence, best_evidence, rule);
        if (c > 0) {
            best.assign(1, &value);
            best_evidence = evidence;
        } else if (c == 0) {
            best.push_back(&value);
        }
    });
    if (best.empty()) return d;
    if (best.size() == 1) {
        d.outcome = Outcome::kResolved;
        d.winner = *best.front();
    } else {
        d.outcome = Outcome::kDisputed;
        for (const auto* v : best) d.tied.push_back(*v);  // visited in value order
    }
    return d;
}

}  // namespace bm
