// BrainPeer: publish queue with retry, admission of delivered deltas, digest answers.
#include "meld/transport/brain_peer.h"

#include <algorithm>

namespace bm::meld {

Status BrainPeer::flush(bool digest) {
    for (Delta& d : m_brain.take_outbox()) {
        const WireTopic topic = d.is_claim() ? WireTopic::kClaim : WireTopic::kLink;
        if (!m_router) {
            m_pending.push_back({std::move(d), topic, {}});
            continue;
        }
        for (const std::string& to : m_router->recipients(d, m_brain.id())) m_pending.push_back({d, topic, to});
    }
    while (!m_pending.empty()) {
        const Outgoing& out = m_pending.front();
        auto s = out.recipient.empty() ? m_transport.publish(out.delta, out.topic)
                                       : m_transport.publish_to(out.delta, out.topic, out.recipient);
        if (!s) return s;
        m_pending.pop_front();
        ++m_counters.published;
    }
    if (!digest) return {};
    SignedDigest d;
    d.brain = m_brain.id();
    d.digest = m_brain.status_links().digest();
    d.cell = digest_cell(m_brain.directory(), m_brain.id());
    d.sign(m_brain.directory());
    return m_transport.publish_digest(d);
}

Result<size_t> BrainPeer::consume(int max_messages, int timeout_ms) {
    return m_transport.poll([this](const WireMessage& m) { return handle(m); }, max_messages, timeout_ms);
}

bool BrainPeer::handle(const WireMessage& m) {
    if (m.topic == WireTopic::kDigest) {
        if (m.digest.brain == m_brain.id()) {
            ++m_counters.own;
        } else if (!m.digest.verify(m_brain.directory())) {
            ++m_counters.dropped_mac;
        } else {
            ++m_counters.digests;
            answer_digest(m.digest);
        }
        return true;
    }
    const bool own = m.delta.sender == m_brain.id();  // admitted when authored, unless published from elsewhere
    const Admission a = m_brain.receive(m.delta);
    switch (a.outcome) {
        case Admission::Outcome::kAdmitted:
            ++m_counters.admitted;
            if (m_sink && a.patch)
                if (Status st = m_sink(*a.patch); !st.ok()) {
                    m_sink_error = st.error();
                    return false;
                }
            break;
        case Admission::Outcome::kDuplicate:
            ++(own ? m_counters.own : m_counters.duplicates);
            break;
        case Admission::Outcome::kDroppedMac:
            ++m_counters.dropped_mac;
            break;
        case Admission::Outcome::kInvalid:
            break;
    }
    return true;  // handled: an admitted, duplicate or dropped delta needs no second delivery
}

void BrainPeer::answer_digest(const SignedDigest& peer) {
    // Links held here that the peer's digest does not list: re-publish each once as a repair.
    const StatusDigest mine = m_brain.status_links().digest();
    for (const auto& [claim, cd] : mine) {
        auto it = peer.digest.find(claim);
        if (it != peer.digest.end() && it->second.hash == cd.hash) continue;
        std::vector<std::string> lacking;
        if (it == peer.digest.end()) lacking = cd.ids;
        else {
            // The peer's list came off the wire: sort it before the set difference relies on order.
            std::vector<std::string> theirs = it->second.ids;
            std::sort(theirs.begin(), theirs.end());
            std::set_difference(cd.ids.begin(), cd.ids.end(), theirs.begin(), theirs.end(),
                                std::back_inserter(lacking));
        }
        for (const std::string& id : lacking) {
            auto [repair, first] = m_repaired.try_emplace(id, 0);
            if (!first && ++repair->second < kRepairAgainAfter) continue;
            if (!first) ++m_counters.repairs_resent;
            repair->second = 0;
            const StatusLink* link = m_brain.status_links().find(id);
            if (!link) continue;
            Delta d;
            d.sender = m_brain.id();
            d.sent = m_brain.clock();
            d.link = *link;
            d.sign(m_brain.directory());
            m_pending.push_back({std::move(d), WireTopic::kRepair, {}});
            ++m_counters.repairs_sent;
        }
    }
}

}  // namespace bm::meld
