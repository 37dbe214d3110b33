// `beliefmerge bench reduce`: M1 ingress reduction over real tool outputs, with its three checks re-done
// independently of the transaction (protected never reduced, required lines kept, exact recall).
#include "bench/reduce/reduce_bench.h"

#include <stdlib.h>

#include <algorithm>
#include <filesystem>

#include "fold/archive.h"
#include "fold/fold_surface.h"
#include "ingest/ingest.h"
#include "reduce/session_ingress.h"
#include "reduce/text_reducers.h"

namespace bm::bench {

namespace {

// The tool results of a session in order, with the tool each answers.
std::vector<ToolOutput> tool_outputs(const Session& s) {
    std::map<std::string, std::string> tool_of_call;
    std::vector<ToolOutput> out;
    for (const auto& m : s.messages)
        for (const auto& b : m.blocks) {
            if (b.kind == BlockKind::kToolCall && !b.tool_id.empty()) tool_of_call[b.tool_id] = b.tool_name;
            if (b.kind != BlockKind::kToolResult) continue;
            auto it = tool_of_call.find(b.tool_id);
            out.push_back({it == tool_of_call.end() ? std::string() : it->second, b.text, b.is_error});
        }
    return out;
}

std::string body_of(const std::string& reduced) {
    const size_t nl = reduced.find('\n');
    return nl == std::string::npos ? std::string() : reduced.substr(nl + 1);
}

// The reduced text the surface holds for result `index` of `session` (the block's text).
std::vector<std::string> result_texts(const Session& s) {
    std::vector<std::string> out;
    for (const auto& m : s.messages)
        for (const auto& b : m.blocks)
            if (b.kind == BlockKind::kToolResult) out.push_back(b.text);
    return out;
}

}  // namespace

Result<ReduceBenchReport> run_reduce_bench(const ReduceBenchOptions& options) {
    ReduceBenchReport r;
    r.options = options;
    for (ReducerKind k : kAllReducers) r.rows.push_back({reducer_kind_name(k)});
    auto inputs = expand_inputs({options.sessions_dir});
    if (!inputs.errors.empty()) return inputs.errors.front();
    std::string tmpl = (std::filesystem::temp_directory_path() / "bm-bench-reduce-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) return Error::io("cannot create a scratch directory", Location(tmpl));
    struct Cleanup {
        std::string dir;
        ~Cleanup() { std::error_code ec; std::filesystem::remove_all(dir, ec); }
    } cleanup{tmpl};
    IngressOptions io;
    io.min_bytes = options.min_bytes;
    IngressReducer reducer(tmpl + "/store", io);
    if (Status st = reducer.open(); !st.ok()) return st.error();
    for (const auto& file : inputs.files) {
        ReadResult read = read_file(file);
        ++r.files;
        for (const auto& e : read.errors) r.read_errors.push_back(e.to_string());
        for (const auto& original : read.sessions) {
            ++r.sessions;
            Session session = original;
            r.surface_tokens_before += surface_from_session(session).tokens();
            auto report = reduce_session_tool_outputs(session, reducer);
            if (!report.ok()) return report.error();
            r.surface_tokens_after += surface_from_session(session).tokens();
            const auto outputs = tool_outputs(original);
            const auto after = result_texts(session);
            for (size_t i = 0; i < report->outputs.size() && i < outputs.size(); ++i) {
                const ReducedOutputRecord& rec = report->outputs[i];
                const ToolOutput& raw = outputs[i];
                ++r.tool_outputs;
                ++r.decisions[ingress_decision_name(rec.decision)];
                const size_t before = estimate_tokens(raw.text), now = estimate_tokens(after[i]);
                auto& tool_row = r.by_tool[(raw.tool.empty() ? std::string("(unnamed)") : raw.tool) + " (" +
                                           ingress_decision_name(rec.decision) + ")"];
                ++tool_row.first;
                tool_row.second += before;
                r.output_tokens_before += before;
                r.output_tokens_after += now;
                if (rec.decision == IngressDecision::kProtected) ++r.protected_outputs;
                for (auto& row : r.rows)
                    if (row.reducer == rec.reducer) {
                        ++row.outputs;
                        row.tokens_before += before;
                        row.tokens_after += now;
                        if (rec.decision == IngressDecision::kReduced) ++row.reduced;
                    }
                if (after[i] == raw.text) continue;
                // Reduced: re-check independently of the transaction's own decisions.
                if (raw.is_error || content_protection(raw.text, raw.is_error) ||
                    ingress_profile(raw.tool).policy != IngressPolicy::kEligible)
                    ++r.protected_reduced;
                auto kind = reducer_kind_from_name(rec.reducer);
                if (!kind || !keeps_required(*kind, raw.text, body_of(after[i]))) ++r.required_lost;
                ++r.recall_checked;
                auto artifact_id = artifact_id_from_ref(after[i].substr(0, after[i].find('\n')));
                auto back = artifact_id ? reducer.recall(std::string(kArtifactRefPrefix) + *artifact_id)
                                        : Result<std::string>(Error::not_found("no artifact named"));
                if (back.ok() && *back == raw.text) ++r.recall_exact;
            }
        }
    }
    for (const auto& [tool, verdict] : reducer.compatibility().verdicts())
        if (verdict.incompatible) r.incompatible_tools.push_back(tool);
    return r;
}

namespace {
std::string pct(size_t before, size_t after) {
    if (before == 0) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * (1.0 - static_cast<double>(after) / static_cast<double>(before)));
    return buf;
}
}  // namespace

std::string reduce_bench_markdown(const ReduceBenchReport& r) {
    std::string out = "ingress reduction (M1) over " + r.options.sessions_dir + ": " + std::to_string(r.files) + " files, " +
                      std::to_string(r.sessions) + " sessions, " + std::to_string(r.tool_outputs) +
                      " tool outputs; outputs under " + std::to_string(r.options.min_bytes) +
                      " bytes pass through; tokens = ceil(bytes/4), the fold's estimate\n\n";
    out += "| reducer | outputs (eligible, >= min) | reduced | tokens before | tokens after | saved |\n|---|---:|---:|---:|---:|---:|\n";
    ReducerRow total{"all reducers"};
    for (const auto& row : r.rows) {
        out += "| " + row.reducer + " | " + std::to_string(row.outputs) + " | " + std::to_string(row.reduced) + " | " +
               std::to_string(row.tokens_before) + " | " + std::to_string(row.tokens_after) + " | " +
               pct(row.tokens_before, row.tokens_after) + " |\n";
        total.outputs += row.outputs;
        total.reduced += row.reduced;
        total.tokens_before += row.tokens_before;
        total.tokens_after += row.tokens_after;
    }
    out += "| **all reducers** | " + std::to_string(total.outputs) + " | " + std::to_string(total.reduced) + " | " +
           std::to_string(total.tokens_before) + " | " + std::to_string(total.tokens_after) + " | " +
           pct(total.tokens_before, total.tokens_after) + " |\n";
    out += "| every tool output | " + std::to_string(r.tool_outputs) + " | | " + std::to_string(r.output_tokens_before) +
           " | " + std::to_string(r.output_tokens_after) + " | " + pct(r.output_tokens_before, r.output_tokens_after) + " |\n";
    out += "| fold surface (all sessions) | | | " + std::to_string(r.surface_tokens_before) + " | " +
           std::to_string(r.surface_tokens_after) + " | " + pct(r.surface_tokens_before, r.surface_tokens_after) + " |\n\n";
    std::vector<std::pair<std::string, std::pair<int64_t, size_t>>> tools(r.by_tool.begin(), r.by_tool.end());
    std::stable_sort(tools.begin(), tools.end(), [](const auto& a, const auto& b) { return a.second.second > b.second.second; });
    out += "largest tool-output token shares (tool (decision): outputs, tokens):";
    for (size_t i = 0; i < tools.size() && i < 10; ++i)
        out += (i ? "; " : " ") + tools[i].first + ": " + std::to_string(tools[i].second.first) + ", " +
               std::to_string(tools[i].second.second);
    out += "\n\ndecisions:";
    for (const auto& [d, n] : r.decisions) out += " " + d + " " + std::to_string(n) + ";";
    out += "\nprotected outputs: " + std::to_string(r.protected_outputs) + ", of them reduced: " +
           std::to_string(r.protected_reduced) + " (must be 0)\n";
    out += "exact recall: " + std::to_string(r.recall_exact) + " of " + std::to_string(r.recall_checked) +
           " reduced outputs byte for byte from their artifacts\n";
    out += "required lines lost: " + std::to_string(r.required_lost) + " (must be 0)\n";
    out += "tools marked incompatible:";
    if (r.incompatible_tools.empty()) out += " none";
    for (const auto& t : r.incompatible_tools) out += " " + t;
    out += "\n";
    if (!r.read_errors.empty()) out += std::to_string(r.read_errors.size()) + " read errors (first: " + r.read_errors.front() + ")\n";
    out += std::string("result: ") + (r.passed() ? "PASS" : "FAIL") + "\n";
    return out;
}

nlohmann::json reduce_bench_json(const ReduceBenchReport& r) {
    nlohmann::json by_tool = nlohmann::json::object();
    for (const auto& [key, v] : r.by_tool) by_tool[key] = {{"outputs", v.first}, {"tokens", v.second}};
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : r.rows)
        rows.push_back({{"reducer", row.reducer}, {"outputs", row.outputs}, {"reduced", row.reduced},
                        {"tokensBefore", row.tokens_before}, {"tokensAfter", row.tokens_after}});
    return {{"sessionsDir", r.options.sessions_dir}, {"minBytes", r.options.min_bytes}, {"files", r.files},
            {"sessions", r.sessions}, {"toolOutputs", r.tool_outputs}, {"reducers", rows},
            {"outputTokens", {{"before", r.output_tokens_before}, {"after", r.output_tokens_after}}},
            {"surfaceTokens", {{"before", r.surface_tokens_before}, {"after", r.surface_tokens_after}}},
            {"decisions", r.decisions}, {"protectedOutputs", r.protected_outputs}, {"protectedReduced", r.protected_reduced},
            {"recallChecked", r.recall_checked}, {"recallExact", r.recall_exact}, {"requiredLost", r.required_lost},
            {"incompatibleTools", r.incompatible_tools}, {"byTool", by_tool}, {"readErrors", r.read_errors}, {"passed", r.passed()}};
}

}  // namespace bm::bench
