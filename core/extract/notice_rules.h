// Harness notices about background work, delivered into the conversation: "Background subagent <id>
// failed before it finished.", "… finished and will do no further work unless you send it more.",
// "started subagent <id>" → `subagent.<id>.status = <what it says>`. Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bm {

struct Notice {
    std::string key;
    std::string value;
    size_t begin = 0, end = 0;  // the notice's byte span in the text (the quote)
};

// The background-work notices of one text block (a user-role harness message or a tool result).
std::vector<Notice> background_notices(std::string_view text);

}  // namespace bm
