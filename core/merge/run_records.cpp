// Run records of different sessions kept apart before the merge (see run_records.h).
#include "merge/run_records.h"

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "extract/environment_claims.h"
#include "extract/rule_table.h"
#include "merge/value_refinement.h"

namespace bm {

namespace {

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
    // Every run claim with its key before any separation: its own `.session-<tag>` taken off, so
    // that merging merged inputs again gives the same keys (the merge stays associative and
    // idempotent).
    std::map<std::string, std::string> suffix_of;  // session id → ".session-<tag>"
    struct Run {
        Claim* claim;
        const std::string* branch;
        std::string base;
    };
    std::vector<Run> runs;
    for (BranchClaims& bc : branches)
        for (Claim& c : bc.claims) {
            if (!is_run(c)) continue;
            auto [it, fresh] = suffix_of.try_emplace(c.source.session_id);
            if (fresh) it->second = ".session-" + session_tag(c.source.session_id);
            const std::string& own = it->second;
            const bool tagged = c.key.size() > own.size() && c.key.ends_with(own);
            runs.push_back(
                {&c, &bc.branch_id, tagged ? c.key.substr(0, c.key.size() - own.size()) : c.key});
        }
    if (runs.empty()) return;
    // Per branch and key: the branch's last line (the highest seq, over every copy of the branch
    // among the inputs: merged inputs may hold one branch twice, a stale copy and a grown one),
    // which supersedes its earlier ones as in the merge.
    std::map<std::pair<std::string_view, std::string_view>, const Claim*> last;
    for (const Run& r : runs) {
        const Claim*& at = last[{*r.branch, r.base}];
        if (!at ||
            std::tie(r.claim->source.seq, r.claim->value) > std::tie(at->source.seq, at->value))
            at = r.claim;
    }
    // Per key: the readings each session ends with under it.
    std::map<std::string_view, std::map<std::string_view, std::set<std::string>>> readings;
    for (const auto& [branch_key, c] : last)
        readings[branch_key.second][c->source.session_id].insert(c->value);
    std::set<std::string_view> differing;
    for (const auto& [key, by_session] : readings) {
        if (by_session.size() < 2) continue;
        std::set<std::string> values;
        for (const auto& [session, vs] : by_session) values.insert(vs.begin(), vs.end());
        if (values.size() > 1 && !common_reading({values.begin(), values.end()}))
            differing.insert(key);
    }
    // (The maps above view the runs' base keys: each is assigned a copy, none is moved from.)
    for (const Run& r : runs)
        r.claim->key =
            differing.count(r.base) ? r.base + suffix_of[r.claim->source.session_id] : r.base;
}

}  // namespace bm
