// Stable JSON forms of blocks, sources and claim annotations (keys sorted by nlohmann::json).
#include "store/message_codec.h"

namespace bm {

using nlohmann::json;

json encode_blocks(const std::vector<ContentBlock>& blocks) {
    json out = json::array();
    for (const auto& b : blocks) {
        json j{{"kind", block_kind_name(b.kind)}};
        if (!b.text.empty()) j["text"] = b.text;
        if (!b.tool_id.empty()) j["id"] = b.tool_id;
        if (!b.tool_name.empty()) j["name"] = b.tool_name;
        if (!b.arguments.empty()) j["arguments"] = b.arguments;
        if (b.is_error) j["isError"] = true;
        out.push_back(std::move(j));
    }
    return out;
}

std::vector<ContentBlock> decode_blocks(const json& j) {
    std::vector<ContentBlock> out;
    for (const auto& b : j) {
        ContentBlock c;
        const std::string kind = b.value("kind", "text");
        for (BlockKind k : {BlockKind::kText, BlockKind::kReasoning, BlockKind::kImage, BlockKind::kToolCall,
                            BlockKind::kToolResult})
            if (kind == block_kind_name(k)) c.kind = k;
        c.text = b.value("text", "");
        c.tool_id = b.value("id", "");
        c.tool_name = b.value("name", "");
        c.arguments = b.value("arguments", "");
        c.is_error = b.value("isError", false);
        out.push_back(std::move(c));
    }
    return out;
}

json encode_source(const MessageSource& s) {
    json j{{"kind", source_kind_name(s.kind)}};
    if (!s.provider.empty()) j["provider"] = s.provider;
    if (!s.model.empty()) j["model"] = s.model;
    if (!s.call_id.empty()) j["callId"] = s.call_id;
    if (!s.name.empty()) j["name"] = s.name;
    if (!s.form.empty()) j["form"] = s.form;
    return j;
}

MessageSource decode_source(const json& j) {
    MessageSource s;
    s.kind = source_kind_from_name(j.value("kind", "unknown")).value_or(SourceKind::kUnknown);
    s.provider = j.value("provider", "");
    s.model = j.value("model", "");
    s.call_id = j.value("callId", "");
    s.name = j.value("name", "");
    s.form = j.value("form", "");
    return s;
}

json encode_annotations(const std::vector<ClaimAnnotation>& annotations) {
    json out = json::array();
    for (const auto& a : annotations)
        out.push_back({{"key", a.key}, {"value", a.value}, {"type", slot_type_name(a.type)},
                       {"evidence", static_cast<int>(a.evidence)}, {"quote", a.quote},
                       {"derivedFrom", a.derived_from}});
    return out;
}

std::vector<ClaimAnnotation> decode_annotations(const json& j) {
    std::vector<ClaimAnnotation> out;
    for (const auto& a : j) {
        ClaimAnnotation c;
        c.key = a.value("key", "");
        c.value = a.value("value", "");
        c.type = slot_type_from_name(a.value("type", "Fact")).value_or(SlotType::kFact);
        c.evidence = evidence_from_int(a.value("evidence", 2)).value_or(EvidenceLevel::kInferred);
        c.quote = a.value("quote", "");
        c.derived_from = a.value("derivedFrom", std::vector<std::vector<std::string>>{});
        out.push_back(std::move(c));
    }
    return out;
}

Role role_from_name(const std::string& name) {
    for (Role r : {Role::kSystem, Role::kDeveloper, Role::kUser, Role::kAssistant, Role::kTool})
        if (name == role_name(r)) return r;
    return Role::kUser;
}

}  // namespace bm
