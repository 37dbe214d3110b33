// The exact archive form of a message: what a checkpoint bundle stores and exact recall returns.
//
// An archived message keeps the message's original record (Message::raw, parsed) byte-for-byte in
// canonical form, plus the decoded blocks the search index and state reducer read. Thread-safety:
// pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "model/message.h"
#include "util/result.h"
#include "util/utf8.h"  // utf8_prefix, used by the fold stages

namespace bm {

// {"seq","id","role","source","blocks","time","line","record"}; record is the parsed original
// record (a JSON string when the original is not JSON, null when the reader kept none).
nlohmann::json archived_message(const Message& message);

// The searchable text of an archived message: text, reasoning, tool arguments and results.
std::string archived_message_text(const nlohmann::json& archived);
// Tool names called in an archived message, in order.
std::vector<std::string> archived_tool_names(const nlohmann::json& archived);
// Tool-call ids an archived message opens (calls) and closes (results).
std::vector<std::string> archived_call_ids(const nlohmann::json& archived);
std::vector<std::string> archived_result_ids(const nlohmann::json& archived);

// The fold's token estimate: ceil(UTF-8 bytes / 4). Monotone and subadditive.
size_t estimate_tokens(std::string_view text);
// Tokens an archived message costs on the surface (its canonical bytes, estimated).
size_t archived_message_tokens(const nlohmann::json& archived);

}  // namespace bm
