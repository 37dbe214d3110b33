// Chat/embeddings request bodies and reply parsing with typed errors.
#include "adjudicate/chat_contract.h"

#include <algorithm>

#include "util/canonical_json.h"

namespace bm {

using json = nlohmann::json;

namespace {
std::string excerpt(const std::string& body) {
    std::string out = body.substr(0, 300);
    for (char& c : out)
        if (c == '\n' || c == '\r') c = ' ';
    return out;
}
ModelError malformed(const std::string& where, const std::string& what, const std::string& body) {
    return {ModelErrorKind::kMalformed, where + ": " + what, 0, excerpt(body)};
}
}  // namespace

const char* model_error_kind_name(ModelErrorKind kind) {
    switch (kind) {
        case ModelErrorKind::kUnreachable: return "unreachable";
        case ModelErrorKind::kHttpStatus: return "http-status";
        case ModelErrorKind::kTimeout: return "timeout";
        case ModelErrorKind::kCancelled: return "cancelled";
        case ModelErrorKind::kTruncated: return "truncated";
        case ModelErrorKind::kMalformed: return "malformed";
        case ModelErrorKind::kNotRecorded: return "not-recorded";
        case ModelErrorKind::kInvalid: return "invalid";
    }
    return "unknown";
}

std::string ModelError::to_string() const {
    std::string out = std::string(model_error_kind_name(kind)) + ": " + message;
    if (http_status) out += " (HTTP " + std::to_string(http_status) + ")";
    if (!body_excerpt.empty()) out += " — body: " + body_excerpt;
    return out;
}

json chat_request_body(const ChatRequest& r) {
    json messages = json::array();
    for (const auto& m : r.messages) messages.push_back({{"role", m.role}, {"content", m.content}});
    json body{{"model", r.model}, {"messages", messages}, {"temperature", 0}, {"stream", false},
              {"reasoning_effort", r.reasoning_effort}, {"max_tokens", r.max_tokens}};
    if (r.json_response) body["response_format"] = {{"type", "json_object"}};
    return body;
}

std::string canonical_chat_request(const ChatRequest& r) {
    auto c = canonical_json(chat_request_body(r));
    return c ? *c : chat_request_body(r).dump();  // only invalid UTF-8 fails; redacted text is valid
}

ChatParse parse_chat_reply(const std::string& body, const std::string& where) {
    ChatParse out;
    json j = json::parse(body, nullptr, false);
    if (j.is_discarded()) {
        out.error = malformed(where, "the reply is not JSON", body);
        return out;
    }
    if (j.is_object() && j.contains("error")) {
        std::string msg = j["error"].is_object() ? j["error"].value("message", j["error"].dump()) : j["error"].dump();
        out.error = malformed(where, "the server returned an error object: " + msg.substr(0, 200), body);
        return out;
    }
    if (!j.is_object() || !j.contains("choices") || !j["choices"].is_array() || j["choices"].empty() ||
        !j["choices"][0].is_object()) {
        out.error = malformed(where, "the reply has no choices[0]", body);
        return out;
    }
    const json& choice = j["choices"][0];
    if (choice.contains("finish_reason") && choice["finish_reason"].is_string())
        out.reply.finish_reason = choice["finish_reason"].get<std::string>();
    if (choice.contains("message") && choice["message"].is_object() && choice["message"].contains("content") &&
        choice["message"]["content"].is_string())
        out.reply.content = choice["message"]["content"].get<std::string>();
    if (j.contains("model") && j["model"].is_string()) out.reply.model = j["model"].get<std::string>();
    if (out.reply.content.empty()) {
        if (out.reply.finish_reason == "length")
            out.error = {ModelErrorKind::kTruncated,
                         where + ": finish_reason=length with empty content (the token budget was spent, "
                                 "likely on reasoning); lower the reasoning effort or raise max_tokens",
                         0, excerpt(body)};
        else
            out.error = malformed(where, "choices[0].message.content is empty or missing", body);
        return out;
    }
    out.ok = true;
    return out;
}

JsonContent parse_json_content(const std::string& content) {
    JsonContent out;
    json j = json::parse(content, nullptr, false);
    if (!j.is_discarded()) {
        out.ok = true;
        out.value = std::move(j);
        return out;
    }
    const size_t first = content.find('{');
    const size_t last = content.rfind('}');
    if (first != std::string::npos && last != std::string::npos && last > first) {
        j = json::parse(content.substr(first, last - first + 1), nullptr, false);
        if (!j.is_discarded()) {
            out.ok = true;
            out.value = std::move(j);
            return out;
        }
    }
    out.error = "the content is not JSON (starts: " + content.substr(0, 80) + ")";
    return out;
}

json embeddings_request_body(const std::string& model, const std::vector<std::string>& inputs) {
    return {{"model", model}, {"input", inputs}, {"encoding_format", "float"}};
}

EmbeddingsParse parse_embeddings_reply(const std::string& body, size_t expected, const std::string& where) {
    EmbeddingsParse out;
    json j = json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("data") || !j["data"].is_array()) {
        out.error = malformed(where, "the reply is not an embeddings object with data[]", body);
        return out;
    }
    out.vectors.assign(expected, {});
    std::vector<bool> seen(expected, false);
    for (size_t i = 0; i < j["data"].size(); ++i) {
        const json& d = j["data"][i];
        size_t index = d.contains("index") && d["index"].is_number_unsigned() ? d["index"].get<size_t>() : i;
        if (index >= expected || !d.contains("embedding") || !d["embedding"].is_array()) {
            out.error = malformed(where, "data[" + std::to_string(i) + "] has no embedding or a bad index", body);
            return out;
        }
        for (const auto& x : d["embedding"]) {
            if (!x.is_number()) {
                out.error = malformed(where, "data[" + std::to_string(i) + "].embedding holds a non-number", body);
                return out;
            }
            out.vectors[index].push_back(x.get<double>());
        }
        seen[index] = true;
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) {
        out.error = malformed(where, "the reply has fewer embeddings than inputs", body);
        return out;
    }
    out.ok = true;
    return out;
}

}  // namespace bm
