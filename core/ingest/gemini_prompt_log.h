// Gemini CLI's prompt log (`~/.gemini/tmp/<project>/logs.json`): what the user typed, one session per sessionId.
#pragma once

#include <string>

#include "ingest/read_context.h"

namespace bm {

// A JSON array whose objects are prompt-log entries {sessionId, messageId, type, message, timestamp}.
bool is_gemini_prompt_log(const json& doc);
// Reads each sessionId's entries, in the order written, as a session of user messages (`gemini-logs-<sessionId>`).
void read_gemini_prompt_log(const json& doc, ReadContext& ctx, const std::string& digest);

}  // namespace bm
