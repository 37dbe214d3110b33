// VS Code's chat export ("Chat: Export Chat...", `chat.json`) and the chat session files VS Code keeps
// (`chatSessions/<id>.json`): GitHub Copilot Chat's requests and responses in one JSON document.
#pragma once

#include <string>

#include "ingest/read_context.h"

namespace bm {

class ByteSource;

// Whether `doc` is such a document: an object with a `requests` array and VS Code's
// `requesterUsername`/`responderUsername`, or a session file's `version` and `sessionId`.
bool is_vscode_chat(const json& doc);

// Reads the document as one session (see docs/formats.md "VS Code Copilot Chat exports"); `digest` names a
// document that names no session.
void read_vscode_chat(const json& doc, ReadContext& ctx, const std::string& digest);

// Whether `first` is the first line of a chat session's operation log (`chatSessions/<id>.jsonl`, newer VS Code):
// {"kind": 0, "v": <the session document>}.
bool is_vscode_chat_log_line(const json& first);

// The same for a first line over the line limit, seen only as its opening members (ingest.cpp's outline): after a
// compaction VS Code writes the whole session as that one line, {"kind": 0, "v": {…}}.
bool is_vscode_chat_log_outline(const json& outline);

// Replays the log (set, push and delete operations on the first line's document) and reads the document it ends
// with as read_vscode_chat() does; a line that cannot be applied is an error naming it, skipped.
void read_vscode_chat_log(ByteSource& source, ReadContext& ctx);

}  // namespace bm
