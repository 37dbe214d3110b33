// Least-fixpoint derivation labelling: iterate IN upward from the empty set until stable.
#include "derive/derivation.h"

#include <algorithm>
#include <set>

namespace bm {

const char* derivation_status_name(DerivationStatus s) {
    switch (s) {
        case DerivationStatus::kAxiom: return "axiom";
        case DerivationStatus::kFounded: return "founded";
        case DerivationStatus::kRetracted: return "retracted";
        case DerivationStatus::kUnasserted: return "unasserted";
    }
    return "unasserted";
}

std::map<std::string, DerivationLabel> label_derivations(const std::map<std::string, DerivationInput>& slots) {
    std::set<std::string> in;
    auto route_holds = [&](const Route& r) {
        return std::all_of(r.begin(), r.end(), [&](const std::string& p) { return in.count(p) > 0; });
    };
    // Monotone operator: a pass can only add keys, so this reaches the least fixpoint.
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [key, s] : slots) {
            if (in.count(key) || !s.asserted) continue;
            if (s.routes.empty() || std::any_of(s.routes.begin(), s.routes.end(), route_holds)) {
                in.insert(key);
                changed = true;
            }
        }
    }
    std::map<std::string, DerivationLabel> out;
    for (const auto& [key, s] : slots) {
        DerivationLabel label;
        label.in = in.count(key) > 0;
        std::set<std::string> unknown, unmet;
        for (const auto& r : s.routes)
            for (const auto& p : r) {
                if (!slots.count(p)) unknown.insert(p);
                if (!in.count(p)) unmet.insert(p);
            }
        label.unknown_premises.assign(unknown.begin(), unknown.end());
        if (!s.asserted) {
            label.status = DerivationStatus::kUnasserted;
        } else if (s.routes.empty()) {
            label.status = DerivationStatus::kAxiom;
        } else if (label.in) {
            label.status = DerivationStatus::kFounded;
            for (size_t i = 0; i < s.routes.size(); ++i)
                if (route_holds(s.routes[i])) {
                    label.satisfied_route = i;
                    break;
                }
        } else {
            label.status = DerivationStatus::kRetracted;
            label.unmet_premises.assign(unmet.begin(), unmet.end());
        }
        out.emplace(key, std::move(label));
    }
    return out;
}

}  // namespace bm
