// The in-process bus: seeded loss, duplication and reordering; held inboxes for partitions.
#include "meld/transport/in_process_transport.h"

namespace bm::meld {

namespace {
WireMessage delta_message(const Delta& delta, WireTopic topic, std::string subject) {
    WireMessage m;
    m.topic = topic;
    m.subject = std::move(subject);
    m.delta = delta;
    return m;
}
}  // namespace

Status InProcessTransport::publish(const Delta& delta, WireTopic topic) {
    m_bus.fan_out(m_index, delta_message(delta, topic, wire_subject(delta, topic)));
    return {};
}

Status InProcessTransport::publish_to(const Delta& delta, WireTopic topic, const std::string& recipient) {
    auto it = m_bus.m_by_brain.find(recipient);
    if (it == m_bus.m_by_brain.end() || it->second == m_index) return {};  // nobody consumes that inbox
    m_bus.send(it->second, delta_message(delta, topic, wire_inbox_subject(recipient, topic)));
    return {};
}

Status InProcessTransport::publish_digest(const SignedDigest& digest) {
    WireMessage m;
    m.topic = WireTopic::kDigest;
    m.subject = "meld." + subject_token(digest.cell) + "." + wire_topic_name(WireTopic::kDigest);
    m.digest = digest;
    m_bus.fan_out(m_index, m);
    return {};
}

Result<size_t> InProcessTransport::poll(const std::function<bool(const WireMessage&)>& handler, int max_messages,
                                        int /*timeout_ms*/) {
    return m_bus.poll(m_index, handler, max_messages);
}

InProcessTransport& InProcessBus::join(const std::string& brain) {
    const size_t index = m_endpoints.size();
    m_endpoints.push_back(std::unique_ptr<InProcessTransport>(new InProcessTransport(*this, index, brain)));
    m_by_brain.emplace(brain, index);
    return *m_endpoints.back();
}

void InProcessBus::partition(size_t i, bool cut) {
    if (cut)
        m_cut.insert(i);
    else
        m_cut.erase(i);
}

void InProcessBus::send(size_t to, const WireMessage& message) {
    std::bernoulli_distribution lose(m_options.loss), dup(m_options.duplication);
    if (m_options.loss > 0 && lose(m_rng)) {
        ++m_lost;
        return;
    }
    auto& inbox = m_endpoints[to]->m_inbox;
    inbox.push_back(message);
    if (m_options.duplication > 0 && dup(m_rng)) inbox.push_back(message);
}

void InProcessBus::fan_out(size_t from, const WireMessage& message) {
    for (size_t i = 0; i < m_endpoints.size(); ++i)
        if (i != from) send(i, message);
}

Result<size_t> InProcessBus::poll(size_t i, const std::function<bool(const WireMessage&)>& handler, int max_messages) {
    if (m_cut.count(i) || max_messages <= 0) return size_t{0};
    std::vector<WireMessage> batch;
    batch.swap(m_endpoints[i]->m_inbox);
    partial_shuffle(batch, m_options.reorder, m_rng);
    std::vector<WireMessage> kept;  // not acknowledged, or beyond max_messages: delivered again
    size_t handed = 0;
    for (WireMessage& m : batch) {
        if (handed == static_cast<size_t>(max_messages)) {
            kept.push_back(std::move(m));
            continue;
        }
        ++handed;
        if (m.topic != WireTopic::kDigest) m_delivered_bytes += m.delta.canonical_bytes().size();
        bool acked = false;
        try {
            acked = handler(m);
        } catch (...) {
            acked = false;
        }
        if (!acked) kept.push_back(std::move(m));
    }
    // Messages sent while the handler ran (replies) queue behind what is re-delivered.
    auto& inbox = m_endpoints[i]->m_inbox;
    kept.insert(kept.end(), std::make_move_iterator(inbox.begin()), std::make_move_iterator(inbox.end()));
    inbox.swap(kept);
    m_delivered += handed;
    return handed;
}

}  // namespace bm::meld
