// reduce_tool_output / confirm_tool_output / recall_tool_output for `beliefmerge mcp`.
#include "reduce/reduce_mcp_tools.h"

namespace bm {

nlohmann::json ingress_outcome_json(const IngressOutcome& o) {
    nlohmann::json j{{"decision", ingress_decision_name(o.decision)}, {"tool", o.tool}, {"text", o.text},
                     {"rawDigest", o.raw_digest}, {"rawBytes", o.raw_bytes}, {"textBytes", o.text.size()}};
    if (!o.reason.empty()) j["reason"] = o.reason;
    if (o.reducer) j["reducer"] = reducer_kind_name(*o.reducer);
    if (!o.artifact_id.empty()) j["artifact"] = std::string(kArtifactRefPrefix) + o.artifact_id;
    if (o.decision == IngressDecision::kReduced) {
        j["reducedDigest"] = o.reduced_digest;
        j["linesBefore"] = o.lines_before;
        j["linesKept"] = o.lines_kept;
    }
    return j;
}

namespace {

Result<std::string> string_arg(const nlohmann::json& args, const char* key) {
    if (!args.contains(key) || !args[key].is_string())
        return Error::invalid_input(std::string("\"") + key + "\" must be a string", Location("", 0, -1, key));
    return args[key].get<std::string>();
}

}  // namespace

void add_reduce_tools(McpServer& server, IngressReducer& reducer) {
    server.add_tool(
        {"reduce_tool_output",
         "Reduce a long tool output before it enters the context (M1 verified ingress reduction). The exact output is "
         "stored and verified first; the reduced text's first line names it (recall_tool_output returns it byte for "
         "byte). Error results, security findings, subagent final results and tools without a profile pass through "
         "unchanged (\"decision\" says why). After the harness finalises the result, call confirm_tool_output.",
         {{"type", "object"},
          {"properties",
           {{"tool", {{"type", "string"}, {"description", "the tool's name, as the harness calls it"}}},
            {"output", {{"type", "string"}, {"description", "the exact tool output"}}},
            {"isError", {{"type", "boolean"}, {"default", false}}}}},
          {"required", {"tool", "output"}}},
         [&reducer](const nlohmann::json& args) -> Result<nlohmann::json> {
             auto tool = string_arg(args, "tool");
             if (!tool.ok()) return tool.error();
             auto output = string_arg(args, "output");
             if (!output.ok()) return output.error();
             if (args.contains("isError") && !args["isError"].is_boolean())
                 return Error::invalid_input("\"isError\" must be a boolean", Location("", 0, -1, "isError"));
             auto outcome = reducer.reduce({*tool, *output, args.value("isError", false)});
             if (!outcome.ok()) return outcome.error();
             return ingress_outcome_json(*outcome);
         }});
    server.add_tool(
        {"confirm_tool_output",
         "The surviving-digest check: pass the tool result as the harness finally shows it. When its digest is not "
         "the reduced digest, the tool is marked incompatible (persisted) and never reduced again.",
         {{"type", "object"},
          {"properties",
           {{"tool", {{"type", "string"}}},
            {"reducedDigest", {{"type", "string"}, {"description", "reduce_tool_output's reducedDigest"}}},
            {"final", {{"type", "string"}, {"description", "the finalised tool result content"}}}}},
          {"required", {"tool", "reducedDigest", "final"}}},
         [&reducer](const nlohmann::json& args) -> Result<nlohmann::json> {
             auto tool = string_arg(args, "tool");
             if (!tool.ok()) return tool.error();
             auto digest = string_arg(args, "reducedDigest");
             if (!digest.ok()) return digest.error();
             auto final_text = string_arg(args, "final");
             if (!final_text.ok()) return final_text.error();
             auto survived = reducer.confirm_digest(*tool, *digest, *final_text);
             if (!survived.ok()) return survived.error();
             return nlohmann::json{{"survived", *survived},
                                   {"incompatible", reducer.compatibility().is_incompatible(*tool)}};
         }});
    server.add_tool(
        {"recall_tool_output",
         "The exact original of a reduced tool output, byte for byte (digest-verified), by the art:<hex> ref its "
         "reduced text names.",
         {{"type", "object"},
          {"properties", {{"ref", {{"type", "string"}, {"description", "art:<64 hex digits>, or the header line"}}}}},
          {"required", {"ref"}}},
         [&reducer](const nlohmann::json& args) -> Result<nlohmann::json> {
             auto ref = string_arg(args, "ref");
             if (!ref.ok()) return ref.error();
             auto bytes = reducer.recall(*ref);
             if (!bytes.ok()) return bytes.error();
             return nlohmann::json{{"artifact", std::string(kArtifactRefPrefix) + *artifact_id_from_ref(*ref)},
                                   {"bytes", bytes->size()}, {"output", *bytes}};
         }});
}

}  // namespace bm
