// Where the studio reaches the model (SPEC §18): endpoint, model and timeout, remembered in the
// studio's settings, and the API key, read from BELIEFMERGE_API_KEY or kept in the desktop keyring
// (QtKeychain). The key is never written to the settings or any other file: without a reachable
// keyring service it can only come from the environment variable.
#pragma once

#include <QString>

#include <qcorotask.h>

#include "service_config.h"

namespace bm {

inline constexpr const char* kApiKeyVariable = "BELIEFMERGE_API_KEY";

struct ModelSettings {
    QString endpoint;  // OpenAI-compatible base URL including the version
    QString model;
    int timeoutSeconds = 120;  // per request attempt

    // The saved values; what is not saved comes from BELIEFMERGE_ENDPOINT / BELIEFMERGE_MODEL.
    static ModelSettings load();
    void save() const;
    // Why the endpoint cannot be used ("" when it can): not a URL, not http(s).
    QString endpointProblem() const;
    // The services' config for calls recorded in `workspace`, sending `apiKey` (may be empty).
    services::ServiceConfig serviceConfig(const QString& apiKey, const QString& workspace) const;
};

// The outcome of one keyring operation.
struct KeyringResult {
    bool ok = false;
    bool reachable = true;  // false: no keyring service answered (no backend, no session bus)
    QString key;            // read: the stored key ("" when none is stored)
    QString error;          // what the keyring said when !ok
};

// The key in the desktop keyring (service "beliefmerge-studio", entry "api-key"); never a plain-text
// fallback. Each gives up after a few seconds when the keyring does not answer.
QCoro::Task<KeyringResult> readKeyringKey();
QCoro::Task<KeyringResult> writeKeyringKey(QString key);
QCoro::Task<KeyringResult> deleteKeyringKey();

// The key the studio sends: BELIEFMERGE_API_KEY when set, else the keyring's, else none.
struct ApiKey {
    enum class Source { kNone, kEnvironment, kKeyring };
    QString key;
    Source source = Source::kNone;
    QString keyringProblem;  // why the keyring could not be read (when it was asked)
};
// The keyring is asked once per process (GUI thread only); forgetCachedApiKey() makes the next call ask again.
QCoro::Task<ApiKey> resolveApiKey();
void forgetCachedApiKey();

}  // namespace bm
