// The `http` meld signal provider through the real Qt network client against the loopback server:
// σ from /v1/embeddings (cosine, cached per text), χ from a /predict NLI cross-encoder or a chat
// model's strict JSON verdict, and its failures (unreachable, HTTP error, malformed replies), plus
// the provider registry.
#include <gtest/gtest.h>

#include <QTcpServer>

#include <cmath>
#include <nlohmann/json.hpp>

#include "loopback_server.h"
#include "meld_http_provider.h"
#include "services_test_support.h"

namespace bm::test {
namespace {

using services::MeldChiMode;
using services::MeldHttpOptions;
using services::MeldHttpProvider;

const QByteArray kEmbeddings = QByteArrayLiteral("/v1/embeddings");
const QByteArray kPredict = QByteArrayLiteral("/predict");

// Recorded-style embeddings reply: one vector per input, looked up by text.
QByteArray embeddings_reply(const QByteArray& request, const std::map<std::string, std::vector<double>>& table) {
    const auto req = nlohmann::json::parse(request.toStdString());
    nlohmann::json data = nlohmann::json::array();
    int i = 0;
    for (const auto& in : req["input"]) {
        auto it = table.find(in.get<std::string>());
        data.push_back({{"object", "embedding"}, {"index", i++}, {"embedding", it == table.end() ? std::vector<double>{0, 0, 1} : it->second}});
    }
    return QByteArray::fromStdString(nlohmann::json{{"object", "list"}, {"data", data}, {"model", "loopback-embed"}}.dump());
}

class MeldHttp : public ::testing::Test {
protected:
    void SetUp() override {
        ensure_app();
        ASSERT_TRUE(server.start());
        options.embeddings.base_url = server.base_url();
        options.embeddings.embedding_model = QStringLiteral("loopback-embed");
        options.embeddings.max_retries = 0;
        options.embeddings.timeout_ms = 5000;
        options.nli = options.embeddings;
        QUrl root = server.base_url();
        root.setPath(QString());
        options.nli.base_url = root;  // a TEI server: /predict at its root
        options.chat = options.embeddings;
        options.chat.model = QStringLiteral("loopback-model");
        server.handler = [this](const QByteArray& path, const QByteArray& body) {
            if (path == kEmbeddings) return reply(200, embeddings_reply(body, table));
            return reply(404, "{}");
        };
    }
    LoopbackServer server;
    MeldHttpOptions options;
    std::map<std::string, std::vector<double>> table = {
        {"retain customer data seven years", {1, 0.1, 0}},
        {"keep client records for seven years", {0.95, 0.2, 0}},
        {"lunch is served at noon", {0, 0.1, 1}},
    };
};

TEST_F(MeldHttp, SimilarityIsTheCosineOfServedEmbeddingsCachedPerText) {
    MeldHttpProvider p(options);
    const double para = p.similarity("retain customer data seven years", "keep client records for seven years");
    const double expected = (0.95 + 0.02) / (std::sqrt(1.01) * std::sqrt(0.9025 + 0.04));
    EXPECT_NEAR(para, expected, 1e-9);
    EXPECT_LT(p.similarity("retain customer data seven years", "lunch is served at noon"), 0.05);
    const int before = static_cast<int>(server.bodies.size());
    EXPECT_NEAR(p.similarity("keep client records for seven years", "retain customer data seven years"), para, 1e-12);
    EXPECT_EQ(server.bodies.size(), before) << "embeddings are cached per text";
    EXPECT_EQ(p.failures(), 0u) << p.first_failure();
    EXPECT_EQ(p.identity(), "http/1 embeddings=loopback-embed chi=nli:nli");
}

TEST_F(MeldHttp, NliContradictionInEitherDirectionContradicts) {
    server.enqueue(kPredict, reply(200, R"([[{"label":"CONTRADICTION","score":0.91},{"label":"ENTAILMENT","score":0.02},{"label":"NEUTRAL","score":0.07}],
                                            [{"label":"NEUTRAL","score":0.6},{"label":"CONTRADICTION","score":0.3},{"label":"ENTAILMENT","score":0.1}]])"));
    server.enqueue(kPredict, reply(200, R"([[{"label":"entailment","score":0.9},{"label":"contradiction","score":0.1}],
                                            [{"label":"entailment","score":0.8},{"label":"contradiction","score":0.2}]])"));
    MeldHttpProvider p(options);
    const ContradictionVerdict v = p.contradiction("kept seven years", "deleted after two years");
    EXPECT_TRUE(v.contradicts());
    EXPECT_EQ(v.reason, "nli");
    EXPECT_EQ(v.detail, "contradiction/neutral");
    const auto sent = nlohmann::json::parse(server.bodies.back().toStdString());
    EXPECT_EQ(sent["inputs"][0][0], "kept seven years");
    EXPECT_EQ(sent["inputs"][1][0], "deleted after two years") << "both directions in one request";
    EXPECT_EQ(p.contradiction("a", "b").verdict, Contradiction::kCompatible);
    EXPECT_EQ(p.failures(), 0u) << p.first_failure();
}

TEST_F(MeldHttp, ChatVerdictIsStrictJsonAndOrderIndependent) {
    options.chi = MeldChiMode::kChat;
    const QByteArray chat = QByteArrayLiteral("/v1/chat/completions");
    server.enqueue(chat, reply(200, chat_body(R"({"verdict":"contradicts"})")));
    server.enqueue(chat, reply(200, chat_body("Yes, they contradict.")));
    server.enqueue(chat, reply(200, chat_body(R"({"verdict":"maybe"})")));
    MeldHttpProvider p(options);
    EXPECT_EQ(p.identity(), "http/1 embeddings=loopback-embed chi=chat:loopback-model");
    const ContradictionVerdict v = p.contradiction("z claim", "a claim");
    EXPECT_TRUE(v.contradicts());
    EXPECT_EQ(v.reason, "chat-verdict");
    const auto sent = nlohmann::json::parse(server.bodies.back().toStdString());
    const std::string user = sent["messages"][1]["content"];
    EXPECT_LT(user.find("a claim"), user.find("z claim")) << "the pair goes in a canonical order";
    EXPECT_EQ(p.contradiction("a claim", "z claim").verdict, Contradiction::kUnrelated);
    EXPECT_EQ(p.failures(), 1u);
    EXPECT_NE(p.first_failure().find("not a JSON object"), std::string::npos) << p.first_failure();
    EXPECT_EQ(p.contradiction("a claim", "y claim").verdict, Contradiction::kUnrelated);
    EXPECT_EQ(p.failures(), 2u) << "'maybe' is not a verdict";
}

TEST_F(MeldHttp, UnreachableEndpointAndMalformedRepliesAreCountedFailures) {
    QTcpServer closed;
    ASSERT_TRUE(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close();
    MeldHttpOptions dead = options;
    dead.embeddings.base_url = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
    MeldHttpProvider unreachable(dead);
    EXPECT_EQ(unreachable.similarity("a", "b"), 0.0);
    EXPECT_EQ(unreachable.failures(), 1u);
    EXPECT_NE(unreachable.first_failure().find("embeddings"), std::string::npos) << unreachable.first_failure();
    EXPECT_NE(unreachable.first_failure().find(std::to_string(port)), std::string::npos) << "names the endpoint";

    server.enqueue(kEmbeddings, reply(200, "{\"data\": oops"));
    server.enqueue(kPredict, reply(200, "not json"));
    server.enqueue(kPredict, reply(200, R"([[{"label":"contradiction"}]])"));
    server.enqueue(kPredict, reply(500, R"({"error":"model not loaded"})"));
    MeldHttpProvider p(options);
    EXPECT_EQ(p.similarity("x", "y"), 0.0);
    EXPECT_EQ(p.failures(), 1u);
    EXPECT_EQ(p.contradiction("x", "y").verdict, Contradiction::kUnrelated);
    EXPECT_NE(p.first_failure().find("embeddings"), std::string::npos);
    EXPECT_EQ(p.contradiction("x", "y").verdict, Contradiction::kUnrelated);
    EXPECT_EQ(p.contradiction("x", "y").verdict, Contradiction::kUnrelated);
    EXPECT_EQ(p.failures(), 4u);
}

TEST(MeldHttpParsers, NliAndVerdictErrorsNameWhereAndWhat) {
    auto flat = services::parse_nli_reply(R"([{"label":"Neutral","score":0.7},{"label":"contradiction","score":0.3}])", 1, "tei");
    ASSERT_TRUE(flat.ok()) << flat.error().to_string();
    EXPECT_EQ((*flat)[0], "neutral");
    auto short_reply = services::parse_nli_reply(R"([[{"label":"neutral","score":1}]])", 2, "tei");
    ASSERT_FALSE(short_reply.ok());
    EXPECT_NE(short_reply.error().to_string().find("expected 2 results"), std::string::npos);
    auto missing = services::parse_chat_verdict(R"({"answer":"contradicts"})", "chat");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().to_string().find("verdict"), std::string::npos);
}

TEST(MeldProviderRegistry, KnowsLexicalGloveAndHttpAndRefusesOthers) {
    ensure_app();
    auto lexical = services::make_meld_signal_provider("lexical");
    ASSERT_TRUE(lexical.ok());
    EXPECT_EQ((*lexical)->identity().rfind("lexical/", 0), 0u);
    auto unknown = services::make_meld_signal_provider("word2vec");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().to_string().find("lexical, glove or http"), std::string::npos);
    qunsetenv("BELIEFMERGE_ENDPOINT");
    auto http = services::make_meld_signal_provider("http");
    if (http.ok()) GTEST_SKIP() << "an endpoint is configured in the settings file";
    EXPECT_NE(http.error().to_string().find("BELIEFMERGE_ENDPOINT"), std::string::npos) << http.error().to_string();
}

}  // namespace
}  // namespace bm::test
