// Whether a chat-completions tool message, which carries no error flag, reports its function's failure.
#pragma once

#include <string_view>

namespace bm {

// True when `result` opens "Error:" (tau-bench: "Error: payment amount does not add up…") or is one JSON
// object whose own fields say the call failed: `"ok": false`, `"success": false`, `"status": "error"`
// (or "failed"/"failure"), or a non-empty `"error"` beside no `"ok": true` / `"success": true`
// (Starcode's `{"ok":false,"error":"Path is outside workspace: /tmp2/hello_world.py"}`).
bool chat_result_reports_failure(std::string_view result);

}  // namespace bm
