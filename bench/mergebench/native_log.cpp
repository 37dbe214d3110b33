// Native JSONL records of a session: header, messages with typed content blocks and claims.
#include "bench/mergebench/native_log.h"

#include "store/message_codec.h"

namespace bm::mergebench {

namespace {

using nlohmann::json;

json content_block(const ContentBlock& b) {
    switch (b.kind) {
        case BlockKind::kText: return {{"type", "text"}, {"text", b.text}};
        case BlockKind::kReasoning: return {{"type", "reasoning"}, {"text", b.text}};
        case BlockKind::kImage: return {{"type", "image"}};
        case BlockKind::kToolCall:
            return {{"type", "tool_call"}, {"id", b.tool_id}, {"name", b.tool_name}, {"arguments", b.arguments}};
        case BlockKind::kToolResult: {
            json j = {{"type", "tool_result"}, {"callId", b.tool_id}, {"content", b.text}};
            if (b.is_error) j["isError"] = true;
            return j;
        }
    }
    return {{"type", "text"}, {"text", b.text}};
}

}  // namespace

json native_log_records(const Session& session) {
    json records = json::array();
    records.push_back({{"type", "beliefmerge.session"}, {"version", 1}, {"id", session.id_form.empty() ? session.id : session.id_form}});
    for (const auto& m : session.messages) {
        json content = json::array();
        for (const auto& b : m.blocks) content.push_back(content_block(b));
        json record = {{"type", "message"}, {"id", m.id}, {"role", role_name(m.role)},
                       {"source", encode_source(m.source)}, {"content", content}};
        if (!m.time.empty()) record["time"] = m.time;
        if (!m.annotations.empty()) record["claims"] = encode_annotations(m.annotations);
        records.push_back(std::move(record));
    }
    return records;
}

}  // namespace bm::mergebench
