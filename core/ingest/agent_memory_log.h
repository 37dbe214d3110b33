// Replit Agent's memory log: one {"memory_id": N, "messages": [chat messages]} a line, the chat in chunks.
#pragma once

#include <nlohmann/json.hpp>

namespace bm {

// A line of such a log (an integer memory_id and a messages array, no role of its own).
bool agent_memory_record(const nlohmann::json& line);

}  // namespace bm
