// Workspace instruction files the harness injects into the conversation (AGENTS.md, CLAUDE.md: "<system-reminder>
// … Instructions from: AGENTS.md\n\n<rule>") as the project's standing rules: Constraints keyed by the file.
// Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// Each short instruction section of a `<system-reminder>` block (rule `harness.workspace_instruction`):
// `workspace_instruction.<file> = <its text>`. A section longer than one paragraph of 240 bytes is a
// document, not one rule, and gives none; the harness's notice opening an "Updated"/"Additional" section
// is not the file's text.
std::vector<TextFact> workspace_instructions(std::string_view text);

}  // namespace bm
