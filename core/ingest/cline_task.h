// Shared by the two Cline task-file readers (api_conversation_history.json, ui_messages.json).
#pragma once

#include "ingest/readers.h"

namespace bm {

// The task id: the name of the file's directory when it is Cline's numeric task id, else the file
// stem and a digest prefix.
std::string cline_task_id(const std::string& file, const std::string& digest);

// ui_messages.json: the say/ask records the extension shows. REQUIRES: a non-empty array.
void read_cline_ui(const json& doc, ReadContext& ctx, const std::string& digest);

}  // namespace bm
