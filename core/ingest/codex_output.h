// What a Codex tool output says: its text and the command's exit code, across rollout versions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace bm {

// The exit code a tool output's header states ("Exit code: 3", "Process exited with code 3" on one of its first lines,
// before "Output:"), or nullopt.
std::optional<int64_t> codex_header_exit_code(std::string_view text);

// A function_call_output / custom_tool_call_output's `output`, decoded.
struct CodexOutput {
    std::string text;                 // what the tool printed (the JSON envelope's `output`, else the string)
    std::optional<int64_t> exit_code;  // when the output states one
    bool code_in_text = false;        // the text itself states the code ("Exit code: 1"); else it came from metadata
    bool failed = false;  // a non-zero exit code, an object output's `success: false`, or "exec_command failed…"
};

// Decodes the three shapes real rollouts hold (docs/formats.md, "Codex CLI rollouts"):
//  - 0.2x–0.4x `shell` and apply_patch: a JSON string {"output": "...", "metadata": {"exit_code": N, ...}};
//  - 0.5x+ `shell_command`: "Exit code: N\nWall time: …\nOutput:\n…";
//  - unified exec (`exec_command`): a header line "Process exited with code N" before "Output:".
// An object or array `output` (content items) is flattened to its text; its `success: false` marks a failure. So does
// unified exec's own failure ("exec_command failed: CreateProcess { … }", "exec_command failed for `…`: …"): the
// process was refused or denied by the sandbox (session 40).
// REQUIRES: nothing; never throws on malformed JSON (the string is then kept as text).
CodexOutput decode_codex_output(const nlohmann::json& output);

}  // namespace bm
