// VS Code's chat export ("Chat: Export Chat...", `chat.json`) and the chat session files VS Code keeps
// (`chatSessions/<id>.json`): GitHub Copilot Chat's requests and responses in one JSON document.
#pragma once

#include <string>

#include "ingest/read_context.h"

namespace bm {

// Whether `doc` is such a document: an object with a `requests` array and VS Code's
// `requesterUsername`/`responderUsername`, or a session file's `version` and `sessionId`.
bool is_vscode_chat(const json& doc);

// Reads the document as one session (see docs/formats.md "VS Code Copilot Chat exports"); `digest` names a
// document that names no session.
void read_vscode_chat(const json& doc, ReadContext& ctx, const std::string& digest);

}  // namespace bm
