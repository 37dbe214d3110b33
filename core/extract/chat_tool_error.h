// Whether a chat-completions tool message, which carries no error flag, reports its function's failure.
#pragma once

#include <string_view>

namespace bm {

// True when `result` opens "Error:" (tau-bench: "Error: payment amount does not add up…") or is one JSON
// object whose own fields say the call failed: `"ok": false`, `"success": false`, `"status": "error"`
// (or "failed"/"failure"), or a non-empty `"error"` beside no `"ok": true` / `"success": true`
// (Starcode's `{"ok":false,"error":"Path is outside workspace: /tmp2/hello_world.py"}`).
// Also true when a harness's output header line (output_header) is followed by a line opening "Error:"
// (OpenManus: "Observed output of cmd `browser_use` executed:\nError: Browser action 'navigate' failed: …").
bool chat_result_reports_failure(std::string_view result);

// A harness's header line before a function's own output: at most 120 bytes, ends with a colon, says it
// introduces an output or a result, and names no file or contents (a listing's header is not one).
bool output_header(std::string_view line);

}  // namespace bm
