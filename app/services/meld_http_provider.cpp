// MeldHttpProvider: embeddings cosine, /predict NLI or chat JSON verdict, and the provider registry.
#include "meld_http_provider.h"

#include <QCoroTask>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "http_json_client.h"
#include "meld/signals/glove_provider.h"
#include "meld/signals/lexical_provider.h"
#include "model_caller.h"

namespace bm::services {

MeldHttpProvider::MeldHttpProvider(MeldHttpOptions options) : m_options(std::move(options)) {
    m_embedder = std::make_unique<ModelCaller>(m_options.embeddings);
    if (m_options.chi == MeldChiMode::kNli) m_nli = std::make_unique<HttpJsonClient>(m_options.nli);
    else m_chat = std::make_unique<ModelCaller>(m_options.chat);
}

MeldHttpProvider::~MeldHttpProvider() = default;

void MeldHttpProvider::fail(const std::string& what) const {
    if (m_failures++ == 0) m_first_failure = what;
}

const std::vector<double>* MeldHttpProvider::embedding(const std::string& text) const {
    if (auto it = m_cache.find(text); it != m_cache.end()) return &it->second;
    auto task = m_embedder->embed({text});
    EmbeddingsOutcome out = QCoro::waitFor(task);
    if (!out.ok || out.vectors.size() != 1 || out.vectors[0].empty()) {
        fail("http provider embeddings: " + (out.ok ? std::string("no vector in the reply") : out.error.to_string()));
        return nullptr;
    }
    return &m_cache.emplace(text, std::move(out.vectors[0])).first->second;
}

double MeldHttpProvider::similarity(std::string_view a, std::string_view b) const {
    const std::vector<double>* va = embedding(std::string(a));
    const std::vector<double>* vb = va ? embedding(std::string(b)) : nullptr;
    if (!va || !vb) return 0;
    if (va->size() != vb->size()) {
        fail("http provider embeddings: vectors of different dimensions (" + std::to_string(va->size()) + " vs " +
             std::to_string(vb->size()) + ")");
        return 0;
    }
    double dot = 0, na = 0, nb = 0;
    for (size_t k = 0; k < va->size(); ++k) {
        dot += (*va)[k] * (*vb)[k];
        na += (*va)[k] * (*va)[k];
        nb += (*vb)[k] * (*vb)[k];
    }
    if (na == 0 || nb == 0) return a == b ? 1.0 : 0.0;
    return std::clamp(dot / std::sqrt(na * nb), 0.0, 1.0);
}

ContradictionVerdict MeldHttpProvider::contradiction(std::string_view a, std::string_view b) const {
    ContradictionVerdict v;
    if (m_nli) {
        // Both directions in one request: χ is symmetric by construction.
        // Explicit arrays: a braced list of two-string pairs would become a JSON object.
        nlohmann::json pairs = nlohmann::json::array();
        pairs.push_back(nlohmann::json::array({std::string(a), std::string(b)}));
        pairs.push_back(nlohmann::json::array({std::string(b), std::string(a)}));
        const nlohmann::json body = {{"inputs", pairs}};
        auto task = m_nli->post(QStringLiteral("/predict"), QByteArray::fromStdString(body.dump()));
        HttpOutcome out = QCoro::waitFor(task);
        if (!out.ok) {
            fail("http provider NLI: " + out.error.to_string());
            return v;
        }
        auto labels = parse_nli_reply(out.body.toStdString(), 2, out.url.toStdString());
        if (!labels) {
            fail("http provider NLI: " + labels.error().to_string());
            return v;
        }
        const auto& l = *labels;
        if (l[0] == "contradiction" || l[1] == "contradiction") {
            v.verdict = Contradiction::kContradicts;
            v.reason = std::string(kNliReason);
            v.detail = l[0] + "/" + l[1];
        } else {
            v.verdict = (l[0] == "entailment" || l[1] == "entailment") ? Contradiction::kCompatible : Contradiction::kUnrelated;
        }
        return v;
    }
    // Chat: the pair in a canonical order, so the verdict does not depend on argument order.
    std::string first(a), second(b);
    if (second < first) std::swap(first, second);
    ChatRequest r;
    r.purpose = "meld-chi";
    r.messages = {{"system",
                   "You decide whether two statements contradict each other, i.e. cannot both be true of the same "
                   "subject in the same scope. Reply with one JSON object and nothing else: "
                   "{\"verdict\": \"contradicts\" | \"compatible\" | \"unrelated\"}. \"unrelated\" means they are "
                   "not about the same subject."},
                  {"user", "Statement 1: " + first + "\nStatement 2: " + second}};
    r.max_tokens = 256;
    auto task = m_chat->chat(r);
    ChatOutcome out = QCoro::waitFor(task);
    if (!out.ok) {
        fail("http provider chat verdict: " + out.error.to_string());
        return v;
    }
    auto verdict = parse_chat_verdict(out.reply.content, "chat reply " + out.request_digest.substr(0, 16));
    if (!verdict) {
        fail("http provider chat verdict: " + verdict.error().to_string());
        return v;
    }
    v.verdict = *verdict;
    if (v.contradicts()) v.reason = std::string(kChatReason);
    return v;
}

std::string MeldHttpProvider::identity() const {
    const QString emb = m_options.embeddings.embedding_model.isEmpty() ? m_options.embeddings.model : m_options.embeddings.embedding_model;
    std::string id = std::string(kName) + "/" + std::to_string(kVersion) + " embeddings=" + emb.toStdString();
    if (m_nli) id += " chi=nli:" + m_options.nli_model.toStdString();
    else id += " chi=chat:" + m_options.chat.model.toStdString();
    return id;
}

Result<std::vector<std::string>> parse_nli_reply(const std::string& body, size_t pairs, const std::string& where) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded()) return Error::invalid_input("the /predict reply is not JSON", Location{where});
    if (!j.is_array() || j.empty())
        return Error::invalid_input("the /predict reply is not a non-empty array", Location{where},
                                    "expected [[{\"label\": …, \"score\": …}, …], …] (text-embeddings-inference)");
    if (j[0].is_object()) j = nlohmann::json::array({j});  // one pair, flat form
    if (j.size() != pairs)
        return Error::invalid_input("expected " + std::to_string(pairs) + " results, got " + std::to_string(j.size()), Location{where});
    std::vector<std::string> out;
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string field = "[" + std::to_string(i) + "]";
        if (!j[i].is_array() || j[i].empty())
            return Error::invalid_input("not a non-empty array of {label, score}", Location{where, 0, -1, field});
        double best = -1e300;
        std::string label;
        for (const auto& e : j[i]) {
            if (!e.is_object() || !e.contains("label") || !e["label"].is_string() || !e.contains("score") || !e["score"].is_number())
                return Error::invalid_input("an entry is not {\"label\": string, \"score\": number}", Location{where, 0, -1, field});
            if (e["score"].get<double>() > best) {
                best = e["score"].get<double>();
                label = e["label"].get<std::string>();
            }
        }
        std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        out.push_back(label);
    }
    return out;
}

Result<Contradiction> parse_chat_verdict(const std::string& content, const std::string& where) {
    auto j = nlohmann::json::parse(content, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error::invalid_input("the verdict is not a JSON object", Location{where},
                                    "the model must reply {\"verdict\": \"contradicts\"|\"compatible\"|\"unrelated\"}");
    if (!j.contains("verdict") || !j["verdict"].is_string())
        return Error::invalid_input("missing or not a string", Location{where, 0, -1, "verdict"});
    const std::string v = j["verdict"].get<std::string>();
    if (v == "contradicts") return Contradiction::kContradicts;
    if (v == "compatible") return Contradiction::kCompatible;
    if (v == "unrelated") return Contradiction::kUnrelated;
    return Error::invalid_input("'" + v + "' is not contradicts|compatible|unrelated", Location{where, 0, -1, "verdict"});
}

Result<std::shared_ptr<const SignalProvider>> make_meld_signal_provider(const std::string& name, std::vector<std::string>* warnings) {
    if (name == "lexical") return std::shared_ptr<const SignalProvider>(std::make_shared<LexicalProvider>(LexicalProvider::create()));
    if (name == "glove") {
        auto g = GloveProvider::create();
        if (!g) return g.error();
        return std::shared_ptr<const SignalProvider>(*g);
    }
    if (name == "http") {
        QStringList w;
        MeldHttpOptions o;
        o.embeddings = config_from_environment(&w);
        if (warnings)
            for (const QString& s : w) warnings->push_back(s.toStdString());
        if (!o.embeddings.has_endpoint())
            return Error::invalid_input("the http provider needs an endpoint", Location{"BELIEFMERGE_ENDPOINT"},
                                        "set BELIEFMERGE_ENDPOINT (…/v1) and BELIEFMERGE_EMBEDDING_MODEL");
        const QString nli = qEnvironmentVariable("BELIEFMERGE_NLI_ENDPOINT");
        if (!nli.isEmpty()) {
            o.chi = MeldChiMode::kNli;
            o.nli = o.embeddings;
            o.nli.base_url = QUrl(nli);
            o.nli.workspace_path.clear();
            const QString model = qEnvironmentVariable("BELIEFMERGE_NLI_MODEL");
            if (!model.isEmpty()) o.nli_model = model;
        } else {
            if (o.embeddings.model.isEmpty())
                return Error::invalid_input("the http provider needs an NLI endpoint or a chat model", Location{"BELIEFMERGE_NLI_ENDPOINT"},
                                            "set BELIEFMERGE_NLI_ENDPOINT (a /predict server) or BELIEFMERGE_MODEL (a chat model)");
            o.chi = MeldChiMode::kChat;
            o.chat = o.embeddings;
        }
        return std::shared_ptr<const SignalProvider>(std::make_shared<MeldHttpProvider>(std::move(o)));
    }
    return Error::invalid_input("unknown signal provider '" + name + "'", Location{"--provider"}, "use lexical, glove or http");
}

}  // namespace bm::services
