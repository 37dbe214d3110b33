// Origin → trust: plugin-injected, unknown and outside-content tool text is UNTRUSTED.
#include "trust/claim_trust.h"

namespace bm {

TrustLabel trust_for_message(const Message& message, const std::string& session_id, const std::string& tool_name,
                             const TrustPolicy& policy) {
    if (message.source.kind == SourceKind::kPlugin || message.source.kind == SourceKind::kUnknown)
        return TrustLabel::kUntrusted;
    if (message.role == Role::kTool && policy.outside_content_tools.count(tool_name)) return TrustLabel::kUntrusted;
    if (message.role == Role::kUser && message.source.kind == SourceKind::kUser && !policy.current_session.empty() &&
        policy.current_session == session_id)
        return TrustLabel::kTrusted;
    if (message.role == Role::kSystem || message.role == Role::kDeveloper) return TrustLabel::kUntrusted;
    return TrustLabel::kExternal;
}

}  // namespace bm
