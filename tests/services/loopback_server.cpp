// The test HTTP server: parses one request per connection and answers from the script.
#include "loopback_server.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

namespace bm::test {

QByteArray chat_body(const QByteArray& content, const QByteArray& finish_reason) {
    // Built with QJsonDocument so `content` is escaped exactly as a server would.
    QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("content"), QString::fromUtf8(content)}};
    QJsonObject choice{{QStringLiteral("index"), 0},
                       {QStringLiteral("message"), message},
                       {QStringLiteral("finish_reason"), QString::fromUtf8(finish_reason)}};
    QJsonObject root{{QStringLiteral("id"), QStringLiteral("chatcmpl-test")},
                     {QStringLiteral("object"), QStringLiteral("chat.completion")},
                     {QStringLiteral("model"), QStringLiteral("loopback-model")},
                     {QStringLiteral("choices"), QJsonArray{choice}}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

LoopbackServer::LoopbackServer() {
    connect(&m_server, &QTcpServer::newConnection, this, &LoopbackServer::on_connection);
}

bool LoopbackServer::start() { return m_server.listen(QHostAddress::LocalHost, 0); }

void LoopbackServer::stop() { m_server.close(); }

QUrl LoopbackServer::base_url() const {
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort()));
}

void LoopbackServer::enqueue(const QByteArray& path, ScriptedReply reply) { m_queues[path].push_back(std::move(reply)); }

void LoopbackServer::on_connection() {
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
            buffer->append(socket->readAll());
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0) return;
            const QList<QByteArray> lines = buffer->left(end).split('\n');
            const QList<QByteArray> request_line = lines.value(0).trimmed().split(' ');
            qsizetype length = 0;
            QByteArray authorization;
            for (const QByteArray& line : lines) {
                const qsizetype colon = line.indexOf(':');
                if (colon < 0) continue;
                const QByteArray name = line.left(colon).trimmed().toLower();
                if (name == "content-length") length = line.mid(colon + 1).trimmed().toLongLong();
                if (name == "authorization") authorization = line.mid(colon + 1).trimmed();
            }
            if (buffer->size() < end + 4 + length) return;  // body still arriving
            const QByteArray body = buffer->mid(end + 4, length);
            buffer->clear();
            auth.append(authorization);
            serve(socket, request_line.value(1), body);
        });
    }
}

void LoopbackServer::serve(QTcpSocket* socket, const QByteArray& path, const QByteArray& body) {
    bodies.append(body);
    ScriptedReply reply;
    auto& queue = m_queues[path];
    if (!queue.empty()) {
        reply = queue.front();
        queue.pop_front();
    } else if (handler) {
        reply = handler(path, body);
    } else {
        reply.status = 404;
        reply.body = R"({"error":{"message":"no scripted reply"}})";
    }
    QPointer<QTcpSocket> guard(socket);
    auto answer = [guard, reply] {
        if (!guard) return;
        if (reply.drop_connection) {
            guard->abort();
            return;
        }
        QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + " Scripted\r\n";
        head += "Content-Type: application/json\r\nConnection: close\r\n";
        head += "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n";
        for (const auto& [name, value] : reply.headers) head += name + ": " + value + "\r\n";
        guard->write(head + "\r\n" + reply.body);
        guard->disconnectFromHost();
    };
    if (reply.delay_ms > 0) QTimer::singleShot(reply.delay_ms, socket, answer);
    else answer();
}

}  // namespace bm::test
