// The real HTTP client path against the loopback server: retries, Retry-After, timeouts,
// cancellation, unreachable endpoints, HTTP errors, truncated and malformed replies.
#include <gtest/gtest.h>

#include <QCoroTask>
#include <QElapsedTimer>
#include <QTcpServer>
#include <QTimer>

#include "loopback_server.h"
#include "model_caller.h"
#include "services_test_support.h"

namespace bm::test {
namespace {

using services::ChatOutcome;
using services::ModelCaller;
using services::ServiceConfig;

const QByteArray kChat = QByteArrayLiteral("/v1/chat/completions");

class ModelClient : public ::testing::Test {
protected:
    void SetUp() override {
        ensure_app();
        ASSERT_TRUE(server.start());
        config.base_url = server.base_url();
        config.model = QStringLiteral("loopback-model");
        config.api_key = QStringLiteral("sk-test-key-never-recorded");
        config.backoff_ms = 20;
        config.timeout_ms = 5000;
    }
    ChatOutcome chat(ModelCaller& caller, const std::string& text = "hello") {
        ChatRequest r;
        r.messages = {{"user", text}};
        r.purpose = "align";
        return QCoro::waitFor(caller.chat(r));
    }
    LoopbackServer server;
    ServiceConfig config;
};

TEST_F(ModelClient, sends_temperature_zero_explicit_effort_json_format_and_bearer_key) {
    server.enqueue(kChat, reply(200, chat_body(R"({"ok":true})")));
    ModelCaller caller(config);
    ChatOutcome out = chat(caller);
    ASSERT_TRUE(out.ok) << out.error.to_string();
    EXPECT_EQ(out.reply.content, R"({"ok":true})");
    ASSERT_EQ(server.bodies.size(), 1);
    const auto body = nlohmann::json::parse(server.bodies[0].toStdString());
    EXPECT_EQ(body["temperature"], 0);
    EXPECT_EQ(body["reasoning_effort"], "low");
    EXPECT_EQ(body["response_format"]["type"], "json_object");
    EXPECT_EQ(body["model"], "loopback-model");
    EXPECT_EQ(server.auth[0], QByteArrayLiteral("Bearer sk-test-key-never-recorded"));
}

TEST_F(ModelClient, retries_after_429_honouring_retry_after) {
    server.enqueue(kChat, reply(429, R"({"error":{"message":"slow down"}})", {{"Retry-After", "1"}}));
    server.enqueue(kChat, reply(200, chat_body("{}")));
    ModelCaller caller(config);
    QElapsedTimer clock;
    clock.start();
    ChatOutcome out = chat(caller);
    ASSERT_TRUE(out.ok) << out.error.to_string();
    EXPECT_EQ(out.attempts, 2);
    EXPECT_EQ(server.bodies.size(), 2);
    EXPECT_GE(clock.elapsed(), 900);  // waited the second Retry-After asked for, not the 20 ms backoff
}

TEST_F(ModelClient, retries_5xx_with_backoff_then_reports_the_status_with_a_body_excerpt) {
    for (int i = 0; i < 4; ++i) server.enqueue(kChat, reply(503, R"({"error":"overloaded, try later"})"));
    config.max_retries = 3;
    ModelCaller caller(config);
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kHttpStatus);
    EXPECT_EQ(out.error.http_status, 503);
    EXPECT_NE(out.error.body_excerpt.find("overloaded"), std::string::npos);
    EXPECT_EQ(server.bodies.size(), 4);
}

TEST_F(ModelClient, does_not_retry_a_client_error) {
    server.enqueue(kChat, reply(400, R"({"error":{"message":"bad model name"}})"));
    ModelCaller caller(config);
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kHttpStatus);
    EXPECT_EQ(out.error.http_status, 400);
    EXPECT_NE(out.error.to_string().find("bad model name"), std::string::npos);
    EXPECT_EQ(server.bodies.size(), 1);
}

TEST_F(ModelClient, times_out_cleanly_while_the_event_loop_keeps_ticking) {
    server.enqueue(kChat, reply(200, chat_body("{}"), {}, 5000));
    config.timeout_ms = 400;
    ModelCaller caller(config);
    EventLoopChecker checker;
    QElapsedTimer clock;
    clock.start();
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kTimeout);
    EXPECT_LT(clock.elapsed(), 2500);
    EXPECT_GT(checker.ticks(), 30);         // ~80 expected in 400 ms
    EXPECT_LT(checker.max_gap_ms(), 100);   // never blocked
}

TEST_F(ModelClient, cancel_aborts_a_pending_call) {
    server.enqueue(kChat, reply(200, chat_body("{}"), {}, 5000));
    ModelCaller caller(config);
    QTimer::singleShot(150, &caller, [&caller] { caller.cancel(); });
    QElapsedTimer clock;
    clock.start();
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kCancelled);
    EXPECT_LT(clock.elapsed(), 2000);
}

TEST_F(ModelClient, cancel_ends_a_retry_after_wait) {
    server.enqueue(kChat, reply(429, "{}", {{"Retry-After", "20"}}));
    config.max_retry_wait_ms = 60000;
    ModelCaller caller(config);
    QTimer::singleShot(300, &caller, [&caller] { caller.cancel(); });
    QElapsedTimer clock;
    clock.start();
    ChatOutcome out = chat(caller);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kCancelled);
    EXPECT_LT(clock.elapsed(), 2000);
}

TEST_F(ModelClient, unreachable_endpoint_is_a_typed_error) {
    QTcpServer probe;
    ASSERT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();  // nothing listens there now
    config.base_url = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
    ModelCaller caller(config);
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kUnreachable);
}

TEST_F(ModelClient, finish_length_with_empty_content_is_truncated) {
    server.enqueue(kChat, reply(200, chat_body("", "length")));
    ModelCaller caller(config);
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kTruncated);
    EXPECT_NE(out.error.message.find("finish_reason=length"), std::string::npos);
}

TEST_F(ModelClient, a_body_that_is_not_json_is_malformed) {
    server.enqueue(kChat, reply(200, "<html>gateway</html>"));
    ModelCaller caller(config);
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_EQ(out.error.kind, ModelErrorKind::kMalformed);
    EXPECT_NE(out.error.body_excerpt.find("gateway"), std::string::npos);
}

TEST_F(ModelClient, embeddings_come_back_in_input_order) {
    server.enqueue(QByteArrayLiteral("/v1/embeddings"), reply(200, R"({"data":[{"index":1,"embedding":[0.5,0.25]},{"index":0,"embedding":[1,0]}]})"));
    ModelCaller caller(config);
    auto out = QCoro::waitFor(caller.embed({"a", "b"}));
    ASSERT_TRUE(out.ok) << out.error.to_string();
    ASSERT_EQ(out.vectors.size(), 2u);
    EXPECT_EQ(out.vectors[0], (std::vector<double>{1, 0}));
    EXPECT_EQ(out.vectors[1], (std::vector<double>{0.5, 0.25}));
}

TEST(RetryAfter, parses_seconds_and_http_dates) {
    EXPECT_EQ(services::retry_after_ms("2"), 2000);
    EXPECT_EQ(services::retry_after_ms(""), -1);
    EXPECT_EQ(services::retry_after_ms("soon"), -1);
    EXPECT_EQ(services::retry_after_ms("Wed, 21 Oct 2015 07:28:00 GMT"), 0);  // in the past
}

// The Bearer key went to any http:// endpoint without a word.
TEST_F(ModelClient, a_key_is_never_sent_over_plain_http_to_a_host_that_is_not_loopback) {
    config.base_url = QUrl(QStringLiteral("http://192.0.2.1:9/v1"));  // TEST-NET-1: nothing answers there
    config.timeout_ms = 1500;
    config.max_retries = 0;
    ModelCaller caller(config);
    QElapsedTimer clock;
    clock.start();
    ChatOutcome out = chat(caller);
    ASSERT_FALSE(out.ok);
    EXPECT_NE(out.error.message.find("refused to send the API key over plain http to 192.0.2.1"), std::string::npos)
        << out.error.to_string();
    EXPECT_LT(clock.elapsed(), 1000) << "refused before any connection was tried";
    EXPECT_TRUE(ServiceConfig{config}.key_exposure().size() > 0);
    for (const char* ok : {"http://127.0.0.1:1/v1", "http://localhost:1/v1", "http://[::1]:1/v1", "https://192.0.2.1/v1"}) {
        ServiceConfig c = config;
        c.base_url = QUrl(QString::fromLatin1(ok));
        EXPECT_TRUE(c.key_exposure().isEmpty()) << ok;
    }
    ServiceConfig allowed = config;
    allowed.allow_insecure_http = true;
    EXPECT_TRUE(allowed.key_exposure().isEmpty());
    ServiceConfig keyless = config;
    keyless.api_key.clear();
    EXPECT_TRUE(keyless.key_exposure().isEmpty());
}

}  // namespace
}  // namespace bm::test
