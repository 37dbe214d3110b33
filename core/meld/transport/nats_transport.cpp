// NatsTransport over cnats: stream and durable consumer setup, publish with message ids, pull
// consumption with acknowledgement after handling.
#include "meld/transport/nats_transport.h"

#include <nats/nats.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <string_view>
#include <thread>

#include "meld/transport/stream_ledger.h"

namespace bm::meld {

struct NatsTransport::Handles {
    natsOptions* opts = nullptr;
    natsConnection* conn = nullptr;
    jsCtx* js = nullptr;
    std::vector<natsSubscription*> subs;  // one per filter subject
    std::vector<std::string> durables;    // their consumers' names
    std::string stream;
    StreamLedger ledger;    // stream sequences handled; when to read around the consumer
    bool catch_up = false;  // the brain consumes all of meld.> (see NatsTransport)
    std::atomic<bool> disconnected{false};  // set by cnats' thread, read by poll()

    ~Handles() {
        for (natsSubscription* sub : subs)
            if (sub)
                natsSubscription_Destroy(
                    sub);  // Destroy, not Unsubscribe: the durable consumer stays
        if (js) jsCtx_Destroy(js);
        if (conn) {
            natsConnection_Close(conn);
            natsConnection_Destroy(conn);
        }
        if (opts) natsOptions_Destroy(opts);
    }
};

namespace {

// cnats' disconnect callback (its own thread): the next poll treats it as a transport error.
void on_disconnected(natsConnection*, void* closure) {
    static_cast<std::atomic<bool>*>(closure)->store(true);
}

// A refusal that retrying cannot mend: wrong or missing credentials, or a TLS handshake that failed.
bool refused(natsStatus s) {
    return s == NATS_CONNECTION_AUTH_FAILED || s == NATS_NOT_PERMITTED || s == NATS_SSL_ERROR ||
           s == NATS_SECURE_CONNECTION_REQUIRED || s == NATS_SECURE_CONNECTION_WANTED;
}

Error nats_error(const std::string& what, natsStatus s, jsErrCode jerr = static_cast<jsErrCode>(0),
                 bool refusal = false) {
    refusal = refusal || refused(s);
    std::string msg = what + ": " + natsStatus_GetText(s);
    if (jerr) msg += " (JetStream error " + std::to_string(static_cast<int>(jerr)) + ")";
    natsStatus last_status = NATS_OK;
    if (const char* last = nats_GetLastError(&last_status); last && *last && last_status == s)
        msg += std::string(" (") + last + ")";  // cnats' or the server's words: "Authorization Violation", ...
    const char* hint = refusal ? "the servers refused this brain, or its credentials could not be used: check --nats-creds, --nats-token-file, --nats-user "
                                    "with --nats-password-file, and for TLS --nats-ca (and --nats-cert/--nats-key)"
                                  : "is nats-server running with -js and reachable at the configured URLs?";
    return Error::io(msg, Location{"nats"}, hint);
}

// Applies `auth` to `opts`; the first failure (an unreadable credentials or certificate file) names it.
natsStatus apply_auth(natsOptions* opts, const NatsAuth& auth, std::string& failed) {
    natsStatus s = NATS_OK;
    if (!auth.credentials_file.empty()) {
        failed = "the credentials file " + auth.credentials_file;
        s = natsOptions_SetUserCredentialsFromFiles(opts, auth.credentials_file.c_str(), nullptr);
    }
    if (s == NATS_OK && !auth.token.empty()) {
        failed = "the token";
        s = natsOptions_SetToken(opts, auth.token.c_str());
    }
    if (s == NATS_OK && !auth.user.empty()) {
        failed = "the user and password";
        s = natsOptions_SetUserInfo(opts, auth.user.c_str(), auth.password.c_str());
    }
    if (s == NATS_OK && auth.tls()) {
        failed = "TLS (is cnats built with TLS?)";
        s = natsOptions_SetSecure(opts, true);
    }
    if (s == NATS_OK && !auth.ca_file.empty()) {
        failed = "the CA file " + auth.ca_file;
        s = natsOptions_LoadCATrustedCertificates(opts, auth.ca_file.c_str());
    }
    if (s == NATS_OK && !auth.cert_file.empty()) {
        failed = "the client certificate " + auth.cert_file + " or its key " + auth.key_file;
        s = natsOptions_LoadCertificatesChain(opts, auth.cert_file.c_str(), auth.key_file.c_str());
    }
    return s;
}

// The stream sequence of a delivered JetStream message (from its reply subject); 0 when unknown.
uint64_t stream_sequence(natsMsg* msg) {
    jsMsgMetaData* meta = nullptr;
    if (natsMsg_GetMetaData(&meta, msg) != NATS_OK) return 0;
    const uint64_t seq = meta->Sequence.Stream;
    jsMsgMetaData_Destroy(meta);
    return seq;
}

}  // namespace

std::string nats_name_token(std::string_view id) {
    std::string out;
    for (char c : id) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-';
        out += ok ? c : '_';
    }
    return out.empty() ? "_" : out;
}

NatsTransport::NatsTransport(NatsTransportOptions options)
    : m_options(std::move(options)), m_h(std::make_unique<Handles>()) {}

NatsTransport::~NatsTransport() = default;

std::string NatsTransport::stream_name() const {
    return "MELD_" + nats_name_token(m_options.federation);
}

Result<std::unique_ptr<NatsTransport>> NatsTransport::connect(const NatsTransportOptions& options) {
    if (options.servers.empty())
        return Error::invalid_input("no NATS server URL given", Location{"nats", 0, -1, "servers"});
    if (options.brain.empty())
        return Error::invalid_input("no brain id for the durable consumer",
                                    Location{"nats", 0, -1, "brain"});
    std::unique_ptr<NatsTransport> t(new NatsTransport(options));
    Handles& h = *t->m_h;
    h.stream = t->stream_name();
    h.catch_up = options.consume && options.catch_up_check_ms > 0 &&
                 (options.subjects.empty() ||
                  (options.subjects.size() == 1 && options.subjects[0] == "meld.>"));
    std::vector<const char*> urls;
    for (const auto& s : options.servers) urls.push_back(s.c_str());
    natsStatus s = natsOptions_Create(&h.opts);
    if (s == NATS_OK)
        s = natsOptions_SetServers(h.opts, urls.data(), static_cast<int>(urls.size()));
    if (s == NATS_OK) s = natsOptions_SetNoRandomize(h.opts, true);
    if (s == NATS_OK) s = natsOptions_SetTimeout(h.opts, options.request_timeout_ms);
    if (s == NATS_OK) s = natsOptions_SetMaxReconnect(h.opts, -1);  // forever: a partition heals
    if (s == NATS_OK) s = natsOptions_SetReconnectWait(h.opts, 100);
    if (s == NATS_OK)
        s = natsOptions_SetPingInterval(h.opts, 1000);  // notice a stopped server quickly
    if (s == NATS_OK) s = natsOptions_SetMaxPingsOut(h.opts, 3);
    if (s == NATS_OK) s = natsOptions_SetDisconnectedCB(h.opts, on_disconnected, &h.disconnected);
    if (s != NATS_OK) return nats_error("NATS options", s);
    if (std::string failed; (s = apply_auth(h.opts, options.auth, failed)) != NATS_OK)
        return Error::invalid_input("NATS authentication: cannot use " + failed + ": " + natsStatus_GetText(s),
                                    Location{"nats", 0, -1, "auth"},
                                    "check that the file exists, is readable and holds what its option names");
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(options.setup_deadline_ms);
    Status last;
    while (true) {
        if (!h.conn) {
            s = natsConnection_Connect(&h.conn, h.opts);
            if (s != NATS_OK) {
                h.conn = nullptr;
                // A server that verifies clients closes a TLS connection without a certificate it
                // trusts: cnats reports a protocol error.
                // A credentials file cnats cannot use (no seed, no JWT) names itself in cnats' error.
                natsStatus last_status = NATS_OK;
                const char* last_error = nats_GetLastError(&last_status);
                const bool bad_creds = !options.auth.credentials_file.empty() && last_error &&
                                       std::string_view(last_error).find(options.auth.credentials_file) != std::string_view::npos;
                const bool refusal = refused(s) || (s == NATS_PROTOCOL_ERROR && options.auth.tls()) || bad_creds;
                last = nats_error("connect to " + options.servers.front(), s, static_cast<jsErrCode>(0), refusal);
                if (refusal) return last.error();  // the same credentials will be refused again
            }
        }
        if (h.conn) {
            last = t->setup();
            if (last.ok()) return t;
        }
        if (std::chrono::steady_clock::now() >= deadline) return last.error();
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
}

Status NatsTransport::setup() {
    Handles& h = *m_h;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    if (!h.js) {
        jsOptions jo;
        jsOptions_Init(&jo);
        jo.Wait = m_options.request_timeout_ms;
        if (natsStatus s = natsConnection_JetStream(&h.js, h.conn, &jo); s != NATS_OK) {
            h.js = nullptr;
            return nats_error("JetStream context", s);
        }
    }
    jsStreamConfig cfg;
    jsStreamConfig_Init(&cfg);
    const char* subjects[] = {"meld.>"};
    cfg.Name = h.stream.c_str();
    cfg.Subjects = subjects;
    cfg.SubjectsLen = 1;
    cfg.Storage = js_FileStorage;
    cfg.Replicas = m_options.replicas;
    jsStreamInfo* si = nullptr;
    natsStatus s = js_AddStream(&si, h.js, &cfg, nullptr, &jerr);
    if (si) jsStreamInfo_Destroy(si);
    if (s != NATS_OK && jerr != JSStreamNameExistErr)
        return nats_error("create stream " + h.stream, s, jerr);
    if (!m_options.consume) return {};
    const std::vector<std::string> filters =
        m_options.subjects.empty() ? std::vector<std::string>{"meld.>"} : m_options.subjects;
    h.subs.resize(filters.size(), nullptr);
    h.durables.resize(filters.size());
    for (size_t k = 0; k < filters.size(); ++k) {
        if (h.subs[k]) continue;
        jsSubOptions so;
        jsSubOptions_Init(&so);
        so.Stream = h.stream.c_str();
        const std::string durable =
            nats_name_token(m_options.brain) + (k == 0 ? "" : "_s" + std::to_string(k));
        h.durables[k] = durable;
        so.Config.AckPolicy = js_AckExplicit;
        so.Config.DeliverPolicy = js_DeliverAll;
        so.Config.AckWait = m_options.ack_wait_ms * 1000000;  // nanoseconds
        so.Config.MaxDeliver = -1;
        jerr = static_cast<jsErrCode>(0);
        s = js_PullSubscribe(&h.subs[k], h.js, filters[k].c_str(), durable.c_str(), nullptr, &so,
                             &jerr);
        if (s != NATS_OK) {
            h.subs[k] = nullptr;
            return nats_error(
                "durable consumer " + durable + " on " + h.stream + " for " + filters[k], s, jerr);
        }
    }
    return {};
}

Status NatsTransport::publish_bytes(const std::string& subject, const std::string& body,
                                    const std::string& msg_id) {
    jsPubOptions po;
    jsPubOptions_Init(&po);
    po.MsgId = msg_id.empty() ? nullptr : msg_id.c_str();
    po.MaxWait = m_options.request_timeout_ms;
    jsPubAck* ack = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    const natsStatus s = js_Publish(&ack, m_h->js, subject.c_str(), body.data(),
                                    static_cast<int>(body.size()), &po, &jerr);
    if (ack) {
        m_duplicates += ack->Duplicate;
        jsPubAck_Destroy(ack);
    }
    if (s != NATS_OK) {
        note_error();
        return nats_error("publish on " + subject, s, jerr);
    }
    note_success();
    return {};
}

Status NatsTransport::publish(const Delta& delta, WireTopic topic) {
    return publish_bytes(wire_subject(delta, topic), encode_wire(delta),
                         std::string(wire_topic_name(topic)) + ":" + delta.id());
}

Status NatsTransport::publish_to(const Delta& delta, WireTopic topic,
                                 const std::string& recipient) {
    const std::string subject = wire_inbox_subject(recipient, topic);
    return publish_bytes(subject, encode_wire(delta), subject + ":" + delta.id());
}

Status NatsTransport::publish_digest(const SignedDigest& digest) {
    // No message id: every digest is a fresh statement of what the brain holds now.
    return publish_bytes(
        "meld." + subject_token(digest.cell.empty() ? "global" : digest.cell) + ".digest",
        encode_wire(digest), {});
}

Status NatsTransport::publish_raw(const std::string& subject, const std::string& body) {
    return publish_bytes(subject, body, {});
}

Result<size_t> NatsTransport::poll(const std::function<bool(const WireMessage&)>& handler,
                                   int max_messages, int timeout_ms) {
    // Every consumer in turn, sharing the wait (at least 20 ms each: a pull request needs a round
    // trip).
    size_t handed = 0;
    std::optional<Error> failure;
    const size_t n = m_h->subs.size();
    const int wait = std::max(20, timeout_ms / static_cast<int>(std::max<size_t>(n, 1)));
    for (size_t k = 0; k < n && handed < static_cast<size_t>(max_messages); ++k) {
        auto got = poll_one(k, handler, max_messages - static_cast<int>(handed), wait);
        if (!got) {
            note_error();
            failure = got.error();
            break;
        }
        handed += *got;
    }
    // Nothing from the consumers (idle, or no consumer leader answers): compare with the stream.
    if (m_h->catch_up && handed == 0) handed += catch_up(handler);
    if (failure && handed == 0) return *failure;
    return handed;
}

Result<size_t> NatsTransport::poll_one(size_t consumer,
                                       const std::function<bool(const WireMessage&)>& handler,
                                       int max_messages, int timeout_ms) {
    natsMsgList list{nullptr, 0};
    jsErrCode jerr = static_cast<jsErrCode>(0);
    const natsStatus s =
        natsSubscription_Fetch(&list, m_h->subs[consumer], max_messages, timeout_ms, &jerr);
    if (s == NATS_TIMEOUT) return size_t{0};
    if (s != NATS_OK) return nats_error("fetch for " + m_options.brain, s, jerr);
    struct ListGuard {
        natsMsgList* l;
        ~ListGuard() { natsMsgList_Destroy(l); }
    } guard{&list};
    size_t handed = 0;
    for (int i = 0; i < list.Count; ++i) {
        natsMsg* msg = list.Msgs[i];
        auto decoded =
            decode_wire(natsMsg_GetSubject(msg),
                        std::string_view(natsMsg_GetData(msg),
                                         static_cast<size_t>(natsMsg_GetDataLength(msg))));
        if (!decoded) {
            natsMsg_Ack(msg, nullptr);
            const uint64_t seq = stream_sequence(msg);
            if (seq == 0 || !m_h->ledger.has(seq))
                ++m_undecodable;  // not already counted by a direct read
            m_h->ledger.handled(seq);
            continue;
        }
        ++handed;
        bool handled = false;
        try {
            handled = handler(*decoded);
        } catch (...) {
            for (int k = i; k < list.Count; ++k) natsMsg_Nak(list.Msgs[k], nullptr);
            throw;
        }
        if (handled) {
            natsMsg_Ack(msg, nullptr);
            m_h->ledger.handled(stream_sequence(msg));
        } else {
            natsMsg_Nak(msg, nullptr);  // re-delivered at once rather than after AckWait
        }
    }
    return handed;
}

int64_t NatsTransport::now_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void NatsTransport::note_error() {
    m_h->ledger.error(now_ms());
}
void NatsTransport::note_success() {
    m_h->ledger.success(now_ms());
}

size_t NatsTransport::catch_up(const std::function<bool(const WireMessage&)>& handler) {
    Handles& h = *m_h;
    if (h.disconnected.exchange(false)) note_error();
    const int64_t now = now_ms();
    if (m_last_check_ms >= 0 && now - m_last_check_ms < m_options.catch_up_check_ms) return 0;
    m_last_check_ms = now;
    jsOptions jo;
    jsOptions_Init(&jo);
    jo.Wait = m_options.catch_up_timeout_ms;
    jsStreamInfo* si = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    if (js_GetStreamInfo(&si, h.js, h.stream.c_str(), &jo, &jerr) != NATS_OK) {
        if (si) jsStreamInfo_Destroy(si);
        note_error();  // no stream leader answers: the cluster is still re-electing
        return 0;
    }
    const uint64_t first = si->State.FirstSeq, last = si->State.LastSeq;
    jsStreamInfo_Destroy(si);
    note_success();
    h.ledger.skip_below(first);
    size_t handed = 0;
    if (h.ledger.verify_due(now, m_options.verify_quiet_ms)) {
        // Re-read since the first error, handled or not: those deliveries may have come from a
        // replica that diverged while its node was frozen.
        ++m_verifications;
        if (read_directly(std::max(h.ledger.verify_from(), first), last, true, handler, handed))
            h.ledger.verified();
        return handed;
    }
    if (h.ledger.lagging(last, now, m_options.catch_up_grace_ms))
        read_directly(h.ledger.floor() + 1, last, false, handler, handed);
    return handed;
}

bool NatsTransport::read_directly(uint64_t from, uint64_t to, bool all,
                                  const std::function<bool(const WireMessage&)>& handler,
                                  size_t& handed) {
    Handles& h = *m_h;
    jsOptions jo;
    jsOptions_Init(&jo);
    jo.Wait = m_options.catch_up_timeout_ms;
    for (uint64_t seq = from; seq <= to; ++seq) {
        const bool known = h.ledger.has(seq);
        if (!all && known) continue;
        natsMsg* msg = nullptr;
        jsErrCode jerr = static_cast<jsErrCode>(0);
        const natsStatus s = js_GetMsg(&msg, h.js, h.stream.c_str(), seq, &jo, &jerr);
        if (s != NATS_OK) {
            if (msg) natsMsg_Destroy(msg);
            if (jerr == JSNoMessageFoundErr) {  // deleted (limits, purge): nothing to hand over
                h.ledger.handled(seq);
                continue;
            }
            note_error();
            return false;
        }
        struct MsgGuard {
            natsMsg* m;
            ~MsgGuard() { natsMsg_Destroy(m); }
        } guard{msg};
        auto decoded =
            decode_wire(natsMsg_GetSubject(msg),
                        std::string_view(natsMsg_GetData(msg),
                                         static_cast<size_t>(natsMsg_GetDataLength(msg))));
        if (!decoded) {
            if (!known) ++m_undecodable;  // counted once, however often it is re-read
            h.ledger.handled(seq);
            continue;
        }
        ++handed;
        ++m_direct_reads;
        if (!handler(*decoded)) return false;  // refused: read again on a later round
        h.ledger.handled(seq);
    }
    return true;
}

Result<uint64_t> NatsTransport::stream_messages() const {
    jsStreamInfo* si = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    const natsStatus s = js_GetStreamInfo(&si, m_h->js, m_h->stream.c_str(), nullptr, &jerr);
    if (s != NATS_OK) return nats_error("stream info " + m_h->stream, s, jerr);
    const uint64_t n = si->State.Msgs;
    jsStreamInfo_Destroy(si);
    return n;
}

Result<uint64_t> NatsTransport::pending_messages() const {
    uint64_t n = 0;
    for (const std::string& durable : m_h->durables) {
        jsConsumerInfo* ci = nullptr;
        jsErrCode jerr = static_cast<jsErrCode>(0);
        const natsStatus s =
            js_GetConsumerInfo(&ci, m_h->js, m_h->stream.c_str(), durable.c_str(), nullptr, &jerr);
        if (s != NATS_OK) return nats_error("consumer info for " + m_options.brain, s, jerr);
        n += ci->NumPending + static_cast<uint64_t>(std::max<int64_t>(ci->NumAckPending, 0));
        jsConsumerInfo_Destroy(ci);
    }
    return n;
}

Status NatsTransport::delete_stream() {
    jsErrCode jerr = static_cast<jsErrCode>(0);
    const natsStatus s = js_DeleteStream(m_h->js, m_h->stream.c_str(), nullptr, &jerr);
    if (s != NATS_OK &&
        jerr != JSStreamNotFoundErr)  // not found: an earlier, timed-out attempt deleted it
        return nats_error("delete stream " + m_h->stream, s, jerr);
    return {};
}

NatsTransport::WireBytes NatsTransport::wire_bytes() const {
    WireBytes out;
    natsStatistics* stats = nullptr;
    if (natsStatistics_Create(&stats) != NATS_OK) return out;
    uint64_t in_msgs = 0, out_msgs = 0, reconnects = 0;
    if (natsConnection_GetStats(m_h->conn, stats) == NATS_OK)
        natsStatistics_GetCounts(stats, &in_msgs, &out.received, &out_msgs, &out.sent, &reconnects);
    natsStatistics_Destroy(stats);
    return out;
}

}  // namespace bm::meld
