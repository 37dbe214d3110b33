// In-process transport and anti-entropy.
#include "meld/federation.h"

namespace bm::meld {

SyncCost anti_entropy(Brain& a, Brain& b) {
    SyncCost cost;
    const StatusDigest da = a.status_links().digest(), db = b.status_links().digest();
    // Phase 1: per-claim set hashes both ways.
    auto summary_bytes = [](const StatusDigest& d) {
        size_t n = 2;
        for (const auto& [claim, cd] : d) n += claim.size() + cd.hash.size() + 6;
        return n;
    };
    cost.bytes += summary_bytes(da) + summary_bytes(db);
    // Phase 2: id lists of the claims whose hashes differ (or that one side lacks).
    StatusDigest diff_a, diff_b;
    for (const auto& [claim, cd] : da) {
        auto it = db.find(claim);
        if (it == db.end() || it->second.hash != cd.hash) diff_a[claim] = cd;
    }
    for (const auto& [claim, cd] : db) {
        auto it = da.find(claim);
        if (it == da.end() || it->second.hash != cd.hash) diff_b[claim] = cd;
    }
    for (const auto* d : {&diff_a, &diff_b})
        for (const auto& [claim, cd] : *d) cost.bytes += claim.size() + cd.ids.size() * 67;
    // Phase 3: pull what each lacks.
    std::vector<StatusLink> to_b, to_a;
    for (const auto& id : b.status_links().missing_from(diff_a)) to_b.push_back(*a.status_links().find(id));
    for (const auto& id : a.status_links().missing_from(diff_b)) to_a.push_back(*b.status_links().find(id));
    for (const auto& l : to_b) {
        cost.bytes += l.to_json().dump().size();
        cost.links_pulled += b.add_link(l);
    }
    for (const auto& l : to_a) {
        cost.bytes += l.to_json().dump().size();
        cost.links_pulled += a.add_link(l);
    }
    return cost;
}

Federation::Federation(std::vector<std::unique_ptr<Brain>> brains, TransportOptions options)
    : m_brains(std::move(brains)), m_inbox(m_brains.size()), m_options(options), m_rng(options.seed) {}

void Federation::publish(size_t from, const Delta& delta) {
    std::bernoulli_distribution lose(m_options.loss), dup(m_options.duplication);
    std::set<std::string> routed;
    if (m_router) {
        const auto to = m_router->recipients(delta, m_brains[from]->id());
        routed.insert(to.begin(), to.end());
    }
    for (size_t i = 0; i < m_brains.size(); ++i) {
        if (i == from || (m_router && !routed.count(m_brains[i]->id()))) continue;
        if (m_options.loss > 0 && lose(m_rng)) {
            ++m_lost;
            continue;
        }
        m_inbox[i].push_back(delta);
        if (m_options.duplication > 0 && dup(m_rng)) m_inbox[i].push_back(delta);
    }
}

void Federation::publish_outboxes() {
    for (size_t i = 0; i < m_brains.size(); ++i)
        for (const Delta& d : m_brains[i]->take_outbox()) publish(i, d);
}

void Federation::partition(size_t brain, bool cut) {
    if (cut)
        m_cut.insert(brain);
    else
        m_cut.erase(brain);
}

size_t Federation::deliver() {
    size_t n = 0;
    for (size_t i = 0; i < m_brains.size(); ++i) {
        if (m_cut.count(i)) continue;
        std::vector<Delta> batch;
        batch.swap(m_inbox[i]);
        partial_shuffle(batch, m_options.reorder, m_rng);
        for (const Delta& d : batch) {
            (void)m_brains[i]->receive(d);
            m_delivered_bytes += d.canonical_bytes().size();
            ++n;
            if (!m_router || !d.claim) continue;
            const std::string key = claim_key(*d.claim);
            if (m_brains[i]->find(key)) m_router->note_held(m_brains[i]->id(), key);
        }
    }
    m_delivered += n;
    return n;
}

SyncCost Federation::anti_entropy_round() {
    SyncCost total;
    auto add = [&](size_t x, size_t y) {
        SyncCost c = anti_entropy(*m_brains[x], *m_brains[y]);
        total.bytes += c.bytes;
        total.links_pulled += c.links_pulled;
    };
    for (size_t i = 0; i + 1 < m_brains.size(); ++i) add(i, i + 1);
    for (size_t i = m_brains.size(); i-- > 1;) add(i - 1, i);
    return total;
}

}  // namespace bm::meld
