// Record/replay in front of the HTTP client.
#include "model_caller.h"

#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm::services {

ModelCaller::ModelCaller(ServiceConfig config, QObject* parent)
    : QObject(parent), m_config(config), m_http(config) {
    if (!m_config.workspace_path.isEmpty()) {
        auto store = ModelCallStore::open(m_config.workspace_path.toStdString());
        if (store) m_store = std::move(*store);
        else m_store_error = store.error().to_string();
    }
}

QCoro::Task<ModelCaller::Body> ModelCaller::fetch(QString route, std::string canonical, std::string digest,
                                                  std::string model, std::string purpose) {
    Body out;
    if (!m_store_error.empty()) {
        out.error = {ModelErrorKind::kInvalid, "the record store cannot be opened: " + m_store_error, 0, {}};
        co_return out;
    }
    if (m_store) {
        auto found = m_store->find(digest);
        if (!found) {
            out.error = {ModelErrorKind::kInvalid, "reading the model-call record failed: " + found.error().to_string(), 0, {}};
            co_return out;
        }
        if (*found) {
            ++m_replayed_calls;
            out.ok = true;
            out.replayed = true;
            out.body = (*found)->response;
            co_return out;
        }
    }
    if (m_config.replay == ReplayMode::kReplayOnly) {
        out.error = {ModelErrorKind::kNotRecorded,
                     "--replay: no recorded reply for request " + digest.substr(0, 16) + " (" + purpose +
                         ") in " + m_config.workspace_path.toStdString(),
                     0, {}};
        co_return out;
    }
    if (!m_config.has_endpoint()) {
        out.error = {ModelErrorKind::kUnreachable,
                     "no endpoint configured (pass --endpoint URL or set BELIEFMERGE_ENDPOINT) and no record for "
                     "request " + digest.substr(0, 16),
                     0, {}};
        co_return out;
    }
    ++m_network_calls;
    auto posting = m_http.post(route, QByteArray::fromStdString(canonical));
    HttpOutcome http = co_await posting;
    out.attempts = http.attempts;
    if (!http.ok) {
        out.error = http.error;
        co_return out;
    }
    out.ok = true;
    out.body = http.body.toStdString();
    if (m_store) {
        ModelCallRecord record{digest, http.url.toStdString(), model, purpose, canonical, out.body, http.status, {}};
        auto put = m_store->put(std::move(record));
        if (!put) {
            out.ok = false;
            out.error = {ModelErrorKind::kInvalid, "recording the model call failed: " + put.error().to_string(), 0, {}};
        }
    }
    co_return out;
}

QCoro::Task<ChatOutcome> ModelCaller::chat(ChatRequest request) {
    if (request.model.empty()) request.model = m_config.model.toStdString();
    ChatOutcome out;
    const std::string canonical = canonical_chat_request(request);
    out.request_digest = sha256_hex(canonical);
    auto fetching = fetch(QStringLiteral("/chat/completions"), canonical, out.request_digest, request.model,
                          request.purpose);
    Body body = co_await fetching;
    out.replayed = body.replayed;
    out.attempts = body.attempts;
    if (!body.ok) {
        out.error = body.error;
        co_return out;
    }
    const std::string where = body.replayed ? "record " + out.request_digest.substr(0, 16)
                                            : m_config.base_url.toString(QUrl::RemoveUserInfo).toStdString() +
                                                  "/chat/completions";
    ChatParse parsed = parse_chat_reply(body.body, where);
    if (!parsed.ok) {
        out.error = parsed.error;
        co_return out;
    }
    out.ok = true;
    out.reply = std::move(parsed.reply);
    co_return out;
}

QCoro::Task<EmbeddingsOutcome> ModelCaller::embed(std::vector<std::string> inputs) {
    EmbeddingsOutcome out;
    const std::string model =
        (m_config.embedding_model.isEmpty() ? m_config.model : m_config.embedding_model).toStdString();
    auto canonical = canonical_json(embeddings_request_body(model, inputs));
    if (!canonical) {
        out.error = {ModelErrorKind::kInvalid, "embedding input is not valid UTF-8", 0, {}};
        co_return out;
    }
    out.request_digest = sha256_hex(*canonical);
    auto fetching = fetch(QStringLiteral("/embeddings"), *canonical, out.request_digest, model, "embed");
    Body body = co_await fetching;
    out.replayed = body.replayed;
    if (!body.ok) {
        out.error = body.error;
        co_return out;
    }
    EmbeddingsParse parsed = parse_embeddings_reply(body.body, inputs.size(), "embeddings " + out.request_digest.substr(0, 16));
    if (!parsed.ok) {
        out.error = parsed.error;
        co_return out;
    }
    out.ok = true;
    out.vectors = std::move(parsed.vectors);
    co_return out;
}

}  // namespace bm::services
