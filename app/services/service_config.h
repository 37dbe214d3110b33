// Where and how model services are reached (SPEC §18): endpoint, model, API key, timeouts, retries
// and the record/replay mode.
#pragma once

#include <QString>
#include <QStringList>
#include <QUrl>

namespace bm::services {

// How recorded model calls are used (SPEC §18).
enum class ReplayMode {
    kAuto,        // serve a recorded reply when one exists, else call the network and record it
    kReplayOnly,  // records only; a request never recorded fails with kNotRecorded (no network)
};

struct ServiceConfig {
    QUrl base_url;            // OpenAI-compatible base including the version, e.g. http://host:8080/v1
    QString model;            // chat model
    QString embedding_model;  // embeddings model (defaults to `model`)
    QString api_key;          // sent as a Bearer token; never recorded, never logged
    bool allow_insecure_http = false;  // send the key over plain http to a non-loopback host
    int timeout_ms = 120000;  // per attempt, from request to the end of the body
    int max_retries = 3;      // further attempts after a 429 or 5xx
    int backoff_ms = 500;     // first backoff; doubles per retry (Retry-After wins when given)
    int max_retry_wait_ms = 30000;  // cap on one wait, Retry-After included
    QString workspace_path;   // where calls are recorded; empty: no recording, no replay
    ReplayMode replay = ReplayMode::kAuto;

    bool has_endpoint() const { return base_url.isValid() && !base_url.isEmpty(); }
    // Why the key must not be sent to base_url (plain http to a host that is not loopback, without
    // allow_insecure_http); empty when it may.
    QString key_exposure() const;
};

// Fills endpoint, model and key from BELIEFMERGE_ENDPOINT, BELIEFMERGE_MODEL, BELIEFMERGE_API_KEY,
// (and allow_insecure_http from BELIEFMERGE_ALLOW_INSECURE_HTTP=1), else from QSettings (services/endpoint, services/model, services/api_key); a key read from the
// settings file adds a warning (it is stored there in plain text).
ServiceConfig config_from_environment(QStringList* warnings);

}  // namespace bm::services
