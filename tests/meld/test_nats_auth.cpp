// NatsTransport against real nats-server processes that demand a token, a user and password, TLS,
// or a client certificate: the right credentials connect and carry a delta; wrong or missing ones
// are refused at once (no retrying until the setup deadline) with the server's reason and a hint.
#include <gtest/gtest.h>

#include <chrono>

#include "meld/transport/brain_peer.h"
#include "meld/transport/nats_transport.h"
#include "meld_fixture.h"
#include "test_nats_support.h"

namespace bm::meld {
namespace {

using namespace meldtest;
using namespace natstest;

const std::string kTls = std::string(SOURCE_DIR) + "/tests/data/nats-tls/";

NatsTransportOptions options_for(const std::string& url, const std::string& brain, NatsAuth auth) {
    NatsTransportOptions o;
    o.servers = {url};
    o.federation = "auth";
    o.brain = brain;
    o.ack_wait_ms = 500;
    o.auth = std::move(auth);
    return o;
}

// Connecting with `auth` fails; returns the error text. A refusal must not wait out the deadline.
std::string refused(const std::string& url, NatsAuth auth) {
    NatsTransportOptions o = options_for(url, "R", std::move(auth));
    o.setup_deadline_ms = 60000;
    const auto start = std::chrono::steady_clock::now();
    auto t = NatsTransport::connect(o);
    const auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_FALSE(t.ok()) << "connected without the right credentials";
    EXPECT_LT(waited, std::chrono::seconds(30)) << "a refusal was retried as if the server were down";
    return t.ok() ? std::string() : t.error().to_string();
}

// Two brains connected with `auth`: a claim asserted on A reaches B.
void carries_a_delta(const std::string& url, const NatsAuth& auth) {
    auto ta = NatsTransport::connect(options_for(url, "A", auth));
    auto tb = NatsTransport::connect(options_for(url, "B", auth));
    ASSERT_TRUE(ta.ok()) << ta.error().to_string();
    ASSERT_TRUE(tb.ok()) << tb.error().to_string();
    Brain a("A", figure2_directory(), lexical_default_thresholds(), lexical_engine());
    Brain b("B", figure2_directory(), lexical_default_thresholds(), lexical_engine());
    BrainPeer pa(a, **ta), pb(b, **tb);
    a.assert_claim(claim(kC1, "jurisdiction:EU"));
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (b.claims().empty() && std::chrono::steady_clock::now() < end) {
        (void)pa.flush(false);
        (void)pb.consume(64, 100);
    }
    EXPECT_EQ(b.claims().size(), 1u) << "the delta did not cross the authenticated connection";
}

TEST(NatsAuth, ATokenServerAdmitsTheTokenAndRefusesTheRestAtOnce) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("token", temp_dir("token"), 0, {}, "meldtest", {"--auth", "s3cret-token"});
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; log in " << server.dir();
    NatsAuth good;
    good.token = "s3cret-token";
    carries_a_delta(server.url(), good);
    const std::string none = refused(server.url(), {});
    EXPECT_NE(none.find("uthoriz"), std::string::npos) << none;  // the server's "Authorization Violation"
    EXPECT_NE(none.find("--nats-token-file"), std::string::npos) << "the hint names the options: " << none;
    NatsAuth wrong;
    wrong.token = "guess";
    refused(server.url(), wrong);
}

TEST(NatsAuth, AUserServerAdmitsItsUserAndRefusesAWrongPassword) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("user", temp_dir("user"), 0, {}, "meldtest", {"--user", "brains", "--pass", "pa55word"});
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; log in " << server.dir();
    NatsAuth good;
    good.user = "brains";
    good.password = "pa55word";
    carries_a_delta(server.url(), good);
    NatsAuth wrong = good;
    wrong.password = "password";
    refused(server.url(), wrong);
}

TEST(NatsAuth, TlsConnectsOnlyToAServerTheGivenCaSigned) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("tls", temp_dir("tls"), 0, {}, "meldtest",
                      {"--tls", "--tlscert", kTls + "server-cert.pem", "--tlskey", kTls + "server-key.pem"});
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; log in " << server.dir();
    NatsAuth trusted;
    trusted.ca_file = kTls + "ca.pem";
    carries_a_delta(server.url(), trusted);
    // Without TLS the server's TLS requirement refuses; a CA that did not sign the server's
    // certificate (its own certificate as the only trusted one) fails the handshake.
    refused(server.url(), {});
    NatsAuth other;
    other.ca_file = kTls + "client-cert.pem";
    refused(server.url(), other);
}

TEST(NatsAuth, AServerThatVerifiesClientsNeedsTheClientCertificate) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    NatsServer server("mtls", temp_dir("mtls"), 0, {}, "meldtest",
                      {"--tlsverify", "--tlscert", kTls + "server-cert.pem", "--tlskey", kTls + "server-key.pem",
                       "--tlscacert", kTls + "ca.pem"});
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; log in " << server.dir();
    NatsAuth with_cert;
    with_cert.ca_file = kTls + "ca.pem";
    with_cert.cert_file = kTls + "client-cert.pem";
    with_cert.key_file = kTls + "client-key.pem";
    carries_a_delta(server.url(), with_cert);
    NatsAuth ca_only;
    ca_only.ca_file = kTls + "ca.pem";
    const std::string why = refused(server.url(), ca_only);
    EXPECT_NE(why.find("--nats-cert"), std::string::npos) << "the hint names the client certificate: " << why;
}

TEST(NatsAuth, AnUnreadableCertificateFileIsNamedBeforeAnyConnection) {
    NatsAuth missing;
    missing.ca_file = "/nonexistent/ca.pem";
    auto t = NatsTransport::connect(options_for("nats://127.0.0.1:1", "M", missing));
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().to_string().find("/nonexistent/ca.pem"), std::string::npos) << t.error().to_string();
}

}  // namespace
}  // namespace bm::meld
