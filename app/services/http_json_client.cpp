// The retrying, cancellable JSON POST behind every model call.
#include "http_json_client.h"

#include <QDateTime>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <QCoroNetworkReply>
#include <QCoroTimer>

#include <algorithm>
#include <chrono>

namespace bm::services {

namespace {

std::string excerpt(const QByteArray& body) {
    std::string out = body.left(300).toStdString();
    for (char& c : out)
        if (c == '\n' || c == '\r') c = ' ';
    return out;
}

QUrl join(const QUrl& base, const QString& route) {
    QUrl url = base;
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/'))) path.chop(1);
    url.setPath(path + route);
    return url;
}

bool retryable(int status) { return status == 429 || status == 408 || (status >= 500 && status <= 599); }

}  // namespace

int retry_after_ms(const QByteArray& header) {
    const QByteArray h = header.trimmed();
    if (h.isEmpty()) return -1;
    bool ok = false;
    const double seconds = h.toDouble(&ok);
    if (ok) return seconds < 0 ? -1 : static_cast<int>(std::min(seconds * 1000.0, 86400000.0));
    QString date = QString::fromLatin1(h);
    if (date.endsWith(QLatin1String(" GMT"))) date = date.chopped(4) + QLatin1String(" +0000");  // IMF-fixdate
    const QDateTime when = QDateTime::fromString(date, Qt::RFC2822Date);
    if (!when.isValid()) return -1;
    return static_cast<int>(std::clamp<qint64>(QDateTime::currentDateTimeUtc().msecsTo(when), 0, 86400000));
}

HttpJsonClient::HttpJsonClient(ServiceConfig config, QObject* parent)
    : QObject(parent), m_config(std::move(config)) {
    m_network.setAutoDeleteReplies(false);
}

void HttpJsonClient::cancel() {
    m_cancelled = true;
    Q_EMIT cancelRequested();
}

QCoro::Task<bool> HttpJsonClient::wait_unless_cancelled(int ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!m_cancelled && std::chrono::steady_clock::now() < until) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
        auto slice = QCoro::sleepFor(std::min(left, std::chrono::milliseconds(50)));
        co_await slice;
    }
    co_return !m_cancelled;
}

QCoro::Task<HttpOutcome> HttpJsonClient::post(QString route, QByteArray body) {
    HttpOutcome out;
    const QUrl url = join(m_config.base_url, route);
    out.url = url.toString(QUrl::RemoveUserInfo);
    const std::string where = out.url.toStdString();
    if (const QString exposure = m_config.key_exposure(); !exposure.isEmpty()) {  // nothing is sent
        out.error = {ModelErrorKind::kUnreachable, where + ": " + exposure.toStdString(), 0, {}};
        co_return out;
    }
    for (int attempt = 1;; ++attempt) {
        out.attempts = attempt;
        if (m_cancelled) {
            out.error = {ModelErrorKind::kCancelled, where + ": cancelled", 0, {}};
            co_return out;
        }
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json"));
        if (!m_config.api_key.isEmpty())
            request.setRawHeader(QByteArrayLiteral("Authorization"), "Bearer " + m_config.api_key.toUtf8());
        QNetworkReply* reply = m_network.post(request, body);
        bool timed_out = false;
        QTimer timer;
        timer.setSingleShot(true);
        QObject::connect(&timer, &QTimer::timeout, reply, [&timed_out, reply] {
            timed_out = true;
            reply->abort();
        });
        QObject::connect(this, &HttpJsonClient::cancelRequested, reply, &QNetworkReply::abort);
        timer.start(m_config.timeout_ms);
        if (!reply->isFinished()) {
            auto finished = qCoro(reply).waitForFinished();
            co_await finished;
        }
        timer.stop();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray reply_body = reply->readAll();
        const QNetworkReply::NetworkError net_error = reply->error();
        const QString error_text = reply->errorString();
        const QByteArray retry_after = reply->rawHeader(QByteArrayLiteral("Retry-After"));
        reply->deleteLater();
        out.status = status;
        if (timed_out) {
            out.error = {ModelErrorKind::kTimeout,
                         where + ": no complete reply within " + std::to_string(m_config.timeout_ms) + " ms", 0, {}};
            co_return out;
        }
        if (m_cancelled) {
            out.error = {ModelErrorKind::kCancelled, where + ": cancelled", 0, {}};
            co_return out;
        }
        if (status == 0) {
            // No HTTP status at all: nothing answered (refused, DNS, TLS, reset before headers).
            out.error = {ModelErrorKind::kUnreachable, where + ": " + error_text.toStdString(), 0, {}};
            co_return out;
        }
        if (status >= 200 && status < 300 && net_error == QNetworkReply::NoError) {
            out.ok = true;
            out.body = reply_body;
            co_return out;
        }
        if (retryable(status) && attempt <= m_config.max_retries) {
            int wait = retry_after_ms(retry_after);
            if (wait < 0) wait = m_config.backoff_ms * (1 << std::min(attempt - 1, 10));
            wait = std::min(wait, m_config.max_retry_wait_ms);
            auto waiting = wait_unless_cancelled(wait);
            const bool go_on = co_await waiting;
            if (!go_on) {
                out.error = {ModelErrorKind::kCancelled, where + ": cancelled during retry backoff", status, {}};
                co_return out;
            }
            continue;
        }
        out.error = {ModelErrorKind::kHttpStatus,
                     where + ": HTTP " + std::to_string(status) +
                         (attempt > 1 ? " after " + std::to_string(attempt) + " attempts" : std::string()),
                     status, excerpt(reply_body)};
        co_return out;
    }
}

}  // namespace bm::services
