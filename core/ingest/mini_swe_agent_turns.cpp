// mini-swe-agent's text actions and the harness's answers read as tool calls and results (mini_swe_agent_turns.h).
#include "ingest/mini_swe_agent_turns.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace bm {

namespace {

constexpr std::string_view kRejected = "Command not executed. The user rejected your command with the following message:";
constexpr std::string_view kTimedOut = "The last command <command>";
constexpr std::string_view kFormatError = "Please always provide EXACTLY ONE action in triple backticks";

std::string_view skip_blanks(std::string_view s) {
    const size_t at = s.find_first_not_of(" \t\r\n");
    return at == std::string_view::npos ? std::string_view() : s.substr(at);
}

bool has_call(const Message& m) {
    for (const ContentBlock& b : m.blocks)
        if (b.kind == BlockKind::kToolCall) return true;
    return false;
}

// The commands of the fenced blocks mini-swe-agent runs (info string bash, sh or mswea_bash_command, its regex
// "```bash\s*\n(.*?)\n```"), in order.
std::vector<std::string> action_blocks(const std::string& text) {
    std::vector<std::string> out;
    for (size_t at = text.find("```"); at != std::string::npos;) {
        const size_t eol = text.find('\n', at + 3);
        if (eol == std::string::npos) break;
        std::string_view info(text.data() + at + 3, eol - at - 3);
        while (!info.empty() && (info.back() == ' ' || info.back() == '\t' || info.back() == '\r')) info.remove_suffix(1);
        const size_t close = text.find("\n```", eol);
        if (close == std::string::npos) break;
        // An empty block ("```bash\n```") holds no command; mini-swe-agent's own pattern takes none either.
        if (close > eol && (info == "bash" || info == "sh" || info == "mswea_bash_command"))
            out.push_back(text.substr(eol + 1, close - eol - 1));
        at = text.find("```", close + 4);
    }
    return out;
}

std::optional<int> return_code(std::string_view text) {
    size_t begin = 0, end = 0;
    return opening_return_code(text, begin, end);
}

// The command that ends a run: its output is the run's submission, sent back in a user-role turn.
bool submits(const std::string& command) {
    return command.find("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT") != std::string::npos ||
           command.find("MINI_SWE_AGENT_FINAL_OUTPUT") != std::string::npos ||
           command.find("NANO_SWE_AGENT_FINAL_OUTPUT") != std::string::npos;  // an early build (session 33)
}

}  // namespace

std::optional<int> opening_return_code(std::string_view text, size_t& begin, size_t& end) {
    constexpr std::string_view open = "<returncode>", close = "</returncode>", args = "<args>", args_end = "</args>";
    size_t at = text.find_first_not_of(" \t\r\n");
    // An early mini-swe-agent build ("nano-swe-agent", 2025) opens with the argv it ran: "<args>\n[...]\n</args>".
    if (at != std::string_view::npos && text.compare(at, args.size(), args) == 0) {
        const size_t closed = text.find(args_end, at);
        if (closed == std::string_view::npos) return std::nullopt;
        at = text.find_first_not_of(" \t\r\n", closed + args_end.size());
    }
    if (at == std::string_view::npos || text.compare(at, open.size(), open) != 0) return std::nullopt;
    int code = 0;
    size_t i = at + open.size();
    while (i < text.size() && (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t')) ++i;  // "…>\n1\n</…"
    const bool negative = i < text.size() && text[i] == '-';
    if (negative) ++i;
    const size_t digits = i;
    while (i < text.size() && i - digits < 4 && text[i] >= '0' && text[i] <= '9') code = code * 10 + (text[i++] - '0');
    if (i == digits) return std::nullopt;
    const size_t number_end = i;
    while (i < text.size() && (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t')) ++i;
    if (text.compare(i, close.size(), close) != 0) return std::nullopt;
    begin = at, end = number_end;
    return negative ? -code : code;
}

bool mini_swe_agent_answer(std::string_view text) {
    const std::string_view s = skip_blanks(text);
    return return_code(s).has_value() || s.rfind(kRejected, 0) == 0 ||
           (s.rfind(kTimedOut, 0) == 0 && s.find("</command> timed out") != std::string_view::npos);
}

namespace {

// Whether `m` is a tool-role turn answering no call: one result block naming no call id (a bash agent of its own
// that sends each observation back as {"role": "tool", "content": …} with no tool_call_id; session 33).
bool orphan_result(const Message& m) {
    return m.role == Role::kTool && m.blocks.size() == 1 && m.blocks[0].kind == BlockKind::kToolResult &&
           m.blocks[0].tool_id.empty();
}

// The text of a turn that may answer an action: a user-role turn's text, an orphan tool result's.
std::string answer_text(const Message& m) {
    if (orphan_result(m)) return m.blocks[0].text;
    return m.role == Role::kUser && !has_call(m) ? m.visible_text() : std::string();
}

// The one action of reply `i` when the user-role (or orphan tool) turn after it is mini-swe-agent's answer to it,
// or, after the submit command, the run's submission (version 1 sends the command's output back as the run's last
// turn).
std::optional<std::string> paired_action(const std::vector<Message>& messages, size_t i) {
    if (i + 1 >= messages.size() || messages[i].role != Role::kAssistant || has_call(messages[i])) return std::nullopt;
    const Message& next = messages[i + 1];
    if ((next.role != Role::kUser || has_call(next)) && !orphan_result(next)) return std::nullopt;
    auto actions = action_blocks(messages[i].visible_text());
    if (actions.size() != 1 || !(mini_swe_agent_answer(answer_text(next)) || submits(actions.front())))
        return std::nullopt;
    return std::move(actions.front());
}

}  // namespace

bool read_mini_swe_agent_turns(std::vector<Message>& messages) {
    bool any = false;  // a submission alone does not make a run mini-swe-agent's: an answer must
    for (size_t i = 0; i + 1 < messages.size() && !any; ++i)
        any = paired_action(messages, i) && mini_swe_agent_answer(answer_text(messages[i + 1]));
    if (!any) return false;
    for (size_t i = 0; i < messages.size(); ++i) {
        Message& m = messages[i];
        if (m.role == Role::kUser && skip_blanks(m.visible_text()).rfind(kFormatError, 0) == 0) {
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "format-error";
            continue;
        }
        const auto command = paired_action(messages, i);
        if (!command) continue;
        const std::string call_id = "mini-" + std::to_string(m.seq);
        ContentBlock call;
        call.kind = BlockKind::kToolCall;
        call.tool_id = call_id;
        // The submit command ends the run as SWE-agent's `submit` does: it is read as that call, its output the patch.
        call.tool_name = submits(*command) ? "submit" : "bash";
        call.arguments = nlohmann::json{{"command", *command}}.dump();
        m.blocks.push_back(std::move(call));
        Message& answer = messages[i + 1];
        const std::string text = answer_text(answer);
        const bool submission = !mini_swe_agent_answer(text);  // the submit command's output
        ContentBlock result;
        result.kind = BlockKind::kToolResult;
        result.tool_id = call_id;
        result.text = text;
        // A non-zero code, a timeout (no code) or the user's rejection.
        result.is_error = !submission && return_code(text) != 0;
        answer.role = Role::kTool;
        answer.source = MessageSource{};
        answer.source.kind = SourceKind::kTool;
        answer.source.call_id = call_id;
        answer.blocks.clear();
        answer.blocks.push_back(std::move(result));
        ++i;
    }
    return true;
}

}  // namespace bm
