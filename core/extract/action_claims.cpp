// Tool call + result → claims of the action rules, with source, evidence and trust.
#include "extract/action_claims.h"

#include <algorithm>
#include <map>

#include "extract/chat_tool_error.h"
#include "extract/claim_origin.h"
#include "extract/todo_keys.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

Claim origin_of(const Session& session, const std::string& branch_id, const Message& m, BlockKind block,
                const std::string& tool, const ExtractOptions& options) {
    Claim proto;
    const bool outside = options.trust.outside_content_tools.count(tool) > 0;
    if (auto o = claim_origin(m, block, false, outside)) {
        proto.evidence = o->evidence;
        proto.provenance_rank = o->provenance_rank;
    } else {
        proto.evidence = EvidenceLevel::kSpeculative;
        proto.provenance_rank = provenance_rank::kPluginOrUnknown;
    }
    proto.trust = trust_for_message(m, session.id, tool, options.trust);
    proto.source = {branch_id, session.id, m.id, m.seq, role_name(m.role), source_kind_name(m.source.kind), tool, m.line};
    proto.time = m.time;
    return proto;
}

}  // namespace

std::string shown_directory(const std::string& result_text) {
    const std::string marker = "(Current directory: ";
    const size_t p = result_text.rfind(marker);
    if (p == std::string::npos) return {};
    const size_t e = result_text.find(')', p);
    if (e == std::string::npos || e - p > 300) return {};
    return result_text.substr(p + marker.size(), e - p - marker.size());
}

ToolAction tool_action_of(const Session& session, const ToolExchange& x, const std::string& cwd) {
    ToolAction a;
    a.tool = x.call->tool_name;
    a.arguments = x.call->arguments;
    if (x.result) {
        a.result = x.result->text;
        a.has_result = true;
        a.error = x.result->is_error;
        // A chat-completions tool message has no error flag: a function's answer that opens "Error:" is its
        // failure (tau-bench's "Error: payment amount does not add up…"; session 14), and so is a JSON answer
        // whose own fields say so (`{"ok":false,"error":…}`; session 16, x17chat).
        if (session.format == SessionFormat::kOpenAiChat && chat_result_reports_failure(a.result)) a.error = true;
    }
    // A Claude Code user's `!` command (the reader's "user-shell" call) is logged with its output only.
    a.exit_unstated = x.call_message->source.name == "user-shell";
    a.error_flag_reliable =
        !a.exit_unstated && (session.format == SessionFormat::kClaudeCode || session.format == SessionFormat::kDsh);
    a.cwd = cwd;
    return a;
}

void add_action_claims(const Session& session, const std::string& branch_id, const ToolExchange& x,
                       const std::string& cwd, const ExtractOptions& options, std::vector<Claim>& out,
                       BranchActionMemory* memory, bool retried, const std::set<std::string>* found_later) {
    if (!x.call_message || !x.call) return;
    const ToolAction a = tool_action_of(session, x, cwd);
    const std::vector<ActionFact> facts = tool_action_facts(a);
    // Two runs that one key names but whose inline code or cut path differ ("python -c A", "python -c B"): the exit
    // code and the command under that key say neither run's (session 20, d27req). Marked by an empty entry once seen.
    std::string unnamed;  // the key's subject, when it cannot name this run
    const auto names_neither = [&unnamed](const std::string& rule, const std::string& key) {
        return !unnamed.empty() &&
               (((rule == "action.command_exit" || rule == "action.chain_exit") && key == unnamed + ".exit_code") ||
                ((rule == "action.command_run" || rule == "action.command_started") && key == unnamed + ".command"));
    };
    std::string subject;
    if (memory)
        if (const std::vector<std::string> lost = command_lost_operands(a, subject); !lost.empty()) {
            auto [it, fresh] = memory->lost_operands.emplace(subject, lost.front());
            bool differ = !fresh && it->second != lost.front();
            for (const std::string& l : lost) differ |= l != lost.front();
            if (differ) it->second.clear();
            if (it->second.empty()) {
                unnamed = subject;
                out.erase(std::remove_if(out.begin(), out.end(),
                                         [&](const Claim& c) { return names_neither(c.rule, c.key); }),
                          out.end());
            }
        }
    if (facts.empty()) return;
    const std::string tool = x.call->tool_name;
    if (memory && std::any_of(facts.begin(), facts.end(), [](const ActionFact& f) { return f.rule == "action.todo"; }))
        for (auto& [id, key] : todo_ids(a.arguments)) memory->todo_keys[id] = key;
    for (ActionFact f : facts) {
        if (names_neither(f.rule, f.key)) continue;
        if (const std::string_view id = todo_id_in(f.key); f.rule == "action.todo" && !id.empty()) {
            // An update naming its item by id: the item's key from an earlier list of the branch, else none.
            if (!memory) continue;
            const auto known = memory->todo_keys.find(std::string(id));
            if (known == memory->todo_keys.end()) continue;
            f.key = known->second;
        }
        if (retried && (f.rule == "action.tool_error" || (f.rule == "action.command_exit" && f.value != "0"))) continue;
        if (found_later && f.rule == "action.command_missing" && f.key.ends_with(".available") &&
            found_later->count(f.key.substr(0, f.key.size() - 10)))
            continue;
        const bool in_result =
            (f.evidence == ActionEvidence::kObserved || f.evidence == ActionEvidence::kReported) && x.result_message;
        Claim c = in_result ? origin_of(session, branch_id, *x.result_message, BlockKind::kToolResult, tool, options)
                            : origin_of(session, branch_id, *x.call_message, BlockKind::kText, std::string(), options);
        if (f.evidence == ActionEvidence::kConfirmed && x.result_message) {
            // The call's own words, confirmed by its result: observed like the result, quoted from the call.
            const Claim observed =
                origin_of(session, branch_id, *x.result_message, BlockKind::kToolResult, tool, options);
            c.evidence = observed.evidence;
            c.provenance_rank = observed.provenance_rank;
        }
        if (f.evidence == ActionEvidence::kReported) {
            // Another agent's account, quoted from the result: what an assistant says, not what a tool saw.
            const Claim said = origin_of(session, branch_id, *x.call_message, BlockKind::kText, std::string(), options);
            c.evidence = said.evidence;
            c.provenance_rank = said.provenance_rank;
        }
        const std::string& text = in_result ? x.result->text : x.call->arguments;
        c.rule = f.rule;
        c.key = f.key;
        c.value = f.value;
        c.type = f.type;
        if (f.begin < text.size() && f.end > f.begin) {
            // A long command or plan is quoted by its first 240 bytes (cut at a character boundary).
            size_t end = std::min({f.end, text.size(), f.begin + 240});
            while (end < text.size() && end > f.begin && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
            c.quote = text.substr(f.begin, end - f.begin);
            c.quote_offset = static_cast<int64_t>(f.begin);
        }
        out.push_back(std::move(c));
    }
}

void mark_file_histories(std::vector<Claim>& claims) {
    std::map<std::string, std::string> last;  // file key → "created" or "deleted" seen earlier in the branch
    for (Claim& c : claims) {
        if (c.key.rfind("file.", 0) != 0) continue;
        if (c.rule == "action.file_created") {
            const bool after_delete = last[c.key] == "deleted";
            last[c.key] = "created";
            if (after_delete) c.value = "deleted, then recreated";
        } else if (c.rule == "action.file_edited") {
            if (last[c.key] == "created") c.value = "created, then " + c.value;
        } else if (c.rule == "action.file_deleted") {
            if (last[c.key] == "created") c.value = "created, then deleted";  // a scratch file
            last[c.key] = "deleted";
        }
    }
}

}  // namespace bm
