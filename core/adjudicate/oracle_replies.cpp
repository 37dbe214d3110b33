// Ground truth → the alignment contract's JSON.
#include "adjudicate/oracle_replies.h"

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "util/canonical_json.h"

namespace bm {

std::string oracle_alignment_content(const std::vector<BranchClaims>& truth) {
    using json = nlohmann::json;
    struct Slot {
        std::string type;
        std::set<std::string> derived;
        json opinions = json::array();
    };
    std::map<std::string, Slot> slots;
    for (const auto& b : truth)
        for (const auto& c : b.claims) {
            Slot& s = slots[c.key];
            if (s.type.empty()) s.type = slot_type_name(c.type);
            for (const auto& route : c.derived_from)
                for (const auto& k : route) s.derived.insert(k);
            s.opinions.push_back({{"source", b.branch_id}, {"value", c.value},
                                  {"evidence", static_cast<int>(c.evidence)}, {"quote", c.quote}});
        }
    json out = json::array();
    for (const auto& [key, s] : slots)
        out.push_back({{"key", key}, {"type", s.type}, {"derivedFrom", json(std::vector<std::string>(s.derived.begin(), s.derived.end()))},
                       {"opinions", s.opinions}});
    return json{{"slots", out}}.dump();
}

}  // namespace bm
