// `beliefmerge meld init` (a brain and its key), `meld publish` (a workspace's merged claims as
// signed deltas, admitted here or sent over NATS) and the brain summary of `meld status`.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCommandLineParser>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "cli/cli_common.h"
#include "cli/meld_federation.h"
#include "cli/meld_providers.h"
#include "cli/meld_publish.h"
#include "cli/workspace_slots.h"
#include "cli/nats_auth_options.h"
#include "meld/brain_dir.h"
#include "util/durable_write.h"
#include "util/hash.h"
#ifdef BM_HAVE_NATS
#include "meld/transport/nats_transport.h"
#endif

namespace bm::cli {

using namespace bm::meld;
namespace fs = std::filesystem;

std::shared_ptr<const SignalEngine> lexical_engine() {
    return std::make_shared<SignalEngine>(std::make_shared<LexicalProvider>(LexicalProvider::create()));
}

namespace {

// kMinKeyBytes random bytes from the kernel's CSPRNG, hex-encoded (the key is the hex string).
Result<std::string> random_key() {
    unsigned char bytes[kMinKeyBytes];
    size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Error::io(std::string("getrandom failed: ") + std::strerror(errno), Location{"getrandom"});
        got += static_cast<size_t>(n);
    }
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

// Creates `path` with mode 0600, refusing to replace an existing file.
Status write_new_private(const std::string& path, const std::string& bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return errno == EEXIST ? Error::invalid_input("already exists; refusing to overwrite it", Location{path},
                                                      "choose another --brain DIR, or remove it yourself")
                               : Error::io(std::string("cannot create: ") + std::strerror(errno), Location{path});
    const bool ok = ::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()) && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok) return Error::io("cannot write", Location{path});
    return {};
}

std::vector<std::string> split_urls(const QString& urls) {
    std::vector<std::string> out;
    for (const QString& u : urls.split(QLatin1Char(','), Qt::SkipEmptyParts)) out.push_back(to_std(u.trimmed()));
    return out;
}

}  // namespace

std::optional<int> lock_brain(const std::string& brain_dir) {
    const std::string path = (fs::path(brain_dir) / "serve.lock").string();
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return std::nullopt;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return std::nullopt;
    }
    return fd;
}

bool brain_is_locked(const std::string& brain_dir) {
    const std::string path = (fs::path(brain_dir) / "serve.lock").string();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool locked = ::flock(fd, LOCK_SH | LOCK_NB) != 0;
    ::close(fd);
    return locked;
}

nlohmann::json read_serve_state(const std::string& brain_dir) {
    std::ifstream in(fs::path(brain_dir) / kServeStateFile);
    if (!in) return nullptr;
    std::stringstream ss;
    ss << in.rdbuf();
    auto j = nlohmann::json::parse(ss.str(), nullptr, false);
    return j.is_object() ? j : nlohmann::json(nullptr);
}

int meld_init(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption brain_opt(QStringLiteral("brain"), QStringLiteral("Brain directory to create."), QStringLiteral("DIR"));
    QCommandLineOption id_opt(QStringLiteral("id"), QStringLiteral("Brain id (default: DIR's name)."), QStringLiteral("ID"));
    QCommandLineOption cell_opt(QStringLiteral("cell"),
                                QStringLiteral("Scope cell the brain speaks for, name:value (default *: every cell)."),
                                QStringLiteral("C"), QStringLiteral("*"));
    QCommandLineOption authority_opt(QStringLiteral("authority"),
                                     QStringLiteral("Authority level (default 1; 2 or more may overrule and revoke)."),
                                     QStringLiteral("N"), QStringLiteral("1"));
    QCommandLineOption directory_opt(QStringLiteral("directory"),
                                     QStringLiteral("Federation key directory file shared by the brains: the new brain's "
                                                    "key is added to it (created 0600) and brain.json names it."),
                                     QStringLiteral("FILE"));
    for (auto* o : {&brain_opt, &id_opt, &cell_opt, &authority_opt, &directory_opt}) parser.addOption(*o);
    auto p = parse(parser, args,
                   QStringLiteral("Create a brain: DIR/brain.json (mode 0600) with a key of its own, 32 bytes from the\n"
                                  "kernel's CSPRNG (getrandom). Never overwrites a brain.json or a brain already in the\n"
                                  "directory file. Exit status: 0 created; 1 it exists already; 2 bad usage."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(brain_opt)) {
        print_err("beliefmerge meld init: --brain DIR is required\n");
        return kUsage;
    }
    const std::string dir = to_std(parser.value(brain_opt));
    const std::string id = parser.isSet(id_opt) ? to_std(parser.value(id_opt)) : fs::path(dir).lexically_normal().filename().string();
    const std::string cell = to_std(parser.value(cell_opt));
    bool number_ok = false;
    const int authority = parser.value(authority_opt).toInt(&number_ok);
    if (id.empty() || !number_ok || authority < 0 || (cell != "*" && cell.find(':') == std::string::npos)) {
        print_err("beliefmerge meld init: need a non-empty --id, --authority N >= 0 and --cell name:value or *\n");
        return kUsage;
    }
    const std::string config = (fs::path(dir) / "brain.json").string();
    if (fs::exists(config)) {
        print_err("beliefmerge meld init: " + config + ": already exists; refusing to overwrite it\n");
        return kFailed;
    }
    auto key = random_key();
    if (!key) {
        print_err("beliefmerge meld init: " + key.error().to_string() + "\n");
        return kFailed;
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::permissions(dir, fs::perms::owner_all, ec);
    const DirectoryEntry entry{*key, authority, {cell}};
    nlohmann::json brain = {{"id", id}};
    if (parser.isSet(directory_opt)) {
        const std::string file = fs::absolute(to_std(parser.value(directory_opt))).lexically_normal().string();
        KeyDirectory shared;
        if (fs::exists(file)) {
            std::ifstream in(file);
            std::stringstream ss;
            ss << in.rdbuf();
            auto j = nlohmann::json::parse(ss.str(), nullptr, false);
            auto parsed = j.is_object() ? KeyDirectory::from_json(j, file)
                                        : Result<KeyDirectory>(Error::invalid_input("not a JSON object", Location{file}));
            if (!parsed) {
                print_err("beliefmerge meld init: " + parsed.error().to_string() + "\n");
                return kUsage;
            }
            shared = *parsed;
        }
        if (shared.brains.count(id)) {
            print_err("beliefmerge meld init: " + file + ": brain " + id + " is already in it; refusing to replace its key\n");
            return kFailed;
        }
        shared.brains[id] = entry;
        if (Status st = write_file_durably(file, shared.to_json().dump(2) + "\n", 0600); !st.ok()) {
            print_err("beliefmerge meld init: " + st.error().to_string() + "\n");
            return kFailed;
        }
        brain["directory"] = file;
    } else {
        KeyDirectory own;
        own.brains[id] = entry;
        brain["directory"] = own.to_json();
    }
    if (Status st = write_new_private(config, brain.dump(2) + "\n"); !st.ok()) {
        print_err("beliefmerge meld init: " + st.error().to_string() + "\n");
        return kFailed;
    }
    print_out("initialised brain " + id + " in " + dir + " (cell " + cell + ", authority " + std::to_string(authority) +
              ", key of " + std::to_string(kMinKeyBytes) + " random bytes; brain.json mode 0600)\n");
    return kOk;
}

int meld_publish(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption workspace_opt(QStringLiteral("workspace"), QStringLiteral("Workspace (SQLite) whose sessions are merged."),
                                     QStringLiteral("FILE"));
    QCommandLineOption brain_opt(QStringLiteral("brain"), QStringLiteral("Brain directory that signs the deltas."), QStringLiteral("DIR"));
    QCommandLineOption session_opt(QStringLiteral("session"),
                                   QStringLiteral("Only values that a claim of this session supports."), QStringLiteral("S"));
    QCommandLineOption nats_opt(QStringLiteral("nats"),
                                QStringLiteral("Send the deltas to this NATS JetStream (URLs, comma-separated) instead of "
                                               "admitting them here; the brain's `meld serve` admits them."),
                                QStringLiteral("URL"));
    QCommandLineOption federation_opt(QStringLiteral("federation"), QStringLiteral("Federation (stream MELD_<NAME>; default: default)."),
                                      QStringLiteral("NAME"), QStringLiteral("default"));
    QCommandLineOption replicas_opt(QStringLiteral("replicas"), QStringLiteral("Stream copies when it is created (default 1)."),
                                    QStringLiteral("N"), QStringLiteral("1"));
    QCommandLineOption cell_opt(QStringLiteral("cell"),
                                QStringLiteral("Scope cell of the claims (default: the brain's cell; none for *)."), QStringLiteral("C"));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print what was published as JSON."));
    WorkspaceSlotOptions o;
    o.add_to(parser);
    NatsAuthOptions auth_opts;
    auth_opts.add_to(parser);
    for (auto* x : {&workspace_opt, &brain_opt, &session_opt, &nats_opt, &federation_opt, &replicas_opt, &cell_opt, &json_opt})
        parser.addOption(*x);
    auto p = parse(parser, args,
                   QStringLiteral("Publish a workspace's merged claims (decisions applied) as deltas signed by the brain:\n"
                                  "one claim per value a slot presents, with scope, provenance (session/message,\n"
                                  "evidence, rank) and trust; an untrusted claim is never published as trusted, and\n"
                                  "retracted conclusions are left out. Claims the brain has published before (its log\n"
                                  "holds a delta it signed for them) are skipped, so a re-run publishes nothing new. Without --nats the deltas are admitted\n"
                                  "into the brain here (refused while `meld serve` runs on it).\n"
                                  "Exit status: 0 published (or nothing new); 1 refused or the transport failed; 2 bad usage."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(workspace_opt) || !parser.isSet(brain_opt)) {
        print_err("beliefmerge meld publish: --workspace FILE and --brain DIR are required\n");
        return kUsage;
    }
    const std::string workspace = to_std(parser.value(workspace_opt)), dir_path = to_std(parser.value(brain_opt));
    const bool remote = parser.isSet(nats_opt);
#ifndef BM_HAVE_NATS
    if (remote) {
        print_err("beliefmerge meld publish: this build has no NATS transport (install libnats-dev and rebuild)\n");
        return kUsage;
    }
#endif
    if (!fs::exists(workspace)) {
        print_err("beliefmerge meld publish: " + workspace + ": no such workspace\n");
        return kUsage;
    }
    std::optional<int> lock;
    if (!remote && fs::exists(fs::path(dir_path) / "brain.json") && !(lock = lock_brain(dir_path))) {
        print_err("beliefmerge meld publish: " + dir_path + " is being served (`meld serve` holds serve.lock); "
                  "publish through it with --nats URL\n");
        return kFailed;
    }
    auto dir = BrainDir::open(dir_path, lexical_engine());
    if (!dir) {
        print_err("beliefmerge meld publish: " + dir.error().to_string() + "\n");
        return dir.error().is_corruption() ? kFailed : kUsage;
    }
    const Brain& brain = *dir->brain;
    auto config = service_config(parser, o, "meld publish", workspace, true);
    if (!config) return kUsage;
    services::ModelCaller caller(*config);
    int exit_code = kOk;
    auto review = workspace_slots(parser, o, "meld publish", workspace, caller, &exit_code);
    if (!review) return exit_code;
    PublishOptions options;
    options.origin = brain.id();
    options.authority = brain.authority();
    options.session = to_std(parser.value(session_opt));
    if (!options.session.empty()) {
        bool known = false;
        for (const Session& s : *review->sessions) known |= canonical_session_id(s.id) == canonical_session_id(options.session);
        if (!known) {
            print_err("beliefmerge meld publish: the workspace " + workspace + " holds no session " + options.session + "\n");
            return kUsage;
        }
    }
    std::string cell = to_std(parser.value(cell_opt));
    if (!parser.isSet(cell_opt))
        if (const DirectoryEntry* e = brain.directory().find(brain.id()); e && !e->cells.empty()) cell = e->cells.front();
    if (!cell.empty() && cell != "*") options.scope = {cell};
    const PublishPlan plan = plan_publish(*review, options);

    // What this brain has published before: claims of deltas it signed that its log admitted.
    std::set<std::string> published_before;
    for (const Patch& patch : brain.patches())
        if (patch.delta.value("sender", std::string()) == brain.id() && patch.delta.contains("claim"))
            if (auto c = claim_from_json(patch.delta["claim"], Location{dir_path})) published_before.insert(claim_key(*c));
    std::vector<Delta> deltas;
    size_t held = 0;
    for (const meld::Claim& c : plan.claims) {
        if (published_before.count(claim_key(c))) {
            ++held;
            continue;
        }
        Delta d;
        d.sender = brain.id();
        d.sent = brain.clock() + 1 + static_cast<int64_t>(deltas.size());
        d.claim = c;
        d.sign(brain.directory());
        deltas.push_back(std::move(d));
    }
    nlohmann::json out = {{"brain", brain.id()}, {"held", held}, {"retracted", plan.retracted}, {"published", nlohmann::json::array()}};
    bool refused = false;
    if (remote) {
#ifdef BM_HAVE_NATS
        const auto auth = nats_auth(parser, auth_opts, "beliefmerge meld publish");
        if (!auth) return kUsage;
        NatsTransportOptions t;
        t.auth = *auth;
        t.servers = split_urls(parser.value(nats_opt));
        t.federation = to_std(parser.value(federation_opt));
        t.brain = brain.id();
        t.replicas = std::max(1, parser.value(replicas_opt).toInt());
        t.consume = false;
        auto transport = NatsTransport::connect(t);
        if (!transport) {
            print_err("beliefmerge meld publish: " + transport.error().to_string() + "\n");
            return kFailed;
        }
        for (const Delta& d : deltas) {
            // Resent until the stream acknowledges it (the delta id de-duplicates a resend): after a
            // node of the cluster resumes, its raft groups may re-elect for seconds ("no responders").
            Status st = (*transport)->publish(d, WireTopic::kClaim);
            const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
            for (int wait_ms = 100; !st.ok() && std::chrono::steady_clock::now() < give_up; wait_ms = std::min(2 * wait_ms, 1000)) {
                std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
                st = (*transport)->publish(d, WireTopic::kClaim);
            }
            if (!st.ok()) {
                print_err("beliefmerge meld publish: " + st.error().to_string() + " (retried for 30 s)\n");
                return kFailed;
            }
            out["published"].push_back({{"key", claim_key(*d.claim)}, {"text", d.claim->text}, {"trust", d.claim->trust},
                                        {"sent", "nats"}});
        }
#endif
    } else {
        auto admitted = dir->admit_all(deltas);
        if (!admitted) {
            print_err("beliefmerge meld publish: " + admitted.error().to_string() + "\n");
            return kFailed;
        }
        for (size_t i = 0; i < admitted->size(); ++i) {
            const Admission& a = (*admitted)[i];
            refused |= !a.patch && a.outcome != Admission::Outcome::kDuplicate;
            out["published"].push_back({{"key", claim_key(*deltas[i].claim)}, {"text", deltas[i].claim->text},
                                        {"trust", deltas[i].claim->trust},
                                        {"decision", a.patch ? decision_name(a.patch->decision) : a.reason}});
        }
    }
    if (parser.isSet(json_opt)) {
        print_out(out.dump(2) + "\n");
    } else {
        for (const auto& e : out["published"])
            print_out(e.value("decision", std::string("sent")) + " " + e["text"].get<std::string>() + " (" +
                      e["trust"].get<std::string>() + ")\n");
        print_out("published " + std::to_string(deltas.size()) + " claims as " + brain.id() +
                  (remote ? " to " + to_std(parser.value(nats_opt)) : std::string(" into ") + dir_path) + "; " +
                  std::to_string(held) + " already held; " + std::to_string(plan.retracted) +
                  " retracted slots left out\n");
    }
    if (lock) ::close(*lock);
    return refused ? kFailed : kOk;
}

int meld_summary(const std::string& brain_dir, bool json) {
    auto dir = BrainDir::open(brain_dir, lexical_engine());
    if (!dir) {
        print_err("beliefmerge meld status: " + dir.error().to_string() + "\n");
        return dir.error().is_corruption() ? kFailed : kUsage;
    }
    const Brain& b = *dir->brain;
    std::map<std::string, const HeldClaim*> by_key;
    for (const HeldClaim& c : b.claims()) by_key.emplace(c.key, &c);
    std::map<std::string, size_t> counts;
    nlohmann::json claims = nlohmann::json::array();
    for (const auto& [key, c] : by_key) {
        const std::string status = claim_status_name(b.status(key));
        ++counts[status];
        claims.push_back({{"key", key}, {"text", c->claim.text}, {"status", status}, {"origin", c->claim.origin},
                          {"trust", c->claim.trust}});
    }
    const std::string digest = sha256_hex(digest_bytes(b.status_links().digest())).substr(0, 16);
    nlohmann::json serve = read_serve_state(brain_dir);
    const bool running = brain_is_locked(brain_dir);
    if (json) {
        nlohmann::json out = {{"brain", b.id()},     {"claims", claims},           {"counts", counts},
                              {"links", b.status_links().size()}, {"patches", b.patches().size()},
                              {"digest", digest},    {"serving", running},         {"serve", serve}};
        print_out(out.dump(2) + "\n");
        return kOk;
    }
    std::string line = "brain " + b.id() + ": " + std::to_string(by_key.size()) + " claims (";
    bool first = true;
    for (const auto& [status, n] : counts) {
        line += (first ? "" : ", ") + std::to_string(n) + " " + status;
        first = false;
    }
    print_out(line + "), " + std::to_string(b.status_links().size()) + " status links, " +
              std::to_string(b.patches().size()) + " Patches, digest " + digest + "\n");
    if (serve.is_null()) {
        print_out("serve: never served\n");
    } else {
        const int64_t at = serve.value("last_digest_at", int64_t{0});
        const int64_t age = at ? static_cast<int64_t>(std::time(nullptr)) - at : -1;
        print_out(std::string("serve: ") + (running ? "running" : "not running") + " (last pid " +
                  std::to_string(serve.value("pid", 0)) + ", " + serve.value("nats", std::string()) + "), lag " +
                  std::to_string(serve.value("lag", int64_t{-1})) + " messages, " +
                  std::to_string(serve.value("digest_rounds", int64_t{0})) + " digest rounds, last " +
                  (age < 0 ? std::string("never") : std::to_string(age) + " s ago") + "\n");
    }
    return kOk;
}

}  // namespace bm::cli
