// Run records of different sessions kept apart before the merge (see run_records.h).
#include "merge/run_records.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "extract/environment_claims.h"
#include "extract/rule_table.h"
#include "merge/value_refinement.h"

namespace bm {

namespace {

// The key a run claim has before any separation: its own `.session-<tag>` taken off, so that
// merging merged inputs again gives the same keys (the merge stays associative and idempotent).
std::string base_key(const Claim& c) {
    const std::string own = ".session-" + session_tag(c.source.session_id);
    if (c.key.size() > own.size() && c.key.compare(c.key.size() - own.size(), own.size(), own) == 0)
        return c.key.substr(0, c.key.size() - own.size());
    return c.key;
}

// The ids of the run-record rules, read once from the rule table (the merge asks for every claim).
const std::set<std::string, std::less<>>& run_rule_ids() {
    static const std::set<std::string, std::less<>> ids = [] {
        std::set<std::string, std::less<>> out;
        for (const ExtractionRule& r : extraction_rules())
            if (r.scope == RuleScope::kRun) out.insert(r.id);
        return out;
    }();
    return ids;
}

bool is_run(const Claim& c) {
    return !c.rule.empty() && !c.source.session_id.empty() && run_rule_ids().count(c.rule) > 0;
}

}  // namespace

void separate_differing_runs(std::vector<BranchClaims>& branches) {
    // Per branch and key of a run rule: the branch's last line (the highest seq, over every copy of
    // the branch among the inputs: merged inputs may hold one branch twice, a stale copy and a
    // grown one), which supersedes its earlier ones as in the merge.
    std::map<std::pair<std::string, std::string>, const Claim*> last;
    for (const BranchClaims& bc : branches)
        for (const Claim& c : bc.claims) {
            if (!is_run(c)) continue;
            const Claim*& at = last[{bc.branch_id, base_key(c)}];
            if (!at || std::tie(c.source.seq, c.value) > std::tie(at->source.seq, at->value))
                at = &c;
        }
    // Per key: the readings each session ends with under it.
    std::map<std::string, std::map<std::string, std::set<std::string>>> readings;
    for (const auto& [branch_key, c] : last)
        readings[branch_key.second][c->source.session_id].insert(c->value);
    std::set<std::string> differing;
    for (const auto& [key, by_session] : readings) {
        if (by_session.size() < 2) continue;
        std::set<std::string> values;
        for (const auto& [session, vs] : by_session) values.insert(vs.begin(), vs.end());
        if (values.size() > 1 && !common_reading({values.begin(), values.end()}))
            differing.insert(key);
    }
    for (BranchClaims& bc : branches)
        for (Claim& c : bc.claims) {
            if (!is_run(c)) continue;
            std::string key = base_key(c);
            if (differing.count(key)) key += ".session-" + session_tag(c.source.session_id);
            c.key = std::move(key);
        }
}

}  // namespace bm
