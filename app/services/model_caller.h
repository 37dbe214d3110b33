// Model calls with record/replay (SPEC §18): every chat or embeddings request is keyed by the
// SHA-256 of its canonical body; a recorded reply is served with no network, a new one is stored
// in the workspace before it is used, so a replayed run is byte-identical to the original.
//
// Only 2xx replies are recorded (a 429 or 5xx is transient); a 2xx whose content is unusable (empty
// with finish=length, malformed JSON) is recorded too, so the replay reproduces the same fallback.
// Thread-safety: one thread (the event loop's). REQUIRES: outlives the tasks it returns.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QObject>

#include <QCoroTask>

#include "adjudicate/chat_contract.h"
#include "http_json_client.h"
#include "service_config.h"
#include "store/model_call_records.h"

namespace bm::services {

struct ChatOutcome {
    bool ok = false;
    ChatReply reply;
    ModelError error;
    std::string request_digest;
    bool replayed = false;  // served from a record, no network
    int attempts = 0;       // network attempts (0 when replayed)
};

struct EmbeddingsOutcome {
    bool ok = false;
    std::vector<std::vector<double>> vectors;
    ModelError error;
    std::string request_digest;
    bool replayed = false;
};

class ModelCaller : public QObject {
    Q_OBJECT
public:
    explicit ModelCaller(ServiceConfig config, QObject* parent = nullptr);

    // `request.model` defaults to the configured model when empty.
    QCoro::Task<ChatOutcome> chat(ChatRequest request);
    QCoro::Task<EmbeddingsOutcome> embed(std::vector<std::string> inputs);

    void cancel() { m_http.cancel(); }
    const ServiceConfig& config() const { return m_config; }
    int network_calls() const { return m_network_calls; }
    int replayed_calls() const { return m_replayed_calls; }

private:
    // The recorded body for `digest`, or a network POST recorded on success.
    struct Body {
        bool ok = false;
        std::string body;
        ModelError error;
        bool replayed = false;
        int attempts = 0;
    };
    QCoro::Task<Body> fetch(QString route, std::string canonical, std::string digest, std::string model,
                            std::string purpose);

    ServiceConfig m_config;
    HttpJsonClient m_http;
    std::unique_ptr<ModelCallStore> m_store;
    std::string m_store_error;
    int m_network_calls = 0;
    int m_replayed_calls = 0;
};

}  // namespace bm::services
