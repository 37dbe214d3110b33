// A chat harness's report of a failed model call written as the assistant's turn ("HTTP 404 calling
// OpenAI-compatible API: ", nanobot's "Error calling LLM: …"): the harness speaking, not the model (session 19).
#pragma once

#include <string>
#include <string_view>

namespace bm {

// The notice when `text`, an assistant turn without tool calls, opens with a harness's failed-call line, else "".
// `kind` names the failure: "http_<status>" for "HTTP <4xx|5xx> calling|from … API" and "Error code: <4xx|5xx> - …",
// "llm_call" for "Error calling LLM: …". The notice is that first line, cut before a response body ('{') and its
// trailing ':' or blanks; at most 200 bytes. A model's sentence about an HTTP status ("HTTP 404 from the GitHub API
// means …") is no notice: the line must end at "API".
std::string provider_error_notice(std::string_view text, std::string& kind);

}  // namespace bm
