// Within-branch supersession under the provenance boundary, JOIN across branches, selection,
// slot states, derivation labels and presented trust. Slots refer to input claims by ClaimRef.
#include "merge/merger.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include "merge/run_records.h"
#include "merge/trust_invariants.h"
#include "merge/value_refinement.h"
#include "trust/trust_lattice.h"

namespace bm {

namespace {

using Refs = std::vector<ClaimRef>;

struct Context {
    const MergedSnapshot& snap;
    const Claim& at(ClaimRef r) const { return snap.claim(r); }
};

double chain_confidence(const Context& ctx, const Refs& chain) {
    int best = 1;
    for (ClaimRef r : chain) best = std::max(best, evidence_weight(ctx.at(r).evidence));
    return best / 8.0;
}

int chain_rank(const Context& ctx, const Refs& chain) {
    int rank = 0;
    for (ClaimRef r : chain) rank = std::max(rank, ctx.at(r).provenance_rank);
    return rank;
}

DisputeEdge make_edge(const Context& ctx, Refs winner_chain, Refs challenger_chain) {
    DisputeEdge e;
    e.winner_value = ctx.at(winner_chain.front()).value;
    e.challenger_value = ctx.at(challenger_chain.front()).value;
    e.winner_rank = chain_rank(ctx, winner_chain);
    e.challenger_rank = chain_rank(ctx, challenger_chain);
    e.effective_confidence = std::min(chain_confidence(ctx, winner_chain), chain_confidence(ctx, challenger_chain));
    e.winner_chain = std::move(winner_chain);
    e.challenger_chain = std::move(challenger_chain);
    return e;
}

// One branch's claims on one key, in order: a later claim supersedes the standing one only when
// its rank is at least the standing claim's (recency is not rank). Appends to the outputs.
void supersede_within_branch(const Context& ctx, const ClaimRef* first, const ClaimRef* last, Refs& active,
                             Refs& history, std::vector<DisputeEdge>& edges) {
    if (last - first == 1) {  // the common case: one claim, nothing to decide
        active.push_back(*first);
        return;
    }
    Refs standing, challengers;
    int standing_rank = 0;
    for (const ClaimRef* p = first; p != last; ++p) {
        const Claim& c = ctx.at(*p);
        if (standing.empty() || c.value == ctx.at(standing.front()).value) {
            standing.push_back(*p);
            standing_rank = std::max(standing_rank, c.provenance_rank);
            continue;
        }
        if (c.provenance_rank >= standing_rank) {
            // A change of mind or a more authoritative observation: the old value becomes history.
            history.insert(history.end(), standing.begin(), standing.end());
            standing = {*p};
            standing_rank = c.provenance_rank;
            std::erase_if(challengers, [&](ClaimRef x) {
                if (ctx.at(x).value != c.value) return false;
                standing.push_back(x);
                standing_rank = std::max(standing_rank, ctx.at(x).provenance_rank);
                return true;
            });
        } else {
            challengers.push_back(*p);  // lower rank, later: recorded as a dispute, not a supersede
        }
    }
    active.insert(active.end(), standing.begin(), standing.end());
    std::stable_sort(challengers.begin(), challengers.end(),
                     [&](ClaimRef a, ClaimRef b) { return ctx.at(a).value < ctx.at(b).value; });
    for (size_t i = 0; i < challengers.size();) {
        size_t j = i;
        while (j < challengers.size() && ctx.at(challengers[j]).value == ctx.at(challengers[i]).value) ++j;
        Refs chain(challengers.begin() + static_cast<ptrdiff_t>(i), challengers.begin() + static_cast<ptrdiff_t>(j));
        active.insert(active.end(), chain.begin(), chain.end());
        edges.push_back(make_edge(ctx, standing, std::move(chain)));
        i = j;
    }
}

std::vector<Route> union_routes(const Context& ctx, const Refs& claims) {
    std::set<Route> routes;
    for (ClaimRef ref : claims)
        for (Route r : ctx.at(ref).derived_from) {
            std::sort(r.begin(), r.end());
            r.erase(std::unique(r.begin(), r.end()), r.end());
            if (!r.empty()) routes.insert(std::move(r));
        }
    return {routes.begin(), routes.end()};
}

SlotType slot_type_of(const Context& ctx, const Refs& claims) {
    // The type asserted with the strongest evidence; ties to the lower enum value.
    std::optional<std::pair<int, int>> best;
    SlotType type = SlotType::kFact;
    for (ClaimRef ref : claims) {
        const Claim& c = ctx.at(ref);
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

Slot build_slot(const Context& ctx, std::string key, Refs active, Refs history, std::vector<DisputeEdge> edges,
                ScoreRule rule) {
    Slot slot;
    slot.key = std::move(key);
    auto by_order = [&](ClaimRef a, ClaimRef b) {
        const Claim& x = ctx.at(a);
        const Claim& y = ctx.at(b);
        return std::tie(x.source.branch_id, x.source.seq, x.source.message_id, x.value, x.quote) <
               std::tie(y.source.branch_id, y.source.seq, y.source.message_id, y.value, y.quote);
    };
    std::sort(active.begin(), active.end(), by_order);
    std::sort(history.begin(), history.end(), by_order);
    slot.type = slot_type_of(ctx, active);
    slot.routes = union_routes(ctx, active);
    // One fact worded with more or fewer words is one value: the most general wording, supported by
    // every claim (each still shows its own words); its rivals' edges go (value_refinement.h).
    std::optional<std::string> reading;
    if (active.size() > 1) {
        std::vector<std::string> distinct;
        for (ClaimRef ref : active) distinct.push_back(ctx.at(ref).value);
        reading = common_reading(std::move(distinct));
        if (reading) edges.clear();
    }
    auto shown = [&](const Claim& c) -> const std::string& { return reading ? *reading : c.value; };
    std::vector<Opinion> ops;
    ops.reserve(active.size());
    for (ClaimRef ref : active) {
        const Claim& c = ctx.at(ref);
        ops.push_back({shown(c), c.source.branch_id, static_cast<int>(c.evidence)});
    }
    const Annotation annotation(std::move(ops));
    for (const auto& s : supports_by_value(annotation)) {
        SlotValue v;
        v.value = s.value;
        v.evidence = s.evidence;
        v.score = egalitarian_score(s.evidence);
        slot.values.push_back(std::move(v));
    }
    for (ClaimRef ref : active) {
        const Claim& c = ctx.at(ref);
        auto it = std::lower_bound(slot.values.begin(), slot.values.end(), shown(c),
                                   [](const SlotValue& v, const std::string& x) { return v.value < x; });
        it->max_rank = std::max(it->max_rank, c.provenance_rank);
        it->trust = it->supporters.empty() ? c.trust : trust_join(it->trust, c.trust);
        it->supporters.push_back(ref);
    }
    slot.history = std::move(history);
    const Decision d = select(annotation, rule);
    auto value_of = [&](const std::string& v) -> const SlotValue* {
        for (const auto& x : slot.values)
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
                    edges.push_back(make_edge(ctx, top->supporters, t->supporters));
                }
            slot.rank_comparison = "evidence tie broken by provenance rank: " + rank_text(*top, others);
        } else {
            slot.state = SlotState::kDisputed;
            slot.tied = d.tied;
        }
    }
    std::sort(edges.begin(), edges.end(), [](const DisputeEdge& a, const DisputeEdge& b) {
        return std::tie(a.winner_value, a.challenger_value, a.winner_chain, a.challenger_chain) <
               std::tie(b.winner_value, b.challenger_value, b.winner_chain, b.challenger_chain);
    });
    slot.disputes = std::move(edges);
    return slot;
}

// Presented trust with the derivation ceiling, resolved premise-first (cycles → UNTRUSTED).
void label_trust(std::vector<Slot>& slots) {
    std::unordered_map<std::string_view, size_t> index;
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

void canonicalise_inputs(MergedSnapshot& snap, std::vector<BranchClaims> branches) {
    // One entry per branch id (claims unioned), sorted by id; claims in seq order, duplicates once.
    std::sort(branches.begin(), branches.end(),
              [](const BranchClaims& x, const BranchClaims& y) { return x.branch_id < y.branch_id; });
    for (auto& b : branches) {
        if (!snap.inputs.empty() && snap.inputs.back().branch_id == b.branch_id) {
            auto& into = snap.inputs.back().claims;
            for (auto& c : b.claims) into.push_back(std::move(c));
            continue;
        }
        snap.inputs.push_back(std::move(b));
    }
    auto by_seq = [](const Claim& x, const Claim& y) { return x.source.seq < y.source.seq; };
    auto same = [](const Claim& u, const Claim& c) {
        return u.source.seq == c.source.seq && u.source.message_id == c.source.message_id && u.key == c.key &&
               u.value == c.value && u.quote == c.quote && u.evidence == c.evidence;
    };
    for (auto& b : snap.inputs) {
        if (!std::is_sorted(b.claims.begin(), b.claims.end(), by_seq))  // extractors emit in order
            std::stable_sort(b.claims.begin(), b.claims.end(), by_seq);
        size_t kept = 0;
        for (size_t i = 0; i < b.claims.size(); ++i) {
            bool dup = false;  // identical claims (one branch merged twice) count once: idempotence
            for (size_t j = kept; j > 0 && b.claims[j - 1].source.seq == b.claims[i].source.seq && !dup; --j)
                dup = same(b.claims[j - 1], b.claims[i]);
            if (dup) continue;
            if (kept != i) b.claims[kept] = std::move(b.claims[i]);
            ++kept;
        }
        b.claims.resize(kept);
    }
}

}  // namespace

MergedSnapshot merge_branches(std::vector<BranchClaims> branches, const MergeOptions& options) {
    MergedSnapshot snap;
    snap.rule = options.rule;
    separate_differing_runs(branches);  // two sessions' runs are never alternatives
    canonicalise_inputs(snap, std::move(branches));
    const Context ctx{snap};
    // Bucket every claim by key id (counting sort): within a key, refs stay in branch then seq order.
    std::unordered_map<std::string_view, uint32_t> key_ids;
    std::vector<uint32_t> claim_key;
    size_t total = 0;
    for (const auto& b : snap.inputs) total += b.claims.size();
    key_ids.reserve(total / 4 + 16);
    claim_key.reserve(total);
    std::vector<std::string_view> key_names;
    std::vector<uint32_t> counts;
    for (const auto& b : snap.inputs)
        for (const auto& c : b.claims) {
            auto [it, fresh] = key_ids.try_emplace(c.key, static_cast<uint32_t>(key_names.size()));
            if (fresh) {
                key_names.push_back(c.key);
                counts.push_back(0);
            }
            ++counts[it->second];
            claim_key.push_back(it->second);
        }
    std::vector<size_t> offsets(key_names.size() + 1, 0);
    for (size_t k = 0; k < key_names.size(); ++k) offsets[k + 1] = offsets[k] + counts[k];
    Refs refs(total);
    {
        std::vector<size_t> fill(offsets.begin(), offsets.end() - 1);
        size_t n = 0;
        for (uint32_t bi = 0; bi < snap.inputs.size(); ++bi)
            for (uint32_t ci = 0; ci < snap.inputs[bi].claims.size(); ++ci) refs[fill[claim_key[n++]]++] = {bi, ci};
    }
    std::vector<uint32_t> order(key_names.size());
    for (uint32_t k = 0; k < order.size(); ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key_names[a] < key_names[b]; });
    snap.slots.reserve(order.size());
    for (uint32_t k : order) {
        Refs active, history;
        std::vector<DisputeEdge> edges;
        const ClaimRef* p = refs.data() + offsets[k];
        const ClaimRef* end = refs.data() + offsets[k + 1];
        while (p != end) {
            const ClaimRef* q = p;
            while (q != end && q->branch == p->branch) ++q;
            supersede_within_branch(ctx, p, q, active, history, edges);
            p = q;
        }
        snap.slots.push_back(build_slot(ctx, std::string(key_names[k]), std::move(active), std::move(history),
                                        std::move(edges), options.rule));
    }
    std::map<std::string, DerivationInput> derivation_inputs;
    for (const auto& s : snap.slots) derivation_inputs[s.key] = {s.state != SlotState::kDisputed, s.routes};
    auto labels = label_derivations(derivation_inputs);
    for (auto& s : snap.slots) s.derivation = std::move(labels.at(s.key));
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
