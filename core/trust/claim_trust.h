// Trust labels for claims by origin (SPEC §9): TRUSTED is only the current session's own user.
#pragma once

#include <set>
#include <string>

#include "model/message.h"
#include "model/trust_label.h"

namespace bm {

struct TrustPolicy {
    std::string current_session;  // empty: no session is current, nothing is TRUSTED
    // Tools whose results bring in outside content: their text is UNTRUSTED.
    std::set<std::string> outside_content_tools = {"web_fetch", "webfetch", "web_search", "websearch",
                                                   "fetch", "browser", "browse", "http_get", "curl",
                                                   "WebFetch", "WebSearch"};
};

// Label of text taken from `message` (of session `session_id`); `tool_name` names the tool whose
// result the text is, when it is one.
TrustLabel trust_for_message(const Message& message, const std::string& session_id, const std::string& tool_name,
                             const TrustPolicy& policy);

}  // namespace bm
