// Test support shared by the Claude Code reader and rule tests: one Claude Code JSONL line (user or assistant)
// built from its uuid, parent and content, so a test states only what it is about.
#pragma once

#include <string>

namespace bm::extracttest {

// A Claude Code line of `type` "user" or "assistant" (uuid `id`, parent `parent`, none when empty) whose message
// content is the JSON `content` (a string literal with its quotes, or an array of blocks); `extra` is appended to
// the line's members (",\"isMeta\":true"), `message_extra` to the message's (",\"model\":\"<synthetic>\"").
inline std::string claude_line(const std::string& type, const std::string& id, const std::string& parent,
                               const std::string& content, const std::string& extra = "",
                               const std::string& message_extra = "") {
    return R"({"parentUuid":)" + (parent.empty() ? std::string("null") : "\"" + parent + "\"") +
           R"(,"isSidechain":false,"type":")" + type + R"(","message":{"role":")" + type + R"(","content":)" + content +
           message_extra + R"(},"uuid":")" + id + R"(","sessionId":"s1","timestamp":"t")" + extra + "}\n";
}

// A user line: `content` as in claude_line.
inline std::string claude_user_line(const std::string& id, const std::string& parent, const std::string& content,
                                    const std::string& extra = "") {
    return claude_line("user", id, parent, content, extra);
}

// An assistant line whose one text block is `text` (plain text, no quotes or backslashes).
inline std::string claude_assistant_text(const std::string& id, const std::string& parent, const std::string& text,
                                         const std::string& extra = "", const std::string& message_extra = "") {
    return claude_line("assistant", id, parent, R"([{"type":"text","text":")" + text + R"("}])", extra, message_extra);
}

}  // namespace bm::extracttest
