// Shared by `meld serve` and `meld publish --nats`: how the brain authenticates to NATS and checks
// the servers' TLS certificates. Secrets are read from files (never given on the command line).
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>
#include <string>

#include "meld/transport/nats_transport.h"

namespace bm::cli {

struct NatsAuthOptions {
    QCommandLineOption creds{QStringLiteral("nats-creds"),
        QStringLiteral("NATS credentials file (user JWT and NKey seed, as `nsc` writes it)."), QStringLiteral("FILE")};
    QCommandLineOption token_file{QStringLiteral("nats-token-file"),
        QStringLiteral("File whose first line is the servers' authorization token."), QStringLiteral("FILE")};
    QCommandLineOption user{QStringLiteral("nats-user"),
        QStringLiteral("NATS user; its password is the first line of --nats-password-file."), QStringLiteral("NAME")};
    QCommandLineOption password_file{QStringLiteral("nats-password-file"),
        QStringLiteral("File whose first line is --nats-user's password."), QStringLiteral("FILE")};
    QCommandLineOption ca{QStringLiteral("nats-ca"),
        QStringLiteral("TLS: trust servers whose certificate this CA (PEM) signed; turns TLS on."), QStringLiteral("FILE")};
    QCommandLineOption cert{QStringLiteral("nats-cert"),
        QStringLiteral("TLS client certificate (PEM), for servers that verify clients; with --nats-key."),
        QStringLiteral("FILE")};
    QCommandLineOption key{QStringLiteral("nats-key"), QStringLiteral("The TLS client certificate's private key (PEM)."),
                           QStringLiteral("FILE")};
    void add_to(QCommandLineParser& parser);
};

// The options as a NatsAuth; nullopt after printing, for `command`, which file or option is wrong.
std::optional<meld::NatsAuth> nats_auth(const QCommandLineParser& parser, const NatsAuthOptions& o,
                                        const std::string& command);

}  // namespace bm::cli
