// Session statistics for inspection and import reports.
#include "ingest/summary.h"

#include <set>

namespace bm {

SessionSummary summarize(const Session& session) {
    SessionSummary s;
    s.id = session.id;
    s.format = format_name(session.format);
    s.branches = static_cast<int64_t>(session.branches.size());
    s.messages = static_cast<int64_t>(session.messages.size());
    s.checkpoints = static_cast<int64_t>(session.checkpoints.size());
    s.redactions = session.redactions;
    std::set<std::string> result_ids;
    for (const auto& m : session.messages)
        for (const auto& b : m.blocks)
            if (b.kind == BlockKind::kToolResult && !b.tool_id.empty()) result_ids.insert(b.tool_id);
    for (const auto& m : session.messages) {
        ++s.by_role[role_name(m.role)];
        if (m.surface == Surface::kShadowed) ++s.shadowed;
        for (const auto& b : m.blocks) {
            if (b.kind == BlockKind::kReasoning) ++s.reasoning_blocks;
            if (b.kind == BlockKind::kToolCall) {
                ++s.tool_calls;
                if (!b.tool_id.empty() && result_ids.count(b.tool_id)) ++s.tool_calls_paired;
            }
        }
    }
    return s;
}

nlohmann::json summary_json(const ReadResult& result) {
    using nlohmann::json;
    json sessions = json::array();
    for (const auto& session : result.sessions) {
        SessionSummary s = summarize(session);
        sessions.push_back({{"id", s.id},
                            {"branches", s.branches},
                            {"messages", s.messages},
                            {"by_role", s.by_role},
                            {"tool_calls", s.tool_calls},
                            {"tool_calls_paired", s.tool_calls_paired},
                            {"reasoning_blocks", s.reasoning_blocks},
                            {"checkpoints", s.checkpoints},
                            {"shadowed", s.shadowed},
                            {"redactions", s.redactions}});
    }
    auto list = [](const std::vector<Error>& v) {
        json out = json::array();
        for (const auto& e : v)
            out.push_back({{"message", e.message()},
                           {"file", e.where().file},
                           {"line", e.where().line},
                           {"byte", e.where().byte_offset},
                           {"field", e.where().field},
                           {"hint", e.hint()},
                           {"text", e.to_string()}});
        return out;
    };
    return {{"file", result.file}, {"format", result.format}, {"sessions", sessions},
            {"partial", result.partial}, {"errors", list(result.errors)}, {"warnings", list(result.warnings)}};
}

}  // namespace bm
