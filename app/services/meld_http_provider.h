// MeldHttpProvider: the `http` meld signal provider (SPEC §13.2) — σ is the cosine of embeddings
// from an OpenAI-compatible /v1/embeddings endpoint; χ comes from a text-embeddings-inference
// style /predict endpoint serving an NLI cross-encoder (contradiction when either direction's top
// label is "contradiction"), or from a chat model held to a strict JSON verdict. Calls go through
// ModelCaller/HttpJsonClient (record/replay, retries, timeouts); embeddings are cached per text.
//
// A failed call (unreachable, HTTP error, malformed reply) yields σ = 0 or χ = unrelated, and is
// counted: callers check failures() and refuse results when it is non-zero.
// Also make_meld_signal_provider(): the provider registry (lexical | glove | http) for the CLI.
// Thread-safety: NOT the SignalProvider default — use from the thread that created it (the one
// running the Qt event loop); every call blocks on a nested event loop (QCoro::waitFor).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <QUrl>

#include "meld/signals/signal_provider.h"
#include "service_config.h"
#include "util/result.h"

namespace bm::services {

class ModelCaller;
class HttpJsonClient;

enum class MeldChiMode { kNli, kChat };

struct MeldHttpOptions {
    ServiceConfig embeddings;            // base_url (…/v1) and embedding_model
    MeldChiMode chi = MeldChiMode::kNli;
    ServiceConfig nli;                   // base_url of the /predict server (kNli)
    QString nli_model = QStringLiteral("nli");  // its name in identity()
    ServiceConfig chat;                  // base_url and model of the chat verdict (kChat)
};

class MeldHttpProvider final : public SignalProvider {
public:
    static constexpr std::string_view kName = "http";
    static constexpr int kVersion = 1;
    // Reason names written into Patches when the model says "contradicts".
    static constexpr std::string_view kNliReason = "nli";
    static constexpr std::string_view kChatReason = "chat-verdict";

    explicit MeldHttpProvider(MeldHttpOptions options);
    ~MeldHttpProvider() override;

    double similarity(std::string_view a, std::string_view b) const override;
    ContradictionVerdict contradiction(std::string_view a, std::string_view b) const override;
    // "http/1 embeddings=<model> chi=nli:<nli_model>" or "… chi=chat:<model>".
    std::string identity() const override;

    size_t failures() const { return m_failures; }
    // The first failure, one line naming the endpoint; empty when none.
    const std::string& first_failure() const { return m_first_failure; }

private:
    const std::vector<double>* embedding(const std::string& text) const;
    void fail(const std::string& what) const;

    MeldHttpOptions m_options;
    std::unique_ptr<ModelCaller> m_embedder;
    std::unique_ptr<HttpJsonClient> m_nli;
    std::unique_ptr<ModelCaller> m_chat;
    mutable std::map<std::string, std::vector<double>> m_cache;
    mutable size_t m_failures = 0;
    mutable std::string m_first_failure;
};

// Parses a /predict reply for one or more pairs: [[{label, score}…]…] or [{label, score}…].
// Returns, per pair, the top label lowercased; errors name `where`.
Result<std::vector<std::string>> parse_nli_reply(const std::string& body, size_t pairs, const std::string& where);
// Parses a chat verdict {"verdict": "contradicts"|"compatible"|"unrelated", ...}, strictly.
Result<Contradiction> parse_chat_verdict(const std::string& content, const std::string& where);

// The provider registry: "lexical" (default), "glove" (vectors from scripts/setup.sh
// --with-vectors) or "http" (BELIEFMERGE_ENDPOINT + BELIEFMERGE_EMBEDDING_MODEL for σ;
// BELIEFMERGE_NLI_ENDPOINT for χ by /predict, else the chat model BELIEFMERGE_MODEL).
Result<std::shared_ptr<const SignalProvider>> make_meld_signal_provider(const std::string& name,
                                                                       std::vector<std::string>* warnings = nullptr);

}  // namespace bm::services
