// Archived message form (original record + decoded blocks) and the fold's token estimate.
#include "fold/archive.h"

#include "store/message_codec.h"
#include "util/canonical_json.h"
#include "util/utf8.h"

namespace bm {

nlohmann::json archived_message(const Message& m) {
    nlohmann::json record = nullptr;
    if (!m.raw.empty()) {
        const std::string raw = m.raw.str();
        record = nlohmann::json::parse(raw, nullptr, false);
        if (record.is_discarded()) record = repair_utf8(raw);
    }
    return {{"seq", m.seq},
            {"id", repair_utf8(m.id)},
            {"role", role_name(m.role)},
            {"source", encode_source(m.source)},
            {"blocks", encode_blocks(m.blocks)},
            {"time", repair_utf8(m.time)},
            {"line", m.line},
            {"record", std::move(record)}};
}

namespace {

const nlohmann::json& blocks_of(const nlohmann::json& archived) {
    static const nlohmann::json empty = nlohmann::json::array();
    auto it = archived.find("blocks");
    return (it != archived.end() && it->is_array()) ? *it : empty;
}

std::string str_field(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return (it != j.end() && it->is_string()) ? it->get<std::string>() : std::string();
}

}  // namespace

std::string archived_message_text(const nlohmann::json& archived) {
    std::string out;
    for (const auto& b : blocks_of(archived)) {
        if (!b.is_object()) continue;
        for (const char* key : {"text", "name", "arguments"}) {
            std::string s = str_field(b, key);
            if (s.empty()) continue;
            if (!out.empty()) out += "\n";
            out += s;
        }
    }
    return out;
}

std::vector<std::string> archived_tool_names(const nlohmann::json& archived) {
    std::vector<std::string> names;
    for (const auto& b : blocks_of(archived))
        if (b.is_object() && str_field(b, "kind") == "tool_call" && !str_field(b, "name").empty())
            names.push_back(str_field(b, "name"));
    return names;
}

std::vector<std::string> archived_call_ids(const nlohmann::json& archived) {
    std::vector<std::string> ids;
    for (const auto& b : blocks_of(archived))
        if (b.is_object() && str_field(b, "kind") == "tool_call" && !str_field(b, "id").empty())
            ids.push_back(str_field(b, "id"));
    return ids;
}

std::vector<std::string> archived_result_ids(const nlohmann::json& archived) {
    std::vector<std::string> ids;
    for (const auto& b : blocks_of(archived))
        if (b.is_object() && str_field(b, "kind") == "tool_result" && !str_field(b, "id").empty())
            ids.push_back(str_field(b, "id"));
    return ids;
}

size_t estimate_tokens(std::string_view text) { return (text.size() + 3) / 4; }

size_t archived_message_tokens(const nlohmann::json& archived) {
    auto bytes = canonical_json(archived);
    return estimate_tokens(bytes.ok() ? *bytes : archived.dump());
}

}  // namespace bm
