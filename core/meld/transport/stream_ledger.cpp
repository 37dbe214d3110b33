// StreamLedger: handled stream sequences, lag and turbulence bookkeeping (see stream_ledger.h).
#include "meld/transport/stream_ledger.h"

namespace bm::meld {

void StreamLedger::handled(uint64_t seq) {
    if (seq <= m_floor) return;
    m_above.insert(seq);
    while (!m_above.empty() && *m_above.begin() == m_floor + 1) {
        m_above.erase(m_above.begin());
        ++m_floor;
    }
}

void StreamLedger::skip_below(uint64_t first) {
    if (first == 0 || first - 1 <= m_floor) return;
    m_floor = first - 1;
    m_above.erase(m_above.begin(), m_above.upper_bound(m_floor));
    while (!m_above.empty() && *m_above.begin() == m_floor + 1) {
        m_above.erase(m_above.begin());
        ++m_floor;
    }
}

void StreamLedger::error(int64_t /*now_ms*/) {
    if (!m_verify) m_verify_from = m_floor + 1;
    m_verify = true;
    m_recovered_ms = -1;
}

void StreamLedger::success(int64_t now_ms) {
    if (m_verify && m_recovered_ms < 0) m_recovered_ms = now_ms;
}

bool StreamLedger::verify_due(int64_t now_ms, int64_t quiet_ms) const {
    return m_verify && m_recovered_ms >= 0 && now_ms - m_recovered_ms >= quiet_ms;
}

bool StreamLedger::lagging(uint64_t last, int64_t now_ms, int64_t grace_ms) {
    if (last <= m_floor) {
        m_lag_since_ms = -1;
        return false;
    }
    if (m_lag_since_ms < 0) m_lag_since_ms = now_ms;
    if (now_ms - m_lag_since_ms < grace_ms) return false;
    m_lag_since_ms =
        -1;  // the caller reads the lag now; a lag that persists starts a new grace period
    return true;
}

}  // namespace bm::meld
