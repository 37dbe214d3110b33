// Message: one surface event of a session (user, assistant, tool, system, developer turn).
//
// Messages are immutable values once a reader returns them; `raw` keeps the original record
// (after redaction) so folded history can be recalled exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/claim.h"
#include "util/compressed_arena.h"

namespace bm {

enum class Role { kSystem, kDeveloper, kUser, kAssistant, kTool };
const char* role_name(Role role);

enum class SourceKind { kUser, kModel, kTool, kPlugin, kUnknown };
const char* source_kind_name(SourceKind kind);
// Inverse of source_kind_name(); nullopt for a name no SourceKind has.
std::optional<SourceKind> source_kind_from_name(const std::string& name);

// Who produced a message: the user, a model{provider,model}, a tool{call_id}, a plugin{name,form}.
struct MessageSource {
    SourceKind kind = SourceKind::kUnknown;
    std::string provider;  // model
    std::string model;     // model
    std::string call_id;   // tool
    std::string name;      // plugin
    std::string form;      // plugin
};

enum class BlockKind { kText, kReasoning, kImage, kToolCall, kToolResult };
const char* block_kind_name(BlockKind kind);

// One content block. `text` holds text/reasoning/tool-result content; tool calls keep arguments.
struct ContentBlock {
    BlockKind kind = BlockKind::kText;
    std::string text;       // text, reasoning, tool result content, image placeholder
    std::string tool_id;    // tool call id, or the call a result answers
    std::string tool_name;  // tool call
    std::string arguments;  // tool call arguments (JSON text as found)
    bool is_error = false;  // tool result
};

enum class Surface { kVisible, kShadowed };

struct Message {
    std::string session_id;
    int64_t seq = 0;  // position in the session's event log
    std::string id;
    std::string parent_id;  // DAG formats (Claude Code); empty otherwise
    Role role = Role::kUser;
    MessageSource source;
    std::vector<ContentBlock> blocks;
    std::string time;  // ISO-8601 or epoch milliseconds as found; empty when absent
    Surface surface = Surface::kVisible;
    bool sidechain = false;    // Claude Code sidechain (subagent) message
    bool from_chunks = false;  // rebuilt from streamed chunks: the log had no final message
    bool seeded = false;       // inherited from the parent session's seed (before session/end-seed)
    std::vector<int64_t> source_event_seqs;  // events this message was assembled from (expanded)
    int64_t line = 0;          // 1-based line (or array index + 1) in the source file
    CompressedBytes raw;       // original record, redacted; held compressed (raw.str() reads it)
    std::vector<ClaimAnnotation> annotations;  // native JSONL ground truth

    // Concatenated text of text blocks (reasoning excluded), separated by blank lines.
    std::string visible_text() const;
};

}  // namespace bm
