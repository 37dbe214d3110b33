// `beliefmerge meld serve`: a brain as a long-lived federation member over NATS JetStream —
// durable consumer, admission with each Patch logged before its delivery is acknowledged, digest
// anti-entropy on a timer, DIR/serve.json for `meld status`, clean stop on SIGTERM/SIGINT.
#include <signal.h>
#include <unistd.h>

#include <QCommandLineParser>

#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <thread>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/cli_common.h"
#include "cli/meld_federation.h"
#include "cli/meld_providers.h"
#include "cli/nats_auth_options.h"
#include "meld/brain_audit.h"
#include "meld/brain_dir.h"
#include "util/durable_write.h"
#ifdef BM_HAVE_NATS
#include "meld/transport/brain_peer.h"
#include "meld/transport/retry_pacer.h"
#include "meld/transport/nats_transport.h"
#endif

namespace bm::cli {

using namespace bm::meld;

#ifdef BM_HAVE_NATS
namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) { g_stop = 1; }

std::shared_ptr<spdlog::logger> serve_logger(const std::string& brain) {
    auto log = std::make_shared<spdlog::logger>("meld-serve", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    log->set_pattern("%Y-%m-%dT%H:%M:%S.%e %l meld serve " + brain + "[%P]: %v");
    log->flush_on(spdlog::level::info);
    return log;
}

nlohmann::json counters_json(const PeerCounters& c) {
    return {{"admitted", c.admitted}, {"duplicates", c.duplicates}, {"dropped_mac", c.dropped_mac}, {"own", c.own},
            {"digests", c.digests},   {"repairs_sent", c.repairs_sent}, {"repairs_resent", c.repairs_resent}, {"published", c.published}};
}

}  // namespace
#endif

int meld_serve(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption brain_opt(QStringLiteral("brain"), QStringLiteral("Brain directory."), QStringLiteral("DIR"));
    QCommandLineOption nats_opt(QStringLiteral("nats"), QStringLiteral("NATS server URLs, comma-separated (tried in order)."),
                                QStringLiteral("URL"));
    QCommandLineOption cell_opt(QStringLiteral("cell"),
                                QStringLiteral("Consume only this cell's subjects (meld.<cell>.>); default: every cell."),
                                QStringLiteral("C"));
    QCommandLineOption federation_opt(QStringLiteral("federation"), QStringLiteral("Federation (stream MELD_<NAME>; default: default)."),
                                      QStringLiteral("NAME"), QStringLiteral("default"));
    QCommandLineOption replicas_opt(QStringLiteral("replicas"), QStringLiteral("Stream copies when it is created (default 1; 3 on a 3-node cluster)."),
                                    QStringLiteral("N"), QStringLiteral("1"));
    QCommandLineOption digest_opt(QStringLiteral("digest-interval"),
                                  QStringLiteral("Seconds between digest anti-entropy rounds (default 5)."), QStringLiteral("S"),
                                  QStringLiteral("5"));
    for (auto* o : {&brain_opt, &nats_opt, &cell_opt, &federation_opt, &replicas_opt, &digest_opt}) parser.addOption(*o);
    NatsAuthOptions auth_opts;
    auth_opts.add_to(parser);
    auto p = parse(parser, args,
                   QStringLiteral("Serve a brain in a federation: bind its durable JetStream consumer, admit every delta\n"
                                  "delivered (each Patch appended to the brain's log before the delivery is acknowledged),\n"
                                  "publish what it authored and the status links peers' digests lack, and publish its\n"
                                  "digest every --digest-interval seconds. After a crash or restart it resumes from the\n"
                                  "consumer's position; a re-delivered delta is absorbed. Stops cleanly on SIGTERM/SIGINT.\n"
                                  "Logs to stderr; state for `meld status` in DIR/serve.json.\n"
                                  "Exit status: 0 stopped by a signal; 1 the brain is served already, or failed; 2 bad usage."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(brain_opt) || !parser.isSet(nats_opt)) {
        print_err("beliefmerge meld serve: --brain DIR and --nats URL are required\n");
        return kUsage;
    }
#ifndef BM_HAVE_NATS
    print_err("beliefmerge meld serve: this build has no NATS transport (install libnats-dev and rebuild)\n");
    return kUsage;
#else
    bool ok = false;
    const double interval = parser.value(digest_opt).toDouble(&ok);
    if (!ok || interval <= 0) {
        print_err("beliefmerge meld serve: --digest-interval needs a positive number of seconds\n");
        return kUsage;
    }
    const std::string dir_path = to_std(parser.value(brain_opt)), urls = to_std(parser.value(nats_opt));
    const auto auth = nats_auth(parser, auth_opts, "beliefmerge meld serve");
    if (!auth) return kUsage;
    if (!std::filesystem::exists(std::filesystem::path(dir_path) / "brain.json")) {
        print_err("beliefmerge meld serve: " + dir_path + "/brain.json: no brain here (create one with `meld init --brain " +
                  dir_path + "`)\n");
        return kUsage;
    }
    auto lock = lock_brain(dir_path);
    if (!lock) {
        print_err("beliefmerge meld serve: " + dir_path + " is served already (serve.lock is held), or cannot be locked\n");
        return kFailed;
    }
    auto dir = BrainDir::open(dir_path, lexical_engine());
    if (!dir) {
        print_err("beliefmerge meld serve: " + dir.error().to_string() + "\n");
        return dir.error().is_corruption() ? kFailed : kUsage;
    }
    Brain& brain = *dir->brain;
    auto log = serve_logger(brain.id());
    NatsTransportOptions t;
    t.auth = *auth;
    for (const QString& u : parser.value(nats_opt).split(QLatin1Char(','), Qt::SkipEmptyParts)) t.servers.push_back(to_std(u.trimmed()));
    t.federation = to_std(parser.value(federation_opt));
    t.brain = brain.id();
    t.replicas = std::max(1, parser.value(replicas_opt).toInt());
    t.setup_deadline_ms = 30000;
    if (parser.isSet(cell_opt)) t.subjects = {topic_filter_subject(to_std(parser.value(cell_opt)))};
    log->info("restored {} claims, {} status links from {} Patches; joining {} (stream MELD_{})", brain.claims().size(),
              brain.status_links().size(), brain.patches().size(), urls, nats_name_token(t.federation));
    auto transport = NatsTransport::connect(t);
    if (!transport) {
        log->error("{}", transport.error().to_string());
        return kFailed;
    }
    BrainPeer peer(brain, **transport);
    peer.set_patch_sink([&](const Patch& patch) { return dir->log->append(patch); });
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    ::sigemptyset(&sa.sa_mask);
    ::sigaction(SIGTERM, &sa, nullptr);
    ::sigaction(SIGINT, &sa, nullptr);

    const std::string state_file = (std::filesystem::path(dir_path) / kServeStateFile).string();
    const int64_t started = static_cast<int64_t>(std::time(nullptr));
    int64_t rounds = 0, last_round = 0, lag = -1;
    auto write_state = [&](const char* state) {
        nlohmann::json j = {{"pid", static_cast<int64_t>(::getpid())},
                            {"state", state},
                            {"nats", urls},
                            {"federation", t.federation},
                            {"started_at", started},
                            {"digest_rounds", rounds},
                            {"last_digest_at", last_round},
                            {"lag", lag},
                            {"pending", peer.pending()},
                            {"claims", brain.claims().size()},
                            {"links", brain.status_links().size()},
                            {"counters", counters_json(peer.counters())}};
        if (Status st = write_file_durably(state_file, j.dump(2) + "\n", 0600); !st.ok())
            log->warn("{}", st.error().to_string());
    };
    // Brains added to the key directory (`meld init --directory FILE`) are admitted on the next
    // digest round, without a restart; a changed or removed key is refused once per version.
    std::string refused_version;
    auto reread_directory = [&] {
        auto config = read_brain_config(dir_path);
        if (!config) {
            if (config.error().to_string() != refused_version) log->warn("key directory: {}", config.error().to_string());
            refused_version = config.error().to_string();
            return;
        }
        if (config->directory == brain.directory()) return;
        auto added = brain.admit_new_members(config->directory);
        if (!added) {
            const std::string version = config->directory.to_json().dump();
            if (version != refused_version)
                log->warn("key directory: {}; still serving with the directory it started with", added.error().to_string());
            refused_version = version;
            return;
        }
        std::string ids;
        for (const auto& id : *added) ids += (ids.empty() ? "" : ", ") + id;
        log->info("key directory: admitting deltas from {} from now on", ids);
    };
    write_state("serving");
    log->info("serving; digest every {} s", interval);
    const auto period = std::chrono::duration<double>(interval);
    auto next_digest = std::chrono::steady_clock::now();
    size_t reported = 0;
    // While the cluster refuses publishes (no responders after a node resumes), retry with backoff
    // and warn once per outage instead of on every loop.
    RetryPacer publish_pacer(std::chrono::milliseconds(100), std::chrono::milliseconds(1000));
    while (!g_stop) {
        const auto now = std::chrono::steady_clock::now();
        const bool publish_due = publish_pacer.due(now);
        const bool digest_due = publish_due && now >= next_digest;
        if (publish_due) {
            if (Status st = peer.flush(digest_due); !st.ok()) {
                if (publish_pacer.failures() == 0)
                    log->warn("publish: {} ({} queued); retrying with backoff up to 1 s", st.error().to_string(), peer.pending());
                publish_pacer.failed(now);
            } else if (const size_t failures = publish_pacer.succeeded(); failures > 0) {
                log->info("publish recovered after {} failed attempts", failures);
            }
        }
        if (digest_due) {
            next_digest = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(period);
            reread_directory();
            ++rounds;
            last_round = static_cast<int64_t>(std::time(nullptr));
            if (auto pending = (*transport)->pending_messages()) lag = static_cast<int64_t>(*pending);
            else log->warn("lag: {}", pending.error().to_string());
            write_state("serving");
        }
        auto got = peer.consume(256, 200);
        if (peer.sink_error()) {
            log->error("the Patch log refused a Patch: {}; stopping (a restart restores from the log)",
                       peer.sink_error()->to_string());
            return kFailed;
        }
        if (!got) {
            log->warn("consume: {}", got.error().to_string());
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            continue;
        }
        if (peer.counters().admitted != reported) {
            reported = peer.counters().admitted;
            log->info("admitted {} deltas so far; {} claims, {} status links", reported, brain.claims().size(),
                      brain.status_links().size());
        }
    }
    if (Status st = peer.flush(); !st.ok()) log->warn("final publish: {}", st.error().to_string());
    write_state("stopped");
    log->info("stopped by signal; {} claims, {} status links", brain.claims().size(), brain.status_links().size());
    return kOk;
#endif
}

}  // namespace bm::cli
