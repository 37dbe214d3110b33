// The MELD procedure R1–R6 with gate-aware candidate selection, exactly as SPEC §13.3.
#include <algorithm>

#include "meld/brain.h"

namespace bm::meld {

namespace {

const char* chi_name(const ContradictionVerdict& v) { return contradiction_name(v.verdict); }

}  // namespace

Patch Brain::decide_claim(nlohmann::json delta_json, std::string subject, const Claim& b, const PreparedText& pb,
                          CandidateStats* stats) const {
    const Gates& g = m_options.gates;
    Patch p;
    p.brain = m_id;
    p.thresholds = m_thresholds;
    p.provider = m_engine->identity();
    p.time = m_clock + 1;
    p.delta = std::move(delta_json);
    p.subject = std::move(subject);

    // R1: the admission gate (stale or non-active incoming claim). Never "no match".
    if (g.staleness && (b.retention < m_thresholds.r_min || b.status != ClaimStatus::kActive)) {
        p.decision = Decision::kReject;
        p.rule = "R1";
        p.gates.push_back("staleness");
        return p;
    }

    // Candidates: active held claims only. The exact-key hit first, else maximum σ (ties: earliest).
    const HeldClaim* exact = nullptr;
    if (g.kappa) {
        auto it = m_by_key.find(p.subject);
        if (it != m_by_key.end())
            for (uint32_t slot : it->second)
                if (m_slot_status[slot] == ClaimStatus::kActive) {
                    exact = &m_claims[slot];
                    break;
                }
    }
    struct Scored {
        const HeldClaim* held;
        double sigma;
    };
    std::vector<Scored> above_merge;  // σ ≥ θ_merge, for the gate-aware fallback
    const HeldClaim* best = nullptr;
    double best_sigma = -1;
    auto score = [&](const HeldClaim& a, double s) {
        if (s > best_sigma || (s == best_sigma && best && a.seq < best->seq)) {
            best = &a;
            best_sigma = s;
        }
        if (s >= m_thresholds.theta_merge) above_merge.push_back({&a, s});
    };
    // The σ search over candidates. With an exact-key hit it only matters to the gate-aware
    // fallback, so it runs only if the exact target neither conflicts nor merges.
    bool searched = false;
    auto search = [&] {
        if (searched || !g.sigma) return;
        searched = true;
        std::vector<uint32_t> slots;  // active candidates, seq is the slot
        if (m_options.use_index) {
            slots = m_index.query(pb.index_terms, m_options.index_limit);
            std::erase_if(slots, [&](uint32_t slot) { return m_slot_status[slot] != ClaimStatus::kActive; });
        } else {
            for (uint32_t slot = 0; slot < m_claims.size(); ++slot)
                if (m_slot_status[slot] == ClaimStatus::kActive) slots.push_back(slot);
        }
        if (stats) stats->scanned += slots.size();
        if (m_options.bound_pruning) {
            // Highest σ ceiling first (ties: the earlier slot); stop once no candidate left can be the
            // best or reach θ_merge. Every skipped σ is provably below both: the outcome equals scoring all.
            std::vector<std::pair<double, uint32_t>> bounded;
            bounded.reserve(slots.size());
            // Held claims sit far apart in memory: start every candidate's loads before using any.
            for (uint32_t slot : slots) __builtin_prefetch(&m_claims[slot].prepared.vector);
            for (uint32_t slot : slots) m_claims[slot].prepared.vector.prefetch_word_block();
            for (uint32_t slot : slots) bounded.emplace_back(m_engine->similarity_ceiling(m_claims[slot].prepared, pb), slot);
            // A heap, not a sort: only the first few candidates are usually taken from it.
            auto below = [](const auto& x, const auto& y) { return x.first != y.first ? x.first < y.first : x.second > y.second; };
            std::make_heap(bounded.begin(), bounded.end(), below);
            for (auto end = bounded.end(); end != bounded.begin(); --end) {
                std::pop_heap(bounded.begin(), end, below);
                const auto [ceiling, slot] = *(end - 1);
                if (ceiling < best_sigma && ceiling < m_thresholds.theta_merge) break;
                score(m_claims[slot], m_engine->similarity(m_claims[slot].prepared, pb));
                if (stats) ++stats->scored;
            }
        } else {
            for (uint32_t slot : slots) score(m_claims[slot], m_engine->similarity(m_claims[slot].prepared, pb));
            if (stats) stats->scored += slots.size();
        }
    };
    if (!exact) search();

    // R2: novel.
    if (!exact && (!best || best_sigma < m_thresholds.sigma_lo)) {
        p.decision = Decision::kInsert;
        p.rule = "R2";
        p.gates.push_back("novelty");
        p.added_claim = b;
        if (best) p.signals = PatchSignals{false, best_sigma, "", ""};
        return p;
    }

    const HeldClaim* target = exact ? exact : best;
    double sigma = exact ? (g.sigma ? m_engine->similarity(exact->prepared, pb) : 1.0) : best_sigma;
    bool kappa = exact != nullptr;
    ContradictionVerdict chi;
    chi.verdict = Contradiction::kCompatible;
    if (g.inference) chi = m_engine->contradiction(target->prepared, pb);

    auto contradiction_gate = [&](double s) { return g.conflict_at_sigma_lo ? true : s >= m_thresholds.theta_merge; };
    auto context_ok = [&](const HeldClaim& a, std::vector<std::string>* why) {
        bool ok = true;
        if (g.context && !(a.claim.scope.canonical() == b.scope.canonical() && a.claim.validity.overlaps(b.validity))) {
            ok = false;
            if (why) why->push_back("context");
        }
        if (g.staleness && (a.claim.retention < m_thresholds.r_min || b.retention < m_thresholds.r_min)) {
            ok = false;
            if (why) why->push_back("staleness");
        }
        return ok;
    };
    // Which merge rule admits (a, b), or "" with the gates that blocked it.
    auto merge_rule = [&](const HeldClaim& a, bool k, double s, std::vector<std::string>* why) -> std::string {
        std::vector<std::string> blocked;
        const bool ctx = context_ok(a, &blocked);
        if (k && ctx) return "R4";
        // σ ≥ θ_merge, or the lexical engine's fitted merge combiner (merge_combiner.h).
        const bool similar = s >= m_thresholds.theta_merge || (g.sigma && m_engine->paraphrase(a.prepared, pb, s));
        if (!similar) blocked.push_back("threshold");
        const bool auth = !g.authority || b.authority >= a.claim.authority;
        if (!auth) blocked.push_back("authority");
        if (similar && ctx && auth) return "R5";
        if (why) *why = blocked;
        return "";
    };
    auto emit_merge = [&](const HeldClaim& a, const std::string& rule) {
        p.decision = Decision::kMerge;
        p.rule = rule;
        p.target = a.key;
        if (rule == "R5") {
            p.added_claim = b;
            StatusLink link;
            link.claim = p.subject;
            link.claim_scope = b.scope.cells;
            link.effect = ClaimStatus::kDeprecated;
            link.kind = "supersedes";
            link.target = a.key;
            link.author = m_id;
            link.authority = authority();
            link.seal();
            p.links.push_back(std::move(link));
        }
    };
    auto emit_conflict = [&](const HeldClaim& a, const ContradictionVerdict& v) {
        p.decision = Decision::kConflict;
        p.rule = "R3";
        p.target = a.key;
        p.added_claim = b;
        p.gates.push_back("inference");
        p.contradictions.push_back({a.key, p.subject, a.claim.scope.canonical(), b.scope.canonical(), v.reason});
    };
    auto record = [&](const HeldClaim& a, bool k, double s, const ContradictionVerdict& v) {
        p.signals = PatchSignals{k, s, g.inference ? chi_name(v) : "", v.reason};
        (void)a;
    };

    // R3: a contradicting provisional candidate is always the target.
    record(*target, kappa, sigma, chi);
    if (chi.contradicts() && contradiction_gate(sigma)) {
        emit_conflict(*target, chi);
        return p;
    }
    std::vector<std::string> blocked;
    std::string rule = merge_rule(*target, kappa, sigma, &blocked);
    if (!rule.empty()) {
        emit_merge(*target, rule);
        return p;
    }
    // Gate-aware fallback: another active claim that passes every gate at σ ≥ θ_merge, with its own χ.
    search();
    std::sort(above_merge.begin(), above_merge.end(), [](const Scored& x, const Scored& y) {
        return x.sigma != y.sigma ? x.sigma > y.sigma : x.held->seq < y.held->seq;
    });
    for (const Scored& alt : above_merge) {
        if (alt.held == target) continue;
        const bool alt_kappa = alt.held->key == p.subject;
        const std::string alt_rule = merge_rule(*alt.held, alt_kappa, alt.sigma, nullptr);
        if (alt_rule.empty()) continue;
        ContradictionVerdict alt_chi;
        alt_chi.verdict = Contradiction::kCompatible;
        if (g.inference) alt_chi = m_engine->contradiction(alt.held->prepared, pb);
        p.gates.insert(p.gates.end(), blocked.begin(), blocked.end());
        p.gates.push_back("fallback");
        record(*alt.held, alt_kappa, alt.sigma, alt_chi);
        if (alt_chi.contradicts() && contradiction_gate(alt.sigma))
            emit_conflict(*alt.held, alt_chi);
        else
            emit_merge(*alt.held, alt_rule);
        return p;
    }
    // R6: relate, a Mapping weighted by σ.
    p.gates.insert(p.gates.end(), blocked.begin(), blocked.end());
    if (chi.contradicts()) p.gates.push_back("inference-below-theta");
    p.decision = Decision::kRelate;
    p.rule = "R6";
    p.target = target->key;
    p.added_claim = b;
    p.mappings.push_back({p.subject, target->key, "association", sigma});
    return p;
}

Patch Brain::decide_link(nlohmann::json delta_json, const StatusLink& link) const {
    Patch p;
    p.brain = m_id;
    p.thresholds = m_thresholds;
    p.provider = m_engine->identity();
    p.time = m_clock + 1;
    p.delta = std::move(delta_json);
    p.decision = Decision::kStatus;
    p.rule = "status";
    p.subject = link.id;
    p.target = link.claim;
    p.links.push_back(link);  // admitted unconditionally; the gate applies at read time
    return p;
}

}  // namespace bm::meld
