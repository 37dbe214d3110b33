// Splits a Gemini CLI user turn into the user's words and the files its "@path" mentions pulled in; spots the
// turns the CLI itself writes in the user's place (setup, compression).
#include "ingest/referenced_files.h"

#include "ingest/readers.h"

#include "util/trim.h"

namespace bm {

namespace {

constexpr std::string_view kOpen = "--- Content from referenced files ---";
constexpr std::string_view kClose = "--- End of content ---";
constexpr std::string_view kFileLead = "Content from @";

// The offset of `marker` where it starts a line of `text` (npos when it never does).
size_t line_start_of(std::string_view text, std::string_view marker, size_t from = 0) {
    for (size_t at = text.find(marker, from); at != std::string_view::npos;
         at = text.find(marker, at + 1))
        if (at == 0 || text[at - 1] == '\n') return at;
    return std::string_view::npos;
}

}  // namespace

std::optional<ReferencedFiles> split_referenced_files(std::string_view text) {
    const size_t open = line_start_of(text, kOpen);
    if (open == std::string_view::npos) return std::nullopt;
    ReferencedFiles out;
    out.words = std::string(trim(text.substr(0, open)));
    size_t body = open + kOpen.size();
    if (body < text.size() && text[body] == '\n') ++body;
    // The last closing line ends the block: a referenced file may itself hold the marker.
    size_t close = std::string_view::npos;
    for (size_t at = line_start_of(text, kClose, body); at != std::string_view::npos;
         at = line_start_of(text, kClose, at + 1))
        close = at;
    const std::string_view block =
        text.substr(body, close == std::string_view::npos ? std::string_view::npos : close - body);
    out.contents = std::string(block);
    while (!out.contents.empty() && out.contents.back() == '\n') out.contents.pop_back();
    for (size_t at = line_start_of(block, kFileLead); at != std::string_view::npos;
         at = line_start_of(block, kFileLead, at + 1)) {
        const size_t eol = block.find('\n', at);
        std::string_view head = block.substr(
            at + kFileLead.size(),
            eol == std::string_view::npos ? std::string_view::npos : eol - at - kFileLead.size());
        if (!head.empty() && head.back() == ':') head.remove_suffix(1);
        if (!head.empty()) out.paths.emplace_back(head);
    }
    if (close != std::string_view::npos) {
        const std::string_view after = trim(text.substr(close + kClose.size()));
        if (!after.empty()) out.words += (out.words.empty() ? "" : "\n") + std::string(after);
    }
    return out;
}

bool gemini_setup_turn(std::string_view text) {
    return text.find("We are setting up the context for our chat.") != std::string_view::npos ||
           trim_left(text).rfind("<session_context>", 0) == 0;
}

bool gemini_state_snapshot(std::string_view text) {
    std::string_view t = trim_left(text);
    if (t.rfind("```", 0) == 0) {
        const size_t eol = t.find('\n');
        if (eol == std::string_view::npos) return false;
        t = trim_left(t.substr(eol + 1));
    }
    if (t.rfind("<state_snapshot>", 0) != 0) return false;
    // The whole turn is the snapshot: a user who pastes one and writes after it is still the user.
    std::string_view end = trim(t);
    if (end.ends_with("```")) end = trim(end.substr(0, end.size() - 3));
    return end.ends_with("</state_snapshot>");
}

void mark_state_snapshot(Session& session) {
    if (session.messages.empty()) return;
    Message& m = session.messages.back();
    m.source.kind = SourceKind::kPlugin;
    m.source.name = "compact";  // as Qwen Code's chat-compression record, the same CLI lineage's
    CheckpointRecord cp;
    cp.kind = "compaction";
    cp.id = m.id;
    cp.seq = static_cast<int64_t>(session.messages.size()) - 1;  // where append_message puts it
    cp.summary = m.visible_text();
    session.checkpoints.push_back(std::move(cp));
}

std::optional<ShellNote> gemini_shell_note(std::string_view text) {
    static constexpr std::string_view kOpen = "I ran the following shell command:\n```sh\n",
                                      kMiddle = "\n```\n\nThis produced the following result:\n```\n",
                                      kClose = "```";
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
    if (!text.starts_with(kOpen) || !text.ends_with(kClose)) return std::nullopt;
    const size_t middle = text.find(kMiddle, kOpen.size());
    if (middle == std::string_view::npos || middle + kMiddle.size() > text.size() - kClose.size()) return std::nullopt;
    const size_t output = middle + kMiddle.size();
    ShellNote note{std::string(text.substr(kOpen.size(), middle - kOpen.size())),
                   std::string(text.substr(output, text.size() - kClose.size() - output))};
    while (!note.output.empty() && note.output.back() == '\n') note.output.pop_back();
    if (note.command.empty()) return std::nullopt;
    return note;
}

void shell_note_as_call(const ShellNote& note, Message& m, ReadContext& ctx) {
    m.blocks.clear();
    ContentBlock call;
    call.kind = BlockKind::kToolCall;
    call.tool_id = m.id + "#shell";
    call.tool_name = "run_shell_command";
    call.arguments = ctx.redact_text(json{{"command", note.command}}.dump());
    ContentBlock r;
    r.kind = BlockKind::kToolResult;
    r.tool_id = call.tool_id;
    r.text = ctx.redact_text(note.output);
    m.blocks.push_back(std::move(call));
    m.blocks.push_back(std::move(r));
}

Message referenced_files_read(const ReferencedFiles& ref, Message& m, ReadContext& ctx) {
    ContentBlock call;
    call.kind = BlockKind::kToolCall;
    call.tool_id = m.id + "#at";
    call.tool_name = "read_many_files";
    call.arguments = ctx.redact_text(json{{"paths", ref.paths}}.dump());
    m.blocks.push_back(call);
    ContentBlock r;
    r.text = ctx.redact_text(ref.contents);
    Message t = tool_answer(m, call.tool_id, 0, std::move(r));
    t.seq = m.seq;
    return t;
}

std::optional<std::string> function_response_echo(std::string_view text) {
    constexpr std::string_view kLead = "[Function Response: ";
    const std::string_view t = trim(text);
    if (t.rfind(kLead, 0) != 0) return std::nullopt;
    const size_t end = t.find(']', kLead.size());
    if (end == std::string_view::npos || end == kLead.size()) return std::nullopt;
    return std::string(t.substr(kLead.size(), end - kLead.size()));
}

}  // namespace bm
