// Subscriptions by topic, claim-key prefix and interest profile, and the Router (see subscription.h).
#include "meld/subscription.h"

#include <algorithm>

namespace bm::meld {

namespace {

bool starts_with_any(const std::string& s, const std::vector<std::string>& prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(), [&](const std::string& p) { return s.compare(0, p.size(), p) == 0; });
}

// The claim key and scope cells a delta is about (a link: its claim's).
std::string subject_key(const Delta& d) { return d.claim ? claim_key(*d.claim) : d.link ? d.link->claim : std::string(); }

const std::vector<std::string>& subject_cells(const Delta& d) {
    static const std::vector<std::string> kNone;
    return d.claim ? d.claim->scope.cells : d.link ? d.link->claim_scope : kNone;
}

}  // namespace

InterestProfile build_interest_profile(const SignalEngine& engine, const std::vector<std::string>& declared,
                                       const std::vector<Claim>& held) {
    InterestProfile p;
    for (const std::string& text : declared) p.texts.push_back(engine.prepare(text));
    for (const Claim& c : held) {
        p.texts.push_back(engine.prepare(c.text));
        p.claim_keys.insert(claim_key(c));
    }
    return p;
}

double interest_similarity(const SignalEngine& engine, const InterestProfile& profile, const PreparedText& claim) {
    double best = 0;
    for (const PreparedText& t : profile.texts) best = std::max(best, engine.similarity(t, claim));
    return best;
}

bool Subscription::matches_subject(const Delta& delta) const {
    if (!key_prefixes.empty() && starts_with_any(subject_key(delta), key_prefixes)) return true;
    for (const std::string& cell : subject_cells(delta))
        if (starts_with_any(cell, topics)) return true;
    return false;
}

void Router::subscribe(Subscription subscription) {
    for (Subscription& s : m_subscriptions)
        if (s.brain == subscription.brain) {
            s = std::move(subscription);
            return;
        }
    m_subscriptions.push_back(std::move(subscription));
}

std::vector<std::string> Router::recipients(const Delta& delta, const std::string& sender) const {
    std::vector<bool> chosen(m_subscriptions.size(), false);
    std::optional<PreparedText> text;
    if (delta.claim) text = m_engine.prepare(delta.claim->text);
    double best = -1;
    size_t best_at = m_subscriptions.size();
    for (size_t i = 0; i < m_subscriptions.size(); ++i) {
        const Subscription& s = m_subscriptions[i];
        if (s.brain == sender) continue;
        if (s.matches_subject(delta)) chosen[i] = true;
        if (!s.profile) continue;
        if (delta.link) {
            if (s.profile->claim_keys.count(delta.link->claim)) chosen[i] = true;
            continue;
        }
        if (!text) continue;
        const double sigma = interest_similarity(m_engine, *s.profile, *text);
        if (sigma >= s.min_similarity) chosen[i] = true;
        if (sigma > best) best = sigma, best_at = i;  // ties to the earlier subscription
    }
    if (best_at < m_subscriptions.size()) chosen[best_at] = true;
    std::vector<std::string> out;
    for (size_t i = 0; i < m_subscriptions.size(); ++i)
        if (chosen[i]) out.push_back(m_subscriptions[i].brain);
    return out;
}

void Router::note_held(const std::string& brain, const std::string& claim_key) {
    for (Subscription& s : m_subscriptions)
        if (s.brain == brain && s.profile) s.profile->claim_keys.insert(claim_key);
}

}  // namespace bm::meld
