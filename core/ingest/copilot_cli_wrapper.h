// Copilot CLI events kept inside another tool's wrapper line (session 36: wasa-cli's
// transcript.jsonl).
#pragma once

#include "ingest/read_context.h"

namespace bm {

// The Copilot CLI event a wrapper line holds ({"role", "content", "timestamp", "raw": <event>}), or
// null.
const json* wrapped_copilot_event(const json& line);

}  // namespace bm
