// NATS authentication and TLS options of the meld commands: validated, secrets read from their files.
#include "cli/nats_auth_options.h"

#include <filesystem>
#include <fstream>
#include <tuple>

#include "cli_common.h"

namespace bm::cli {

namespace {

// The first line of `path` without its line end; nullopt (printed) when unreadable or empty.
std::optional<std::string> first_line(const std::string& path, const std::string& option, const std::string& command) {
    std::ifstream in(path, std::ios::binary);
    std::string line;
    if (!in || !std::getline(in, line)) {
        print_err(command + ": " + path + " (--" + option + "): cannot read the file, or it is empty\n");
        return std::nullopt;
    }
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    if (line.empty()) {
        print_err(command + ": " + path + " (--" + option + "): the first line is empty; put the secret on it\n");
        return std::nullopt;
    }
    return line;
}

bool readable(const std::string& path, const std::string& option, const std::string& command) {
    std::ifstream in(path, std::ios::binary);
    if (in && std::filesystem::is_regular_file(path)) return true;
    print_err(command + ": " + path + " (--" + option + "): no such readable file\n");
    return false;
}

}  // namespace

void NatsAuthOptions::add_to(QCommandLineParser& parser) {
    for (auto* o : {&creds, &token_file, &user, &password_file, &ca, &cert, &key}) parser.addOption(*o);
}

std::optional<meld::NatsAuth> nats_auth(const QCommandLineParser& parser, const NatsAuthOptions& o,
                                        const std::string& command) {
    meld::NatsAuth auth;
    if (parser.isSet(o.user) != parser.isSet(o.password_file)) {
        print_err(command + ": --nats-user and --nats-password-file go together\n");
        return std::nullopt;
    }
    if (parser.isSet(o.cert) != parser.isSet(o.key)) {
        print_err(command + ": --nats-cert and --nats-key go together\n");
        return std::nullopt;
    }
    if (parser.isSet(o.creds)) {
        auth.credentials_file = to_std(parser.value(o.creds));
        if (!readable(auth.credentials_file, "nats-creds", command)) return std::nullopt;
    }
    if (parser.isSet(o.token_file)) {
        auto token = first_line(to_std(parser.value(o.token_file)), "nats-token-file", command);
        if (!token) return std::nullopt;
        auth.token = *token;
    }
    if (parser.isSet(o.user)) {
        auto password = first_line(to_std(parser.value(o.password_file)), "nats-password-file", command);
        if (!password) return std::nullopt;
        auth.user = to_std(parser.value(o.user));
        auth.password = *password;
    }
    for (auto [opt, name, field] : {std::tuple{&o.ca, "nats-ca", &auth.ca_file}, std::tuple{&o.cert, "nats-cert", &auth.cert_file},
                                    std::tuple{&o.key, "nats-key", &auth.key_file}}) {
        if (!parser.isSet(*opt)) continue;
        *field = to_std(parser.value(*opt));
        if (!readable(*field, name, command)) return std::nullopt;
    }
    return auth;
}

}  // namespace bm::cli
