// Service configuration from the environment, then the settings file.
#include "service_config.h"

#include <QHostAddress>
#include <QSettings>

namespace bm::services {

QString ServiceConfig::key_exposure() const {
    if (api_key.isEmpty() || allow_insecure_http || base_url.scheme() != QStringLiteral("http")) return {};
    const QString host = base_url.host();
    if (host == QStringLiteral("localhost") || QHostAddress(host).isLoopback()) return {};
    return QStringLiteral("refused to send the API key over plain http to %1, which is not a loopback host; use https, "
                          "or pass --allow-insecure-http (BELIEFMERGE_ALLOW_INSECURE_HTTP=1) to send it anyway")
        .arg(host);
}

ServiceConfig config_from_environment(QStringList* warnings) {
    ServiceConfig c;
    QSettings settings(QStringLiteral("BeliefMerge"), QStringLiteral("beliefmerge"));
    auto pick = [&](const char* env, const QString& key) {
        QString v = qEnvironmentVariable(env);
        if (v.isEmpty()) v = settings.value(key).toString();
        return v;
    };
    const QString endpoint = pick("BELIEFMERGE_ENDPOINT", QStringLiteral("services/endpoint"));
    if (!endpoint.isEmpty()) c.base_url = QUrl(endpoint);
    c.model = pick("BELIEFMERGE_MODEL", QStringLiteral("services/model"));
    c.embedding_model = pick("BELIEFMERGE_EMBEDDING_MODEL", QStringLiteral("services/embedding_model"));
    c.api_key = qEnvironmentVariable("BELIEFMERGE_API_KEY");
    c.allow_insecure_http = qEnvironmentVariable("BELIEFMERGE_ALLOW_INSECURE_HTTP") == QStringLiteral("1");
    if (c.api_key.isEmpty()) {
        c.api_key = settings.value(QStringLiteral("services/api_key")).toString();
        if (!c.api_key.isEmpty() && warnings)
            warnings->append(QStringLiteral("the API key was read from the settings file (plain text, no keychain); "
                                            "prefer the BELIEFMERGE_API_KEY environment variable"));
    }
    return c;
}

}  // namespace bm::services
