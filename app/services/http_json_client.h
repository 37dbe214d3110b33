// POSTs JSON to an OpenAI-compatible endpoint over QNetworkAccessManager with QCoro: per-attempt
// timeout, retry with exponential backoff on 429/5xx honouring Retry-After, cancellation, and
// typed errors (unreachable, HTTP status with a body excerpt, timeout, cancelled).
//
// Thread-safety: lives in one thread (the one with the event loop). REQUIRES: the client outlives
// every task returned by post(). The event loop keeps running during every await.
#pragma once

#include <QByteArray>
#include <QNetworkAccessManager>
#include <QObject>

#include <QCoroTask>

#include "adjudicate/chat_contract.h"
#include "service_config.h"

namespace bm::services {

struct HttpOutcome {
    bool ok = false;      // a 2xx reply with its body
    int status = 0;
    QByteArray body;
    ModelError error;     // when !ok
    int attempts = 0;
    QString url;
};

class HttpJsonClient : public QObject {
    Q_OBJECT
public:
    explicit HttpJsonClient(ServiceConfig config, QObject* parent = nullptr);

    // POSTs `body` to base_url + `route` (e.g. "/chat/completions").
    QCoro::Task<HttpOutcome> post(QString route, QByteArray body);

    // Aborts every request in flight and every backoff wait; later post() calls fail at once.
    void cancel();
    bool cancelled() const { return m_cancelled; }
    const ServiceConfig& config() const { return m_config; }

Q_SIGNALS:
    void cancelRequested();

private:
    // Waits `ms` in small slices so that cancel() ends the wait promptly.
    QCoro::Task<bool> wait_unless_cancelled(int ms);

    ServiceConfig m_config;
    QNetworkAccessManager m_network;
    bool m_cancelled = false;
};

// Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date); -1 when absent/bad.
int retry_after_ms(const QByteArray& header);

}  // namespace bm::services
