// Shared by the two Cline task-file readers (api_conversation_history.json, ui_messages.json).
#pragma once

#include "ingest/readers.h"

namespace bm {

// The task id: the name of the file's directory when it is Cline's numeric task id, else the file
// stem and a digest prefix.
std::string cline_task_id(const std::string& file, const std::string& digest);

// "[read_file for 'a.py'] Result:" -> "read_file"; empty when the text is not a tool result.
std::string cline_result_tool(std::string_view text);

// Whether `text` is a block Cline adds to a user turn itself: the environment report, its todo-list
// reminders, the text of files the user attached (their words, not the user's).
bool cline_injected_context(std::string_view text);

// Where the first block Cline injects begins inside one request text (a tool result followed by the
// environment report); the text's size when there is none.
size_t cline_injected_tail(std::string_view text);

// ui_messages.json: the say/ask records the extension shows. REQUIRES: a non-empty array.
void read_cline_ui(const json& doc, ReadContext& ctx, const std::string& digest);

}  // namespace bm
