// What an agent says it did when it ends a turn (session 13b, issue #15): its closing summary, the
// last text of a turn (or the text beside a finish/submit call), read for concrete facts only: a
// status of a named thing ("the syntax error has been resolved" → `syntax.error.status = resolved`,
// rule model.closing_status), test counts ("All 12 tests pass" → `tests.passed = 12`, rule
// model.closing_tests) and files changed ("I've added a docstring to `src/main.py`" →
// `file.src/main.py`, rule model.closing_file_change). The claims are the agent's statements
// (assistant evidence 2 / rank 1): settle_closing_summaries() keeps them from competing with what a
// tool observed on the same key. Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/branch_claims.h"
#include "extract/tool_result_facts.h"

namespace bm {

// The facts of one closing text. `cwd` keys paths relative to the working directory ("" when
// unknown).
std::vector<TextFact> closing_summary_facts(std::string_view text, std::string_view cwd);

// Claims for the closing text of each turn of `messages` (one branch, in order): the last assistant
// message with text before the next user message or the end, when no tool call but a finishing one
// (finish, submit, attempt_completion, …) follows its text in the turn, and the turn made a tool
// call (a chat answer with no work behind it is no summary of work done).
void add_closing_summaries(const Session& session, const std::string& branch_id,
                           const std::vector<const Message*>& messages, const std::string& cwd,
                           const ExtractOptions& options, std::vector<Claim>& out);

// A summary never stands against an observation: a closing file claim whose key another rule's
// claim holds moves to `file.<path>.summary` (the agent's account beside what was observed), and
// any other closing claim whose key a claim of higher provenance rank holds is dropped.
void settle_closing_summaries(std::vector<Claim>& claims);

}  // namespace bm
