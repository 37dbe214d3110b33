// Subscriptions and routing of MELD deltas (issue 25): which brains a published delta reaches.
//
// A Subscription names a brain and what it wants: scope-cell prefixes (topics; a claim or link
// matches when one of its scope cells starts with one), claim-key prefixes (hex), and an interest
// profile — texts the brain declares or holds, plus the keys of the claims it holds — matched by
// the same σ admission uses. A Router holds one subscription per brain and answers recipients():
// a claim reaches a profile subscriber when σ(claim, profile) ≥ its threshold, or when that
// subscriber's σ is the highest among the profile subscribers (top-1, so no claim is routed to
// nobody); a status link reaches a profile subscriber that holds the link's claim. Flooding is the
// absence of a Router. Thread-safety: a Router is mutated by one thread (note_held), read by it.
#pragma once

#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "meld/delta.h"
#include "meld/signal_engine.h"

namespace bm::meld {

// What a brain is interested in by content: σ against each text (the maximum counts), and
// membership of a link's claim key.
struct InterestProfile {
    std::vector<PreparedText> texts;
    std::set<std::string> claim_keys;
};

// A profile from texts the brain declares and claims it holds (their texts and keys).
InterestProfile build_interest_profile(const SignalEngine& engine, const std::vector<std::string>& declared,
                                       const std::vector<Claim>& held = {});
// max over the profile's texts of σ(text, claim text); 0 for an empty profile.
double interest_similarity(const SignalEngine& engine, const InterestProfile& profile, const PreparedText& claim);

struct Subscription {
    std::string brain;
    std::vector<std::string> topics;        // scope-cell prefixes, e.g. "jurisdiction:EU"
    std::vector<std::string> key_prefixes;  // claim-key hex prefixes, e.g. "0" .. "7"
    std::optional<InterestProfile> profile;
    // σ at or above which a claim reaches this profile subscriber; above 1 leaves only top-1.
    double min_similarity = std::numeric_limits<double>::infinity();

    // True when a topic or key prefix matches the delta (the content-free part of the match).
    bool matches_subject(const Delta& delta) const;
};

class Router {
public:
    explicit Router(const SignalEngine& engine) : m_engine(engine) {}

    // Adds or replaces the subscription of `subscription.brain`.
    void subscribe(Subscription subscription);
    // The brains (in subscription order, never `sender`) the delta is routed to.
    std::vector<std::string> recipients(const Delta& delta, const std::string& sender = {}) const;
    // Adds a claim key a brain now holds to its profile (links on that claim then reach it).
    void note_held(const std::string& brain, const std::string& claim_key);
    const std::vector<Subscription>& subscriptions() const { return m_subscriptions; }

private:
    const SignalEngine& m_engine;
    std::vector<Subscription> m_subscriptions;
};

}  // namespace bm::meld
