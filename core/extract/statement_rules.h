// Statements the sentence rules miss (session 13, designed on the dev split's misses): an agent's "I
// cannot run the command because X" and "It completed with exit code 0" about the command it just ran,
// and a user's "Remember this: X is Y". Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"
#include "model/claim.h"

namespace bm {

// The key part that stands for the command the agent ran last: resolve_command_subjects() replaces it.
inline constexpr std::string_view kLastCommand = "{command}";

// An assistant's "I cannot/could not/was unable to VERB [OBJECT] because REASON" (rule
// model.cannot_because, Refuted, `<object>.outcome` or `{command}.outcome` = "not VERB: REASON") and
// "It completed/exited/failed … with exit code N" (rule model.exit_stated, `{command}.exit_code` = N).
std::vector<TextFact> assistant_outcome_statements(std::string_view text);

// A user's "Remember (this|that)[ fact][ for later]: X is Y" (rule user.remember, Fact `<x>` = y).
std::vector<TextFact> user_remembered_facts(std::string_view text);

// Gives every `{command}.…` claim the subject of the latest command claim before it in the same turn
// (action.command_run/_output/_exit, action.tool_error, action.check_failed: `echo.exit_code`); a claim
// with no such command before it since the user last spoke (a seq of `user_seqs` in between) is dropped.
void resolve_command_subjects(std::vector<Claim>& claims, const std::vector<int64_t>& user_seqs);

}  // namespace bm
