// A session written as the project's native JSONL (docs/formats.md): what `--dump-scenarios` puts inline.
//
// Reading the records back with the native reader gives the same messages, blocks, sources and
// ground-truth claims (the `line` of each message is its line in the written log). Pure function.
#pragma once

#include <nlohmann/json.hpp>

#include "model/session.h"

namespace bm::mergebench {

// The header record, then one `message` record per message, each a JSON object (one JSONL line).
nlohmann::json native_log_records(const Session& session);

}  // namespace bm::mergebench
