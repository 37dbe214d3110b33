// Disputes across merged logs and their labels (bench/extract/merged_disputes.h).
#include "bench/extract/merged_disputes.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "merge/merger.h"

namespace bm::extract_bench {

namespace {

using nlohmann::json;

Error bad(const std::string& file, int64_t line, const std::string& field, const std::string& what) {
    return Error::invalid_input(what, Location(file, line, -1, field),
                                "one object a line: merge, key, values (strings), real (true/false), reason");
}

}  // namespace

std::optional<double> MergedCounts::precision() const {
    if (labelled == 0) return std::nullopt;
    return static_cast<double>(real) / static_cast<double>(labelled);
}

void MergedCounts::add(const MergedCounts& o) {
    logs += o.logs, slots += o.slots, disputes += o.disputes, labelled += o.labelled, real += o.real;
}

Result<std::vector<DisputeLabel>> read_dispute_labels(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return Error::io("cannot read " + file, Location(file), "check the path (--dispute-labels)");
    std::vector<DisputeLabel> out;
    std::map<std::tuple<std::string, std::string, std::vector<std::string>>, int64_t> seen;
    int64_t line = 0;
    for (std::string text; std::getline(in, text);) {
        ++line;
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        json row = json::parse(text, nullptr, false);
        if (row.is_discarded() || !row.is_object()) return bad(file, line, "", "not a JSON object");
        DisputeLabel l;
        l.line = line;
        for (const auto& [name, value] : row.items()) {
            if (name == "merge" || name == "key" || name == "reason") {
                if (!value.is_string() || value.get<std::string>().empty()) return bad(file, line, name, "missing or empty string");
                (name == "merge" ? l.merge : name == "key" ? l.key : l.reason) = value.get<std::string>();
            } else if (name == "values") {
                if (!value.is_array() || value.size() < 2) return bad(file, line, name, "expected an array of two or more strings");
                for (const json& v : value) {
                    if (!v.is_string()) return bad(file, line, name, "expected an array of two or more strings");
                    l.values.push_back(v.get<std::string>());
                }
            } else if (name == "real") {
                if (!value.is_boolean()) return bad(file, line, name, "expected true or false");
                l.real = value.get<bool>();
            } else {
                return bad(file, line, name, "unknown field");
            }
        }
        for (const char* field : {"merge", "key", "reason"})
            if (!row.contains(field)) return bad(file, line, field, "missing or empty string");
        if (l.values.empty()) return bad(file, line, "values", "expected an array of two or more strings");
        if (!row.contains("real")) return bad(file, line, "real", "expected true or false");
        std::sort(l.values.begin(), l.values.end());
        auto [it, fresh] = seen.emplace(std::tuple{l.merge, l.key, l.values}, line);
        if (!fresh)
            return Error::invalid_input("duplicate label of (merge, key, values) first given on line " + std::to_string(it->second),
                                        Location(file, line, -1, "values"));
        out.push_back(std::move(l));
    }
    return out;
}

std::vector<MergedDispute> merged_disputes(const std::string& merge, std::vector<BranchClaims> branches,
                                           const std::vector<DisputeLabel>& labels, MergedCounts& counts) {
    std::map<std::pair<std::string, std::vector<std::string>>, bool> real_of;
    for (const DisputeLabel& l : labels)
        if (l.merge == merge) real_of[{l.key, l.values}] = l.real;
    const MergedSnapshot snap = merge_branches(std::move(branches));
    std::vector<MergedDispute> out;
    for (const Slot& slot : snap.slots) {
        if (slot.key.rfind("env.", 0) == 0) continue;
        ++counts.slots;
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
    return out;
}

}  // namespace bm::extract_bench
