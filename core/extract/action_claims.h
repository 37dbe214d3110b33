// Claims of the structural rules (tool_action_rules.h) for one tool call and its result, with
// evidence by where the quote sits: the result's text or a confirmed call (tool 3 / rank 4), an
// unconfirmed statement in the call's arguments (assistant 2 / rank 1).
#pragma once

#include <string>
#include <vector>

#include "extract/branch_claims.h"

namespace bm {

struct ToolExchange {
    const Message* call_message = nullptr;
    const ContentBlock* call = nullptr;
    const Message* result_message = nullptr;  // nullptr when the call has no result
    const ContentBlock* result = nullptr;
};

void add_action_claims(const Session& session, const std::string& branch_id, const ToolExchange& x,
                       const std::string& cwd, const ExtractOptions& options, std::vector<Claim>& out);

// SWE-agent's prompt suffix "(Current directory: /repo)": the directory later paths are under.
std::string shown_directory(const std::string& result_text);

}  // namespace bm
