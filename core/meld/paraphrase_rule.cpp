// Pair features over two analyses and the fitted paraphrase decision list.
#include "meld/paraphrase_rule.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace bm::meld {

namespace {

std::set<std::string> content_canons(const Analysis& a) {
    std::set<std::string> out;
    for (const Term& t : a.terms)
        if (t.content() && t.kind == TermKind::kWord) out.insert(t.canon);
    return out;
}

// Numbers by value, identifiers by their canonical text: "two" and "2" are one value.
std::set<std::string> stated_values(const Analysis& a) {
    std::set<std::string> out;
    for (const Quantity& q : a.quantities) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "#%.6g", q.value);
        out.insert(buf);
    }
    for (const Term& t : a.terms)
        if (t.kind == TermKind::kIdentifier) out.insert(t.canon);
    return out;
}

}  // namespace

PairFeatures pair_features(const Analysis& a, const Analysis& b, double sigma) {
    PairFeatures f;
    f.sigma = sigma;
    const auto ca = content_canons(a), cb = content_canons(b);
    const auto& shorter = ca.size() <= cb.size() ? ca : cb;
    const auto& longer = ca.size() <= cb.size() ? cb : ca;
    size_t found = 0;
    for (const std::string& w : shorter) found += longer.count(w);
    f.coverage = shorter.empty() ? 0 : static_cast<double>(found) / static_cast<double>(shorter.size());
    f.coverage_back = longer.empty() ? 0 : static_cast<double>(found) / static_cast<double>(longer.size());
    const auto va = stated_values(a), vb = stated_values(b);
    f.has_values = !va.empty() || !vb.empty();
    f.values_agree = va == vb;
    return f;
}

bool ParaphraseRule::passes(const PairFeatures& f) const {
    if (!enabled || !f.values_agree) return false;
    if (require_values && !f.has_values) return false;
    return f.sigma >= sigma_min && f.coverage >= coverage_min && f.coverage_back >= coverage_back_min;
}

std::string ParaphraseRule::identity() const {
    if (!enabled) return "";
    char buf[96];
    std::snprintf(buf, sizeof buf, "paraphrase=%.2f/%.2f/%.2f%s", sigma_min, coverage_min, coverage_back_min,
                  require_values ? "/values" : "");
    return buf;
}

// Fitted with lexical_default_thresholds() (thresholds.cpp) by `beliefmerge bench meld-gold --fit
// --shared ../shared/data` on the training sets only; paste a refit's paraphrase_rule here.
ParaphraseRule fitted_paraphrase_rule() {
    ParaphraseRule r;
    r.enabled = true;
    r.sigma_min = 0.80;
    r.coverage_min = 0.80;
    r.coverage_back_min = 0.80;
    r.require_values = true;
    return r;
}

}  // namespace bm::meld
