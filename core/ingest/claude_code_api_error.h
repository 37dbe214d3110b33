// Claude Code's synthetic notice of a failed API call: which assistant lines are one, and the notice they show.
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace bm {

// Whether an assistant line is Claude Code's own notice of a failed API call rather than the model's words:
// `isApiErrorMessage` true, or (older stream-json runs, session 18) the model "<synthetic>" with a top-level
// `error` string such as "authentication_failed".
bool is_claude_code_api_error(const nlohmann::json& line, std::string_view model);

// The notice a reviewer reads: the text's first line, without the provider's raw response body that Claude Code
// appends ("API Error: Request rejected (429) · {…}" → "API Error: Request rejected (429)";
// "API Error: 500 {"type":"error",…}" → "API Error: 500"). Other text is returned as it is (first line).
std::string api_error_notice(std::string_view text);

}  // namespace bm
