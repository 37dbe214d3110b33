// The OpenAI-compatible chat request and reply as plain values (SPEC §18), built and parsed in core.
//
// The request body is built here, not in the network client, so that its canonical bytes (and
// the record/replay digest) do not depend on Qt; the reply parser turns a body into content or a
// typed ModelError (finish=length with no content, malformed JSON, an error object).
// Thread-safety: pure functions over values.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/result.h"

namespace bm {

// Why a model call produced no usable content.
enum class ModelErrorKind {
    kUnreachable,  // connection refused, DNS, TLS: nothing answered
    kHttpStatus,   // an HTTP error status (after retries for 429/5xx)
    kTimeout,      // no complete reply within the timeout
    kCancelled,    // the caller cancelled
    kTruncated,    // finish_reason=length with no content (the budget went to reasoning)
    kMalformed,    // the body or the content is not the JSON the contract asks for
    kNotRecorded,  // --replay asked for a request that was never recorded
    kInvalid,      // the content parsed but failed validation as a whole
};
const char* model_error_kind_name(ModelErrorKind kind);

struct ModelError {
    ModelErrorKind kind = ModelErrorKind::kMalformed;
    std::string message;       // one line, names the endpoint or record
    int http_status = 0;
    std::string body_excerpt;  // at most 300 bytes of the reply body
    std::string to_string() const;
};

struct ChatMessage {
    std::string role;  // system | user | assistant
    std::string content;
};

struct ChatRequest {
    std::string model;
    std::vector<ChatMessage> messages;
    std::string reasoning_effort = "low";  // always sent explicitly (SPEC §5: never inherit a high effort)
    bool json_response = true;             // response_format {"type":"json_object"}
    int max_tokens = 4096;
    std::string purpose;                   // align | adjudicate | embed: recorded, not sent
};

// The request body as sent (temperature 0).
nlohmann::json chat_request_body(const ChatRequest& request);
// RFC 8785 bytes of the body: what is digested, recorded and posted.
std::string canonical_chat_request(const ChatRequest& request);

struct ChatReply {
    std::string content;
    std::string finish_reason;
    std::string model;  // as the server reports it
};

// Parses a /v1/chat/completions response body. `where` names the endpoint or the record.
// Errors: kMalformed (not JSON, no choices, an "error" object), kTruncated (finish_reason=length
// and empty content).
struct ChatParse {
    bool ok = false;
    ChatReply reply;
    ModelError error;
};
ChatParse parse_chat_reply(const std::string& body, const std::string& where);

// The first JSON object in `content`: models wrap JSON in ``` fences or prose despite
// response_format; everything outside the outermost braces is ignored. kMalformed when none parses.
struct JsonContent {
    bool ok = false;
    nlohmann::json value;
    std::string error;
};
JsonContent parse_json_content(const std::string& content);

// Embeddings request/response (/v1/embeddings).
nlohmann::json embeddings_request_body(const std::string& model, const std::vector<std::string>& inputs);
struct EmbeddingsParse {
    bool ok = false;
    std::vector<std::vector<double>> vectors;  // in input order
    ModelError error;
};
EmbeddingsParse parse_embeddings_reply(const std::string& body, size_t expected, const std::string& where);

}  // namespace bm
