// Shared helpers of the services tests: the Qt application, fixtures, an event-loop checker.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <string>
#include <vector>

#include "ingest/ingest.h"
#include "model/session.h"

namespace bm::test {

// One QCoreApplication for the whole test binary (QNetworkAccessManager needs it).
inline void ensure_app() {
    if (QCoreApplication::instance()) return;
    static int argc = 1;
    static char name[] = "test_services";
    static char* argv[] = {name, nullptr};
    new QCoreApplication(argc, argv);
}

inline std::string fixture(const std::string& name) { return std::string(SERVICES_DATA_DIR) + "/" + name; }

inline std::vector<Session> read_fixtures(const std::vector<std::string>& names) {
    std::vector<Session> out;
    for (const auto& n : names) {
        ReadResult r = read_file(fixture(n));
        for (auto& s : r.sessions) out.push_back(std::move(s));
    }
    return out;
}

// A 5 ms timer that must keep ticking while a network await is pending: counts ticks and the
// longest gap between two ticks.
class EventLoopChecker {
public:
    EventLoopChecker() {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            if (m_ticks > 0) m_max_gap = std::max(m_max_gap, now - m_last);
            m_last = now;
            ++m_ticks;
        });
        m_clock.start();
        m_timer.start();
    }
    int ticks() const { return m_ticks; }
    qint64 max_gap_ms() const { return m_max_gap; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_ticks = 0;
    qint64 m_last = 0;
    qint64 m_max_gap = 0;
};

}  // namespace bm::test
