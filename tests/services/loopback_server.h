// A loopback HTTP/1.1 server started by the tests: OpenAI-compatible routes serving scripted
// replies (recorded bodies, 429 with Retry-After, 5xx, slow replies, dropped connections).
// Listens on 127.0.0.1 with a kernel-chosen port; runs on the test's event loop.
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QTcpServer>
#include <QUrl>

#include <deque>
#include <functional>

namespace bm::test {

struct ScriptedReply {
    int status = 200;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    int delay_ms = 0;            // wait before answering (timeouts, cancellation)
    bool drop_connection = false;  // close without any reply
};

inline ScriptedReply reply(int status, QByteArray body, QList<QPair<QByteArray, QByteArray>> headers = {},
                           int delay_ms = 0) {
    ScriptedReply r;
    r.status = status;
    r.body = std::move(body);
    r.headers = std::move(headers);
    r.delay_ms = delay_ms;
    return r;
}

// An OpenAI chat-completions body whose choices[0].message.content is `content`.
QByteArray chat_body(const QByteArray& content, const QByteArray& finish_reason = QByteArrayLiteral("stop"));

class LoopbackServer : public QObject {
    Q_OBJECT
public:
    LoopbackServer();
    bool start();
    void stop();
    // http://127.0.0.1:PORT/v1
    QUrl base_url() const;

    // Replies served in order for `path` (e.g. "/v1/chat/completions"); when the queue is empty the
    // handler answers, else 404.
    void enqueue(const QByteArray& path, ScriptedReply reply);
    std::function<ScriptedReply(const QByteArray& path, const QByteArray& body)> handler;

    QList<QByteArray> bodies;  // every request body received, in order
    QList<QByteArray> auth;    // Authorization headers received

private:
    void on_connection();
    void serve(class QTcpSocket* socket, const QByteArray& path, const QByteArray& body);

    QTcpServer m_server;
    QMap<QByteArray, std::deque<ScriptedReply>> m_queues;
};

}  // namespace bm::test
