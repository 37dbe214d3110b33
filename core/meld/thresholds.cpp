// Thresholds JSON form and the lexical provider's calibrated defaults.
#include "meld/thresholds.h"

namespace bm::meld {

nlohmann::json Thresholds::to_json() const {
    return {{"theta_merge", theta_merge}, {"sigma_lo", sigma_lo}, {"r_min", r_min}, {"provider", provider}};
}

void write_thresholds(CanonicalWriter& w, const Thresholds& t) {
    w.begin_object();
    w.key("provider").string(t.provider);
    w.key("r_min").number(t.r_min);
    w.key("sigma_lo").number(t.sigma_lo);
    w.key("theta_merge").number(t.theta_merge);
    w.end_object();
}

Result<Thresholds> Thresholds::from_json(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) return Error::invalid_input("thresholds are not a JSON object", Location{file});
    Thresholds t;
    auto num = [&](const char* f, double& out) -> bool {
        if (!j.contains(f)) return true;
        if (!j[f].is_number()) return false;
        out = j[f].get<double>();
        return out >= 0 && out <= 1;
    };
    for (auto [f, out] : {std::pair<const char*, double*>{"theta_merge", &t.theta_merge},
                          {"sigma_lo", &t.sigma_lo}, {"r_min", &t.r_min}})
        if (!num(f, *out)) return Error::invalid_input("not a number in [0, 1]", Location{file, 0, -1, f});
    if (j.contains("provider")) {
        if (!j["provider"].is_string()) return Error::invalid_input("not a string", Location{file, 0, -1, "provider"});
        t.provider = j["provider"].get<std::string>();
    }
    if (t.sigma_lo > t.theta_merge)
        return Error::invalid_input("sigma_lo is above theta_merge", Location{file, 0, -1, "sigma_lo"},
                                    "the relatedness floor must not exceed the merge threshold");
    return t;
}

// Fitted on the training sets only (STS-B train derived, SNLI dev derived 1-150, the three training golds)
// by `beliefmerge bench meld-gold --fit --shared ../shared/data` (bench/meld/fit.h): best mean macro-F1
// with false-merge ≤ 0.02 on every training set. Refit with that command and paste the numbers here.
Thresholds lexical_default_thresholds() {
    Thresholds t;
    t.theta_merge = 0.94;
    t.sigma_lo = 0.24;
    t.r_min = 0.10;
    t.provider = "lexical";
    return t;
}

}  // namespace bm::meld
