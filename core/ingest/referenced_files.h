// The turns Gemini CLI writes in the user's place: the files named with "@path" (appended to the user's
// words), the setup turn and the compression summary.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/read_context.h"
#include "model/message.h"
#include "model/session.h"

namespace bm {

// Whether a user turn is the CLI's setup turn ("This is the Gemini CLI. We are setting up the context for our
// chat. …", or a `<session_context>` block with the workspace's tree): the harness's words, not the user's.
bool gemini_setup_turn(std::string_view text);

// Whether a user turn is the CLI's chat compression: the model's `<state_snapshot>` summary of the history it replaced
// (optionally in a ```xml fence, as a `/chat share` export writes it), which the CLI puts in the user's place. The
// whole turn must be the snapshot.
bool gemini_state_snapshot(std::string_view text);

// Marks the session's last message, such a turn, as the harness's (plugin "compact") and records it as a checkpoint
// of kind "compaction" holding its text, as Qwen Code's chat-compression record is read.
void mark_state_snapshot(Session& session);

// gemini-cli's note of a command the user ran in shell mode (`!cmd`: addShellCommandToGeminiHistory), which it puts
// in the user's place: "I ran the following shell command:\n```sh\n<command>\n```\n\nThis produced the following
// result:\n```\n<output>\n```". The whole turn must be the note.
struct ShellNote {
    std::string command, output;
};
std::optional<ShellNote> gemini_shell_note(std::string_view text);

// Replaces `m`'s blocks by the user's own shell call (run_shell_command {"command"}) and, after it, its answer.
void shell_note_as_call(const ShellNote& note, Message& m, ReadContext& ctx);

// A user turn split at the CLI's "--- Content from referenced files ---" block.
struct ReferencedFiles {
    std::string words;  // what the user typed (the text before the block and any after its end)
    std::vector<std::string>
        paths;             // each file the block holds ("Content from @<path>:"), in order
    std::string contents;  // the block's body, without its opening and closing marker lines
};

// The split of a user turn that carries the block; nullopt when it carries none.
std::optional<ReferencedFiles> split_referenced_files(std::string_view text);

// The files as the user's own read_many_files call (the CLI runs it for them): the call appended to `m` (id
// "<m.id>#at", arguments {"paths": [...]}) and its answer returned, a tool message holding the block's contents.
Message referenced_files_read(const ReferencedFiles& ref, Message& m, ReadContext& ctx);

// The function a user record's text names when it is the CLI's rendering of a tool's response
// ("[Function Response: read_file]…", gemini-cli's partToString), which older CLIs recorded as a user
// message: the user typed none of it. nullopt for any other text.
std::optional<std::string> function_response_echo(std::string_view text);

}  // namespace bm
