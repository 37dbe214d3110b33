// The pieces of a VS Code chat export the reader takes apart (vscode_chat_reader.cpp): a tool result's text, the
// terminal's exit line, URIs and the links that name them, and the names Copilot's tools go by.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ingest/read_context.h"

namespace bm::vscode_chat {

// A tool result's text: its content parts' `value`s (a string, or a prompt element `{"node"}` whose text pieces
// are read in order, a line break before each nested element), one per line.
std::string result_text(const json& result);

// The terminal tool's answer of a failed command ends "Command exited with code N": the line is taken out of `text`
// and its code returned; nullopt when the answer ends otherwise.
std::optional<int64_t> take_exit_line(std::string& text);

// `obj`'s member `key`, or null when `obj` is null, not an object, or has no such member.
const json* member_of(const json* obj, const char* key);

// The file system path a VS Code URI (or a {"uri"} location) names: its `fsPath`, else `path`.
std::string uri_path(const json& v, size_t depth = 0);

// The name the model calls a tool by, for a tool id the chat view keeps (Copilot's ContributedToolName ->
// ToolName); other ids as they are.
std::string model_tool_name(const std::string& id);

// Whether the tool (by the model's name) writes a file it is given.
bool edits_a_file(const std::string& tool);

// A chat view message ("Read [](file:///w/a.md), lines 1 to 50"): a string, or {"value", "uris"}; an
// empty-labelled link is shown as the path of the URI it names.
std::string view_message(const json& m);

// The one file a tool invocation's messages name (their `uris`), or "".
std::string named_file(const json& p);

}  // namespace bm::vscode_chat
