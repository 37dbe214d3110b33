// The session-log readers of SPEC §3, one per format, and the shared session finishing step.
//
// Each reader takes a decoded byte source and fills a ReadResult; none throws on bad input.
// Texts are redacted as they are read, so nothing downstream ever sees a secret.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "ingest/byte_source.h"
#include "ingest/read_context.h"

namespace bm {

void read_dsh(ByteSource& source, ReadContext& ctx);
void read_claude_code(ByteSource& source, ReadContext& ctx);
void read_codex(ByteSource& source, ReadContext& ctx);
void read_native(ByteSource& source, ReadContext& ctx);
void read_openhands_jsonl(ByteSource& source, ReadContext& ctx);
void read_openhands_eval(ByteSource& source, ReadContext& ctx);  // evaluation output.jsonl
void read_gemini_cli(ByteSource& source, ReadContext& ctx);      // chats/session-*.jsonl
void read_aider(ByteSource& source, ReadContext& ctx);           // .aider.chat.history.md
void read_entire_compact(ByteSource& source, ReadContext& ctx);  // Entire CLI checkpoint transcript.jsonl
bool is_entire_compact_line(const json& first_line);            // {"v", "agent", "cli_version", "type", "content"}
// Entire's hook-event sidecar (Grok CLI's checkpoint `full.jsonl`): {"v": 1, "agent", "event", "session_id", …}.
void read_entire_sidecar(ByteSource& source, ReadContext& ctx);
bool is_entire_sidecar_line(const json& first_line);
void read_codex_exec(ByteSource& source, ReadContext& ctx);     // `codex exec --json` event stream
void read_codex_legacy_exec(ByteSource& source,
                            ReadContext& ctx);  // its form before mid-2025: {"id", "msg"} events
void read_cursor_transcript(ByteSource& source, ReadContext& ctx);  // Cursor agent-transcripts/<id>.jsonl
bool is_cursor_transcript_line(const json& first_line);             // {"role", "message": {"content"}}, no uuid
bool is_codex_legacy_exec_line(
    const json& first_line);  // {"id", "msg": {"type"}}, or its settings line
bool is_codex_exec_event(const json& first_line);               // {"type": "thread.started", "thread_id"}, an item event
void read_pi(ByteSource& source, ReadContext& ctx);             // pi's ~/.pi/agent/sessions/*.jsonl (a tree of entries)
bool is_pi_first_line(const json& first_line);  // a header (no createdAt), oh-my-pi's title, or an entry
void read_copilot_cli(ByteSource& source,
                      ReadContext& ctx);            // Copilot CLI's session-state/<id>/events.jsonl
bool is_copilot_cli_event(const json& first_line);  // {"type": "session.start"|…, "data": {…}}
bool is_copilot_cli_outline(const json& outline);  // the same, for a first line over the line limit
// Qwen Code's ~/.qwen/projects/<p>/chats/<id>.jsonl: {uuid, parentUuid, sessionId, type, message: {role, parts}}.
void read_qwen_code(ByteSource& source, ReadContext& ctx);
bool is_qwen_code_line(const json& first_line);
// A chat saved by Gemini CLI's or Qwen Code's `/chat save` (`checkpoint-<tag>.json`): its history of Gemini Contents
// ({role, parts}; a bare array, or {"history": [...], "authType"}), or null for any other document.
const json* gemini_saved_chat(const json& doc);
void read_gemini_saved_chat(const json& history, ReadContext& ctx, const std::string& digest);
// Whole-document formats (small files): the parsed JSON document.
void read_openai_chat(const json& doc, ReadContext& ctx, const std::string& digest);
// A chat session kept one message a line (nanobot's sessions/*.jsonl: a `{"_type": "metadata", …}` line, then
// `{"role", "content", "tool_calls", …}` lines; Kimi CLI's context.jsonl, whose `_checkpoint`, `_usage` and
// `_system_prompt` records are the harness's); each message keeps its own line number (session 19).
void read_openai_chat_jsonl(ByteSource& source, ReadContext& ctx);
// A Kimi CLI context record that is no message: {"role": "_checkpoint", "id"}, {"role": "_usage", "token_count"},
// {"role": "_system_prompt", "content"} (MoonshotAI/kimi-cli, src/kimi_cli/soul/context.py; session 33).
bool kimi_record(const json& line);
// nanobot's enveloped session line (a fork, "lanobot"; session 33): {"type": "metadata"|"message", "timestamp",
// "data": {…}}, the data a metadata record or a chat message.
bool enveloped_chat_record(const json& line);
// A chat saved as {"trajectory": [role messages]} (an OpenClaw session exported for evaluation, each message with
// its own extra members; session 33): the array, else null. Not OpenHands' downloaded trajectory of events.
const json* chat_trajectory(const json& doc);
// `text` is the document as read, where a harness fact's member is found for its line and quote.
void read_swe_agent(const json& doc, ReadContext& ctx, const std::string& digest, std::string_view text = {});
void read_openhands(const json& doc, ReadContext& ctx, const std::string& digest);
// OpenCode's `opencode export` document ({"info", "messages": [{"info", "parts"}]}), which would otherwise pass for
// an OpenAI chat document: told apart by is_opencode_export.
void read_opencode(const json& doc, ReadContext& ctx, const std::string& digest);
bool is_opencode_export(const json& doc);
// Harbor's ATIF trajectory ({"schema_version": "ATIF-v1.x", "session_id", "agent", "steps"}).
void read_atif(const json& doc, ReadContext& ctx, const std::string& digest);
bool is_atif_trajectory(const json& doc);
void read_gemini_cli_document(const json& doc, ReadContext& ctx, const std::string& digest);
// Cline task files: api_conversation_history.json or ui_messages.json (told apart by content).
void read_cline(const json& doc, ReadContext& ctx, const std::string& digest);

// Detection by content for the formats above that ingest cannot tell by their first object alone.
bool is_openhands_instance(const json& first_line);  // {instance_id, history, ...}: an evaluation output line
bool is_openhands_v1_event(const json& e);  // {kind: "MessageEvent"|"ActionEvent"|..., source|id}: software-agent-sdk
// The member of a JSON object that holds OpenHands events: `history`, or a download's `trajectory`
// (the web UI's "download trajectory": {"trajectory": [events]}) or an export's `events`, when it
// opens with an OpenHands event; null for none.
const char* openhands_events_member(const json& doc);
// OpenHands V1's on-disk conversation (openhands_event_dir.cpp): `<dir>/events/event-NNNNN-<id>.json`.
bool is_openhands_event_file(const std::string& path);
// The event files of an events directory in event order (numbers of any width); symlinks and folders are left
// out, so a listing never leads outside the directory (the MCP server checks and sizes exactly these files).
std::vector<std::string> openhands_event_files(const std::string& events_dir, std::error_code& ec);
void read_openhands_event_dir(const std::string& events_dir, ReadContext& ctx);  // one session, in event order
bool looks_like_cline(const json& array);            // a Cline task file
bool is_aider_history(std::string_view text);        // text opening with "# aider chat started at"

// Sets session ids on messages, a default whole-log branch, and reports sessions without
// messages (a warning when the log is a bare header, never silently).
void finish_session(Session& session, ReadContext& ctx, RecordPos header_pos,
                    int64_t non_message_records);

// Appends one tool-call block per element of an OpenAI-style `tool_calls` array
// ([{id, function{name, arguments}}]) found in `item` (absent: nothing). Returns how many.
size_t append_tool_calls(ReadContext& ctx, const json& item, RecordPos pos, const std::string& path,
                         std::vector<ContentBlock>& out);

// Calls `on_line` with each line of `source` (over-long lines arrive flagged too_long, unparsed).
// A read error is recorded, marks the result partial and ends the walk.
void for_each_line(ByteSource& source, ReadContext& ctx, const std::function<void(const Line&)>& on_line);

// Calls `on_record` with each parsed line of `source` (unreadable lines are reported and skipped) and returns the
// hex SHA-256 of the lines read, which names a log that names no session; nullopt, with an error, when there was
// no record at all.
std::optional<std::string> for_each_record(ByteSource& source, ReadContext& ctx,
                                           const std::function<void(const json&, RecordPos, std::string_view)>& on_record);

// Reads `source` as one JSON object a line into `builder`: `builder.line(v, pos, raw)` for each
// object, `builder.finish(digest)` once any record was read; a line that is not an object is an
// error naming it, skipped.
template <class Builder>
void read_object_lines(ByteSource& source, ReadContext& ctx, Builder& builder) {
    const auto digest =
        for_each_record(source, ctx, [&](const json& v, RecordPos pos, std::string_view raw) {
            if (v.is_object())
                builder.line(v, pos, raw);
            else
                ctx.error(pos, "", "expected a JSON object a line; skipped");
        });
    if (digest) builder.finish(*digest);
}

// Appends `m` to `session`'s messages, its seq set to its position there.
void append_message(Session& session, Message m);

// Ends a reader's one session: names it `fallback_id` when the log named none, closes the context's reports,
// finishes the session (finish_session) and adds it to the result.
void add_session(Session session, ReadContext& ctx, const std::string& fallback_id, int64_t non_message_records);

// A harness fact read from a record's member: `name` = `value` (redacted), its quote the member as written
// ("<member>":<its JSON>, redacted), `field` its path in the record.
EnvironmentFact member_fact(ReadContext& ctx, const char* name, const std::string& value, const std::string& field,
                            int64_t line, const char* member, const json& member_value);

// The answer of the call `call_id` made in message `m`: a tool message "<m.id>/<call id>" (or "<m.id>/<index>" for a
// call with no id) holding `result`, at `m`'s line and time.
Message tool_answer(const Message& m, const std::string& call_id, size_t index, ContentBlock result);

// A shell result whose harness kept the exit code apart from the output (pi's `exitCode`, OpenCode's
// metadata): the code opens `text` as "[exit code: N]\n", before anything the program printed, and
// a non-zero code marks the call failed.
void open_with_exit_code(int64_t code, std::string& text, bool& failed);

// The string member `key` of `v`, or "" when absent or not a string.
std::string string_member(const json& v, const char* key);

// The text between `open` and `close` in `text` (Cursor's and Grok's `<user_query>`), trimmed of the line breaks
// around it; nullopt when absent.
std::optional<std::string> tagged(const std::string& text, const std::string& open, const std::string& close);

// A text or reasoning block holding the redacted `text`.
ContentBlock text_block(ReadContext& ctx, BlockKind kind, std::string_view text);

}  // namespace bm

namespace bm {
// File name without directories and extensions, for ids of logs that carry none.
std::string file_stem(const std::string& path);
}  // namespace bm
