// Disputes across merged logs, judged by their verdicts (bench/extract/merged_disputes.h).
#include "bench/extract/merged_disputes.h"

#include <algorithm>
#include <map>
#include <set>

#include "merge/merger.h"

namespace bm::extract_bench {

std::optional<double> MergedCounts::precision() const {
    if (labelled == 0) return std::nullopt;
    return static_cast<double>(real) / static_cast<double>(labelled);
}

void MergedCounts::add(const MergedCounts& o) {
    logs += o.logs, slots += o.slots, disputes += o.disputes, labelled += o.labelled, real += o.real;
}

std::vector<MergedDispute> merged_disputes(const std::string& merge, std::vector<BranchClaims> branches,
                                           const std::vector<DisputeLabel>& labels, MergedCounts& counts) {
    std::map<std::pair<std::string, std::vector<std::string>>, bool> real_of;
    for (const DisputeLabel& l : labels)
        if (l.merge == merge) real_of[{l.key, l.values}] = l.real;
    const MergedSnapshot snap = merge_branches(std::move(branches));
    std::vector<MergedDispute> out, joined;
    for (const Slot& slot : snap.slots) {
        if (slot.key.rfind("env.", 0) == 0) continue;
        ++counts.slots;
        if (slot.state == SlotState::kSettled && slot.values.size() == 1) {
            std::set<std::string> wordings;
            for (const ClaimRef& ref : slot.values.front().supporters) wordings.insert(snap.claim(ref).value);
            wordings.erase(slot.values.front().value);
            if (!wordings.empty()) {
                MergedDispute j{merge, slot.key, "joined", {slot.values.front().value}, {}, {}, std::nullopt};
                j.values.insert(j.values.end(), wordings.begin(), wordings.end());
                joined.push_back(std::move(j));
            }
            continue;
        }
        if (slot.state != SlotState::kDisputed && slot.state != SlotState::kContested) continue;
        ++counts.disputes;
        MergedDispute d{merge, slot.key, slot_state_name(slot.state), {}, {}, {}, std::nullopt};
        std::vector<std::pair<std::string, std::string>> value_quote;
        std::set<std::string> rules;
        for (const SlotValue& v : slot.values) {
            std::string quote;
            for (const ClaimRef& ref : v.supporters) {
                const Claim& c = snap.claim(ref);
                rules.insert(c.rule.empty() ? "(none)" : c.rule);
                if (quote.empty()) quote = c.quote;
            }
            value_quote.emplace_back(v.value, quote);
        }
        std::sort(value_quote.begin(), value_quote.end());
        for (auto& [value, quote] : value_quote) d.values.push_back(value), d.quotes.push_back(quote);
        d.rules.assign(rules.begin(), rules.end());
        if (auto it = real_of.find({d.key, d.values}); it != real_of.end()) {
            d.real = it->second;
            ++counts.labelled;
            counts.real += it->second ? 1 : 0;
        }
        out.push_back(std::move(d));
    }
    for (MergedDispute& j : joined) out.push_back(std::move(j));
    return out;
}

}  // namespace bm::extract_bench
