// fold --reduce: the M1 transaction over each tool result of a session, with the finalised message
// observed for the surviving-digest check.
#include "reduce/session_ingress.h"

#include <nlohmann/json.hpp>

#include "fold/archive.h"

namespace bm {

namespace {

// Replaces every string equal to `from` by `to`; returns how many were replaced.
size_t replace_strings(nlohmann::json& v, const std::string& from, const std::string& to) {
    if (v.is_string()) {
        if (v.get_ref<const std::string&>() != from) return 0;
        v = to;
        return 1;
    }
    size_t n = 0;
    if (v.is_object() || v.is_array())
        for (auto& e : v) n += replace_strings(e, from, to);
    return n;
}

bool holds_string(const nlohmann::json& v, const std::string& s) {
    if (v.is_string()) return v.get_ref<const std::string&>() == s;
    if (v.is_object() || v.is_array())
        for (const auto& e : v)
            if (holds_string(e, s)) return true;
    return false;
}

// What the surface shows for the result `call_id` of `message` once finalised: the result block's text
// when the message's record (if it kept one) carries exactly that text, else the record itself — a
// record still holding the raw output, or holding it in pieces, shows no reduced content.
std::string observed_result(const Message& message, const std::string& call_id) {
    const nlohmann::json archived = archived_message(message);
    std::string shown;
    for (const auto& b : archived["blocks"])
        if (b.value("kind", "") == "tool_result" && b.value("id", "") == call_id) shown = b.value("text", "");
    const auto& record = archived["record"];
    if (record.is_null() || holds_string(record, shown)) return shown;
    return record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

Result<SessionIngressReport> reduce_session_tool_outputs(Session& session, IngressReducer& reducer) {
    SessionIngressReport report;
    std::map<std::string, std::string> tool_of_call;
    for (Message& m : session.messages) {
        for (size_t bi = 0; bi < m.blocks.size(); ++bi) {
            const ContentBlock& block = m.blocks[bi];
            if (block.kind == BlockKind::kToolCall && !block.tool_id.empty()) tool_of_call[block.tool_id] = block.tool_name;
            if (block.kind != BlockKind::kToolResult) continue;
            auto named = tool_of_call.find(block.tool_id);
            ToolOutput output{named == tool_of_call.end() ? std::string() : named->second, block.text, block.is_error};
            auto outcome = reducer.reduce(output);
            if (!outcome.ok()) return outcome.error();
            ReducedOutputRecord rec{output.tool, m.seq, outcome->decision,
                                    outcome->reducer ? reducer_kind_name(*outcome->reducer) : "",
                                    outcome->artifact_id, outcome->raw_digest, output.text.size(), output.text.size(), true};
            if (outcome->decision == IngressDecision::kReduced) {
                Message reduced = m;
                reduced.blocks[bi].text = outcome->text;
                auto record = nlohmann::json::parse(reduced.raw.str(), nullptr, false);
                if (!record.is_discarded() && replace_strings(record, output.text, outcome->text) > 0)
                    reduced.raw = CompressedBytes(record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
                const bool was_incompatible = reducer.compatibility().is_incompatible(output.tool);
                auto survived = reducer.confirm(*outcome, observed_result(reduced, block.tool_id));
                if (!survived.ok()) return survived.error();
                rec.survived = *survived;
                if (*survived) {
                    m = std::move(reduced);
                    rec.text_bytes = outcome->text.size();
                } else {
                    rec.decision = IngressDecision::kIncompatible;
                    if (!was_incompatible) ++report.newly_incompatible;
                }
            }
            ++report.decisions[ingress_decision_name(rec.decision)];
            report.outputs.push_back(std::move(rec));
        }
    }
    return report;
}

}  // namespace bm
