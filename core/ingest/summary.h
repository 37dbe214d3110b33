// Per-session counts shown by `beliefmerge inspect --summary`: messages by role, tool pairing,
// reasoning blocks, checkpoints, shadowed messages, redactions.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "ingest/read_result.h"

namespace bm {

struct SessionSummary {
    std::string id;
    std::string format;
    int64_t branches = 0;
    int64_t messages = 0;
    std::map<std::string, int64_t> by_role;
    int64_t tool_calls = 0;
    int64_t tool_calls_paired = 0;  // calls with a result carrying the same id in the session
    int64_t reasoning_blocks = 0;
    int64_t checkpoints = 0;
    int64_t shadowed = 0;
    int64_t redactions = 0;
};

SessionSummary summarize(const Session& session);

// The `inspect --summary --json` object for one file: {file, format, sessions, errors, warnings}.
nlohmann::json summary_json(const ReadResult& result);

}  // namespace bm
