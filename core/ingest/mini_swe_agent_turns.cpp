// mini-swe-agent's text actions and the harness's answers read as tool calls and results (mini_swe_agent_turns.h).
#include "ingest/mini_swe_agent_turns.h"

#include <nlohmann/json.hpp>

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

std::string text_of(const Message& m) {
    std::string t;
    for (const ContentBlock& b : m.blocks)
        if (b.kind == BlockKind::kText) t += b.text;
    return t;
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
        if (info == "bash" || info == "sh" || info == "mswea_bash_command")
            out.push_back(text.substr(eol + 1, close - eol - 1));
        at = text.find("```", close + 4);
    }
    return out;
}

// The return code an observation opens with; -1 when it states none.
int return_code(std::string_view text) {
    constexpr std::string_view open = "<returncode>";
    text = skip_blanks(text);
    if (text.substr(0, open.size()) != open) return -1;
    int code = 0;
    size_t i = open.size();
    const bool negative = i < text.size() && text[i] == '-';
    if (negative) ++i;
    const size_t digits = i;
    while (i < text.size() && i - digits < 4 && text[i] >= '0' && text[i] <= '9') code = code * 10 + (text[i++] - '0');
    if (i == digits || text.substr(i, 13) != "</returncode>") return -1;
    return negative ? -code : code;
}

}  // namespace

bool mini_swe_agent_answer(std::string_view text) {
    const std::string_view s = skip_blanks(text);
    return return_code(s) != -1 || s.rfind(kRejected, 0) == 0 ||
           (s.rfind(kTimedOut, 0) == 0 && s.find("</command> timed out") != std::string_view::npos);
}

bool read_mini_swe_agent_turns(std::vector<Message>& messages) {
    auto paired = [&](size_t i) {
        if (i + 1 >= messages.size() || messages[i].role != Role::kAssistant || has_call(messages[i])) return false;
        const Message& next = messages[i + 1];
        return next.role == Role::kUser && !has_call(next) && mini_swe_agent_answer(text_of(next)) &&
               action_blocks(text_of(messages[i])).size() == 1;
    };
    bool any = false;
    for (size_t i = 0; i < messages.size() && !any; ++i) any = paired(i);
    if (!any) return false;
    for (size_t i = 0; i < messages.size(); ++i) {
        Message& m = messages[i];
        if (m.role == Role::kUser && skip_blanks(text_of(m)).rfind(kFormatError, 0) == 0) {
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "format-error";
            continue;
        }
        if (!paired(i)) continue;
        const std::string call_id = "mini-" + std::to_string(m.seq);
        ContentBlock call;
        call.kind = BlockKind::kToolCall;
        call.tool_id = call_id;
        call.tool_name = "bash";
        call.arguments = nlohmann::json{{"command", action_blocks(text_of(m)).front()}}.dump();
        m.blocks.push_back(std::move(call));
        Message& answer = messages[i + 1];
        const std::string text = text_of(answer);
        const int code = return_code(text);
        ContentBlock result;
        result.kind = BlockKind::kToolResult;
        result.tool_id = call_id;
        result.text = text;
        result.is_error = code != 0;  // a non-zero code, a timeout (no code) or the user's rejection
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
