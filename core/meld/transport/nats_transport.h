// NatsTransport: the federation transport over NATS JetStream through cnats (SPEC §14).
//
// One stream per federation (MELD_<federation>, subjects meld.>, file storage, `replicas` copies),
// subjects meld.<cell>.<claim|link|repair|digest>, and one durable pull consumer per brain and
// filter subject (the first named after the brain id, the k-th after <brain>_s<k>; nats-server
// 2.9 takes one filter per consumer), so a brain that was cut off re-consumes everything it missed
// from where it stopped, and a brain subscribed to some topics receives only their subjects.
// Publishes carry the delta id as the JetStream message id, so a retried publish is stored once;
// deliveries are acknowledged only after the brain handled them. The connection reconnects forever
// on its own.
//
// The consumer is not trusted alone (docs/meld.md "Partition heal: the cause"): when the stream's
// last sequence stays above what the brain handled, or after a transport error once the cluster
// answers again, the missing (or, after an error, all recent) sequences are read directly from
// the stream leader (StreamLedger, stream_ledger.h) and handed to the same handler; admission
// absorbs the copies the consumer delivers later. Only for a brain that consumes all of meld.>.
// Thread-safety: one thread per instance.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "meld/transport/transport.h"

namespace bm::meld {

// How a brain proves itself to the NATS servers and checks them; all empty: plain and unauthenticated
// (loopback or a trusted network only). The secrets are values here; the CLI reads them from files.
struct NatsAuth {
    std::string credentials_file;     // a NATS .creds file (user JWT and NKey seed, as `nsc` writes it)
    std::string token;                // the servers' authorization token
    std::string user, password;       // a user and its password
    std::string ca_file;              // TLS: trust the servers whose certificate this CA signed (turns TLS on)
    std::string cert_file, key_file;  // TLS: this brain's client certificate and key (mutual TLS)
    bool tls() const { return !ca_file.empty() || !cert_file.empty(); }
};

struct NatsTransportOptions {
    NatsAuth auth;
    std::vector<std::string> servers;    // e.g. nats://127.0.0.1:4222, tried in this order
    std::string federation = "default";  // the stream is MELD_<federation>
    std::string brain;                   // the durable consumer's name
    int replicas = 1;                    // stream copies (3 on a 3-node cluster)
    // What this brain consumes: meld.> (everything), or filters from wire.h (topic_filter_subject,
    // inbox_filter_subject, any_cell_filter_subject). Empty: meld.>.
    std::vector<std::string> subjects;
    bool consume = true;                // false: publish only (no durable consumer is bound)
    int64_t ack_wait_ms = 2000;         // an unacknowledged delivery is re-sent after this
    int64_t request_timeout_ms = 2000;  // JetStream API calls and publish acknowledgements
    int64_t setup_deadline_ms = 15000;  // how long connect() keeps retrying stream/consumer setup
    // Reading around a stalled or diverged consumer (only when consuming all of meld.>; 0: off):
    // an idle poll compares the stream's last sequence this often; a consumer lag older than the
    // grace is read from the stream leader; after an error, everything since it is re-read once
    // the cluster has answered for verify_quiet_ms.
    int64_t catch_up_check_ms = 250;
    int64_t catch_up_grace_ms = 500;
    int64_t verify_quiet_ms = 1000;
    int64_t catch_up_timeout_ms = 250;  // per stream info / direct read request
};

class NatsTransport final : public Transport {
public:
    // Connects, creates the stream if needed (an identical existing one is reused) and binds the
    // brain's durable consumer. Retries while the cluster elects its leaders, up to the deadline.
    static Result<std::unique_ptr<NatsTransport>> connect(const NatsTransportOptions& options);
    ~NatsTransport() override;
    NatsTransport(const NatsTransport&) = delete;
    NatsTransport& operator=(const NatsTransport&) = delete;

    Status publish(const Delta& delta, WireTopic topic) override;
    Status publish_to(const Delta& delta, WireTopic topic, const std::string& recipient) override;
    Status publish_digest(const SignedDigest& digest) override;
    Result<size_t> poll(const std::function<bool(const WireMessage&)>& handler, int max_messages,
                        int timeout_ms) override;
    size_t undecodable() const override { return m_undecodable; }

    // Messages the stream holds (JetStream stream info), for audits of echo-safety.
    Result<uint64_t> stream_messages() const;
    // Messages the brain's consumers have yet to be delivered or to acknowledge (its lag).
    Result<uint64_t> pending_messages() const;
    // Deletes the federation's stream with everything it holds (benches: the next run's stream
    // takes the same subjects). Consumers on it stop receiving. A stream already gone is no error.
    Status delete_stream();
    // Bytes this connection sent and received so far (cnats statistics: message payloads both
    // ways, JetStream API and acknowledgements included; protocol framing not).
    struct WireBytes {
        uint64_t sent = 0, received = 0;
        uint64_t total() const { return sent + received; }
    };
    WireBytes wire_bytes() const;
    // Publishes raw bytes on a subject (tests: malformed input from the network).
    Status publish_raw(const std::string& subject, const std::string& body);
    // How many publishes the server reported as duplicates of a stored message id.
    size_t duplicate_publishes() const { return m_duplicates; }
    // Messages read directly from the stream leader (around a stalled or diverged consumer), and
    // how many of those reads were verifications after a transport error.
    size_t direct_reads() const { return m_direct_reads; }
    size_t verifications() const { return m_verifications; }
    std::string stream_name() const;

private:
    struct Handles;
    explicit NatsTransport(NatsTransportOptions options);
    Status setup();
    Status publish_bytes(const std::string& subject, const std::string& body,
                         const std::string& msg_id);
    Result<size_t> poll_one(size_t consumer, const std::function<bool(const WireMessage&)>& handler,
                            int max_messages, int timeout_ms);
    // The lag check and the verification after errors (see the class comment); how many messages
    // it handed to the handler.
    size_t catch_up(const std::function<bool(const WireMessage&)>& handler);
    // Reads sequences from..to from the stream leader; `all`: also those already handled. False
    // on a transport error or a handler refusal (the rest is read on a later round).
    bool read_directly(uint64_t from, uint64_t to, bool all,
                       const std::function<bool(const WireMessage&)>& handler, size_t& handed);
    int64_t now_ms() const;
    void note_error();
    void note_success();

    NatsTransportOptions m_options;
    std::unique_ptr<Handles> m_h;
    size_t m_undecodable = 0;
    size_t m_duplicates = 0;
    size_t m_direct_reads = 0;
    size_t m_verifications = 0;
    int64_t m_last_check_ms = -1;
};

// A consumer or stream name token from an id: characters outside [A-Za-z0-9_-] become '_'.
std::string nats_name_token(std::string_view id);

}  // namespace bm::meld
