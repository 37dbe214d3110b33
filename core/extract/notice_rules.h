// Harness notices about background work, delivered into the conversation: "Background subagent <id>
// failed before it finished.", "… finished and will do no further work unless you send it more.",
// "started subagent <id>" → `subagent.<id>.status = <what it says>`. Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "extract/tool_result_facts.h"

namespace bm {

// The background-work notices of one text block (a user-role harness message or a tool result), as
// Facts of rule `text.background_notice` spanning the notice.
std::vector<TextFact> background_notices(std::string_view text);

}  // namespace bm
