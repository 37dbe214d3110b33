// The pure measurements of the fold-quality replay: reference keys of a text, the prompt a surface
// makes, the unchanged prefix of two prompts, and tool-call identity. Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fold/fold_surface.h"

namespace bm::bench {

// What a later message can refer back to, found in `text`, sorted and unique:
// - file paths: a word with a '/' and two or more letters/digits, or name.ext (name of 2+
//   characters, ext 1-5 characters starting with a letter), e.g. src/parser.cpp, README.md;
// - ids: a word of 6+ [A-Za-z0-9_-] holding a letter and a digit, e.g. call-17, ef01ab2c;
// - values: 3+ digits, or digits with dots (8080, 1.2.3, 3.14);
// - error text: a line holding "error", "exception", "traceback" or "failed" (any case), trimmed,
//   its first 60 bytes cut back to a whole word, when it has at least 12.
// Words are split at whitespace and at " ' ` ( ) [ ] { } < > , ; = : and lose trailing . ! ?;
// words over 120 bytes are skipped.
std::vector<std::string> reference_keys(const std::string& text);

// One item of the prompt a surface makes: its bytes (a checkpoint's rendered text, a message's
// canonical JSON) and the engine's token estimate of it.
struct PromptItem {
    std::string bytes;
    size_t tokens = 0;
};
using Prompt = std::vector<PromptItem>;
Prompt prompt_of(const FoldSurface& surface);

// The leading items of `before` that `after` starts with, byte-identical: what a prompt cache keeps.
struct UnchangedPrefix {
    size_t items = 0, bytes = 0, tokens = 0;
};
UnchangedPrefix unchanged_prefix(const Prompt& before, const Prompt& after);

// The model-visible text of a surface item: a checkpoint's rendered text, a message's text, tool
// names, arguments and results.
std::string visible_text(const SurfaceItem& item);

// A tool call: its id and its identity (tool name, NUL, arguments as found).
struct ToolCall {
    std::string id, identity;
};
std::vector<ToolCall> tool_calls(const nlohmann::json& archived);
// The result text per answered call id, in block order.
std::vector<std::pair<std::string, std::string>> tool_results(const nlohmann::json& archived);

}  // namespace bm::bench
