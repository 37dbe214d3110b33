// Candidates from slots, selection under the budget left after the fixed pieces, stable-first
// layout, assembly and the exact recount that guarantees the budget.
#include "pack/pack.h"

#include <algorithm>
#include <set>

#include "pack/layout.h"
#include "merge/trust_invariants.h"

namespace bm {

namespace {

struct Candidate {
    const Slot* slot = nullptr;
    const SlotResolution* resolution = nullptr;
    std::string text;
    StabilityKey stability;
    bool retracted = false, unresolved = false, adjudicated = false, redacted = false;
};

PersonalInputs personal_inputs(const MergedSnapshot& snap, const Slot& slot, const std::string& query) {
    PersonalInputs in;
    in.type = slot.type;
    std::set<std::string> sources;
    std::string words = slot.key;
    for (const auto& v : slot.values) {
        const bool shown = slot.winner ? v.value == *slot.winner
                                       : std::find(slot.tied.begin(), slot.tied.end(), v.value) != slot.tied.end();
        if (!shown) continue;
        words += " " + v.value;
        if (!v.evidence.empty()) in.max_evidence = std::max(in.max_evidence, v.evidence.front());
        for (ClaimRef r : v.supporters) sources.insert(snap.claim(r).source.branch_id);
    }
    in.sources = static_cast<int>(std::max<size_t>(sources.size(), 1));
    in.trust = static_cast<int>(slot.trust);
    in.relevance = query_relevance(query, words);
    in.retracted = slot.derivation.status == DerivationStatus::kRetracted;
    return in;
}

bool quotes_redacted(const MergedSnapshot& snap, const Slot& slot) {
    for (const auto& v : slot.values)
        for (ClaimRef r : v.supporters)
            if (snap.claim(r).quote.find("[REDACTED:") != std::string::npos) return true;
    return false;
}

std::string assemble(PackFormat f, const std::string& opening, const std::vector<const std::string*>& items,
                     const std::string& closing) {
    std::string out = opening;
    for (size_t i = 0; i < items.size(); ++i) out += render_item_separator(f, i == 0) + *items[i];
    return out + closing;
}

PackResult empty_result(PackReport report, std::string reason) {
    report.empty = true;
    report.reason = std::move(reason);
    report.tokens = 0;
    report.included = 0;
    return {std::string(), {}, std::move(report)};
}

}  // namespace

std::vector<std::string> item_texts(const PackResult& result) {
    std::vector<std::string> out;
    for (const auto& i : result.items) out.push_back(i.text);
    return out;
}

Result<PackResult> pack_context(const MergedSnapshot& snap, const PackOptions& options, const TokenCounter& counter) {
    // Trust invariants fail closed: the recorded violations plus a fresh check of this snapshot.
    std::vector<InvariantViolation> violations = snap.violations;
    for (auto& v : check_trust_invariants(snap)) {
        bool seen = false;
        for (const auto& w : violations) seen |= w.invariant == v.invariant && w.key == v.key && w.detail == v.detail;
        if (!seen) violations.push_back(std::move(v));
    }
    if (!violations.empty()) {
        std::string msg = "trust invariant violated, nothing is rendered:";
        for (const auto& v : violations) msg += "\n  " + v.invariant + " on '" + v.key + "': " + v.detail;
        return Error::refused(msg, "inspect the slots with `beliefmerge inspect --slots` and fix the labels of the "
                                   "claims named above");
    }
    PackReport report;
    report.counter = counter.name();
    report.format = pack_format_name(options.format);
    report.budget = options.budget;
    report.candidates = snap.slots.size();
    if (snap.slots.empty()) return empty_result(report, "nothing to pack: the merge produced no slots");

    std::vector<Candidate> cands;
    std::vector<PackCandidate> items;
    cands.reserve(snap.slots.size());
    items.reserve(snap.slots.size());
    bool any_below_trusted = false;
    size_t cheapest = SIZE_MAX;
    for (const Slot& slot : snap.slots) {
        Candidate c;
        c.slot = &slot;
        auto it = options.resolutions.find(slot.key);
        c.resolution = it == options.resolutions.end() ? nullptr : &it->second;
        c.text = render_item(options.format, snap, slot, c.resolution);
        c.stability = stability_key(snap, slot, c.resolution);
        c.retracted = slot.derivation.status == DerivationStatus::kRetracted;
        c.adjudicated = c.resolution && !c.resolution->stale && c.resolution->kind != SlotResolution::Kind::kUnresolvable;
        c.unresolved = slot.state == SlotState::kDisputed && !c.adjudicated;
        c.redacted = quotes_redacted(snap, slot);
        any_below_trusted |= slot.trust != TrustLabel::kTrusted;
        PackCandidate pc;
        pc.type = slot.type;
        pc.personal = personal_value(personal_inputs(snap, slot, options.query));
        pc.cost = counter.count(c.text) + 1;  // +1: joining pieces may merge at most one token boundary
        cheapest = std::min(cheapest, pc.cost);
        cands.push_back(std::move(c));
        items.push_back(pc);
    }

    // Fixed pieces, charged at their worst case: the banner if anything may need it, and a trailer
    // with every count at the largest value it can take.
    const std::string opening = render_opening(options.format, any_below_trusted);
    // Only counts some candidate can make non-zero are reserved.
    TrailerCounts worst;
    worst.omitted = cands.size();
    for (const Candidate& c : cands) {
        worst.unresolved += c.unresolved;
        worst.adjudicated += c.adjudicated;
        worst.redacted += c.redacted;
        worst.retracted += c.retracted;
    }
    const size_t fixed = counter.count(opening) + counter.count(render_closing(options.format, worst)) + 2;
    if (fixed + cheapest > options.budget)
        return empty_result(report, "budget of " + std::to_string(options.budget) +
                                        " tokens cannot hold the header, banner and one item (needs at least " +
                                        std::to_string(fixed + cheapest) + ")");

    SelectOptions sel;
    sel.budget = options.budget - fixed;
    sel.algorithm = options.algorithm;
    sel.seed_size = options.seed_size;
    sel.top_m = options.top_m;
    sel.gamma = options.gamma;
    Selection chosen = select_candidates(items, sel);
    report.algorithm = chosen.algorithm;
    report.beat_greedy = chosen.beat_greedy;
    report.greedy_value = chosen.greedy_value;
    report.seeds_tried = chosen.seeds_tried;

    auto stable_less = [&](size_t a, size_t b) { return cands[a].stability < cands[b].stability; };
    auto lay_out = [&](std::vector<size_t> order) {
        std::sort(order.begin(), order.end(), stable_less);
        if (options.volatile_first) std::reverse(order.begin(), order.end());
        return order;
    };
    struct Assembled {
        std::string block;
        size_t tokens = 0;
        TrailerCounts counts;
        bool banner = false;
    };
    auto assemble_order = [&](const std::vector<size_t>& order) {
        Assembled a;
        std::vector<const std::string*> texts;
        for (size_t i : order) {
            const Candidate& c = cands[i];
            a.banner |= c.slot->trust != TrustLabel::kTrusted;
            a.counts.unresolved += c.unresolved;
            a.counts.adjudicated += c.adjudicated;
            a.counts.redacted += c.redacted;
            a.counts.retracted += c.retracted;
            texts.push_back(&c.text);
        }
        a.counts.omitted = cands.size() - order.size();
        a.block = assemble(options.format, render_opening(options.format, a.banner), texts,
                           render_closing(options.format, a.counts));
        a.tokens = counter.count(a.block);
        return a;
    };
    auto density_less = [&](size_t a, size_t b) {
        const double da = items[a].personal / static_cast<double>(items[a].cost);
        const double db = items[b].personal / static_cast<double>(items[b].cost);
        return da != db ? da < db : a > b;
    };

    // Assemble and recount exactly; the pieces' charges bound the block, the loop makes it certain.
    std::vector<size_t> order = lay_out(chosen.chosen);
    Assembled fit;
    while (!order.empty()) {
        fit = assemble_order(order);
        if (fit.tokens <= options.budget) break;
        // Over budget (a counter that is not subadditive): drop the least valuable item per token.
        order.erase(std::min_element(order.begin(), order.end(), density_less));
        ++report.trimmed;
    }
    if (order.empty())
        return empty_result(report, "budget of " + std::to_string(options.budget) +
                                        " tokens cannot hold the header, banner and one item once counted exactly");

    // Fill: the worst-case reservations usually leave room; try the densest omitted candidates
    // against the exact count (U is monotone, so an added item never lowers it).
    std::vector<char> in(cands.size(), 0);
    for (size_t i : order) in[i] = 1;
    std::vector<size_t> rest;
    for (size_t i = 0; i < cands.size(); ++i)
        if (!in[i]) rest.push_back(i);
    std::sort(rest.begin(), rest.end(), [&](size_t a, size_t b) { return density_less(b, a); });
    size_t attempts = 0;
    for (size_t i : rest) {
        if (attempts >= 64 || fit.tokens >= options.budget) break;
        if (items[i].cost > options.budget - fit.tokens + 2) continue;  // cannot fit (count(piece) + 1 is its charge)
        ++attempts;
        std::vector<size_t> grown = order;
        grown.push_back(i);
        grown = lay_out(std::move(grown));
        Assembled a = assemble_order(grown);
        if (a.tokens <= options.budget) {
            order = std::move(grown);
            fit = std::move(a);
            ++report.filled;
        }
    }

    PackResult out;
    out.block = std::move(fit.block);
    for (size_t i : order)
        out.items.push_back({cands[i].slot->key, cands[i].text, items[i].cost, items[i].personal,
                             cands[i].slot->trust == TrustLabel::kUntrusted});
    std::vector<size_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    report.value = objective_value(items, sorted, options.gamma);
    report.tokens = fit.tokens;
    report.included = order.size();
    report.trailer = fit.counts;
    report.banner = fit.banner;
    out.report = std::move(report);
    return out;
}

}  // namespace bm
