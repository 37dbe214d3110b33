// Within-branch supersession under the provenance boundary, JOIN across branches, selection,
// slot states, derivation labels and presented trust.
#include "merge/merger.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "trust/invariants.h"
#include "trust/trust_lattice.h"

namespace bm {

namespace {

double chain_confidence(const std::vector<Claim>& chain) {
    int best = 1;
    for (const auto& c : chain) best = std::max(best, evidence_weight(c.evidence));
    return best / 8.0;
}

bool claim_order(const Claim& a, const Claim& b) {
    return std::tie(a.source.branch_id, a.source.seq, a.source.message_id, a.value, a.quote) <
           std::tie(b.source.branch_id, b.source.seq, b.source.message_id, b.value, b.quote);
}

struct BranchKeyResult {
    std::vector<Claim> active;
    std::vector<Claim> history;
    std::vector<DisputeEdge> edges;
};

// One branch's claims on one key, in order: a later claim supersedes the standing one only when
// its rank is at least the standing claim's (recency is not rank).
BranchKeyResult supersede_within_branch(const std::vector<Claim>& claims) {
    BranchKeyResult r;
    std::vector<Claim> standing;  // claims agreeing on the standing value
    std::vector<Claim> challengers;
    for (const Claim& c : claims) {
        if (standing.empty() || c.value == standing.front().value) {
            standing.push_back(c);
            continue;
        }
        int standing_rank = 0;
        for (const auto& s : standing) standing_rank = std::max(standing_rank, s.provenance_rank);
        if (c.provenance_rank >= standing_rank) {
            // A change of mind or a more authoritative observation: the old value becomes history.
            r.history.insert(r.history.end(), standing.begin(), standing.end());
            standing = {c};
            std::erase_if(challengers, [&](const Claim& x) {
                if (x.value == c.value) {
                    standing.push_back(x);
                    return true;
                }
                return false;
            });
        } else {
            challengers.push_back(c);  // lower rank, later: recorded as a dispute, not a supersede
        }
    }
    r.active = standing;
    std::map<std::string, std::vector<Claim>> by_value;
    for (const auto& c : challengers) by_value[c.value].push_back(c);
    for (auto& [value, chain] : by_value) {
        DisputeEdge e;
        e.winner_value = standing.front().value;
        e.challenger_value = value;
        e.winner_chain = standing;
        e.challenger_chain = chain;
        for (const auto& s : standing) e.winner_rank = std::max(e.winner_rank, s.provenance_rank);
        for (const auto& s : chain) e.challenger_rank = std::max(e.challenger_rank, s.provenance_rank);
        e.effective_confidence = std::min(chain_confidence(e.winner_chain), chain_confidence(e.challenger_chain));
        r.edges.push_back(std::move(e));
        r.active.insert(r.active.end(), chain.begin(), chain.end());
    }
    return r;
}

std::vector<Route> union_routes(const std::vector<Claim>& claims) {
    std::set<Route> routes;
    for (const auto& c : claims)
        for (Route r : c.derived_from) {
            std::sort(r.begin(), r.end());
            r.erase(std::unique(r.begin(), r.end()), r.end());
            if (!r.empty()) routes.insert(std::move(r));
        }
    return {routes.begin(), routes.end()};
}

SlotType slot_type_of(const std::vector<Claim>& claims) {
    // The type asserted with the strongest evidence; ties to the lower enum value.
    std::optional<std::pair<int, int>> best;
    SlotType type = SlotType::kFact;
    for (const auto& c : claims) {
        std::pair<int, int> k{static_cast<int>(c.evidence), -static_cast<int>(c.type)};
        if (!best || k > *best) best = k, type = c.type;
    }
    return type;
}

std::string rank_text(const SlotValue& w, const std::vector<const SlotValue*>& others) {
    std::string out = "'" + w.value + "' (rank " + std::to_string(w.max_rank) + ") over";
    for (size_t i = 0; i < others.size(); ++i)
        out += std::string(i ? "," : "") + " '" + others[i]->value + "' (rank " + std::to_string(others[i]->max_rank) + ")";
    return out;
}

Slot build_slot(const std::string& key, std::vector<Claim> active, std::vector<Claim> history,
                std::vector<DisputeEdge> edges, ScoreRule rule) {
    Slot slot;
    slot.key = key;
    std::sort(active.begin(), active.end(), claim_order);
    std::sort(history.begin(), history.end(), claim_order);
    slot.type = slot_type_of(active);
    slot.routes = union_routes(active);
    std::vector<Opinion> ops;
    for (const auto& c : active) ops.push_back({c.value, c.source.branch_id, static_cast<int>(c.evidence)});
    const Annotation annotation(std::move(ops));
    const auto supports = supports_by_value(annotation);
    for (const auto& s : supports) {
        SlotValue v;
        v.value = s.value;
        v.evidence = s.evidence;
        v.score = egalitarian_score(s.evidence);
        for (const auto& c : active)
            if (c.value == s.value) {
                v.supporters.push_back(c);
                v.max_rank = std::max(v.max_rank, c.provenance_rank);
                v.trust = v.supporters.size() == 1 ? c.trust : trust_join(v.trust, c.trust);
            }
        slot.values.push_back(std::move(v));
    }
    const Decision d = select(annotation, rule);
    std::sort(edges.begin(), edges.end(), [](const DisputeEdge& a, const DisputeEdge& b) {
        return std::tie(a.winner_value, a.challenger_value, a.winner_rank) <
               std::tie(b.winner_value, b.challenger_value, b.winner_rank);
    });
    auto value_of = [&](const std::string& v) -> SlotValue* {
        for (auto& x : slot.values)
            if (x.value == v) return &x;
        return nullptr;
    };
    if (slot.values.size() == 1) {
        slot.state = SlotState::kSettled;
        slot.winner = slot.values.front().value;
    } else if (d.outcome == Outcome::kResolved) {
        slot.winner = d.winner;
        slot.state = SlotState::kResolved;
        for (const auto& e : edges)
            if (e.winner_value == d.winner) {
                // The winner also stood against a later, lower-rank observation.
                slot.state = SlotState::kContested;
                slot.rank_comparison = "'" + e.winner_value + "' (rank " + std::to_string(e.winner_rank) +
                                       ") is not superseded by the later '" + e.challenger_value + "' (rank " +
                                       std::to_string(e.challenger_rank) + "): recency is not rank";
            }
    } else {
        // An evidence tie: only a strictly higher provenance rank may break it.
        std::vector<const SlotValue*> tied;
        for (const auto& t : d.tied) tied.push_back(value_of(t));
        const SlotValue* top = nullptr;
        bool unique = false;
        for (const auto* t : tied) {
            if (!top || t->max_rank > top->max_rank) top = t, unique = true;
            else if (t->max_rank == top->max_rank) unique = false;
        }
        if (unique) {
            slot.state = SlotState::kContested;
            slot.winner = top->value;
            std::vector<const SlotValue*> others;
            for (const auto* t : tied)
                if (t != top) {
                    others.push_back(t);
                    DisputeEdge e;
                    e.winner_value = top->value;
                    e.challenger_value = t->value;
                    e.winner_chain = top->supporters;
                    e.challenger_chain = t->supporters;
                    e.winner_rank = top->max_rank;
                    e.challenger_rank = t->max_rank;
                    e.effective_confidence = std::min(chain_confidence(e.winner_chain), chain_confidence(e.challenger_chain));
                    edges.push_back(std::move(e));
                }
            slot.rank_comparison = "evidence tie broken by provenance rank: " + rank_text(*top, others);
        } else {
            slot.state = SlotState::kDisputed;
            slot.tied = d.tied;
        }
    }
    slot.disputes = std::move(edges);
    slot.history = std::move(history);
    return slot;
}

// Presented trust with the derivation ceiling, resolved premise-first (cycles → UNTRUSTED).
void label_trust(std::vector<Slot>& slots) {
    std::map<std::string, size_t> index;
    for (size_t i = 0; i < slots.size(); ++i) index[slots[i].key] = i;
    std::vector<int> state(slots.size(), 0);  // 0 new, 1 in progress, 2 done
    std::function<TrustLabel(size_t)> visit = [&](size_t i) -> TrustLabel {
        Slot& s = slots[i];
        if (state[i] == 2) return s.trust;
        if (state[i] == 1) return TrustLabel::kUntrusted;
        state[i] = 1;
        TrustLabel own = TrustLabel::kTrusted;
        bool any = false;
        for (const auto& v : s.values) {
            const bool presented = s.winner ? v.value == *s.winner
                                            : std::find(s.tied.begin(), s.tied.end(), v.value) != s.tied.end();
            if (!presented) continue;
            own = any ? trust_meet(own, v.trust) : v.trust;  // disputed: the weakest tied value bounds
            any = true;
        }
        if (!any) own = TrustLabel::kUntrusted;
        if (!s.routes.empty()) {
            std::vector<std::vector<TrustLabel>> premise_trust;
            for (const auto& r : s.routes) {
                std::vector<TrustLabel> labels;
                for (const auto& p : r) {
                    auto it = index.find(p);
                    labels.push_back(it == index.end() ? TrustLabel::kUntrusted : visit(it->second));
                }
                premise_trust.push_back(std::move(labels));
            }
            s.ceiling = derivation_ceiling(premise_trust);
            own = trust_meet(own, *s.ceiling);
        }
        s.trust = own;
        state[i] = 2;
        return own;
    };
    for (size_t i = 0; i < slots.size(); ++i) visit(i);
}

}  // namespace

MergedSnapshot merge_branches(std::vector<BranchClaims> branches, const MergeOptions& options) {
    MergedSnapshot snap;
    snap.rule = options.rule;
    // Canonical input: one entry per branch id (claims unioned), sorted by id.
    std::map<std::string, BranchClaims> by_id;
    for (auto& b : branches) {
        auto [it, fresh] = by_id.try_emplace(b.branch_id, b);
        if (fresh) continue;
        for (auto& c : b.claims) it->second.claims.push_back(std::move(c));
    }
    for (auto& [id, b] : by_id) {
        std::stable_sort(b.claims.begin(), b.claims.end(),
                         [](const Claim& x, const Claim& y) { return x.source.seq < y.source.seq; });
        // Identical claims (the same branch merged twice) count once: idempotence.
        std::vector<Claim> unique;
        for (auto& c : b.claims) {
            bool dup = std::any_of(unique.end() - std::min<ptrdiff_t>(unique.size(), 64), unique.end(), [&](const Claim& u) {
                return u.source.seq == c.source.seq && u.source.message_id == c.source.message_id && u.key == c.key &&
                       u.value == c.value && u.quote == c.quote && u.evidence == c.evidence;
            });
            if (!dup) unique.push_back(std::move(c));
        }
        b.claims = std::move(unique);
        snap.inputs.push_back(b);
    }
    std::map<std::string, std::vector<Claim>> active, history;
    std::map<std::string, std::vector<DisputeEdge>> edges;
    for (const auto& b : snap.inputs) {
        std::map<std::string, std::vector<Claim>> per_key;
        for (const auto& c : b.claims) per_key[c.key].push_back(c);
        for (auto& [key, claims] : per_key) {
            BranchKeyResult r = supersede_within_branch(claims);
            auto& a = active[key];
            a.insert(a.end(), r.active.begin(), r.active.end());
            auto& h = history[key];
            h.insert(h.end(), r.history.begin(), r.history.end());
            auto& e = edges[key];
            e.insert(e.end(), r.edges.begin(), r.edges.end());
        }
    }
    for (auto& [key, claims] : active)
        snap.slots.push_back(build_slot(key, std::move(claims), std::move(history[key]), std::move(edges[key]), options.rule));
    std::map<std::string, DerivationInput> derivation_inputs;
    for (const auto& s : snap.slots) derivation_inputs[s.key] = {s.state != SlotState::kDisputed, s.routes};
    auto labels = label_derivations(derivation_inputs);
    for (auto& s : snap.slots) s.derivation = labels.at(s.key);
    label_trust(snap.slots);
    snap.violations = check_trust_invariants(snap);
    return snap;
}

MergedSnapshot merge_snapshots(const MergedSnapshot& a, const MergedSnapshot& b) {
    std::vector<BranchClaims> inputs = a.inputs;
    inputs.insert(inputs.end(), b.inputs.begin(), b.inputs.end());
    return merge_branches(std::move(inputs), MergeOptions{a.rule});
}

Result<Claim> supersede(const Claim& current, const std::vector<Claim>& current_chain, const Claim& observation,
                        bool observation_corroborated) {
    if (observation.provenance_rank >= current.provenance_rank || observation_corroborated || current_chain.empty())
        return observation;
    auto chain_text = [](const std::vector<Claim>& chain) {
        std::string s = "[";
        for (size_t i = 0; i < chain.size(); ++i)
            s += (i ? ", " : "") + chain[i].source.branch_id + "/" + chain[i].source.message_id;
        return s + "]";
    };
    return Error(ErrorCode::kProvenanceAsymmetry,
                 "refusing to supersede " + current.key + "='" + current.value + "' (rank " +
                     std::to_string(current.provenance_rank) + ", chain " + chain_text(current_chain) +
                     ") with '" + observation.value + "' from " + observation.source.branch_id + "/" +
                     observation.source.message_id + " (rank " + std::to_string(observation.provenance_rank) +
                     ", chain " + chain_text({observation}) + ")",
                 {}, "record it as disputed_by instead; recency is not rank");
}

}  // namespace bm
