// ModelSettings in QSettings ("model/…"); the API key through QtKeychain, awaited with QCoro.
#include "model_settings.h"

#include <QCoreApplication>
#include <QCoroSignal>
#include <QSettings>
#include <QUrl>
#include <chrono>
#include <memory>
#include <optional>

#include <qt6keychain/keychain.h>

namespace bm {

namespace {

const QString kKeyringService = QStringLiteral("beliefmerge-studio");
const QString kKeyringEntry = QStringLiteral("api-key");
constexpr std::chrono::seconds kKeyringWait{8};

// The keyring's answer, read once per process (a keyring that does not answer costs its wait once);
// forgotten when the settings are saved. GUI thread only.
std::optional<KeyringResult>& keyringCache() {
    static std::optional<KeyringResult> cache;
    return cache;
}

// Starts `job` (never with the insecure plain-text fallback) and waits for it.
QCoro::Task<KeyringResult> runJob(std::unique_ptr<QKeychain::Job> job) {
    job->setAutoDelete(false);
    job->setInsecureFallback(false);
    job->setKey(kKeyringEntry);
    job->start();  // queued: finished() comes after the await below is set up
    auto finished = qCoro(job.get(), &QKeychain::Job::finished, kKeyringWait);
    const auto done = co_await finished;
    KeyringResult out;
    if (!done) {
        out.reachable = false;
        out.error = QCoreApplication::translate("bm::ModelSettings", "the keyring did not answer within %1 s")
                        .arg(kKeyringWait.count());
        co_return out;
    }
    switch (job->error()) {
        case QKeychain::NoError: out.ok = true; break;
        case QKeychain::EntryNotFound: out.ok = true; break;  // nothing stored: not an error
        case QKeychain::AccessDenied:
        case QKeychain::AccessDeniedByUser:
        case QKeychain::CouldNotDeleteEntry: out.error = job->errorString(); break;
        default:  // no backend, or one that cannot be talked to (no session bus): unreachable
            out.reachable = false;
            out.error = job->errorString();
            if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
                out.error = QCoreApplication::translate("bm::ModelSettings", "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set");
            break;
    }
    if (out.ok && job->error() == QKeychain::NoError)
        if (auto* read = qobject_cast<QKeychain::ReadPasswordJob*>(job.get())) out.key = read->textData();
    co_return out;
}

}  // namespace

ModelSettings ModelSettings::load() {
    const services::ServiceConfig env = services::config_from_environment(nullptr);
    QSettings settings;
    ModelSettings s;
    auto saved = [&](const QString& key, const QString& fallback) {
        const QString value = settings.value(key).toString();
        return value.isEmpty() ? fallback : value;
    };
    s.endpoint = saved(QStringLiteral("model/endpoint"), env.base_url.toString());
    s.model = saved(QStringLiteral("model/model"), env.model);
    s.timeoutSeconds = settings.value(QStringLiteral("model/timeoutSeconds"), env.timeout_ms / 1000).toInt();
    if (s.timeoutSeconds <= 0) s.timeoutSeconds = 120;
    return s;
}

void ModelSettings::save() const {
    QSettings settings;  // never the key
    settings.setValue(QStringLiteral("model/endpoint"), endpoint.trimmed());
    settings.setValue(QStringLiteral("model/model"), model.trimmed());
    settings.setValue(QStringLiteral("model/timeoutSeconds"), timeoutSeconds);
}

QString ModelSettings::endpointProblem() const {
    const QString text = endpoint.trimmed();
    if (text.isEmpty())
        return QCoreApplication::translate("bm::ModelSettings", "no endpoint is set (File > Model Settings…)");
    const QUrl url(text);
    if (!url.isValid() || url.host().isEmpty() ||
        (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return QCoreApplication::translate("bm::ModelSettings", "the endpoint “%1” is not an http(s) URL such as http://127.0.0.1:8080/v1")
            .arg(text);
    return {};
}

services::ServiceConfig ModelSettings::serviceConfig(const QString& apiKey, const QString& workspace) const {
    services::ServiceConfig c = services::config_from_environment(nullptr);
    c.api_key = apiKey;  // not the settings file's plain-text key config_from_environment may read
    c.base_url = endpointProblem().isEmpty() ? QUrl(endpoint.trimmed()) : QUrl();
    c.model = model.trimmed();
    c.timeout_ms = timeoutSeconds * 1000;
    c.workspace_path = workspace;
    return c;
}

QCoro::Task<KeyringResult> readKeyringKey() {
    auto reading = runJob(std::make_unique<QKeychain::ReadPasswordJob>(kKeyringService));
    co_return co_await reading;
}

QCoro::Task<KeyringResult> writeKeyringKey(QString key) {
    auto job = std::make_unique<QKeychain::WritePasswordJob>(kKeyringService);
    job->setTextData(key);
    auto writing = runJob(std::move(job));
    co_return co_await writing;
}

QCoro::Task<KeyringResult> deleteKeyringKey() {
    auto deleting = runJob(std::make_unique<QKeychain::DeletePasswordJob>(kKeyringService));
    co_return co_await deleting;
}

QCoro::Task<ApiKey> resolveApiKey() {
    ApiKey out;
    out.key = qEnvironmentVariable(kApiKeyVariable);
    if (!out.key.isEmpty()) {
        out.source = ApiKey::Source::kEnvironment;
        co_return out;
    }
    if (!keyringCache()) {
        auto reading = readKeyringKey();
        keyringCache() = co_await reading;
    }
    const KeyringResult& read = *keyringCache();
    if (!read.ok) out.keyringProblem = read.error;
    else if (!read.key.isEmpty()) {
        out.key = read.key;
        out.source = ApiKey::Source::kKeyring;
    }
    co_return out;
}

void forgetCachedApiKey() { keyringCache().reset(); }

}  // namespace bm
